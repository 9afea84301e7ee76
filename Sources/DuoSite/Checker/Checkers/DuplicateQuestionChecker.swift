/// Finds the same FAQ question on two pages (`duplicate-question`): search
/// engines would see two answers to one question.
public struct DuplicateQuestionChecker: Checker {
    public init() {}

    public func check(_ context: CheckContext) -> [Diagnostic] {
        var first: [String: (Pattern, FAQEntry)] = [:]
        var diagnostics: [Diagnostic] = []
        for pattern in context.site.patterns {
            for entry in pattern.faq {
                let key = Slug.make(entry.question) ?? entry.question
                if let (earlier, earlierEntry) = first[key], earlier.slug != pattern.slug {
                    diagnostics.append(Diagnostic(.duplicateQuestion, "the question '\(entry.question)' is also asked in \(earlier.file):\(earlierEntry.location.line)", at: entry.location))
                } else if first[key] == nil {
                    first[key] = (pattern, entry)
                }
            }
        }
        return diagnostics
    }
}
