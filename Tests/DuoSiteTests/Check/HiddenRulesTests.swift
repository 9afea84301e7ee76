import Foundation
import Testing
@testable import DuoSite

/// A mistake that hides some of a page's rules is reported once, on the
/// page: the placement table's rows citing the hidden rules, other pages'
/// links to them and the sources they cite are not reported as mistakes of
/// their own, since mending the page mends them.
@Suite struct HiddenRulesTests {
    static let page = "Content/patterns/symbols-not-labels.md"

    /// Breaks the repository's symbols page one way; links to its rule 5 from the other page.
    static func site(breaking: (String) -> String) throws -> TestSite {
        let site = try TestSite()
        try site.write(breaking(try site.read(page)), to: page)
        let other = "Content/patterns/where-the-bars-go.md"
        try site.write(try site.read(other) + "\nSee [its rule 5](symbols-not-labels.md#rule-5).\n", to: other)
        return site
    }

    /// Each way a mistake hides rules, and the one finding it gives.
    @Test(arguments: [
        // A citation block not indented under rule 2 ends the list there.
        ("uncited", "\n   Sources (apple): hig § Vertical controls · developer-article § Organize items in your bars · raise-the-bar @ 7:13 · raise-the-bar @ 8:59\n",
         "\nSources (apple): hig § Vertical controls · developer-article § Organize items in your bars · raise-the-bar @ 7:13 · raise-the-bar @ 8:59\n",
         "rule-numbering", 48),
        // The rules written as paragraphs, not a list.
        ("paragraphs", "\n1. Give every bar item", "\nRule one. Give every bar item", "rule-numbering", 38),
    ])
    func oneFindingForTheHiddenRules(_ name: String, _ old: String, _ new: String, _ code: String, _ line: Int) throws {
        let site = try Self.site { text in
            var text = text
            if name == "paragraphs" {
                // Every numbered item of the rules becomes a paragraph.
                for number in 1...8 { text = text.replacingOccurrences(of: "\n\(number). ", with: "\nRule \(number). ") }
            } else {
                #expect(text.contains(old))
                text = text.replacingOccurrences(of: old, with: new)
            }
            return text
        }
        defer { site.remove() }
        let run = site.checkJSON()
        #expect(run.status == 1)
        let findings = try run.json().located
        #expect(findings.map(\.description) == ["\(Self.page):\(line):1: error [\(code)]"])
    }

    /// A build says the same, with the other page kept from the cache, and
    /// once the page is mended it publishes.
    @Test func aRebuildSaysTheSame() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.setRealBaseURL()
        let other = "Content/patterns/where-the-bars-go.md"
        try site.write(try site.read(other) + "\nSee [its rule 5](symbols-not-labels.md#rule-5).\n", to: other)
        let build = ["build", "--today", "2026-11-29", "--quiet"]
        #expect(site.run(build).status == 0)
        let good = try site.read(Self.page)
        let cited = "\n   Sources (apple): hig § Vertical controls · developer-article § Organize items in your bars · raise-the-bar @ 7:13 · raise-the-bar @ 8:59\n"
        try site.write(good.replacingOccurrences(of: cited, with: "\n" + cited.dropFirst(4)), to: Self.page)
        let result = site.run(build)
        #expect(result.status == 1)
        let errors = result.err.split(separator: "\n").filter { $0.contains(": error: ") || $0.contains(": warning: ") }
        #expect(errors.count == 1, "\(result.err)")
        #expect(errors.first?.hasPrefix("\(Self.page):48:1: error: a second numbered list under '## The rules'") == true, "\(result.err)")
        try site.write(good, to: Self.page)
        #expect(site.run(build).status == 0)
    }

    /// Without the mistake, a row citing a rule the page does not have is
    /// still reported, as is a link to it.
    @Test func aRuleThatIsNotThereIsStillReported() throws {
        let site = try TestSite()
        defer { site.remove() }
        let other = "Content/patterns/where-the-bars-go.md"
        try site.write(try site.read(other) + "\nSee [its rule 9](symbols-not-labels.md#rule-9).\n", to: other)
        try site.write(try site.read("Content/placement.yml").replacingOccurrences(of: "symbols-not-labels#rule-7", with: "symbols-not-labels#rule-12"), to: "Content/placement.yml")
        let result = site.run(["check", "--today", "2026-11-29"])
        #expect(result.status == 1)
        #expect(result.err.contains("[broken-anchor]"), "\(result.err)")
        #expect(result.err.contains("cites rule 12, but Content/patterns/symbols-not-labels.md has 8 rules [unknown-pattern-rule]"), "\(result.err)")
    }
}
