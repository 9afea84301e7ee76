/// Finds the same FAQ question on two pages (`duplicate-question`): search
/// engines would see two answers to one question.
public struct DuplicateQuestionChecker: Checker {
    public init() {}

    public func check(_ context: CheckContext) -> [Diagnostic] {
        Self.findings(in: context.site.patterns)
    }

    /// The findings about `patterns`, in page file order: each question a
    /// page asks that an earlier page asked first, told where. (`hash` is
    /// the hash of a question's key: a test gives one under which keys
    /// collide.)
    static func findings(in patterns: [Pattern], hash: (String) -> UInt64 = ContentHash.of) -> [Diagnostic] {
        // Where each question (by its key) is first asked: its page and
        // entry, found by the key's hash (a rebuild compares fifty thousand
        // questions; Swift's hashing of each long key costs several times as
        // much), and by the key itself in the rare case two keys share one.
        var first: [UInt64: (page: Int, entry: Int)] = [:], sharingAHash: [String: (page: Int, entry: Int)] = [:]
        var diagnostics: [Diagnostic] = []
        for pageIndex in patterns.indices {
            let pattern = patterns[pageIndex]
            for (entryIndex, entry) in pattern.faq.enumerated() {
                let hash = hash(entry.key)
                var asked = first[hash]
                if let (page, earlierEntry) = asked, patterns[page].faq[earlierEntry].key != entry.key {
                    asked = sharingAHash[entry.key]
                    if asked == nil { sharingAHash[entry.key] = (pageIndex, entryIndex) }
                } else if asked == nil {
                    first[hash] = (pageIndex, entryIndex)
                }
                guard let (page, earlierEntry) = asked, page != pageIndex else { continue }
                let earlier = patterns[page]
                guard earlier.slug != pattern.slug else { continue }
                diagnostics.append(Diagnostic(.duplicateQuestion, "the question '\(entry.question)' is also asked in \(earlier.file):\(earlier.faq[earlierEntry].location.line)", at: entry.location))
            }
        }
        return diagnostics
    }
}
