import Bytes

/// Turns titles and headings into anchors and ids: lowercase letters and
/// digits joined by `-` ("Why do buttons stay?" → `why-do-buttons-stay`).
public enum Slug {
    /// The slug of `text`, or nil when it has no letter or digit.
    public static func make(_ text: String) -> String? {
        let utf8 = text.utf8.span
        // A dash stands for at least one byte left out, and no letter's
        // lower case takes more than three bytes for its capital's two
        // (İ, Ⱥ): a slug is at most twice as long as its text. Three
        // times is room to spare.
        let slug = String(utf8Capacity: 3 * utf8.count + 8) { slug in
            var pendingDash = false
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                // ASCII, most of any title, byte by byte.
                if byte < 0x80 {
                    index += 1
                    // A letter with bit 5 set is its lower case; a digit has it already.
                    let lower = byte | 0x20
                    guard lower &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 else {
                        if byte != UInt8(ascii: "'") { pendingDash = true }
                        continue
                    }
                    if pendingDash, !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                    pendingDash = false
                    slug.append(lower)
                    continue
                }
                // Any other character: its scalar decides.
                let (scalar, length) = UTF8Text.scalar(at: index, in: utf8)
                index += length
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                    if pendingDash, !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                    pendingDash = false
                    slug.append(String(scalar).lowercased())
                } else if scalar != "’" {
                    pendingDash = true
                }
            }
        }
        return slug.isEmpty ? nil : slug
    }
}
