/// Numbers written in decimal, digit by digit where they go: into a
/// buffer (cache records hold a million numbers on a large site), a day's
/// text, an anchor (`rule-3`). `String(number)` and interpolation reach the
/// number through its protocols and make a string first.
public enum DecimalDigits {
    /// How many decimal digits `value` takes.
    @inlinable
    public static func count(of value: UInt64) -> Int {
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
    @inlinable @inline(__always)
    public static func write(_ value: UInt64, width: Int, into bytes: inout MutableSpan<UInt8>, at start: Int) {
        var rest = value
        var index = start + width
        while index > start {
            index -= 1
            bytes[index] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        }
    }

    /// Appends `value` in decimal to `bytes`, as `width` digits, at most
    /// twenty (see ``write(_:width:into:at:)``).
    @inlinable @inline(__always)
    public static func append(_ value: UInt64, width: Int, to bytes: inout OutputSpan<UInt8>) {
        var digits = InlineArray<20, UInt8>(repeating: 0)
        var span = digits.mutableSpan
        write(value, width: width, into: &span, at: 0)
        for index in 0..<width { bytes.append(digits[index]) }
    }
}
