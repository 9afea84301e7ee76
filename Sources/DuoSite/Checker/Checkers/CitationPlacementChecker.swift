import Diagnostics

/// Checks where a page's citation blocks stand (`invalid-citation`): a
/// paragraph that reads like one but is not read as one is shown as text
/// and cites nothing — one under `## The rules` but outside the rule list,
/// one written into the paragraph above it, one with more of its rule
/// after it, one whose `Sources (` is misspelt, and, a warning, one in
/// another section. One before the rule list is reported only when the
/// page has a rule list: without one, its own error says what to mend.
public struct CitationPlacementChecker: PageChecker {
    public init() {}

    public func check(_ pattern: Pattern, _ context: CheckContext) -> [Diagnostic] {
        let hasRuleList = !pattern.outline.numberedLists.isEmpty
        return pattern.outline.strayCitations.compactMap { stray in
            switch stray.place {
            case .beforeRuleList:
                guard hasRuleList else { return nil }
                return Diagnostic(.invalidCitation, "this citation block stands before the rule list, so it is shown as text and cites nothing; put it under its rule, indented as the rule's text, after a blank line", at: stray.location)
            case .afterRuleList:
                return Diagnostic(.invalidCitation, "this citation block stands after the rule list, not indented under a rule, so it is shown as text and cites nothing; indent it as its rule's text (three spaces), after a blank line", at: stray.location)
            case .outsideRules:
                return Diagnostic(.invalidCitation, "a citation block belongs to a rule under '## The rules'; here it is shown as text and cites nothing", at: stray.location, severity: .warning)
            case .inParagraph:
                return Diagnostic(.invalidCitation, "this citation block is part of the paragraph above it, so it is shown as text; put a blank line before it, and indent it as the rule's text", at: stray.location)
            case .misspelt:
                return Diagnostic(.invalidCitation, "this paragraph reads like a citation block, but is shown as text: a citation block starts 'Sources (apple):' or 'Sources (recommendation):'", at: stray.location)
            case .beforeRuleText:
                return Diagnostic(.invalidCitation, "a citation block is its rule's last paragraph; this one has more of the rule after it, so it is shown as text: move it to the end of the rule", at: stray.location)
            }
        }
    }
}
