/// Finds sources in sources.yml that no page cites (`unused-source`).
public struct UnusedSourceChecker: Checker {
    public init() {}

    public func check(_ context: CheckContext) -> [Diagnostic] {
        var cited = Set<String>()
        for pattern in context.site.patterns {
            for rule in pattern.rules {
                for citation in rule.citations?.citations ?? [] { cited.insert(citation.sourceID) }
            }
        }
        return context.site.sources.filter { !cited.contains($0.id) }.map { source in
            Diagnostic(.unusedSource, "the source '\(source.id)' is cited on no page; cite it or remove it", at: source.location)
        }
    }
}
