import Diagnostics
import Testing
@testable import DuoSite

/// "Did you mean" suggestions: the nearest name, by letters added, removed,
/// changed or swapped, whatever its case, when it is near enough; the same
/// whether the names are plain ASCII (compared byte by byte) or not.
@Suite struct SuggestionTests {
    @Test(arguments: [
        ("titel", ["site", "title"], "title"),                       // two letters swapped
        ("Hig", ["developer-article", "hig"], "hig"),                 // whatever the case
        ("HIG", ["hig"], "hig"),
        ("page-0040", ["page-00040", "page-00400"], "page-00040"),    // two as near: the first
        ("page-00400", ["page-00040", "page-00401"], "page-00040"),
        ("x", ["abcdefgh"], nil),                                     // too far
        ("symbols-not-label", ["symbols-not-labels", "where-the-bars-go"], "symbols-not-labels"),
        ("Päge", ["päge-one", "pägé"], "pägé"),                       // not ASCII: by characters
        ("cafe", ["café", "cake-shop"], "café"),
        ("café", ["cafe"], "cafe"),
    ] as [(String, [String], String?)])
    func theNearestName(word: String, candidates: [String], expected: String?) {
        #expect(Suggestion.nearest(to: word, in: candidates) == expected)
    }

    /// The suggestions are the ones a plain comparison of every candidate,
    /// by characters, gives: over many names alike but for a few letters.
    @Test func theSameAsComparingEveryNameByCharacters() {
        var generator = SplitMix(seed: 20261201)
        let letters = Array("abcdeAB-É0123")
        func name() -> String {
            String((0..<Int(generator.next() % 9 + 2)).map { _ in letters[Int(generator.next() % UInt64(letters.count))] })
        }
        let candidates = (0..<300).map { _ in name() }
        for _ in 0..<200 {
            let word = name()
            #expect(Suggestion.nearest(to: word, in: candidates) == Self.reference(word, candidates), "\(word)")
        }
    }

    /// Every candidate compared by characters, the first nearest kept.
    private static func reference(_ word: String, _ candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(Array(word.lowercased()), Array($0.lowercased()))) }
        guard let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= max(2, word.count / 3) else { return nil }
        return best.0
    }

    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = Array(repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            beforePrevious = previous
            previous = current
        }
        return previous[b.count]
    }
}
