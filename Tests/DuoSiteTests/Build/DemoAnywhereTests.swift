import Foundation
import Testing
@testable import DuoSite

/// A demo block is drawn where it stands, whatever holds it: a rule, an
/// answer, a list item, a quote. Readers never see a demo's YAML.
@Suite struct DemoAnywhereTests {
    static let page = """
    ---
    title: Demos anywhere
    summary: Demo blocks in a list item, a quote, a rule and an answer.
    status: recommendation
    last_checked: 2026-10-08
    ---

    ## The problem

    - An item of text.
    - An item holding a demo:

      ```demo
      device: duo-closed-portrait
      caption: Caption of the listed demo.
      screen:
        toolbar:
          - {id: share, title: Share, symbol: square.and.arrow.up}
      ```

    - The item after it.

    > A quote holding a demo:
    >
    > ```demo
    > device: duo-closed-portrait
    > caption: Caption of the quoted demo.
    > screen:
    >   title: Notes
    > ```

    ## The rules

    1. A rule showing a demo:

       ```demo
       device: duo-closed-portrait
       caption: Caption of the rule's demo.
       screen:
         toolbar:
           - {id: total, title: Total, value: "$9.90"}
       ```

       Sources (apple): hig § Vertical controls

    ## FAQ

    ### Can an answer hold a demo?

    Words before the figure.

    ```demo
    device: duo-closed-portrait
    caption: Caption of the answer's demo.
    screen:
      title: Cart
    ```

    Words after the figure.

    """

    /// The built page, from the repository's site with the page added.
    static func built() throws -> String {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(page, to: "Content/patterns/demos-anywhere.md")
        let result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 0, "\(result.err)")
        return try site.read("Public/patterns/demos-anywhere/index.html")
    }

    @Test func everyDemoIsDrawnAndNoneShownAsCode() throws {
        let html = try Self.built()
        #expect(html.components(separatedBy: "\" class=\"demo ").count - 1 == 4)
        // Each figure anchored by its place on the page.
        #expect((1...4).allSatisfy { html.contains("<figure id=\"figure-\($0)\" class=\"demo ") })
        #expect(!html.contains("language-demo"))
        #expect(!html.contains("device: duo-closed-portrait"))
    }

    /// Each figure stands inside what holds its block, in document order:
    /// after `before`, and before `after`, with nothing that would close
    /// its container (`closing`) between `before` and the figure.
    @Test(arguments: [
        ("<li>\n<p>An item holding a demo:</p>", "Caption of the listed demo.", "</li>", "</li>"),
        ("<blockquote>\n<p>A quote holding a demo:</p>", "Caption of the quoted demo.", "</blockquote>", "</blockquote>"),
        ("<li class=\"rule\" id=\"rule-1\">", "Caption of the rule&#39;s demo.", "<p class=\"citations\">", "</li>"),
        ("<h3 id=\"can-an-answer-hold-a-demo\">", "Caption of the answer&#39;s demo.", "<p>Words after the figure.</p>", "<h3"),
    ])
    func theFigureStandsWhereItsBlockStands(before: String, caption: String, after: String, closing: String) throws {
        let html = try Self.built()
        let opening = try #require(html.range(of: before), "no \(before)")
        let figure = try #require(html.range(of: caption, range: opening.upperBound..<html.endIndex), "no \(caption) after \(before)")
        #expect(html.range(of: after, range: figure.upperBound..<html.endIndex) != nil, "no \(after) after \(caption)")
        #expect(!html[opening.upperBound..<figure.lowerBound].contains(closing), "\(closing) before the figure")
    }

    @Test func theAnswersStructuredDataHoldsItsWordsNotItsYAML() throws {
        let html = try Self.built()
        #expect(html.contains(#""text": "Words before the figure. Words after the figure.""#))
    }

    @Test func checkReadsNestedDemos() throws {
        let site = try TestSite()
        defer { site.remove() }
        // An unknown device in the quoted demo: a demo nested in a quote is checked too.
        try site.write(Self.page.replacingOccurrences(of: "> device: duo-closed-portrait", with: "> device: duo-folded"), to: "Content/patterns/demos-anywhere.md")
        let result = site.run(["check", "--today", "2026-11-29"])
        #expect(result.status == 1)
        let output = result.out + result.err
        #expect(output.contains("Content/patterns/demos-anywhere.md:26:11: error:") && output.contains("[unknown-device]"), "\(output)")
    }
}

/// The headings and info strings an editor surely meant as the ones that
/// have a meaning.
@Suite struct MisnamedMarkerTests {
    @Test(arguments: [
        ("Rules", Section.Role.rules), ("The rules:", .rules), ("The ruels", .rules), ("the rule", .rules),
        ("FAQs", .faq), ("F.A.Q.", .faq), ("FAQ:", .faq), ("Frequently asked questions", .faq), ("Questions and answers", .faq),
    ])
    func aNearMissIsNamed(title: String, role: Section.Role) {
        #expect(SectionChecker.nearRole(title) == role)
    }

    @Test(arguments: ["The problem", "Demo", "Other rules of thumb", "Fun", "Far", "Tools", "Answers"])
    func anOrdinaryTitleIsNot(title: String) {
        #expect(SectionChecker.nearRole(title) == nil)
    }

    @Test(arguments: [("Demo", "Demo"), ("DEMO", "DEMO"), ("dmeo", "dmeo"), ("{.demo}", "{.demo}"), ("demos yaml", "demos")])
    func aMisspeltDemoIsNamed(info: String, word: String) {
        #expect(DemoFenceChecker.misspeltDemo(info) == word)
    }

    @Test(arguments: ["demo", "demo yaml", "yaml", "deno", "memo", "swift", ""])
    func otherCodeIsNot(info: String) {
        #expect(DemoFenceChecker.misspeltDemo(info) == nil)
    }
}
