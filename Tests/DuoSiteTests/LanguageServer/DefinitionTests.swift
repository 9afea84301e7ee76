import Foundation
import Testing
@testable import DuoSite

/// Go to definition: a cross-reference to the rule it cites, a source id
/// to its entry in sources.yml, a device id to devices.yml.
@Suite struct DefinitionTests {
    static let file = "Content/patterns/symbols-not-labels.md"

    private func location(_ uri: String, _ text: String, _ needle: String) -> JSONValue {
        let (line, character) = text.utf16Position(of: needle)
        return ["uri": .string(uri), "range": ["start": ["line": .int(line), "character": .int(character)], "end": ["line": .int(line), "character": .int(character + needle.utf16.count)]]]
    }

    @Test func aSourceIdGoesToItsEntryInSourcesYml() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let text = try site.read(Self.file)
        try client.open(Self.file)
        let (line, character) = text.utf16Position(of: "developer-article § Organize")
        let sources = try site.read("Content/sources.yml")
        for offset in [0, 5, 17] {
            let answer = client.ask("definition", Self.file, line: line, character: character + offset)
            #expect(answer == location(client.uri("Content/sources.yml"), sources, "developer-article"))
        }
        // The section after it is not the id.
        #expect(client.ask("definition", Self.file, line: line, character: character + 21) == .null)
    }

    @Test func aDeviceIdGoesToItsProfileInDevicesYml() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let text = try site.read(Self.file)
        try client.open(Self.file)
        let (line, character) = text.utf16Position(of: "duo-closed-portrait")
        let answer = client.ask("definition", Self.file, line: line, character: character + 3)
        #expect(answer == location(client.uri("Content/devices.yml"), try site.read("Content/devices.yml"), "duo-closed-portrait"))
    }

    @Test func aCrossReferenceGoesToTheRuleItCitesAfterNonASCIIText() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site, encodings: ["utf-8"])
        let text = try site.read(Self.file)
        try client.open(Self.file)
        // The line holds curly apostrophes before the link: counted in UTF-8 bytes.
        let (line, character) = text.utf8Position(of: "[Where the bars go, rule 1]")
        let answer = client.ask("definition", Self.file, line: line, character: character + 2)
        let target = try site.read("Content/patterns/where-the-bars-go.md")
        let ruleLine = target.utf16Position(of: "1. Bars that come").line
        #expect(answer["uri"]?.string == client.uri("Content/patterns/where-the-bars-go.md"))
        #expect(answer["range"]?["start"] == ["line": .int(ruleLine), "character": 0])
    }

    @Test func aCrossReferenceToAnOpenPageGoesToItsUnsavedRule() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let text = try site.read(Self.file)
        try client.open(Self.file)
        let target = "Content/patterns/where-the-bars-go.md"
        let unsaved = try site.read(target).replacingOccurrences(of: "## The rules\n", with: "## The rules\n\nTwo new lines.\n")
        try client.open(target, unsaved)
        let (line, character) = text.utf16Position(of: "(where-the-bars-go.md#rule-1)")
        let answer = client.ask("definition", Self.file, line: line, character: character + 4)
        #expect(answer["range"]?["start"]?["line"]?.int == unsaved.utf16Position(of: "1. Bars that come").line)
    }

    @Test func plainTextHasNoDefinition() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        try client.open(Self.file)
        #expect(client.ask("definition", Self.file, line: 0, character: 0) == .null)
    }
}
