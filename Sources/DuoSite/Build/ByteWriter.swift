/// Text written as UTF-8 bytes, each value escaped for where it lands.
///
/// The site-wide files and the JSON-LD are long runs of small pieces; a byte
/// array takes them without the checks `String` makes on every append, and
/// its bytes go to a file as they are.
struct ByteWriter {
    /// The bytes written.
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// The bytes as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends text as it is (markup, punctuation, text already escaped).
    mutating func append(_ text: String) {
        ByteScan.withUTF8(of: text) { append(utf8: $0) }
    }

    /// Appends markup known when duosite was built (`", "`, `"{"`), as it is.
    mutating func append(markup: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: markup.utf8Start, count: markup.utf8CodeUnitCount))
    }

    /// Appends bytes of valid UTF-8 text as they are.
    mutating func append(utf8: UnsafeBufferPointer<UInt8>) {
        bytes.append(contentsOf: utf8)
    }

    /// Appends one byte (ASCII, or part of text already valid UTF-8).
    mutating func append(byte: UInt8) {
        bytes.append(byte)
    }

    /// Appends an integer in decimal.
    mutating func append(_ number: Int) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        append(unsigned: UInt64(number.magnitude))
    }

    /// Appends an unsigned integer in decimal: its digits made from the
    /// right in a small buffer, then appended at once (cache records hold
    /// a million numbers on a large site).
    mutating func append(unsigned number: UInt64) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var index = 20
            var rest = number
            repeat {
                index -= 1
                digits[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[index..<20]))
        }
    }

    /// Appends a number in lowercase hexadecimal, without leading zeros
    /// (the build cache's hashes and times: no division, a digit a shift).
    mutating func append(hex number: UInt64) {
        let count = max(1, (64 - number.leadingZeroBitCount + 3) / 4)
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 16) { digits in
            var rest = number
            for index in stride(from: count - 1, through: 0, by: -1) {
                let nibble = UInt8(truncatingIfNeeded: rest & 0xF)
                digits[index] = nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ nibble &- 10
                rest >>= 4
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[..<count]))
        }
    }

    /// Appends a date as `2026-10-08`.
    mutating func append(_ day: Day) {
        appendDigits(day.year, 4)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(day.month, 2)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(day.day, 2)
    }

    private mutating func appendDigits(_ value: Int, _ width: Int) {
        let digits = String(value).utf8
        for _ in digits.count..<max(width, digits.count) { bytes.append(UInt8(ascii: "0")) }
        bytes.append(contentsOf: digits)
    }

    /// Appends text escaped for XML: `&`, `<`, `>`, `"` and `'` as entities,
    /// and the control characters XML 1.0 forbids dropped.
    mutating func appendXML(_ text: String) {
        var text = text
        text.withUTF8 { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x3F else { continue }
                let entity: StaticString
                switch byte {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&apos;"
                case 0x09, 0x0A, 0x0D: continue
                case 0..<0x20: entity = ""
                default: continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                bytes.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
                runStart = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
    }

    /// Appends a JSON string literal, safe inside a `<script>` element
    /// (see `HTMLText.jsonString`).
    mutating func appendJSON(_ text: String) {
        HTMLText.appendJSONString(text, to: &bytes)
    }
}
