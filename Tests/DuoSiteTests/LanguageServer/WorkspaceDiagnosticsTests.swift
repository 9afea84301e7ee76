import Foundation
import Testing
@testable import DuoSite

/// Diagnostics for every file of the site, not only the open ones: sent
/// once the site is first read and then as changes change them, or asked
/// for (`workspace/diagnostic`) by a client that asks.
@Suite struct WorkspaceDiagnosticsTests {
    static let page = "Content/patterns/symbols-not-labels.md"
    static let other = "Content/patterns/where-the-bars-go.md"

    /// The site with a broken link in a page no editor opens.
    private func brokenSite() throws -> TestSite {
        let site = try TestSite()
        try site.write(try site.read(Self.other) + "\nSee [this](nowhere.md).\n", to: Self.other)
        return site
    }

    @Test func aClosedPagesFindingsAreSentOnceTheSiteIsRead() throws {
        let site = try brokenSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        client.settleSite()
        #expect(client.codes(of: Self.other) == ["broken-link"])
        #expect(client.diagnostics[client.uri(Self.page)] == nil)
        // Mended on disk: its diagnostics go.
        try site.write(try site.read(Self.other).replacingOccurrences(of: "nowhere.md", with: "symbols-not-labels.md"), to: Self.other)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(client.uri(Self.other)), "type": 2]]])
        client.settle()
        let sent = client.settleSite()
        #expect(sent.count == 1)
        #expect(client.diagnostics[client.uri(Self.other)] == [])
        // Nothing changed: nothing sent.
        #expect(client.settleSite().isEmpty)
    }

    @Test func anEditOfAnOpenPageReachesTheClosedPagesLinkingToIt() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(try site.read(Self.other) + "\n## Notes\n\nMore.\n", to: Self.other)
        try site.write(try site.read(Self.page) + "\nSee [the notes](where-the-bars-go.md#notes).\n", to: Self.page)
        var client = LanguageClient(site: site)
        client.settleSite()
        #expect(client.diagnostics[client.uri(Self.page)] == nil)
        let cited = try site.read(Self.other)
        try client.open(Self.other, cited)
        client.settle()
        // The heading the closed page links to is renamed, unsaved.
        client.change(Self.other, cited.replacingOccurrences(of: "## Notes", with: "## Remarks"))
        client.settle()
        client.settleSite()
        #expect(client.codes(of: Self.page).contains("broken-anchor"))
        client.change(Self.other, cited, version: 3)
        client.settle()
        client.settleSite()
        #expect(client.codes(of: Self.page) == [])
    }

    @Test func aClientThatAsksIsAnsweredAndNotSent() throws {
        let site = try brokenSite()
        defer { site.remove() }
        let asks: JSONValue = ["textDocument": ["diagnostic": ["dynamicRegistration": false]], "workspace": ["diagnostics": ["refreshSupport": true]]]
        var client = LanguageClient(site: site, capabilities: asks)
        let initialize = client.received.first { $0["id"]?.int == 1 }
        #expect(initialize?["result"]?["capabilities"]?["diagnosticProvider"]?["workspaceDiagnostics"] == true)
        try client.open(Self.page)
        #expect(client.settle().isEmpty)
        // The whole site.
        let first = client.request("workspace/diagnostic", ["previousResultIds": []])["result"]?["items"]?.array ?? []
        let report = first.first { $0["uri"]?.string == client.uri(Self.other) }
        #expect(report?["kind"] == "full")
        #expect(report?["items"]?.array?.map { $0["code"] } == ["broken-link"])
        // Asked again with what it has: unchanged.
        let previous: [JSONValue] = first.map { ["uri": $0["uri"]!, "value": $0["resultId"]!] }
        let again = client.request("workspace/diagnostic", ["previousResultIds": .array(previous)])["result"]?["items"]?.array ?? []
        #expect(again.allSatisfy { $0["kind"] == "unchanged" })
        // The open page, asked for alone.
        let document = client.askDocument("diagnostic", Self.page)["result"]
        #expect(document?["kind"] == "full")
        #expect(document?["items"] == [])
        // A change on disk: the client is asked to ask again, and is told the page is mended.
        try site.write(try site.read(Self.other).replacingOccurrences(of: "nowhere.md", with: "symbols-not-labels.md"), to: Self.other)
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(client.uri(Self.other)), "type": 2]]])
        #expect(client.settleSite().map { $0["method"] } == ["workspace/diagnostic/refresh"])
        let mended = client.request("workspace/diagnostic", ["previousResultIds": .array(previous)])["result"]?["items"]?.array ?? []
        let now = mended.first { $0["uri"]?.string == client.uri(Self.other) }
        #expect(now?["kind"] == "full")
        #expect(now?["items"] == [])
    }
}
