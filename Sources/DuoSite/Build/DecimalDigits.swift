/// Numbers written in decimal, digit by digit where they go: into a byte
/// writer (cache records hold a million numbers on a large site), a day's
/// text, an anchor (`rule-3`). `String(number)` and interpolation reach the
/// number through its protocols and make a string first.
enum DecimalDigits {
    /// How many decimal digits `value` takes.
    static func count(of value: UInt64) -> Int {
        var digits = 1
        var rest = value / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        return digits
    }

    /// Writes `value` in decimal as `width` digits ending at `start + width`
    /// (zeros first where it has fewer; its last `width` digits where it
    /// has more).
    static func write(_ value: UInt64, width: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var rest = value
        var index = start + width
        while index > start {
            index -= 1
            buffer[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
    }
}

extension String {
    /// `prefix` then `number` in decimal (`rule-3`, `source-12`), made in
    /// one step: a small string, with no allocation, when it takes fifteen
    /// bytes or fewer.
    static func numbered(_ prefix: StaticString, _ number: Int) -> String {
        let sign = number < 0 ? 1 : 0
        let magnitude = UInt64(number.magnitude)
        let digits = DecimalDigits.count(of: magnitude)
        let count = prefix.utf8CodeUnitCount + sign + digits
        return String(unsafeUninitializedCapacity: count) { buffer in
            (buffer.baseAddress! as UnsafeMutablePointer<UInt8>).update(from: prefix.utf8Start, count: prefix.utf8CodeUnitCount)
            if sign == 1 { buffer[prefix.utf8CodeUnitCount] = UInt8(ascii: "-") }
            DecimalDigits.write(magnitude, width: digits, into: buffer, at: prefix.utf8CodeUnitCount + sign)
            return count
        }
    }
}
