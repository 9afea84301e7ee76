@testable import DuoSite
import Diagnostics
import Foundation
import Testing

/// Each check of a page's own text, alone, on a page read: what reading
/// notes (`PageOutline`) is judged by the one checker whose finding it is,
/// at the place it stands, and by no other.
@Suite("Checks of a page's text, one a checker")
struct PageTextCheckerTests {
    /// A page file of `body` after a front matter of five lines (the body
    /// starts on line 7).
    static func page(_ body: String) throws -> Pattern {
        let text = "---\ntitle: A page\nsummary: A summary.\nstatus: recommendation\nlast_checked: 2026-10-08\n---\n" + body
        let (read, found) = PageReader(allowRawHTML: false).read(file: "Content/patterns/a-page.md", bytes: Array(text.utf8))
        #expect(found.isEmpty, "\(found.map(\.formatted))")
        return try #require(read).pattern
    }

    /// What `checker` finds in `body`, as `code@line:column`.
    static func found(by checker: any PageChecker, in body: String) throws -> [String] {
        try Checkers.pageAlone(page(body), root: URL(fileURLWithPath: "/"), settings: .fallback, checkers: [checker])
            .sortedForOutput().map { "\($0.code.rawValue)@\($0.location.line):\($0.location.column)" }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var checker: any PageChecker
        var body: String
        var findings: [String]
        var testDescription: String { "\(type(of: checker)): \(findings)" }
    }

    static let cases: [Case] = [
        Case(checker: HeadingChecker(), body: "## One\n\n#### Skips\n\n###\n", findings: ["heading-order@9:1", "empty-heading@11:1"]),
        Case(checker: HeadingChecker(), body: "# Title again\n\n- ## In a list\n", findings: ["invalid-field@7:1"]),
        Case(checker: SectionChecker(), body: "## FAQ\n\n### Why?\n\nBecause.\n\n## And this?\n\n## Sources\n", findings: ["misnamed-section@13:1", "invalid-field@15:1"]),
        Case(checker: SectionChecker(), body: "## The rules\n\n1. One.\n\n## The rules\n\n1. Two.\n", findings: ["duplicate-section@11:1"]),
        Case(checker: SectionChecker(), body: "## Frequently asked questions\n\nText.\n", findings: ["misnamed-section@7:1"]),
        Case(checker: RuleListChecker(), body: "## The rules\n\n2. One.\n\nText.\n\n1. Two.\n", findings: ["rule-numbering@9:1", "rule-numbering@13:1"]),
        Case(checker: RuleListChecker(), body: "## The rules\n\nNo list.\n", findings: ["rule-numbering@7:1"]),
        Case(checker: CitationPlacementChecker(), body: "## The rules\n\n1. One.\n\nSources (apple): hig\n", findings: ["invalid-citation@11:1"]),
        Case(checker: CitationPlacementChecker(), body: "## Notes\n\nSources (apple): hig\n", findings: ["invalid-citation@9:1"]),
        Case(checker: CitationPlacementChecker(), body: "## The rules\n\n1. One.\n   Sources (apple): hig\n", findings: ["invalid-citation@10:4"]),
        Case(checker: FAQChecker(), body: "## FAQ\n\n### Why?\n\n### Why?\n\nOnce.\n\n**How?**\n\n#### When?\n", findings: ["empty-answer@9:1", "duplicate-question@11:1", "misnamed-section@15:1", "misnamed-section@17:1"]),
        Case(checker: FAQChecker(), body: "## FAQ\n\nNo question.\n", findings: ["empty-faq@7:1"]),
        Case(checker: DemoFenceChecker(), body: "```Demo\ndevice: x\n```\n\n```swift\nlet x = 1\n```\n", findings: ["misnamed-demo@7:1"]),
        Case(checker: ImageChecker(), body: "![](/assets/a.svg) ![A picture](b.png)\n", findings: ["missing-alt@7:1", "broken-link@7:20"]),
        Case(checker: RelativeLinkChecker(), body: "[other](other#rule-1) and [page](other.md)\n", findings: ["broken-link@7:1"]),
        Case(checker: RawHTMLChecker(), body: "<details>\n\nText with <b>bold</b> and <!-- a note -->.\n", findings: ["raw-html@7:1", "raw-html@9:11"]),
    ]

    @Test(arguments: cases)
    func eachCheckerFindsWhatItJudges(_ test: Case) throws {
        #expect(try Self.found(by: test.checker, in: test.body) == test.findings)
    }

    /// Reading judges nothing: every one of these pages reads without a
    /// finding, and the checks of its text alone find them all.
    @Test func readingJudgesNothing() throws {
        for test in Self.cases {
            let page = try Self.page(test.body)
            let all = Checkers.pageAlone(page, root: URL(fileURLWithPath: "/"), settings: .fallback)
            #expect(Set(test.findings).isSubset(of: Set(all.map { "\($0.code.rawValue)@\($0.location.line):\($0.location.column)" })))
        }
    }

    /// A site that allows raw HTML has none of its raw HTML reported.
    @Test func rawHTMLAllowedIsNotReported() throws {
        var settings = SiteSettings.fallback
        settings.allowRawHTML = true
        let page = try Self.page("<details>\n\nText.\n")
        #expect(Checkers.pageAlone(page, root: URL(fileURLWithPath: "/"), settings: settings, checkers: [RawHTMLChecker()]).isEmpty)
    }
}
