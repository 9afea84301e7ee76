/// The build cache's encoding: one record a line, fields separated by
/// U+001F, with `\`, line ends and separators escaped, numbers in decimal
/// and hashes in hexadecimal. Plain text that a person can read, and
/// quick to write and read back (JSON decoding of ten thousand records
/// takes seconds).
struct RecordWriter {
    /// The record's bytes so far.
    private(set) var bytes: [UInt8] = []
    /// Whether a field was written (the next one is separated from it).
    private var wroteAny = false

    /// A writer with room for `capacity` bytes before it grows.
    init(capacity: Int = 2_048) {
        bytes.reserveCapacity(capacity)
    }

    /// The record as text.
    var line: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends a text field.
    mutating func add(_ text: String) {
        separate()
        let utf8 = text.utf8.span
        var plain = true
        for index in utf8.indices where Self.isEscaped(utf8[index]) {
            plain = false
            break
        }
        guard !plain else {
            bytes.append(contentsOf: text.utf8)
            return
        }
        for index in utf8.indices {
            let byte = utf8[index]
            switch byte {
            case UInt8(ascii: "\\"): bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x1F: bytes.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u")])
            default: bytes.append(byte)
            }
        }
    }

    /// Appends an optional text field (absent is written as U+0000).
    mutating func add(optional text: String?) { add(text ?? "\u{0}") }

    /// Appends a number field, in decimal.
    mutating func add(_ number: Int) {
        separate()
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        var rest = number.magnitude
        repeat {
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10))
            rest /= 10
        } while rest > 0
        bytes[start...].reverse()
    }

    /// Appends a 64-bit number field (a hash, a file's times), in hexadecimal.
    mutating func add(_ number: UInt64) {
        separate()
        var shift = max(4, 64 - number.leadingZeroBitCount + 3) / 4 * 4
        while shift > 0 {
            shift -= 4
            let digit = UInt8(truncatingIfNeeded: (number >> UInt64(shift)) & 0xF)
            bytes.append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") - 10 + digit)
        }
    }

    /// The record with its seal: a last field holding the hash of every
    /// byte before it, which `RecordReader.checkSeal()` checks.
    consuming func sealed() -> [UInt8] {
        let seal = ContentHash.of(bytes)
        add(seal)
        return bytes
    }

    /// Appends a location (line and column; the file is the record's).
    mutating func add(_ location: SourceLocation) {
        add(location.line)
        add(location.column)
    }

    private mutating func separate() {
        if wroteAny { bytes.append(0x1F) }
        wroteAny = true
    }

    private static func isEscaped(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\\") || byte == 0x0A || byte == 0x0D || byte == 0x1F
    }
}

/// Reads the fields of one record written by `RecordWriter`, one after
/// another, where the record lies in a file's bytes (a line of them); every
/// read throws `Malformed` when the record is not what the reader expects:
/// a damaged cache is read as no cache, never as a wrong one.
struct RecordReader {
    /// The record does not hold what was written.
    struct Malformed: Error {}

    /// The bytes the record is in (a whole file's, shared, not copied).
    private let bytes: [UInt8]
    /// Where the record starts.
    private let start: Int
    /// Where the next field starts.
    private var position: Int
    /// Whether the last field has been read (the line or the bytes ended).
    private(set) var isAtEnd = false
    /// The file the record's locations are in.
    var file = ""

    /// A reader of the record that starts at `start` in `bytes` and ends
    /// at the next line end.
    init(_ bytes: [UInt8], at start: Int = 0) {
        self.bytes = bytes
        self.start = start
        position = start
    }

    /// Where the line after the record starts, once every field is read.
    var next: Int { position + 1 }

    /// Where the next field lies; the reader moves past it.
    private mutating func field() throws -> Range<Int> {
        guard !isAtEnd else { throw Malformed() }
        let start = position
        let end = fieldEnd(from: start)
        if end < bytes.count, bytes[end] == 0x1F {
            position = end + 1
        } else {
            position = end
            isAtEnd = true
        }
        return start..<end
    }

    /// Where the field starting at `start` ends: at the next separator,
    /// line end, or the end of the bytes.
    private func fieldEnd(from start: Int) -> Int {
        let bytes = self.bytes.span
        var end = start
        while end < bytes.count, bytes[end] != 0x1F, bytes[end] != 0x0A { end += 1 }
        return end
    }

    /// The next text field.
    mutating func text() throws -> String {
        let range = try field()
        let field = bytes.span.extracting(range)
        var escaped = false
        for index in field.indices where field[index] == UInt8(ascii: "\\") {
            escaped = true
            break
        }
        guard escaped else { return try Self.string(field) }
        var text: [UInt8] = []
        text.reserveCapacity(field.count)
        var escaping = false
        for index in field.indices {
            let byte = field[index]
            if escaping {
                switch byte {
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "u"): text.append(0x1F)
                default: text.append(byte)
                }
                escaping = false
            } else if byte == UInt8(ascii: "\\") {
                escaping = true
            } else {
                text.append(byte)
            }
        }
        return try Self.string(text.span)
    }

    /// The text of valid UTF-8 bytes; a field that is not (a damaged file) is refused.
    private static func string(_ bytes: Span<UInt8>) throws -> String {
        guard let text = try? UTF8Span(validating: bytes) else { throw Malformed() }
        return String(copying: text)
    }

    /// The next optional text field.
    mutating func optionalText() throws -> String? {
        let value = try text()
        return value == "\u{0}" ? nil : value
    }

    /// The next number field.
    mutating func number() throws -> Int {
        var digits = try field()
        let negative = !digits.isEmpty && bytes[digits.lowerBound] == UInt8(ascii: "-")
        if negative { digits = digits.dropFirst() }
        guard let value = value(of: digits, radix: 10), value <= UInt64(Int.max) else { throw Malformed() }
        return negative ? -Int(value) : Int(value)
    }

    /// The next number field, as how many of something follow: never
    /// negative, nor more than the fields left could hold (a damaged
    /// record is refused rather than read wrong).
    mutating func count() throws -> Int {
        let count = try number()
        guard count >= 0, count <= bytes.count - position else { throw Malformed() }
        return count
    }

    /// The next 64-bit number field (hexadecimal).
    mutating func unsigned() throws -> UInt64 {
        guard let value = value(of: try field(), radix: 16) else { throw Malformed() }
        return value
    }

    /// The next location.
    mutating func location() throws -> SourceLocation {
        SourceLocation(file: file, line: try number(), column: try number())
    }

    /// Reads the record's last field, its seal (`RecordWriter.sealed()`):
    /// the hash of every byte before it, which must be theirs.
    mutating func checkSeal() throws {
        let sealed = position
        guard sealed > start, try unsigned() == ContentHash.of(bytes[start..<(sealed - 1)]), isAtEnd else { throw Malformed() }
    }

    /// The value of the digits at `range` in `radix` (lowercase letters
    /// beyond 9); nil for none, another byte, or more than fits in 64 bits.
    private func value(of range: Range<Int>, radix: UInt64) -> UInt64? {
        guard !range.isEmpty, range.count <= (radix == 16 ? 16 : 19) else { return nil }
        let bytes = self.bytes.span
        var value: UInt64 = 0
        for index in range {
            let byte = bytes[index]
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: digit = UInt64(byte - UInt8(ascii: "a")) + 10
            default: return nil
            }
            value = value * radix + digit
        }
        return value
    }
}
