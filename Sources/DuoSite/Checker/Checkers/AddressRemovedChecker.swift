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
        guard let last = context.lastPublished, !last.addresses.isEmpty else { return [] }
        let patterns = context.site.patterns
        var served = Set<String>(minimumCapacity: patterns.count)
        var drafts: [String: Int] = [:]
        for (index, pattern) in patterns.enumerated() {
            let address = Alias.pageAddress(pattern.slug)
            guard !pattern.frontMatter.draft else {
                drafts[address] = index
                continue
            }
            served.insert(address)
            for alias in pattern.frontMatter.aliases { served.insert(alias.value) }
        }
        for entry in context.site.settings.gone { served.insert(entry.value) }
        // A page whose file is there but cannot be read may still answer.
        for slug in context.site.unreadablePages { served.insert(Alias.pageAddress(slug)) }
        let removed = last.addresses.keys.filter { !served.contains($0) }.sorted()
        guard !removed.isEmpty else { return [] }
        // The pages published since, by title and by rule list: which may have taken an old page's place.
        var byTitle: [UInt64: Int] = [:], byRules: [UInt64: Int] = [:]
        for (index, pattern) in patterns.enumerated() where !pattern.frontMatter.draft && last.addresses[Alias.pageAddress(pattern.slug)] == nil {
            if byTitle[PublishedSite.titleKey(pattern.frontMatter.title.value)] == nil { byTitle[PublishedSite.titleKey(pattern.frontMatter.title.value)] = index }
            if pattern.rulesKey != 0, byRules[pattern.rulesKey] == nil { byRules[pattern.rulesKey] = index }
        }
        let day = last.day
        return removed.map { address in
            let entry = last.addresses[address]!
            let fix = "add `aliases: [\(address)]` to the page that replaces it, or `gone: [\(address)]` to `site.yml` to let it go"
            if let draft = drafts[address] {
                return Diagnostic(.addressRemoved, "\(address) was published on \(day) and would now answer 404, since this page is a draft; publish it, or add `gone: [\(address)]` to `site.yml` to let it go, or `aliases: [\(address)]` to the page that replaces it",
                                  at: patterns[draft].frontMatter.title.location)
            }
            let sameTitle = entry.titleKey != 0 ? byTitle[entry.titleKey] : nil
            let sameRules = entry.rulesKey != 0 ? byRules[entry.rulesKey] : nil
            if let page = sameTitle ?? sameRules {
                let why = sameTitle != nil ? "the same title" : "the same rules"
                return Diagnostic(.addressRemoved, "\(address) was published on \(day) and would now answer 404; this page has \(why) and seems to replace it: add `aliases: [\(address)]` to it, or `gone: [\(address)]` to `site.yml` to let it go",
                                  at: patterns[page].frontMatter.title.location)
            }
            return Diagnostic(.addressRemoved, "\(address) was published on \(day) and would now answer 404; \(fix)", at: SourceLocation(file: Site.Paths.patterns))
        }
    }
}
