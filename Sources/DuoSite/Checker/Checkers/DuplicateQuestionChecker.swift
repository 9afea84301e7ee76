/// Finds the same FAQ question on two pages (`duplicate-question`): search
/// engines would see two answers to one question.
public struct DuplicateQuestionChecker: Checker {
    public init() {}

    public func check(_ context: CheckContext) -> [Diagnostic] {
        Self.findings(in: context.site.patterns)
    }

    /// The findings about `patterns`, in page file order. Given only the
    /// pages that ask a question another page asks too (`survey`'s
    /// `pagesAskingTwice`), and no others, it finds the same.
    static func findings(in patterns: [Pattern]) -> [Diagnostic] {
        survey(patterns).findings
    }

    /// The findings about `patterns`, in page file order, and the files of
    /// the pages that ask a question another page asks too, from one look
    /// at every question: a build needs both, and at ten thousand pages
    /// each look hashes fifty thousand questions.
    static func survey(_ patterns: [Pattern]) -> (findings: [Diagnostic], pagesAskingTwice: [String]) {
        // Where each question is first asked, as indices: a page is too big to copy per question.
        var first: [QuestionKey: (page: Int, entry: Int)] = [:]
        first.reserveCapacity(patterns.reduce(0) { $0 + $1.faq.count })
        var diagnostics: [Diagnostic] = []
        var asking: [Bool] = []
        for (pageIndex, pattern) in patterns.enumerated() {
            // By index: an entry is only read, never copied whole.
            let faq = pattern.faq
            for entryIndex in faq.indices {
                let key = QuestionKey(faq[entryIndex].key)
                if let (page, earlierEntry) = first[key] {
                    guard page != pageIndex else { continue }
                    if asking.isEmpty { asking = Array(repeating: false, count: patterns.count) }
                    asking[page] = true
                    asking[pageIndex] = true
                    let earlier = patterns[page]
                    if earlier.slug != pattern.slug {
                        let entry = faq[entryIndex]
                        diagnostics.append(Diagnostic(.duplicateQuestion, "the question '\(entry.question)' is also asked in \(earlier.file):\(earlier.faq[earlierEntry].location.line)", at: entry.location))
                    }
                } else {
                    first[key] = (pageIndex, entryIndex)
                }
            }
        }
        let pages = asking.isEmpty ? [] : patterns.indices.filter { asking[$0] }.map { patterns[$0].file }
        return (diagnostics, pages)
    }
}

/// A question's key with its hash made once and cheaply: fifty thousand keys
/// of seventy bytes each through the standard hasher, twice, would cost more
/// than the rest of the check.
private struct QuestionKey: Hashable {
    let text: String
    let hash: UInt64

    init(_ text: String) {
        self.text = text
        hash = ContentHash.of(text)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(hash)
    }

    static func == (lhs: QuestionKey, rhs: QuestionKey) -> Bool {
        lhs.hash == rhs.hash && lhs.text == rhs.text
    }
}
