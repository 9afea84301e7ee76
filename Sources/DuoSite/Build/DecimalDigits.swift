import Bytes

/// Numbers written in decimal where they go: the `Bytes` module's, under
/// the name the model's and the cache's files use.
typealias DecimalDigits = Bytes.DecimalDigits

extension DecimalDigits {
    /// Writes `value` in decimal as `width` digits ending at `start + width`
    /// of `buffer` (see `write(_:width:into:at:)`), for the writers that
    /// make a string in place through a buffer pointer (a day's text).
    static func write(_ value: UInt64, width: Int, into buffer: UnsafeMutableBufferPointer<UInt8>, at start: Int) {
        var bytes = buffer.mutableSpan
        write(value, width: width, into: &bytes, at: start)
    }
}

extension String {
    /// `prefix` then `number` in decimal (`rule-3`, `source-12`), made in
    /// one step: a small string, with no allocation, when it takes fifteen
    /// bytes or fewer.
    static func numbered(_ prefix: String, _ number: Int) -> String {
        let magnitude = UInt64(number.magnitude)
        let digits = DecimalDigits.count(of: magnitude)
        return String(utf8Capacity: prefix.utf8.count + 1 + digits) { output in
            output.append(prefix)
            if number < 0 { output.append(UInt8(ascii: "-")) }
            DecimalDigits.append(magnitude, width: digits, to: &output)
        }
    }
}
