/// Finds the same FAQ question on two pages (`duplicate-question`): search
/// engines would see two answers to one question.
public struct DuplicateQuestionChecker: Checker {
    public init() {}

    public func check(_ context: CheckContext) -> [Diagnostic] {
        Self.findings(in: context.site.patterns)
    }

    /// The findings about `patterns`, in page file order. Given only the
    /// pages that ask a question another page asks too
    /// (`pagesAskingTwice(in:)`), and no others, it finds the same.
    static func findings(in patterns: [Pattern]) -> [Diagnostic] {
        // Where each question is first asked, as indices: a page is too big to copy per question.
        var first: [QuestionKey: (page: Int, entry: Int)] = [:]
        first.reserveCapacity(patterns.count * 5)
        var diagnostics: [Diagnostic] = []
        for (pageIndex, pattern) in patterns.enumerated() {
            // By index: an entry is only read, never copied whole.
            let faq = pattern.faq
            for entryIndex in faq.indices {
                let key = QuestionKey(faq[entryIndex].key)
                if let (page, earlierEntry) = first[key] {
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
        return diagnostics
    }

    /// The files of the pages that ask a question another page asks too.
    static func pagesAskingTwice(in patterns: [Pattern]) -> [String] {
        var askedBy: [QuestionKey: Int] = [:]
        var twice = Set<QuestionKey>()
        for (pageIndex, pattern) in patterns.enumerated() {
            let faq = pattern.faq
            for entryIndex in faq.indices {
                let key = QuestionKey(faq[entryIndex].key)
                if let first = askedBy[key] {
                    if first != pageIndex { twice.insert(key) }
                } else {
                    askedBy[key] = pageIndex
                }
            }
        }
        guard !twice.isEmpty else { return [] }
        return patterns.filter { $0.faq.contains { twice.contains(QuestionKey($0.key)) } }.map(\.file)
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
