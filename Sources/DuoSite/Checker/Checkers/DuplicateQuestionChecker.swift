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
    /// each look reads fifty thousand questions.
    ///
    /// The questions are hashed first, page by page on every core, where
    /// each lies; then one pass over the hashes in page order finds where
    /// each question is first asked, comparing texts only when two hashes
    /// are equal. `hash` is the hash of a question's key (a test gives one
    /// under which questions collide).
    static func survey(_ patterns: [Pattern], hash: @Sendable (String) -> UInt64 = ContentHash.of) -> (findings: [Diagnostic], pagesAskingTwice: [String]) {
        let parts = ParallelMap.parts(of: patterns.count)
        // Every question's hash, page after page, in the order asked, and
        // how many each page asks: the pass below reads no page but where
        // two hashes meet.
        let hashed = ParallelMap.map(parts) { part -> (hashes: [UInt64], counts: [Int]) in
            var hashes: [UInt64] = [], counts: [Int] = []
            counts.reserveCapacity(part.count)
            for index in part {
                let list = patterns[index].faq
                let faq = list.span
                for entry in faq.indices { hashes.append(hash(faq[entry].key)) }
                counts.append(faq.count)
            }
            return (hashes, counts)
        }
        let hashes = hashed.flatMap(\.hashes), counts = hashed.flatMap(\.counts)
        // Where each question is first asked, as indices: by its hash, the
        // first of the questions of that hash (`firsts`), each leading to
        // the next of the same hash and another text (-1 ends the chain).
        var first: [UInt64: Int32] = [:]
        first.reserveCapacity(hashes.count)
        var firsts: [(page: Int32, entry: Int32, next: Int32)] = []
        firsts.reserveCapacity(hashes.count)
        func key(_ page: Int32, _ entry: Int32) -> String {
            patterns[Int(page)].faq[Int(entry)].key
        }
        var diagnostics: [Diagnostic] = []
        var asking: [Bool] = []
        var place = 0
        for pageIndex in patterns.indices {
            for entryIndex in 0..<counts[pageIndex] {
                let hash = hashes[place]
                place += 1
                guard var index = first[hash] else {
                    first[hash] = Int32(firsts.count)
                    firsts.append((Int32(pageIndex), Int32(entryIndex), -1))
                    continue
                }
                // The question of this hash with this text, if one was asked.
                let text = key(Int32(pageIndex), Int32(entryIndex))
                while firsts[Int(index)].next >= 0, key(firsts[Int(index)].page, firsts[Int(index)].entry) != text {
                    index = firsts[Int(index)].next
                }
                let (page, earlierEntry, _) = firsts[Int(index)]
                guard key(page, earlierEntry) == text else {
                    firsts[Int(index)].next = Int32(firsts.count)
                    firsts.append((Int32(pageIndex), Int32(entryIndex), -1))
                    continue
                }
                guard page != pageIndex else { continue }
                if asking.isEmpty { asking = Array(repeating: false, count: patterns.count) }
                asking[Int(page)] = true
                asking[pageIndex] = true
                let earlier = patterns[Int(page)], pattern = patterns[pageIndex]
                if earlier.slug != pattern.slug {
                    let entry = pattern.faq[entryIndex]
                    diagnostics.append(Diagnostic(.duplicateQuestion, "the question '\(entry.question)' is also asked in \(earlier.file):\(earlier.faq[Int(earlierEntry)].location.line)", at: entry.location))
                }
            }
        }
        let pages = asking.isEmpty ? [] : patterns.indices.filter { asking[$0] }.map { patterns[$0].file }
        return (diagnostics, pages)
    }
}
