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
