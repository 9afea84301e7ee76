import Diagnostics

/// Finds sources in sources.yml that no page cites (`unused-source`), once
/// every page could be read.
public struct UnusedSourceChecker: Checker {
    public init() {}

    public func check(_ context: CheckContext) -> [Diagnostic] {
        // Its findings are all in sources.yml.
        guard context.reports(Site.Paths.sources), Self.canTell(context.site) else { return [] }
        var cited = Set<String>()
        let sourceCount = Set(context.site.sources.map { $0.id }).count
        for pattern in context.site.patterns {
            cited.formUnion(pattern.citedSources)
            // Once every source is cited (often within the first pages), no page can change the answer.
            if cited.count >= sourceCount, context.site.sources.allSatisfy({ cited.contains($0.id) }) { break }
        }
        return Self.findings(context.site.sources) { cited.contains($0.id) }
    }

    /// Whether the pages of `site` tell which sources are cited. A page
    /// that could not be read may cite any source: until it is mended,
    /// which sources are cited is not known. So may rules a mistake hid,
    /// and citation blocks shown as text (their citations were not read).
    static func canTell(_ site: Site) -> Bool {
        site.unreadablePages.isEmpty && !site.patterns.contains(where: { $0.rulesIncomplete || $0.citationsIncomplete })
    }

    /// The findings about the sources of `sources` that `isCited` says no page cites.
    static func findings(_ sources: [Source], isCited: (Source) -> Bool) -> [Diagnostic] {
        sources.filter { !isCited($0) }.map { source in
            Diagnostic(.unusedSource, "the source '\(source.id)' is cited on no page; cite it or remove it", at: source.location)
        }
    }
}
