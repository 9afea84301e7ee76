import Diagnostics

/// Checks a page's `##` sections: a `## Sources` heading, where the source
/// list is generated (`invalid-field`); a second `## The rules` or `## FAQ`
/// (`duplicate-section`); and a heading that reads like `## The rules` or
/// `## FAQ`, or a question written as a `##` heading after the FAQ, whose
/// text is then an ordinary section (`misnamed-section`).
public struct SectionChecker: PageChecker {
    public init() {}

    public func check(_ pattern: Pattern, _ context: CheckContext) -> [Diagnostic] {
        var diagnostics = pattern.outline.sourcesHeadings.map {
            Diagnostic(.invalidField, "the Sources section is generated from the page's citations; remove this heading and what is under it", at: $0)
        }
        let sections = pattern.sections
        for (index, section) in sections.enumerated() {
            // The rule list and the FAQ are the first such section's: a
            // second would show its list without anchors and citations, or
            // the whole FAQ a second time.
            if section.role != .other, let first = sections[..<index].first(where: { $0.role == section.role }) {
                let heading = section.role == .rules ? "## The rules" : "## FAQ"
                let what = section.role == .rules ? "a page's rules are one numbered list under one '## The rules' heading" : "a page's questions are all under one '## FAQ' heading"
                diagnostics.append(Diagnostic(.duplicateSection, "a second '\(heading)' section (the first is at line \(first.location.line)); \(what)", at: section.location))
            }
            // A question written one level too high ends the FAQ.
            if section.role == .other, index > 0, sections[index - 1].role == .faq, section.title.trimmed.hasSuffix("?") {
                diagnostics.append(Diagnostic(.misnamedSection, "'## \(section.title.trimmed)' ends the FAQ: it is shown as a section of its own after it, not as a question, and is left out of the FAQ's structured data; a question is a '###' heading under '## FAQ'", at: section.location))
            }
        }
        // A heading that reads like `## The rules` or `## FAQ`, on a page
        // that has no such section: what is under it is an ordinary section.
        for role in [Section.Role.rules, .faq] where !sections.contains(where: { $0.role == role }) {
            guard let section = sections.first(where: { $0.role == .other && Self.nearRole($0.title) == role }) else { continue }
            let message = role == .rules
                ? "'## \(section.title.trimmed)' is an ordinary section, so its list is not the page's rules (no rule anchors, no citations); the rules' heading is '## The rules'"
                : "'## \(section.title.trimmed)' is an ordinary section, so its questions are not the page's FAQ (no structured data for them); the FAQ's heading is '## FAQ'"
            diagnostics.append(Diagnostic(.misnamedSection, message, at: section.location))
        }
        return diagnostics
    }

    /// The role a section title was surely meant to have: `Rules`, `The
    /// rules:`, `The ruels`; `FAQs`, `F.A.Q.`, `Frequently asked questions`.
    static func nearRole(_ title: String) -> Section.Role? {
        let words = title.lowercased().split { !$0.isLetter }.joined(separator: " ")
        let letters = words.filter(\.isLetter)
        let sorted = letters.sorted()
        if ["rules", "rule", "the rule", "the rules"].contains(words)
            || sorted == Array("therules").sorted() || sorted == Array("rules").sorted() {
            return .rules
        }
        if ["faq", "faqs", "f a q", "f a q s", "frequently asked questions", "questions", "questions and answers",
            "q a", "q and a", "common questions"].contains(words)
            || sorted == Array("faq").sorted() || sorted == Array("faqs").sorted() {
            return .faq
        }
        return nil
    }
}
