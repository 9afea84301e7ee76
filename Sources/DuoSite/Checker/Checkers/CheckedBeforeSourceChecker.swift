/// Finds pages last checked before the date of a source they cite: they
/// cannot have been checked against it (`checked-before-source`).
public struct CheckedBeforeSourceChecker: Checker {
    public init() {}

    public func check(_ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for pattern in context.site.patterns where pattern.frontMatter.hasLastChecked {
            let checked = pattern.frontMatter.lastChecked
            var reported = Set<String>()
            // Rules and citations read by index, each id where it lies: a page has dozens.
            let rules = pattern.rules
            for ruleIndex in rules.indices {
                guard let citations = rules[ruleIndex].citations?.citations else { continue }
                for index in citations.indices {
                    let id = citations[index].sourceID
                    guard !reported.contains(id), let source = context.site.source(id),
                          let date = source.date?.value, checked.value < date else { continue }
                    reported.insert(id)
                    diagnostics.append(Diagnostic(.checkedBeforeSource, "last checked \(checked.value), before '\(source.id)' (\(source.title)) of \(date): the page cannot have been checked against it", at: checked.location))
                }
            }
        }
        return diagnostics
    }
}
