import Diagnostics

/// Checks a page's rule list (`rule-numbering`): `## The rules` with no
/// numbered list, a rule list that does not start at 1 (rule N is
/// `#rule-N`), and a second numbered list, which ends the rule list (what
/// stands between two rules was not indented as the rule's text).
public struct RuleListChecker: PageChecker {
    public init() {}

    public func check(_ pattern: Pattern, _ context: CheckContext) -> [Diagnostic] {
        let lists = pattern.outline.numberedLists
        guard let ruleList = lists.first else {
            guard let section = pattern.sections.first(where: { $0.role == .rules }) else { return [] }
            return [Diagnostic(.ruleNumbering, "'## The rules' has no numbered list; write each rule as an item of a list starting '1.'", at: section.location)]
        }
        var diagnostics: [Diagnostic] = []
        if ruleList.start != 1 {
            diagnostics.append(Diagnostic(.ruleNumbering, "the rule list starts at \(ruleList.start); rules are numbered from 1, so that rule N is #rule-N", at: ruleList.location))
        }
        for list in lists.dropFirst() {
            diagnostics.append(Diagnostic(.ruleNumbering, "a second numbered list under '## The rules': the rule list (line \(ruleList.location.line)) ends before it, so these items are not rules; indent what stands between two rules (a citation block, a demo) as the rule's text is", at: list.location))
        }
        return diagnostics
    }
}
