import Foundation
import Testing
@testable import DuoSite

/// The outline of a page: its sections, and in them its rules, demos and
/// questions, each spanning its lines.
@Suite struct DocumentSymbolTests {
    static let file = "Content/patterns/symbols-not-labels.md"

    @Test func thePagesSectionsHoldItsRulesDemosAndQuestions() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let text = try site.read(Self.file)
        try client.open(Self.file)
        let symbols = try #require(client.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(client.uri(Self.file))]])["result"]?.array)
        #expect(symbols.map { $0["name"]?.string } == ["The problem", "The rules", "Demo", "FAQ"])
        #expect(symbols.allSatisfy { $0["kind"]?.int == 3 })
        let problem = symbols[0], rules = symbols[1], demo = symbols[2], faq = symbols[3]
        #expect(problem["children"]?.array?.map { $0["kind"]?.int } == [19])
        #expect(problem["children"]?.array?.first?["name"]?.string?.hasPrefix("Demo on duo-closed-portrait: iPhone Duo closed") == true)
        let ruleNames = rules["children"]?.array?.compactMap { $0["name"]?.string } ?? []
        #expect(ruleNames.count == 8)
        #expect(ruleNames.first == "Rule 1: Give every bar item both a symbol and…")
        #expect(rules["children"]?.array?.allSatisfy { $0["kind"]?.int == 22 } == true)
        // Rule 1 spans its list item up to rule 2's line.
        let rule2Line = text.utf16Position(of: "2. Use as few").line
        #expect(rules["children"]?.array?[0]["range"]?["end"]?["line"]?.int == rule2Line - 1)
        #expect(rules["children"]?.array?[1]["selectionRange"]?["start"] == ["line": .int(rule2Line), "character": 0])
        // The demo spans its fences.
        let demoSymbol = try #require(demo["children"]?.array?.first)
        #expect(demoSymbol["range"]?["start"]?["line"]?.int == text.utf16Position(of: "```demo", skipping: 1).line)
        #expect(demoSymbol["range"]?["end"]?["line"]?.int == text.utf16Position(of: "```\n\n## FAQ").line)
        let questions = faq["children"]?.array ?? []
        #expect(questions.first?["name"] == "Why do some buttons stay at the top on iPhone Duo?")
        #expect(questions.allSatisfy { $0["kind"]?.int == 24 })
        // Sections span up to the next one.
        #expect(rules["range"]?["end"]?["line"]?.int == text.utf16Position(of: "## Demo").line - 1)
    }

    @Test func aDocumentThatIsNotAPageHasNoOutline() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        try client.open("Content/sources.yml")
        #expect(client.request("textDocument/documentSymbol", ["textDocument": ["uri": .string(client.uri("Content/sources.yml"))]])["result"] == .null)
        // A document never opened: nothing to say either.
        #expect(client.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///elsewhere/x.md"]])["result"] == .null)
    }
}
