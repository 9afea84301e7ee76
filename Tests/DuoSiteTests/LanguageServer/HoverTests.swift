import Foundation
import Testing
@testable import DuoSite

/// Hover: a source, a moment of a talk, a cross-reference's rule, a demo
/// item's placement in each state, and the last-checked date's review.
@Suite struct HoverTests {
    static let file = "Content/patterns/symbols-not-labels.md"

    /// The hover's Markdown at `needle` (plus `offset` UTF-16 units) in the page.
    private func hover(_ client: inout LanguageClient, _ text: String, at needle: String, offset: Int = 0, skipping: Int = 0) -> (String?, JSONValue?) {
        let (line, character) = text.utf16Position(of: needle, skipping: skipping)
        let answer = client.ask("hover", Self.file, line: line, character: character + offset)
        return (answer["contents"]?["value"]?.string, answer["range"])
    }

    @Test func aSourceIdShowsTheSource() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let text = try site.read(Self.file)
        try client.open(Self.file)
        let (value, range) = hover(&client, text, at: "hig § Vertical", offset: 1)
        #expect(value == "**Designing for iPhone Duo**\n\nApple Human Interface Guidelines · Guidelines · 2026-09-09\n\n<https://developer.apple.com/design/human-interface-guidelines/designing-for-iphone-duo>")
        let (line, character) = text.utf16Position(of: "hig § Vertical")
        #expect(range == ["start": ["line": .int(line), "character": .int(character)], "end": ["line": .int(line), "character": .int(character + 3)]])
    }

    @Test func aMomentShowsItsTimestampedAddress() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let text = try site.read(Self.file)
        try client.open(Self.file)
        let (value, range) = hover(&client, text, at: "@ 6:13", offset: 3)
        #expect(value == "**Raise the bar with iPhone Duo** at 6:13\n\n<https://developer.apple.com/videos/play/tech-talks/111470/?time=373>")
        let (line, character) = text.utf16Position(of: "@ 6:13")
        #expect(range?["start"] == ["line": .int(line), "character": .int(character)])
        #expect(range?["end"] == ["line": .int(line), "character": .int(character + 6)])
    }

    @Test func aCrossReferenceShowsTheTextOfTheRuleItCites() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let text = try site.read(Self.file)
        try client.open(Self.file)
        let (value, _) = hover(&client, text, at: "[Where the bars go, rule 1]", offset: 5)
        #expect(value == "**Where the bars go**, rule 1\n\nBars that come from a system container, whether a navigation bar, a toolbar or a tab bar, move to the side on iPhone Duo.")
    }

    @Test func aDemoItemShowsWhereTheEnginePutsItInEachState() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let text = try site.read(Self.file)
        try client.open(Self.file)
        // The shopping demo's share item: at the top with its title, then in the column as a symbol.
        let (value, _) = hover(&client, text, at: "{id: share, title: Share}", offset: 6)
        let shown = try #require(value)
        #expect(shown.hasPrefix("**share** on duo-closed-portrait (iPhone Duo, closed, portrait)"))
        #expect(shown.contains("| Text labels | top | title | symbols-not-labels#rule-2 |"))
        #expect(shown.contains("| Symbols | column | symbol | symbols-not-labels#rule-1 |"))
        // The same item where a state changes it.
        let (changed, _) = hover(&client, text, at: "share: {symbol: square.and.arrow.up}", offset: 2)
        #expect(changed == shown)
        // The first demo's inbox, with its badge.
        let (inbox, _) = hover(&client, text, at: "{id: inbox")
        #expect(inbox?.contains("| Closed, in portrait | column | symbol, badge 3 | symbols-not-labels#rule-1 |") == true)
    }

    @Test func theEnginesAdviceIsShownWithTheItem() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let text = try site.read(Self.file)
        try client.open(Self.file)
        let (value, _) = hover(&client, text, at: "{id: filter, title: Filter}", offset: 1)
        #expect(value?.contains("Advice:\n- 'Filter' is text only, so it stays in a horizontal bar; give it a symbol if one fits [symbols-not-labels#rule-2]") == true)
    }

    @Test(arguments: [("2026-10-08", "fresh"), ("2026-06-10", "due soon"), ("2025-01-01", "stale")])
    func lastCheckedShowsTheDueDateAndTheStatus(date: String, status: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let text = try site.read(Self.file).replacingOccurrences(of: "last_checked: 2026-10-08", with: "last_checked: \(date)")
        try client.open(Self.file, text)
        let (value, _) = hover(&client, text, at: "last_checked:", offset: 2)
        let due = Day(date)!.adding(days: 180)
        #expect(value == "Last checked \(date): due \(due), every 180 days. On 2026-11-29: **\(status)**.")
    }

    @Test func plainTextHasNoHover() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let text = try site.read(Self.file)
        try client.open(Self.file)
        #expect(hover(&client, text, at: "A horizontal bar has a fixed").0 == nil)
    }
}
