import Foundation

/// A tag of the pages' front matter (`tags: [Bars, Symbols]`), whose page
/// `/tags/<slug>/` lists the pages that carry it.
public enum Tag {
    /// The tag as an address, by the rules of the pages' own addresses
    /// (lowercase ASCII letters, digits and `-`): its letters without
    /// their accents, in lower case, and its digits, anything else between
    /// them a `-` (`Tab bar` → `tab-bar`, `Écran` → `ecran`, `日本語 Nihongo`
    /// → `nihongo`); nil when it has no such letter or digit.
    public static func slug(_ tag: String) -> String? {
        let folded = tag.utf8.allSatisfy { $0 < 0x80 } ? tag : tag.folding(options: .diacriticInsensitive, locale: nil)
        var slug: [UInt8] = []
        slug.reserveCapacity(folded.utf8.count)
        var pendingDash = false
        for byte in folded.utf8 {
            let lower = byte | 0x20
            guard byte < 0x80, lower &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 else {
                if byte != UInt8(ascii: "'") { pendingDash = true }
                continue
            }
            if pendingDash, !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
            pendingDash = false
            slug.append(byte < UInt8(ascii: "0") + 10 && byte >= UInt8(ascii: "0") ? byte : lower)
        }
        return slug.isEmpty ? nil : String(decoding: slug, as: UTF8.self)
    }

    /// The address of the tag page of `slug`: `/tags/<slug>/`.
    public static func path(_ slug: String) -> String {
        .joining("/tags/", slug, "/")
    }

    /// The address of the page listing every tag.
    public static let indexPath = "/tags/"
}
