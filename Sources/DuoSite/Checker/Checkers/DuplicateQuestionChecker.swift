/// Finds the same FAQ question on two pages (`duplicate-question`): search
/// engines would see two answers to one question.
public struct DuplicateQuestionChecker: Checker {
    public init() {}

    public func check(_ context: CheckContext) -> [Diagnostic] {
        let patterns = context.site.patterns
        // Where each question is first asked, as indices: a page is too big to copy per question.
        var first: [String: (page: Int, entry: Int)] = [:]
        first.reserveCapacity(patterns.count * 5)
        var diagnostics: [Diagnostic] = []
        for (pageIndex, pattern) in patterns.enumerated() {
            for (entryIndex, entry) in pattern.faq.enumerated() {
                if let (page, earlierEntry) = first[entry.key] {
                    let earlier = patterns[page]
                    if earlier.slug != pattern.slug {
                        diagnostics.append(Diagnostic(.duplicateQuestion, "the question '\(entry.question)' is also asked in \(earlier.file):\(earlier.faq[earlierEntry].location.line)", at: entry.location))
                    }
                } else {
                    first[entry.key] = (pageIndex, entryIndex)
                }
            }
        }
        return diagnostics
    }
}
