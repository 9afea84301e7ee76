import Foundation

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
        let partSize = max(1_000, patterns.count / (2 * ProcessInfo.processInfo.activeProcessorCount) + 1)
        let parts = stride(from: 0, to: patterns.count, by: partSize).map { $0..<min($0 + partSize, patterns.count) }
        // Every question's hash, page after page, in the order asked.
        let hashes = ParallelMap.map(parts) { part -> [UInt64] in
            var hashes: [UInt64] = []
            for index in part {
                patterns[index].faq.withUnsafeBufferPointer { faq in
                    for entry in faq { hashes.append(hash(entry.key)) }
                }
            }
            return hashes
        }.flatMap { $0 }
        // Where each question is first asked, as indices: by its hash, the
        // first of the questions of that hash (`firsts`), each leading to
        // the next of the same hash and another text (-1 ends the chain).
        var first: [UInt64: Int32] = [:]
        first.reserveCapacity(hashes.count)
        var firsts: [(page: Int32, entry: Int32, next: Int32)] = []
        firsts.reserveCapacity(hashes.count)
        var diagnostics: [Diagnostic] = []
        var asking: [Bool] = []
        var place = 0
        for (pageIndex, pattern) in patterns.enumerated() {
            // By index: an entry is only read, never copied whole.
            let faq = pattern.faq
            for entryIndex in faq.indices {
                let key = hashes[place]
                place += 1
                guard var index = first[key] else {
                    first[key] = Int32(firsts.count)
                    firsts.append((Int32(pageIndex), Int32(entryIndex), -1))
                    continue
                }
                // The question of this hash with this text, if one was asked.
                while firsts[Int(index)].next >= 0,
                      patterns[Int(firsts[Int(index)].page)].faq[Int(firsts[Int(index)].entry)].key != faq[entryIndex].key {
                    index = firsts[Int(index)].next
                }
                let (page, earlierEntry, _) = firsts[Int(index)]
                guard patterns[Int(page)].faq[Int(earlierEntry)].key == faq[entryIndex].key else {
                    firsts[Int(index)].next = Int32(firsts.count)
                    firsts.append((Int32(pageIndex), Int32(entryIndex), -1))
                    continue
                }
                guard page != pageIndex else { continue }
                if asking.isEmpty { asking = Array(repeating: false, count: patterns.count) }
                asking[Int(page)] = true
                asking[pageIndex] = true
                let earlier = patterns[Int(page)]
                if earlier.slug != pattern.slug {
                    let entry = faq[entryIndex]
                    diagnostics.append(Diagnostic(.duplicateQuestion, "the question '\(entry.question)' is also asked in \(earlier.file):\(earlier.faq[Int(earlierEntry)].location.line)", at: entry.location))
                }
            }
        }
        let pages = asking.isEmpty ? [] : patterns.indices.filter { asking[$0] }.map { patterns[$0].file }
        return (diagnostics, pages)
    }
}
