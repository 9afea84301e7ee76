import Foundation
import Testing
@testable import DuoSite

/// A page of thousands of repeated headings and questions, or of
/// thousands of tags: read in time that grows with the page, not with its
/// square. Each size here took the reading minutes when each repeat was
/// numbered by counting the earlier ones; the time-out is generous.
@Suite struct RepeatedHeadingTests {
    static let front = """
        ---
        title: Repeats
        summary: A page of repeats.
        status: recommendation
        last_checked: 2026-11-20
        \u{0}
        ---

        """

    @Test func twentyThousandHeadingsAndTenThousandQuestionsAreReadQuickly() throws {
        let site = try TestSite()
        defer { site.remove() }
        let page = Self.front.replacingOccurrences(of: "\u{0}\n", with: "")
            + String(repeating: "## Notes\n\nText.\n\n", count: 20_000)
            + "## FAQ\n\n" + String(repeating: "### Why?\n\nBecause.\n\n", count: 10_000)
        try site.write(page, to: "Content/patterns/repeats.md")
        let check = try CommandProcess.run(["check", "--today", "2026-11-29"], in: site.root, timeout: 120)
        #expect(!check.timedOut)
        #expect(check.status == 0)
        #expect(check.err.components(separatedBy: "[duplicate-question]").count - 1 == 9_999)
        #expect(check.err.contains("Content/patterns/repeats.md:80013:1: warning: the question 'Why?' is asked twice on this page (first at line 80009)"))
        let build = try CommandProcess.run(["build", "--today", "2026-11-29", "--quiet"], in: site.root, timeout: 120)
        #expect(!build.timedOut)
        #expect(build.status == 0, "\(build.err.prefix(500))")
        let html = try site.read("Public/patterns/repeats/index.html")
        // Numbered as GitHub numbers repeats: notes, notes-1, … notes-19999.
        #expect(html.contains("id=\"notes\""))
        #expect(html.contains("id=\"notes-19999\""))
        #expect(!html.contains("id=\"notes-20000\""))
    }

    @Test func tagsPastTheLimitAreAnErrorAtTheFirstOneOver() throws {
        let site = try TestSite()
        defer { site.remove() }
        let tags = (0..<10_000).map { "t\($0)" }.joined(separator: ", ")
        try site.write(Self.front.replacingOccurrences(of: "\u{0}", with: "tags: [\(tags)]"), to: "Content/patterns/tagged.md")
        for command in ["check", "build"] {
            let result = try CommandProcess.run([command, "--today", "2026-11-29"], in: site.root, timeout: 120)
            #expect(!result.timedOut, "\(command)")
            #expect(result.status == 1, "\(command)")
            // `tags: [t0, t1, …`: the 51st tag, t50, starts at column 7 + 4 × 10 + 5 × 40.
            #expect(result.err.contains("Content/patterns/tagged.md:6:248: error: the page has 10000 tags; a page has at most 50"), "\(command): \(result.err.prefix(400))")
            #expect(result.err.contains("[over-limit]"), "\(command)")
        }
    }
}
