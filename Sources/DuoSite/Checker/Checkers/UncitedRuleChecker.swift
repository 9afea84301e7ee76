import Diagnostics

/// Finds rules with no citation block (`uncited-rule`): an error on a
/// `status: apple` page, which states Apple's guidance and so must say
/// where each rule is in it, a warning on a recommendation's. A draft is
/// not published and is let be; so is a page whose rules or citation
/// blocks a mistake hid (its own error says so).
public struct UncitedRuleChecker: PageChecker {
    public init() {}

    public func check(_ pattern: Pattern, _ context: CheckContext) -> [Diagnostic] {
        guard !pattern.frontMatter.draft, !pattern.rulesIncomplete, !pattern.citationsIncomplete else { return [] }
        let apple = pattern.frontMatter.status.value == .apple
        var diagnostics: [Diagnostic] = []
        for rule in pattern.rules where rule.citations == nil {
            let message = apple
                ? "rule \(rule.number) cites no source, on a page of Apple's guidance: end it with a citation block, 'Sources (apple): ' and the ids in sources.yml of where Apple says it"
                : "rule \(rule.number) cites no source: end it with a citation block, 'Sources (recommendation): ' and the ids in sources.yml of the Apple sources behind it"
            diagnostics.append(Diagnostic(.uncitedRule, message, at: rule.location, severity: apple ? .error : .warning))
        }
        return diagnostics
    }
}
