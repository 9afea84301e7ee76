import Foundation
import Testing
@testable import DuoSite

/// Workspace symbols: pages, rules and questions whose names hold the
/// query's characters in order, case aside.
@Suite struct WorkspaceSymbolTests {
    /// Each symbol as `name (file:line)`, 1-based.
    private func symbols(_ client: inout LanguageClient, _ query: String) -> [String] {
        (client.request("workspace/symbol", ["query": .string(query)])["result"]?.array ?? []).map { symbol in
            let file = DocumentAddress(root: client.site.root).file(of: symbol["location"]?["uri"]?.string ?? "") ?? "?"
            return "\(symbol["name"]?.string ?? "") (\(file):\((symbol["location"]?["range"]?["start"]?["line"]?.int ?? -1) + 1))"
        }
    }

    @Test func aSubsequenceFindsARule() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        #expect(symbols(&client, "snl rule 3") == [
            "Symbols, not labels: bar items on iPhone Duo — rule 3: A control too wide for the column, such… (Content/patterns/symbols-not-labels.md:48)",
        ])
    }

    @Test func pagesComeFirstThenRulesThenQuestions() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let found = symbols(&client, "WHERE")
        #expect(found.first == "Where the bars go (Content/patterns/where-the-bars-go.md:1)")
        #expect(found.dropFirst().first?.hasPrefix("Where the bars go — rule 1: Bars that come") == true)
        let kinds = (client.request("workspace/symbol", ["query": "count side"])["result"]?.array ?? []).map { $0["kind"]?.int }
        #expect(kinds.contains(24))
        #expect(symbols(&client, "count a bar side duo").contains("How do I show a count in a bar on the side of iPhone Duo? (Content/patterns/symbols-not-labels.md:112)"))
    }

    @Test func anUnsavedTitleIsFound() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let file = "Content/patterns/where-the-bars-go.md"
        try client.open(file, try site.read(file).replacingOccurrences(of: "title: Where the bars go", with: "title: Bars on the side"))
        #expect(symbols(&client, "bars on the side").first == "Bars on the side (Content/patterns/where-the-bars-go.md:1)")
        #expect(symbols(&client, "bars on the side").contains("Bars on the side — rule 1: Bars that come from a system container, whether… (Content/patterns/where-the-bars-go.md:13)"))
        #expect(!symbols(&client, "where the bars go").contains { $0.hasPrefix("Where the bars go") })
        #expect(symbols(&client, "zzz").isEmpty)
    }
}
