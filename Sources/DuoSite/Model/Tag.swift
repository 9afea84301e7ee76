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

extension SiteAddress {
    /// For a link to a tag page, the tag's slug, or "" for the page of the
    /// tags (`/tags/`, `/tags/index.html`); nil for any other address.
    /// (`/tags/bars/`, `/tags/bars/index.html` and `/tags/bars` alike.)
    var tagSlug: String? {
        guard destination.hasBytePrefix("/tags/") || destination == "/tags" else { return nil }
        var path = Substring(destination.dropFirst("/tags".count))
        if let end = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = path[..<end] }
        var rest = String(path).removingPercentEncodingIfPossible
        if rest.hasSuffix("index.html") { rest.removeLast("index.html".count) }
        return rest.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
    }
}

/// A tag and the published pages that carry it, in the index's order.
struct TagGroup: Sendable {
    /// The tag as written (every page that carries it writes it alike: two
    /// ways that make one address are an `invalid-tag` error).
    var name: String
    /// Its address's last part (`Tag.slug`).
    var slug: String
    /// The pages, in the index's order.
    var pages: [Pattern]

    /// The tags of `pages` (in the index's order), by slug in byte order.
    /// A tag with no address is left out (an `invalid-tag` error).
    static func groups(_ pages: [Pattern]) -> [TagGroup] {
        var groups: [String: TagGroup] = [:]
        for page in pages {
            var seen: [String] = []
            for tag in page.frontMatter.tags {
                guard let slug = Tag.slug(tag), !seen.contains(slug) else { continue }
                seen.append(slug)
                groups[slug, default: TagGroup(name: tag, slug: slug, pages: [])].pages.append(page)
            }
        }
        return groups.values.sorted { $0.slug < $1.slug }
    }
}
