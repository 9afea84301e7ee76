import Bytes

/// Dates written into a byte buffer (the sitemap's, the feed's).
extension ByteBuffer {
    /// Appends a date as `2026-10-08`.
    mutating func append(_ day: Day) {
        appendDigits(day.year, 4)
        append(byte: UInt8(ascii: "-"))
        appendDigits(day.month, 2)
        append(byte: UInt8(ascii: "-"))
        appendDigits(day.day, 2)
    }

    private mutating func appendDigits(_ value: Int, _ width: Int) {
        if value < 0 { append(byte: UInt8(ascii: "-")) }
        append(unsigned: UInt64(value.magnitude), width: width)
    }
}
