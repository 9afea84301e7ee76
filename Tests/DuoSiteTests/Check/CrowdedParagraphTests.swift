import Foundation
import Testing
@testable import DuoSite

/// A paragraph crowded with link brackets, which cmark-gfm parses in
/// quadratic time, is refused at once with a finding, never a hang.
@Suite struct CrowdedParagraphTests {
    @Test func aParagraphOfThirtyThousandLinksIsRefused() throws {
        let site = try TestSite()
        defer { site.remove() }
        let page = "---\ntitle: Crowded\nsummary: Too many links.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\nIntro.\n\n"
            + String(repeating: "*a* [l](where-the-bars-go.md) ", count: 30_000) + "\n"
        try site.write(page, to: "Content/patterns/crowded.md")
        // The finding comes from the bracket count, before cmark-gfm sees the page.
        let (status, _, err) = site.run(["check", "--today", "2026-11-29"])
        #expect(status == 1)
        #expect(err.contains("Content/patterns/crowded.md:10:1: error: a paragraph starting here holds more than 5000 '['"))
        #expect(err.contains("[unreadable-file]"))
    }

    @Test(arguments: [
        ("a [b] c\n\n[d]\n", nil as Int?),
        (String(repeating: "[", count: 5_001), 1),
        ("one\n\n" + String(repeating: "[x]\n", count: 5_001), 3),
        ("one\n\n" + String(repeating: "[x]\n\n", count: 5_001), nil),
    ])
    func bracketsAreCountedPerParagraph(text: String, line: Int?) {
        #expect(BracketGuard.firstCrowdedParagraph(text) == line)
    }

    /// Every bracket is counted, however many stand in one stretch of the
    /// text and wherever they fall among its other bytes.
    @Test(arguments: [0, 1, 254, 255, 256, 511, 5_001])
    func everyBracketIsCounted(count: Int) {
        let dense = Array(repeating: UInt8(ascii: "["), count: count)
        let sparse = (0..<count).flatMap { _ in [UInt8(ascii: "["), UInt8(ascii: "a"), UInt8(ascii: "]")] }
        #expect(BracketGuard.brackets(in: dense.span) == count)
        #expect(BracketGuard.brackets(in: sparse.span) == count)
        #expect(BracketGuard.brackets(in: (Array("x".utf8) + dense).span) == count)
    }
}
