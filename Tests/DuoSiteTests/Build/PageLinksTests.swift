import Foundation
import Testing
@testable import DuoSite

/// What a page shows of the others under its rules (`PageLinks`): the
/// pages citing a rule, each once, in the index's order, never the page
/// itself, each linked to the place its citation stands; the figures a
/// rule decides an item in, in the index's order then by figure.
@Suite struct PageLinksTests {
    /// A page file's text: `front` added to the front matter, then `body`.
    static func page(_ title: String, front: String = "", _ body: String) -> String {
        "---\ntitle: \(title)\nsummary: A page.\nstatus: apple\nlast_checked: 2026-10-08\n\(front)---\n\n\(body)"
    }

    /// The repository's site with `pages` (file name → text) added, read whole.
    static func loaded(_ pages: [String: String]) throws -> [Pattern] {
        let site = try TestSite()
        defer { site.remove() }
        for (name, text) in pages { try site.write(text, to: "Content/patterns/\(name)") }
        return SiteLoader(root: site.root).load().0.patterns
    }

    static let target = page("Target", "## The rules\n\n1. One.\n\n2. Two.\n\nSee [myself](target.md#rule-1).\n")

    @Test func eachCitingPageIsListedOnceInTheIndexOrderAndNeverThePageItself() throws {
        let pages = try Self.loaded([
            "target.md": Self.target,
            "zed.md": Self.page("Zed", front: "order: 1\n", "Intro [t](target.md#rule-1).\n"),
            "bee.md": Self.page("Bee", front: "order: 2\n", "## Why\n\nSee [t](target.md#rule-1) and [t](target.md#rule-2).\n"),
            "ant.md": Self.page("Ant", "## The rules\n\n1. Follow [t](target.md#rule-1).\n\n## FAQ\n\n### Again?\n\nYes, [t](target.md#rule-1).\n"),
        ])
        let links = PageLinks(pages)
        let rules = links.rules(of: "target")
        #expect(rules.count == 2)
        #expect(rules[0].citedBy == [
            .init(title: "Zed", url: "/patterns/zed/"),
            .init(title: "Bee", url: "/patterns/bee/#why"),
            .init(title: "Ant", url: "/patterns/ant/#rule-1"),
        ])
        #expect(rules[1].citedBy == [.init(title: "Bee", url: "/patterns/bee/#why")])
        #expect(links.rules(of: "zed").isEmpty && links.key(of: "zed") == 0)
        #expect(links.key(of: "target") != 0)
    }

    @Test(arguments: [
        ("Before any section, [t](target.md#rule-1).\n", "/patterns/citing/"),
        ("## The problem\n\nSee [t](target.md#rule-1).\n", "/patterns/citing/#the-problem"),
        ("## The rules\n\n1. One.\n2. Two, after [t](target.md#rule-1).\n", "/patterns/citing/#rule-2"),
        ("## The rules\n\n1. One.\n\nAfter the list, [t](target.md#rule-1).\n", "/patterns/citing/#the-rules"),
        ("## FAQ\n\n### Where?\n\nHere: [t](target.md#rule-1).\n", "/patterns/citing/#where"),
        ("## The rules\n\n1. One.\n\n## FAQ\n\n### Where?\n\nHere.\n\n## Later\n\n[t](/patterns/target/#rule-1)\n", "/patterns/citing/#later"),
    ])
    func aCitationIsLinkedToTheRuleQuestionOrSectionItStandsIn(body: String, url: String) throws {
        let pages = try Self.loaded(["target.md": Self.target, "citing.md": Self.page("Citing", body)])
        #expect(PageLinks(pages).rules(of: "target").first?.citedBy == [.init(title: "Citing", url: url)])
    }

    @Test func theFiguresARuleDecidesAreListedInTheIndexOrderThenByFigure() throws {
        var pages = try Self.loaded([
            "target.md": Self.target,
            "late.md": Self.page("Late", front: "order: 9\n", "Text.\n"),
            "early.md": Self.page("Early", front: "order: 3\n", "Text.\n"),
        ])
        func set(_ slug: String, _ figures: [FigureRules]) {
            let index = pages.firstIndex { $0.slug == slug }!
            pages[index].figureRules = figures
        }
        let one = RuleAddress(slug: "target", number: 1), two = RuleAddress(slug: "target", number: 2)
        set("late", [FigureRules(figure: 1, rules: [one])])
        set("early", [FigureRules(figure: 2, rules: [two, one]), FigureRules(figure: 5, rules: [one, RuleAddress(slug: "target", number: 9)])])
        set("target", [FigureRules(figure: 1, rules: [one])])
        let rules = PageLinks(pages).rules(of: "target")
        #expect(rules[0].appliedIn.map(\.url) == ["/patterns/early/#figure-2", "/patterns/early/#figure-5", "/patterns/late/#figure-1", "/patterns/target/#figure-1"])
        #expect(rules[1].appliedIn == [.init(title: "Early", url: "/patterns/early/#figure-2", number: 2)])
        // The index's order: by order (none last), then title.
        #expect(PageLinks.indexOrder(pages).map(\.slug).filter { ["early", "late", "target"].contains($0) } == ["early", "late", "target"])
    }

    @Test func aPagesKeyChangesWithWhatItShowsOfTheOthers() throws {
        let citing = Self.page("Citing", "See [t](target.md#rule-1).\n")
        let before = PageLinks(try Self.loaded(["target.md": Self.target, "citing.md": citing]))
        let renamed = PageLinks(try Self.loaded(["target.md": Self.target, "citing.md": citing.replacingOccurrences(of: "title: Citing", with: "title: Quoting")]))
        let moved = PageLinks(try Self.loaded(["target.md": Self.target, "citing.md": citing.replacingOccurrences(of: "#rule-1", with: "#rule-2")]))
        let same = PageLinks(try Self.loaded(["target.md": Self.target, "citing.md": citing + "\nMore text.\n"]))
        #expect(before.key(of: "target") != renamed.key(of: "target"))
        #expect(before.key(of: "target") != moved.key(of: "target"))
        #expect(before.key(of: "target") == same.key(of: "target"))
        #expect(before.siteKey != moved.siteKey && before.siteKey == same.siteKey)
    }
}
