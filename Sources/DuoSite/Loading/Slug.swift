/// Turns titles and headings into anchors and ids: lowercase letters and
/// digits joined by `-` ("Why do buttons stay?" → `why-do-buttons-stay`).
public enum Slug {
    /// The slug of `text`, or nil when it has no letter or digit.
    public static func make(_ text: String) -> String? {
        var slug: [UInt8] = []
        slug.reserveCapacity(text.utf8.count)
        var pendingDash = false
        for scalar in text.unicodeScalars {
            let keep: Bool
            var lower = scalar
            if scalar.isASCII {
                switch scalar.value {
                case 0x61...0x7A, 0x30...0x39: keep = true
                case 0x41...0x5A:
                    keep = true
                    lower = Unicode.Scalar(scalar.value + 0x20)!
                default: keep = false
                }
            } else {
                keep = scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            }
            if keep {
                if pendingDash, !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                pendingDash = false
                if scalar.isASCII {
                    slug.append(UInt8(lower.value))
                } else {
                    slug.append(contentsOf: String(scalar).lowercased().utf8)
                }
            } else if scalar != "’" && scalar != "'" {
                pendingDash = true
            }
        }
        return slug.isEmpty ? nil : String(decoding: slug, as: UTF8.self)
    }
}
