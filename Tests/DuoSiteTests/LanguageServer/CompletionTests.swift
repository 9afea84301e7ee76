import Foundation
import Testing
@testable import DuoSite

/// Completion from the site's own files, by where the cursor is: source
/// ids in a citation block, page files and anchors in a link's target,
/// devices, symbols, kinds and item ids in a demo, front matter keys and
/// status values.
@Suite struct CompletionTests {
    static let file = "Content/patterns/symbols-not-labels.md"

    /// The labels offered at the end of `needle`, once the page's text has
    /// `needle` in place of `original`.
    private func labels(_ original: String, _ needle: String, encodings: [String] = []) throws -> (labels: [String], items: [JSONValue], text: String) {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site, encodings: encodings)
        let text = try site.read(Self.file).replacingOccurrences(of: original, with: needle)
        try client.open(Self.file, text)
        let (line, character) = encodings == ["utf-8"] ? text.utf8Position(of: needle) : text.utf16Position(of: needle)
        let end = character + (encodings == ["utf-8"] ? needle.utf8.count : needle.utf16.count)
        let answer = client.ask("completion", Self.file, line: line, character: end)
        let items = answer["items"]?.array ?? []
        return (items.compactMap { $0["label"]?.string }, items, text)
    }

    @Test func aCitationBlockOffersTheSourceIdsWithTheirTitles() throws {
        let (labels, items, _) = try labels("Sources (apple): raise-the-bar @ 8:59 · raise-the-bar @ 9:25", "Sources (apple): raise-the-bar @ 8:59 · de")
        #expect(labels == ["developer-article", "design-for-duo"])
        #expect(items.first?["detail"] == "Preparing your app for iPhone Duo")
        let all = try self.labels("Sources (apple): raise-the-bar @ 8:59 · raise-the-bar @ 9:25", "Sources (recommendation): ").labels
        #expect(all.contains("hig") && all.contains("raise-the-bar"))
    }

    @Test func theCompletedWordIsReplacedAtItsRangeAfterNonASCIIText() throws {
        // Curly quotes and an emoji before the block's id, counted in UTF-8.
        let (_, items, text) = try labels("Sources (apple): raise-the-bar @ 8:59 · raise-the-bar @ 9:25", "Sources (apple): hig § “Vertical” 😀 · ra", encodings: ["utf-8"])
        let edit = try #require(items.first?["textEdit"])
        let (line, character) = text.utf8Position(of: "ra\n")
        #expect(edit["range"] == ["start": ["line": .int(line), "character": .int(character)], "end": ["line": .int(line), "character": .int(character + 2)]])
        #expect(edit["newText"] == "raise-the-bar")
    }

    @Test func aLinkTargetOffersThePagesThenTheirAnchors() throws {
        let pages = try labels("[Where the bars go, rule 1](where-the-bars-go.md#rule-1)", "[Where the bars go, rule 1](wh")
        #expect(pages.labels == ["where-the-bars-go.md"])
        #expect(pages.items.first?["detail"] == "Where the bars go")
        let anchors = try labels("[Where the bars go, rule 1](where-the-bars-go.md#rule-1)", "[Where the bars go, rule 1](where-the-bars-go.md#")
        #expect(anchors.labels.first == "rule-1")
        #expect(anchors.labels.contains("the-rules"))
        // The page's own anchors after a bare `#`.
        let own = try labels("[Where the bars go, rule 1](where-the-bars-go.md#rule-1)", "[rule 8](#rule-")
        #expect(own.labels == (1...8).map { "rule-\($0)" })
    }

    @Test func aDemoOffersDevicesSymbolsKindsAndItemIds() throws {
        let devices = try labels("device: duo-closed-portrait\ncaption: A generic", "device: duo-closed-l\ncaption: A generic")
        #expect(devices.labels == ["duo-closed-landscape"])
        let symbols = try labels("{id: share, title: Share}", "{id: share, title: Share, symbol: tr")
        #expect(symbols.labels == ["trash", "tray", "tray.and.arrow.down"])
        let kinds = try labels("{id: share, title: Share}", "{id: share, title: Share, kind: ")
        #expect(kinds.labels == ["button", "edit", "segmented", "custom", "menu"])
        let ids = try labels("      share: {symbol: square.and.arrow.up}", "      me")
        #expect(ids.labels == ["messages"])
    }

    @Test func theFrontMatterOffersItsKeysAndTheStatusValues() throws {
        let keys = try labels("owner: DuoApps editors", "review_e")
        #expect(keys.labels == ["review_every"])
        let status = try labels("status: recommendation", "status: ")
        #expect(status.labels == ["apple", "recommendation"])
    }

    @Test func plainTextOffersNothing() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        try client.open(Self.file)
        let text = try site.read(Self.file)
        let (line, character) = text.utf16Position(of: "A horizontal bar has")
        #expect(client.ask("completion", Self.file, line: line, character: character + 3) == .null)
    }
}
