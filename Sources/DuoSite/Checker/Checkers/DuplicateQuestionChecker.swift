import Diagnostics
import Files

/// Finds the same FAQ question on two pages (`duplicate-question`): search
/// engines would see two answers to one question.
public struct DuplicateQuestionChecker: Checker {
    public init() {}

    public func check(_ context: CheckContext) -> [Diagnostic] {
        if let files = context.reportedFiles { return Self.findings(in: context.site.patterns, reportedIn: files) }
        return Self.findings(in: context.site.patterns)
    }

    /// The findings in `files` alone: each question a page of `files` asks
    /// that an earlier page asked first. Only the keys those pages ask are
    /// looked for in the others (by length, then byte for byte), rather
    /// than every question hashed.
    static func findings(in patterns: [Pattern], reportedIn files: Set<String>) -> [Diagnostic] {
        let reported = patterns.indices.filter { files.contains(patterns[$0].file) }
        var wanted: [String: (page: Int, entry: Int)?] = [:]
        for index in reported {
            for entry in patterns[index].faq { wanted[entry.key] = .some(nil) }
        }
        guard !wanted.isEmpty else { return [] }
        // The wanted keys' lengths in bytes, as a table: fifty thousand look-ups, none hashed.
        let longest = wanted.keys.map(\.utf8.count).max() ?? 0
        var lengths = [Bool](repeating: false, count: longest + 1)
        for key in wanted.keys { lengths[key.utf8.count] = true }
        // Where each wanted key is first asked (read where they lie: fifty
        // thousand questions, none copied).
        patterns.withUnsafeBufferPointer { pages in
            for pageIndex in pages.indices {
                pages[pageIndex].faq.withUnsafeBufferPointer { faq in
                    for entryIndex in faq.indices {
                        let length = faq[entryIndex].key.utf8.count
                        guard length <= longest, lengths[length] else { continue }
                        let key = faq[entryIndex].key
                        if let first = wanted[key], first == nil { wanted[key] = .some((pageIndex, entryIndex)) }
                    }
                }
            }
        }
        var diagnostics: [Diagnostic] = []
        for pageIndex in reported {
            let pattern = patterns[pageIndex]
            for entry in pattern.faq {
                guard let first = wanted[entry.key], let (page, earlierEntry) = first, page != pageIndex else { continue }
                let earlier = patterns[page]
                guard earlier.slug != pattern.slug else { continue }
                diagnostics.append(Diagnostic(.duplicateQuestion, "the question '\(entry.question)' is also asked in \(earlier.file):\(earlier.faq[earlierEntry].location.line)", at: entry.location))
            }
        }
        return diagnostics
    }

    /// The findings about `patterns`, in page file order: each question a
    /// page asks that an earlier page asked first, told where. (`hash` is
    /// the hash of a question's key, its `keyHash` when nil: a test gives
    /// one under which keys collide.)
    static func findings(in patterns: [Pattern], hash: ((String) -> UInt64)? = nil) -> [Diagnostic] {
        // Where each question (by its key) is first asked: its page and
        // entry, found by the key's hash (a rebuild compares fifty thousand
        // questions; Swift's hashing of each long key costs several times as
        // much), and by the key itself in the rare case two keys share one.
        var first: [UInt64: (page: Int, entry: Int)] = [:], sharingAHash: [String: (page: Int, entry: Int)] = [:]
        var diagnostics: [Diagnostic] = []
        for pageIndex in patterns.indices {
            let pattern = patterns[pageIndex]
            for (entryIndex, entry) in pattern.faq.enumerated() {
                let hash = hash?(entry.key) ?? (entry.keyHash != 0 ? entry.keyHash : ContentHash.of(entry.key))
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
