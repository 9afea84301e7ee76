import Foundation
import Testing
@testable import DuoSite

/// Quick fixes: each attached to the diagnostic it mends, its edit applied
/// to the page's text as an editor applies it.
@Suite struct CodeActionTests {
    static let page = "Content/patterns/symbols-not-labels.md"

    /// The quick fixes for the published diagnostics of `code` in `file`.
    private func actions(_ client: inout LanguageClient, _ file: String, code: String) -> [JSONValue] {
        let diagnostics = client.diagnostics(of: file).filter { $0["code"]?.string == code }
        #expect(diagnostics.count == 1, "one \(code) in \(client.codes(of: file))")
        guard let diagnostic = diagnostics.first else { return [] }
        let answer = client.askDocument("codeAction", file, ["range": diagnostic["range"]!, "context": ["diagnostics": [diagnostic]]])
        return answer["result"]?.array ?? []
    }

    /// The page's text once `action`'s edit of it is applied.
    private func applied(_ action: JSONValue, _ client: LanguageClient, to text: String, _ file: String = page) -> String {
        let edits = action["edit"]?["changes"]?[client.uri(file)]?.array ?? []
        return client.applying(edits, to: text)
    }

    @Test(arguments: [[String](), ["utf-8"]])
    func aStalePageIsMarkedCheckedTodayAsMarkCheckedDoes(encodings: [String]) throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site, encodings: encodings, today: "2027-06-01")
        let text = try site.read(Self.page)
        try client.open(Self.page)
        client.settle()
        let found = actions(&client, Self.page, code: "stale")
        #expect(found.map { $0["title"]?.string } == ["Mark checked today (2027-06-01)"])
        #expect(found.first?["kind"] == "quickfix")
        #expect(found.first?["diagnostics"]?.array?.first?["code"] == "stale")
        // The one change mark-checked makes.
        guard case .success(let marked) = LastCheckedEdit.make(Array(text.utf8), path: Self.page, date: Day("2027-06-01")!) else { Issue.record("mark-checked"); return }
        #expect(applied(found[0], client, to: text) == String(decoding: marked.bytes, as: UTF8.self))
        client.change(Self.page, applied(found[0], client, to: text))
        client.settle()
        #expect(!client.codes(of: Self.page).contains("stale"))
    }

    /// A page with `wrong` in place of `right`, opened: its finding `code`'s
    /// "did you mean" fix gives the page back.
    @Test(arguments: [
        ("unknown-source", "hig § Vertical", "hgi § Vertical"),
        ("broken-anchor", "where-the-bars-go.md#rule-1)", "where-the-bars-go.md#rul-1)"),
        ("broken-link", "where-the-bars-go.md#rule-1)", "where-the-bar-go.md#rule-1)"),
        ("unknown-device", "device: duo-closed-portrait", "device: duo-closed-portrai"),
        ("unknown-symbol", "symbol: square.and.arrow.up}", "symbol: square.and.arow.up}"),
        ("unknown-key", "owner: DuoApps editors", "owner: DuoApps editors\nreview_evry: 90d"),
    ])
    func aDidYouMeanIsOfferedAsTheFix(code: String, right: String, wrong: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site, encodings: ["utf-8"])
        let text = try site.read(Self.page)
        guard let range = text.range(of: right) else { Issue.record("no \(right)"); return }
        let broken = text.replacingCharacters(in: range, with: wrong)
        try client.open(Self.page, broken)
        client.settle()
        let found = actions(&client, Self.page, code: code)
        guard let fix = found.first(where: { $0["title"]?.string?.hasPrefix("Change to") == true }) else { Issue.record("no fix among \(found)"); return }
        #expect(fix["isPreferred"] == true)
        let fixed = applied(fix, client, to: broken)
        if code == "unknown-key" {
            #expect(fixed == text.replacingCharacters(in: range, with: "owner: DuoApps editors\nreview_every: 90d"))
        } else {
            #expect(fixed == text)
        }
    }

    @Test func anUnknownSourceCanBeAddedToSourcesYml() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let text = try site.read(Self.page).replacingOccurrences(of: "hig § Vertical controls · raise-the-bar @ 12:50", with: "hig § Vertical controls · duo-keynote · raise-the-bar @ 12:50")
        try client.open(Self.page, text)
        client.settle()
        let found = actions(&client, Self.page, code: "unknown-source")
        guard let add = found.first(where: { $0["title"]?.string == "Add 'duo-keynote' to sources.yml" }) else { Issue.record("no action in \(found)"); return }
        let sources = try site.read("Content/sources.yml")
        let edits = add["edit"]?["changes"]?[client.uri("Content/sources.yml")]?.array ?? []
        let added = client.applying(edits, to: sources)
        #expect(added == sources + "\nduo-keynote:\n  title: \n  publisher: \n  kind: \n  url: \n  short: \n")
        // Saved: the page's finding goes, and sources.yml asks for the entry's values.
        try site.write(added, to: "Content/sources.yml")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(client.uri("Content/sources.yml")), "type": 2]]])
        client.settle()
        #expect(!client.codes(of: Self.page).contains("unknown-source"))
    }

    @Test func aQuestionWrittenAsALowerHeadingIsMadeAQuestion() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let text = try site.read(Self.page)
        let broken = text.replacingOccurrences(of: "### How do I show a count", with: "#### How do I show a count")
        try client.open(Self.page, broken)
        client.settle()
        let found = actions(&client, Self.page, code: "misnamed-section")
        guard let fix = found.first else { Issue.record("no fix"); return }
        #expect(fix["title"]?.string?.hasPrefix("Make it a question: ### How do I show a count") == true)
        #expect(applied(fix, client, to: broken) == text)
    }

    /// A published page renamed by hand: on it (it took the old address's
    /// place), the `address-removed` fix adds the old address to its
    /// aliases — the bytes `duosite mv` gives the page — and the finding goes.
    @Test(arguments: [[String](), ["utf-8"]])
    func aRemovedAddressIsMadeAnAliasOfThePageThatTookItsPlace(encodings: [String]) throws {
        let site = try TestSite(), moved = try TestSite()
        defer { site.remove(); moved.remove() }
        for copy in [site, moved] { #expect(copy.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0) }
        let old = "Content/patterns/where-the-bars-go.md", renamed = "Content/patterns/bars-on-the-side.md"
        try site.move(old, to: renamed)
        #expect(moved.run(["mv", "where-the-bars-go", "bars-on-the-side"]).status == 0)
        var client = LanguageClient(site: site, encodings: encodings)
        let text = try site.read(renamed)
        try client.open(renamed)
        client.settle()
        let found = actions(&client, renamed, code: "address-removed")
        #expect(found.map { $0["title"]?.string } == ["Add alias /patterns/where-the-bars-go/"])
        #expect(found.first?["isPreferred"] == true)
        guard let fix = found.first else { return }
        let fixed = applied(fix, client, to: text, renamed)
        #expect(fixed == (try moved.read(renamed)))
        client.change(renamed, fixed)
        client.settle()
        #expect(!client.codes(of: renamed).contains("address-removed"))
        try site.write(fixed, to: renamed)
        #expect(!(try site.checkJSON().json().located.map(\.code)).contains("address-removed"))
    }

    /// A published page made a draft: the address is its own, which cannot
    /// be its alias; no "Add alias" is offered.
    @Test func aDraftsOwnAddressIsNotOfferedAsItsAlias() throws {
        let site = try TestSite()
        defer { site.remove() }
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        var client = LanguageClient(site: site)
        try client.open(Self.page, try site.read(Self.page).replacingOccurrences(of: "order: 2\n", with: "order: 2\ndraft: true\n"))
        client.settle()
        #expect(actions(&client, Self.page, code: "address-removed").isEmpty)
    }

    @Test func withDocumentChangesTheEditNamesTheOpenVersion() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site, today: "2027-06-01", capabilities: RenameTests.renamesFiles)
        try client.open(Self.page)
        client.change(Self.page, try site.read(Self.page), version: 7)
        client.settle()
        let found = actions(&client, Self.page, code: "stale")
        #expect(found.first?["edit"]?["documentChanges"]?.array?.first?["textDocument"]?["version"] == 7)
    }
}
