import Diagnostics

/// Finds the addresses the last published build answered at that the new
/// site would not (`address-removed`): neither a page's (not a draft's),
/// nor an alias of one, nor let go by `site.yml`'s `gone:`. Each is
/// reported at the page that took its place — a page published since,
/// with the same title or the same rule list (a page renamed by hand) —
/// or at the draft whose address it is, else at `Content/patterns`.
/// Nothing is compared when the last published site is not known.
public struct AddressRemovedChecker: Checker {
    public init() {}

    public func check(_ context: CheckContext) -> [Diagnostic] {
        guard let last = context.lastPublished, !last.isEmpty else { return [] }
        let patterns = context.site.patterns
        // What the site answers at: its pages (by slug; a page whose file is
        // there but cannot be read may still answer), their aliases and `gone:`.
        var slugs = Set<String>(minimumCapacity: patterns.count)
        var others = Set<String>()
        var drafts: [String: Int] = [:]
        for (index, pattern) in patterns.enumerated() {
            guard !pattern.frontMatter.draft else {
                drafts[pattern.slug] = index
                continue
            }
            slugs.insert(pattern.slug)
            for alias in pattern.frontMatter.aliases { others.insert(alias.value) }
        }
        for entry in context.site.settings.gone { others.insert(entry.value) }
        slugs.formUnion(context.site.unreadablePages)
        func answers(_ address: String) -> Bool {
            others.contains(address) || Alias.slug(of: address).map(slugs.contains) == true
        }
        var removed: [(address: String, page: PublishedSite.Page?)] = []
        for page in last.pages where !slugs.contains(page.slug) {
            let address = Alias.pageAddress(page.slug)
            if !others.contains(address) { removed.append((address, page)) }
        }
        for other in last.others where !answers(other.address) { removed.append((other.address, nil)) }
        guard !removed.isEmpty else { return [] }
        removed.sort { $0.address < $1.address }
        // The pages published since, by title and by rule list: which may have taken an old page's place.
        let lastSlugs = Set(last.pages.map(\.slug))
        var byTitle: [UInt64: Int] = [:], byRules: [UInt64: Int] = [:]
        for (index, pattern) in patterns.enumerated() where !pattern.frontMatter.draft && !lastSlugs.contains(pattern.slug) {
            let title = PublishedSite.titleKey(pattern.frontMatter.title.value)
            if byTitle[title] == nil { byTitle[title] = index }
            if pattern.rulesKey != 0, byRules[pattern.rulesKey] == nil { byRules[pattern.rulesKey] = index }
        }
        let day = last.day
        var seen = Set<String>()
        return removed.compactMap { address, page in
            guard seen.insert(address).inserted else { return nil }
            if let page, let draft = drafts[page.slug] {
                return Diagnostic(.addressRemoved, "\(address) was published on \(day) and would now answer 404, since this page is a draft; publish it, or add `gone: [\(address)]` to `site.yml` to let it go, or `aliases: [\(address)]` to the page that replaces it",
                                  at: patterns[draft].frontMatter.title.location)
            }
            let sameTitle = page.flatMap { $0.titleKey != 0 ? byTitle[$0.titleKey] : nil }
            let sameRules = page.flatMap { $0.rulesKey != 0 ? byRules[$0.rulesKey] : nil }
            if let index = sameTitle ?? sameRules {
                let why = sameTitle != nil ? "the same title" : "the same rules"
                return Diagnostic(.addressRemoved, "\(address) was published on \(day) and would now answer 404; this page has \(why) and seems to replace it: add `aliases: [\(address)]` to it, or `gone: [\(address)]` to `site.yml` to let it go",
                                  at: patterns[index].frontMatter.title.location)
            }
            return Diagnostic(.addressRemoved, "\(address) was published on \(day) and would now answer 404; add `aliases: [\(address)]` to the page that replaces it, or `gone: [\(address)]` to `site.yml` to let it go",
                              at: SourceLocation(file: Site.Paths.patterns))
        }
    }
}
