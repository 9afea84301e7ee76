import Foundation
import Testing
@testable import DuoSite

/// A heading never takes an id the page gives something else: the rules'
/// `rule-N`, the source list's `sources` and `source-N`, the main content's
/// `main`, the demos' `figure-N`. Every id on a page is its own.
@Suite struct HeadingAnchorTests {
    static let page = """
    ---
    title: Headings named like the page's parts
    summary: Headings that read as the ids of the rules, the sources and the main content.
    status: apple
    last_checked: 2026-10-08
    ---

    ## Rule 1

    Text.

    ## Main

    ### Source 1

    ### Sources

    ## Figure 1

    ```demo
    device: duo-closed-portrait
    caption: A figure under a heading named like it.
    screen:
      title: Library
      tabs:
        - {title: Search, symbol: magnifyingglass}
    states:
      - name: Closed
    ```

    ## The rules

    1. A rule.

       Sources (apple): hig § Vertical controls

    Text citing [the heading](#rule-1-1) and [the rule](#rule-1).

    """

    @Test func everyIdOnThePageIsItsOwn() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(Self.page, to: "Content/patterns/named-like-parts.md")
        let result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 0, "\(result.err)")
        let html = try site.read("Public/patterns/named-like-parts/index.html")
        let ids = html.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(Set(ids).count == ids.count, "ids used twice: \(ids.filter { id in ids.filter { $0 == id }.count > 1 })")
        for heading in ["<h2 id=\"rule-1-1\">Rule 1</h2>", "<h2 id=\"main-1\">Main</h2>", "<h3 id=\"source-1-1\">Source 1</h3>", "<h3 id=\"sources-1\">Sources</h3>",
                        "<h2 id=\"figure-1-1\">Figure 1</h2>", "<figure id=\"figure-1\" class=\"demo demo--single\" style=\"--device-width:430;--device-height:760;--status-bar:54;--top-bar:54;--column:64;--slot:56;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round\">"] {
            #expect(html.contains(heading), "no \(heading)")
        }
    }

    static let switchingPage = """
    ---
    title: Headings named like a switching figure's parts
    summary: Headings that read as the ids of a switching figure's caption, inputs and text alternatives.
    status: apple
    last_checked: 2026-10-08
    ---

    ## Demo 1 caption

    ## Demo 1 state 1

    ## Demo 1 alt 2

    ```demo
    device: duo-closed-portrait
    caption: Share moves to the top when it has no symbol.
    screen:
      title: Library
      toolbar: [{id: share, title: Share, symbol: square.and.arrow.up}]
    states:
      - name: Symbol
      - name: Text
        change:
          share: {symbol: null}
    ```

    ## The rules

    1. A rule.

       Sources (apple): hig § Vertical controls

    """

    /// A switching figure's ids (its caption's, its inputs', its text
    /// alternatives') are of a form no heading's anchor takes: each id on
    /// the page is its own, and each reference finds the figure's part.
    @Test func aSwitchingFiguresIdsAreItsOwn() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(Self.switchingPage, to: "Content/patterns/named-like-switch.md")
        let result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 0, "\(result.err)")
        let html = try site.read("Public/patterns/named-like-switch/index.html")
        let ids = html.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        #expect(Set(ids).count == ids.count, "ids used twice: \(ids.filter { id in ids.filter { $0 == id }.count > 1 })")
        for heading in ["<h2 id=\"demo-1-caption\">", "<h2 id=\"demo-1-state-1\">", "<h2 id=\"demo-1-alt-2\">"] {
            #expect(html.contains(heading), "no \(heading)")
        }
        // Every reference of the figure names one of its own parts.
        let start = try #require(html.range(of: "<figure id=\"figure-1\""))
        let caption = try #require(html.range(of: "<figcaption class=\"demo__caption\"", range: start.upperBound..<html.endIndex))
        let end = try #require(html.range(of: "</figure>", range: caption.upperBound..<html.endIndex))
        let figure = String(html[start.lowerBound..<end.upperBound])
        let references = ["aria-labelledby", "for"].flatMap { name in
            figure.components(separatedBy: " \(name)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        }
        #expect(references.count == 1 + 2 + 2)
        for reference in references {
            #expect(reference.hasPrefix("_") && figure.contains(" id=\"\(reference)\""), "\(reference) is not the figure's")
        }
    }

    @Test(arguments: [("rule-1", true), ("rule-12", true), ("source-3", true), ("figure-2", true), ("figure-", false), ("rule-", false), ("rule-1-1", false), ("rules-1", false), ("source-a", false), ("the-rules", false)])
    func numberedAnchors(anchor: String, numbered: Bool) {
        #expect(PageBodyReader.isNumberedAnchor(anchor) == numbered)
    }
}
