import Foundation
import Testing
@testable import DuoSite

/// Code lenses: over each rule, the pages citing it and the figures it
/// decides; over the front matter, the page's review.
@Suite struct CodeLensTests {
    static let page = "Content/patterns/symbols-not-labels.md"
    static let other = "Content/patterns/where-the-bars-go.md"

    /// Each lens as `line: title`, 1-based.
    private func lenses(_ client: inout LanguageClient, _ file: String) -> [String] {
        (client.askDocument("codeLens", file)["result"]?.array ?? []).map { lens in
            "\((lens["range"]?["start"]?["line"]?.int ?? -1) + 1): " + (lens["command"]?["title"]?.string ?? "")
        }
    }

    @Test func eachRuleShowsWhoCitesItAndWhatItDecides() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        try client.open(Self.other)
        // Rule 1 is cited by symbols-not-labels, and decides both figures of its demos.
        #expect(lenses(&client, Self.other) == ["1: Checked 2026-10-08 · due 2027-04-06", "13: Cited by 1 · decides 2 figures"])
        try client.open(Self.page)
        let shown = lenses(&client, Self.page)
        #expect(shown.count == 9)
        #expect(shown.first == "1: Checked 2026-10-08 · due 2027-04-06")
        #expect(shown[1] == "40: Cited by 0 · decides 2 figures")
    }

    @Test func aNewCitationIsCountedAsItIsTyped() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        try client.open(Self.page, try site.read(Self.page) + "\nSee [rule 2](where-the-bars-go.md#rule-1) again.\n")
        let written = try site.read(Self.other) + "\n## More\n\nSee [rule 2](symbols-not-labels.md#rule-2).\n"
        try client.open(Self.other, written)
        #expect(lenses(&client, Self.page)[2] == "44: Cited by 1 · decides 2 figures")
    }

    @Test(arguments: [("2027-03-30", "due soon: 2027-04-06"), ("2027-05-01", "stale since 2027-04-06")])
    func theFrontMatterSaysWhenThePageIsDue(today: String, shown: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site, today: today)
        try client.open(Self.other)
        #expect(lenses(&client, Self.other).first == "1: Checked 2026-10-08 · \(shown)")
    }
}
