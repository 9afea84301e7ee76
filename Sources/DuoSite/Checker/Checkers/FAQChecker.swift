import Diagnostics

/// Checks a page's FAQ alone: a question with no answer (`empty-answer`),
/// the same question twice (`duplicate-question`), `## FAQ` with no
/// question (`empty-faq`), and a question written in bold or italics, or
/// one heading level too low, which is shown as text and left out of the
/// FAQ's structured data (`misnamed-section`). The same question on two
/// pages is the checks across pages' (`DuplicateQuestionChecker`).
public struct FAQChecker: PageChecker {
    public init() {}

    public func check(_ pattern: Pattern, _ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var first: [String: SourceLocation] = [:]
        for entry in pattern.faq {
            if !entry.isAnswered {
                diagnostics.append(Diagnostic(.emptyAnswer, "the question '\(entry.question)' has no answer; write it under the question's heading", at: entry.location))
            }
            // The same question twice on the page: shown twice, and given twice to search engines.
            if let earlier = first[entry.key] {
                diagnostics.append(Diagnostic(.duplicateQuestion, "the question '\(entry.question)' is asked twice on this page (first at line \(earlier.line)); ask it once, with one answer", at: entry.location))
            } else {
                first[entry.key] = entry.location
            }
        }
        if pattern.faq.isEmpty, let section = pattern.sections.first(where: { $0.role == .faq }) {
            diagnostics.append(Diagnostic(.emptyFAQ, "'## FAQ' has no questions, so the page has no FAQ; write each question as a '###' heading, with its answer under it", at: section.location))
        }
        for written in pattern.outline.emphasizedQuestions {
            let shown = written.inAnswer ? "in the answer above" : "before the first question"
            diagnostics.append(Diagnostic(.misnamedSection, "'\(written.question)' is written in \(written.style), so it is shown as text \(shown), not as a question of its own, and is left out of the FAQ's structured data; a question is a '###' heading: '### \(written.question)'", at: written.location))
        }
        for low in pattern.outline.lowQuestions {
            diagnostics.append(Diagnostic(.misnamedSection, "'\(String(repeating: "#", count: low.level)) \(low.text)' is shown as part of the answer above, not as a question of its own, and is left out of the FAQ's structured data; a question is a '###' heading", at: low.location))
        }
        return diagnostics
    }
}
