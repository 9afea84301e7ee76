import Diagnostics

/// Finds pages last checked before the date of a source they cite: they
/// cannot have been checked against it (`checked-before-source`).
public struct CheckedBeforeSourceChecker: PageChecker {
    public init() {}

    public func check(_ pattern: Pattern, _ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        guard pattern.frontMatter.hasLastChecked else { return [] }
        let checked = pattern.frontMatter.lastChecked
        // Each source once, by its place in the site's list.
        var reported = [Bool].filled(with: false, count: context.site.sources.count)
        // Rules and citations read by index, each where it lies: a page has dozens.
        let rules = pattern.rules
        for ruleIndex in rules.indices {
            guard let citations = rules[ruleIndex].citations?.citations else { continue }
            for index in citations.indices {
                guard let place = context.site.sources.index(of: citations[index]), !reported[place] else { continue }
                let source = context.site.sources[place]
                guard let date = source.date?.value, checked.value < date else { continue }
                reported[place] = true
                diagnostics.append(Diagnostic(.checkedBeforeSource, "last checked \(checked.value), before '\(source.id)' (\(source.title)) of \(date): the page cannot have been checked against it", at: checked.location))
            }
        }
        return diagnostics
    }
}
