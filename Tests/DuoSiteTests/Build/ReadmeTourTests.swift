import Foundation
import Testing
import DuoSite

/// The README's tour, as a new editor follows it: its example page, taken
/// verbatim from README.md, saved in a copy of this site, checked, placed
/// and built with what the README says each command prints.
struct ReadmeTourTests {
    /// README.md's text.
    static func readme() throws -> String {
        try String(contentsOf: TestSite.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The text of the first block fenced with `fence` + `info` in `text`.
    static func block(_ text: String, fence: String, info: String, after marker: String = "") throws -> String {
        let start = marker.isEmpty ? text.startIndex : try #require(text.range(of: marker), "README.md has no \(marker)").upperBound
        let open = try #require(text.range(of: "\n" + fence + info + "\n", range: start..<text.endIndex), "README.md has no \(fence)\(info) block")
        let close = try #require(text.range(of: "\n" + fence + "\n", range: open.upperBound..<text.endIndex))
        return String(text[open.upperBound...close.lowerBound])
    }

    /// The tour page and where the README says to save it.
    static func tourPage() throws -> (path: String, text: String) {
        let readme = try readme()
        let text = try block(readme, fence: "````", info: "markdown")
        let path = try #require(readme.range(of: "save this as `")).upperBound
        let end = try #require(readme[path...].firstIndex(of: "`"))
        return (String(readme[path..<end]), text)
    }

    @Test func tourPageChecksAsTheReadmeSays() throws {
        let site = try TestSite()
        defer { site.remove() }
        let (path, text) = try Self.tourPage()
        #expect(path == "Content/patterns/tabs-in-the-column.md")
        try site.write(text, to: path)

        // `$ duosite check` prints what the README shows.
        let shown = try Self.block(try Self.readme(), fence: "```", info: "", after: "**Check it.**")
        let lines = shown.split(separator: "\n").map(String.init)
        #expect(lines.first == "$ duosite check")
        let run = site.run(["check", "--today", "2026-11-29"])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.isEmpty, "\(run.err)")
        #expect((run.err + run.out).split(separator: "\n").map(String.init) == Array(lines.dropFirst()))

        // The misspelt symbol the README shows, at the place it names.
        try site.write(text.replacingOccurrences(of: "symbol: play", with: "symbol: plya"), to: path)
        let misspelt = site.run(["check", "--today", "2026-11-29"])
        #expect(misspelt.status == 1)
        #expect(misspelt.err.contains("\(path):20:35: error: the item 'listen-now' uses the symbol 'plya', which the theme has no drawing for (Theme/assets/symbols/plya.svg); did you mean 'play'? [unknown-symbol]"), "\(misspelt.err)")
    }

    @Test func tourPageBuildsWithItsDemoDrawn() throws {
        let site = try TestSite()
        defer { site.remove() }
        let (path, text) = try Self.tourPage()
        try site.write(text, to: path)
        site.build()
        let html = try site.read("Public/patterns/tabs-in-the-column/index.html")
        #expect(html.contains("data-item=\"listen-now\" data-place=\"column\" data-form=\"symbol\""))
        // The play symbol is drawn, not left out.
        let play = try site.read("Theme/assets/symbols/play.svg")
        let path_ = try #require(play.range(of: "<path d=\"")).upperBound
        #expect(html.contains(String(play[path_...].prefix(30))))
        // The demo's one state keeps its name and caption.
        #expect(html.contains("<strong class=\"state__name\">Closed.</strong> The tabs in the column."), "\(html)")
        #expect(try site.read("Public/sitemap.xml").contains("/patterns/tabs-in-the-column/"))

        // duosite place, as the README shows it.
        let placed = site.run(["place", path])
        #expect(placed.status == 0, "\(placed.err)")
        #expect(placed.out.contains("listen-now  tabs  column  symbol         where-the-bars-go#rule-1"), "\(placed.out)")
    }
}
