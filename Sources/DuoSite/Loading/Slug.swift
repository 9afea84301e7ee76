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

extension Slug {
    /// The address `duosite new` makes of a page's title: ASCII, as a
    /// tag's (`Tag.slug`: `Über-menüs` → `uber-menus`), with the letters
    /// whose accents do not fold away spelt out (`ß` → `ss`, `æ` → `ae`,
    /// `ø` → `o`, `ł` → `l`) and apostrophes left out, at most 100 bytes, cut where a word ends;
    /// nil when no letter or digit of the title is in the Latin alphabet
    /// (`日本語`), which only `--slug` can name.
    public static func address(_ title: String) -> String? {
        var spelt = ""
        for character in title {
            switch character {
            case "ß": spelt += "ss"
            case "Æ", "æ": spelt += "ae"
            case "Œ", "œ": spelt += "oe"
            case "Ø", "ø": spelt += "o"
            case "Ł", "ł": spelt += "l"
            case "Đ", "đ", "Ð", "ð": spelt += "d"
            case "Þ", "þ": spelt += "th"
            case "ı": spelt += "i"
            // An apostrophe joins a word's letters (`don’t` → `dont`).
            case "’", "ʼ": spelt += "'"
            default: spelt.append(character)
            }
        }
        guard var slug = Tag.slug(spelt) else { return nil }
        if slug.utf8.count > 100 {
            slug = String(slug.prefix(101))
            if let dash = slug.lastIndex(of: "-") { slug = String(slug[..<dash]) } else { slug = String(slug.prefix(100)) }
        }
        return slug
    }
}
