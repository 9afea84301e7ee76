import Bytes

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
