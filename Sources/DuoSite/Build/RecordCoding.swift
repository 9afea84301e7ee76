import Foundation

/// A compact text encoding for the build cache: one record a line, fields
/// separated by U+001F, with `\`, newlines and separators escaped. Reading
/// ten thousand records takes milliseconds, where JSON decoding would take
/// seconds.
struct RecordWriter: ~Copyable {
    private var writer: ByteWriter
    private var wroteAny = false

    /// A writer with room for `capacity` bytes before it grows.
    init(capacity: Int = 2_048) {
        writer = ByteWriter(capacity: capacity)
    }

    /// The record's bytes so far (a copy).
    var bytes: [UInt8] { writer.bytes }

    /// How many bytes the record has so far.
    var count: Int { writer.count }

    /// Calls `body` with the record's bytes so far, where they are.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try writer.withBytes(body)
    }

    /// The record as text.
    var line: String { writer.text }

    /// Appends a text field.
    mutating func add(_ text: String) {
        separate()
        ByteScan.withUTF8(of: text) { utf8 in
            let plain = ByteScan.skipPlain(utf8, from: 0, while: RecordWriter.isPlain)
            guard utf8[plain...].contains(where: { $0 == UInt8(ascii: "\\") || $0 == 0x0A || $0 == 0x0D || $0 == 0x1F }) else {
                writer.append(utf8: utf8)
                return
            }
            for byte in utf8 {
                switch byte {
                case UInt8(ascii: "\\"): writer.append("\\\\")
                case 0x0A: writer.append("\\n")
                case 0x0D: writer.append("\\r")
                case 0x1F: writer.append("\\u")
                default: writer.append(byte: byte)
                }
            }
        }
    }

    /// Appends a number field, in decimal.
    mutating func add(_ number: Int) {
        separate()
        writer.append(number)
    }

    /// Appends a 64-bit number field (hashes, file times), in hexadecimal:
    /// a rebuild reads a hundred thousand of them, and writes as many.
    mutating func add(_ number: UInt64) {
        separate()
        writer.append(hex: number)
    }

    /// Whether no byte of `word` is one a field escapes.
    @inline(__always)
    private static func isPlain(_ word: UInt64) -> Bool {
        (ByteScan.has(word, UInt8(ascii: "\\")) | ByteScan.has(word, 0x0A) | ByteScan.has(word, 0x0D) | ByteScan.has(word, 0x1F)) == 0
    }

    private mutating func separate() {
        if wroteAny { writer.append(byte: 0x1F) }
        wroteAny = true
    }

    /// Appends an optional text field (absent is written as U+0000).
    mutating func add(optional text: String?) { add(text ?? "\u{0}") }

    /// Appends a location (line and column; the file is the record's).
    mutating func add(_ location: SourceLocation) {
        add(location.line)
        add(location.column)
    }
}

/// Reads the fields of one record written by `RecordWriter`, from bytes,
/// one after another.
struct RecordReader {
    struct Malformed: Error {}

    private let line: StoredBytes
    /// Where the next field starts; past the end when every field is read.
    private var position: Int
    /// The file locations in the record belong to.
    var file = ""

    init(_ line: StoredBytes) {
        self.line = line
        position = line.startIndex
    }

    /// Calls `body` with the next field's bytes, as they are written, read
    /// where they lie in the record (a rebuild reads a million fields).
    private mutating func withField<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) throws -> R {
        guard position <= line.endIndex else { throw Malformed() }
        let startIndex = line.startIndex
        let start = position - startIndex
        return try line.withUnsafeBufferPointer { buffer in
            // memchr: records are read by the megabyte, and it looks at many bytes a step.
            var end = buffer.count
            if start < buffer.count, let found = memchr(buffer.baseAddress! + start, 0x1F, buffer.count - start) {
                end = buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
            }
            position = startIndex + end + 1
            return try body(UnsafeBufferPointer(rebasing: buffer[min(start, end)..<end]))
        }
    }

    /// The next field's bytes, as they are written, left unread: what
    /// skipping a field costs (a rebuild skips most of ten thousand
    /// summaries' fields to read a few).
    mutating func rawField() throws -> StoredBytes {
        let start = position
        try withField { _ in () }
        return line[min(start, line.endIndex)..<min(position - 1, line.endIndex)]
    }

    /// The hash (`ContentHash`) of the next field's bytes as they are
    /// written, read where they lie: what a text is compared by when only
    /// whether it is one of a few matters.
    mutating func fieldHash() throws -> UInt64 {
        try withField { ContentHash.of($0) }
    }

    /// The fields not read yet, as they are written.
    var rest: StoredBytes {
        line[min(position, line.endIndex)...]
    }

    /// The next text field.
    mutating func text() throws -> String {
        try withField { field in
            guard field.count > 0, memchr(field.baseAddress!, Int32(UInt8(ascii: "\\")), field.count) != nil else {
                return String(decoding: field, as: UTF8.self)
            }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(field.count)
            var escaping = false
            for byte in field {
                if escaping {
                    switch byte {
                    case UInt8(ascii: "n"): bytes.append(0x0A)
                    case UInt8(ascii: "r"): bytes.append(0x0D)
                    case UInt8(ascii: "u"): bytes.append(0x1F)
                    default: bytes.append(byte)
                    }
                    escaping = false
                } else if byte == UInt8(ascii: "\\") {
                    escaping = true
                } else {
                    bytes.append(byte)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// The next number field.
    mutating func number() throws -> Int {
        try withField { field in
            var value = 0, negative = false, digits = 0
            for byte in field {
                if byte == UInt8(ascii: "-"), digits == 0, !negative {
                    negative = true
                    continue
                }
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), digits < 18 else { throw Malformed() }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            }
            guard digits > 0 else { throw Malformed() }
            return negative ? -value : value
        }
    }

    /// The next 64-bit number field (hexadecimal).
    mutating func unsigned() throws -> UInt64 {
        try withField { field in
            guard !field.isEmpty, field.count <= 16 else { throw Malformed() }
            // The digits at the end of sixteen bytes of `0`s, read as two
            // words of eight digits each: a rebuild reads a hundred
            // thousand of these, a digit at a time eight times slower.
            var digits = (UInt64(0x3030_3030_3030_3030), UInt64(0x3030_3030_3030_3030))
            withUnsafeMutableBytes(of: &digits) { room in
                room.baseAddress!.advanced(by: 16 - field.count).copyMemory(from: field.baseAddress!, byteCount: field.count)
            }
            guard let high = Self.hexWord(digits.0), let low = Self.hexWord(digits.1) else { throw Malformed() }
            return high << 32 | low
        }
    }

    /// The value of eight hexadecimal digits (`0`–`9`, `a`–`f`), the first
    /// the most significant, as loaded from memory into a word; nil when a
    /// byte is not such a digit.
    @inline(__always)
    static func hexWord(_ word: UInt64) -> UInt64? {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        // Each byte below 0x80, then between `/` and `:` or between `` ` `` and `g`.
        guard word & highs == 0 else { return nil }
        @inline(__always) func between(_ low: UInt64, _ high: UInt64) -> UInt64 {
            // The high bit of each byte `b` with `low` < `b` < `high` (all below 0x80).
            ((ones &* (127 &+ high)) &- word) & ~word & (word &+ ones &* (127 &- low)) & highs
        }
        guard between(0x2F, 0x3A) | between(0x60, 0x67) == highs else { return nil }
        // A digit's value: its low four bits, and nine more for a letter.
        var value = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ ((word >> 6) & ones) &* 9
        // Side by side in memory, the first digit in the lowest byte:
        // pairs, then fours, then all eight, each time the first part high.
        value = ((value << 4) | (value >> 8)) & 0x00FF_00FF_00FF_00FF
        value = ((value << 8) | (value >> 16)) & 0x0000_FFFF_0000_FFFF
        value = ((value << 16) | (value >> 32)) & 0xFFFF_FFFF
        return value
    }

    /// The next optional text field.
    mutating func optionalText() throws -> String? {
        let value = try text()
        return value == "\u{0}" ? nil : value
    }

    /// The next location.
    mutating func location() throws -> SourceLocation {
        SourceLocation(file: file, line: try number(), column: try number())
    }
}
