/// Turns titles and headings into anchors and ids: lowercase letters and
/// digits joined by `-` ("Why do buttons stay?" → `why-do-buttons-stay`).
public enum Slug {
    /// The slug of `text`, or nil when it has no letter or digit.
    public static func make(_ text: String) -> String? {
        var text = text
        let slug = text.withUTF8 { utf8 -> [UInt8] in
            var slug: [UInt8] = []
            slug.reserveCapacity(utf8.count)
            var pendingDash = false
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                // ASCII, most of any title, byte by byte.
                if byte < 0x80 {
                    index += 1
                    var kept = byte
                    switch byte {
                    case 0x61...0x7A, 0x30...0x39: break
                    case 0x41...0x5A: kept = byte + 0x20
                    case UInt8(ascii: "'"): continue
                    default:
                        pendingDash = true
                        continue
                    }
                    if pendingDash, !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                    pendingDash = false
                    slug.append(kept)
                    continue
                }
                // Any other character: its scalar decides.
                let (scalar, length) = Unicode.Scalar.decode(utf8, at: index)
                index += length
                if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                    if pendingDash, !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                    pendingDash = false
                    slug.append(contentsOf: String(scalar).lowercased().utf8)
                } else if scalar != "’" {
                    pendingDash = true
                }
            }
            return slug
        }
        return slug.isEmpty ? nil : String(decoding: slug, as: UTF8.self)
    }
}
