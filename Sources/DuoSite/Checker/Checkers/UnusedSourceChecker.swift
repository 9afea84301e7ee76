/// Finds sources in sources.yml that no page cites (`unused-source`), once
/// every page could be read.
public struct UnusedSourceChecker: Checker {
    public init() {}

    public func check(_ context: CheckContext) -> [Diagnostic] {
        // A page that could not be read may cite any source: until it is
        // mended, which sources are cited is not known.
        // So may rules a mistake hid, and citation blocks shown as text
        // (their citations were not read).
        guard context.site.unreadablePages.isEmpty,
              !context.site.patterns.contains(where: { $0.rulesIncomplete || $0.citationsIncomplete }) else { return [] }
        var cited = Set<String>()
        let sourceCount = Set(context.site.sources.map(\.id)).count
        for pattern in context.site.patterns {
            cited.formUnion(pattern.citedSources)
            // Once every source is cited (often within the first pages), no page can change the answer.
            if cited.count >= sourceCount, context.site.sources.allSatisfy({ cited.contains($0.id) }) { break }
        }
        return context.site.sources.filter { !cited.contains($0.id) }.map { source in
            Diagnostic(.unusedSource, "the source '\(source.id)' is cited on no page; cite it or remove it", at: source.location)
        }
    }
}
