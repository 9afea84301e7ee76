/// Finds pages last checked before the date of a source they cite: they
/// cannot have been checked against it (`checked-before-source`).
public struct CheckedBeforeSourceChecker: Checker {
    public init() {}

    public func check(_ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for pattern in context.site.patterns where pattern.frontMatter.hasLastChecked {
            let checked = pattern.frontMatter.lastChecked
            var reported = Set<String>()
            for rule in pattern.rules {
                for citation in rule.citations?.citations ?? [] {
                    guard !reported.contains(citation.sourceID),
                          let source = context.site.source(citation.sourceID),
                          let date = source.date?.value, checked.value < date else { continue }
                    reported.insert(citation.sourceID)
                    diagnostics.append(Diagnostic(.checkedBeforeSource, "last checked \(checked.value), before '\(source.id)' (\(source.title)) of \(date): the page cannot have been checked against it", at: checked.location))
                }
            }
        }
        return diagnostics
    }
}
