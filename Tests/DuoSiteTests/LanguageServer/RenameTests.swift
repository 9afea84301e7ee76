import Foundation
import Testing
@testable import DuoSite

/// Rename: a source id, a tag, a page's slug — the workspace edit applied
/// as an editor applies it, then the site checked clean as it was before.
@Suite struct RenameTests {
    static let page = "Content/patterns/symbols-not-labels.md"
    static let other = "Content/patterns/where-the-bars-go.md"

    /// The capabilities of a client that takes `documentChanges` and renames files.
    static let renamesFiles: JSONValue = ["workspace": ["workspaceEdit": ["documentChanges": true, "resourceOperations": ["create", "rename", "delete"]]]]

    /// A client of `site` with `capabilities`.
    private func makeClient(_ site: TestSite, encodings: [String] = [], capabilities: JSONValue = [:]) -> LanguageClient {
        LanguageClient(site: site, encodings: encodings, capabilities: capabilities)
    }

    @Test(arguments: [[String](), ["utf-8"]])
    func aSourceIdIsRenamedInSourcesYmlAndEveryCitation(encodings: [String]) throws {
        let site = try TestSite()
        defer { site.remove() }
        let before = site.run(["check", "--today", "2026-11-29"])
        var client = makeClient(site, encodings: encodings)
        try client.open(Self.page)
        let prepared = try client.ask("prepareRename", Self.page, at: "raise-the-bar @ 6:13", offset: 4)
        #expect(prepared["placeholder"]?.string == "raise-the-bar")
        let edit = try client.ask("rename", Self.page, at: "raise-the-bar @ 6:13", offset: 4, ["newName": "raise-the-bar-talk"])
        let changes = edit["changes"]?.object ?? [:]
        #expect(changes.keys.sorted() == [client.uri("Content/patterns/symbols-not-labels.md"), client.uri("Content/sources.yml")])
        try client.apply(edit)
        let renamed = try site.read(Self.page)
        #expect(!renamed.contains("raise-the-bar @") && renamed.contains("raise-the-bar-talk @ 6:13"))
        #expect(try site.read("Content/sources.yml").contains("\nraise-the-bar-talk:\n"))
        let after = site.run(["check", "--today", "2026-11-29"])
        #expect(after.status == before.status)
        #expect(after.err == before.err)
    }

    @Test func aSourceIdAlreadyUsedIsRefused() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = makeClient(site)
        try client.open(Self.page)
        let place = try site.read(Self.page).utf16Position(of: "hig § Vertical")
        let answer = client.request("textDocument/rename", ["textDocument": ["uri": .string(client.uri(Self.page))], "position": ["line": .int(place.line), "character": .int(place.character)], "newName": "developer-article"])
        #expect(answer["error"]?["code"]?.int == -32803)
        #expect(answer["error"]?["message"]?.string?.contains("sources.yml has a source 'developer-article' already") == true)
        #expect(answer["result"] == nil)
    }

    @Test func aTagIsRenamedOnEveryPageCarryingIt() throws {
        let site = try TestSite()
        defer { site.remove() }
        let before = site.run(["check", "--today", "2026-11-29"])
        var client = makeClient(site, capabilities: Self.renamesFiles)
        try client.open(Self.other)
        let prepared = try client.ask("prepareRename", Self.other, at: "bars, column", offset: 1)
        #expect(prepared["placeholder"]?.string == "bars")
        let edit = try client.ask("rename", Self.other, at: "bars, column", offset: 1, ["newName": "Bar items"])
        // As documentChanges, the open page with its version.
        let documents = edit["documentChanges"]?.array ?? []
        #expect(documents.count == 2)
        #expect(documents.first { $0["textDocument"]?["uri"]?.string == client.uri(Self.other) }?["textDocument"]?["version"] == 1)
        try client.apply(edit)
        #expect(try site.read(Self.other).contains("tags: [Bar items, column]"))
        #expect(try site.read(Self.page).contains("tags: [Bar items, symbols, badges, column]"))
        #expect(site.run(["check", "--today", "2026-11-29"]).err == before.err)
    }

    @Test(arguments: [[String](), ["utf-8"]])
    func aPageIsRenamedWithEveryLinkToItAndThePlacementTable(encodings: [String]) throws {
        let site = try TestSite()
        defer { site.remove() }
        let before = site.run(["check", "--today", "2026-11-29"])
        var client = makeClient(site, encodings: encodings, capabilities: Self.renamesFiles)
        try client.open(Self.page)
        // On the link to it, after curly apostrophes.
        let prepared = try client.ask("prepareRename", Self.page, at: "where-the-bars-go.md#rule-1)", offset: 3)
        #expect(prepared["placeholder"]?.string == "where-the-bars-go")
        let edit = try client.ask("rename", Self.page, at: "where-the-bars-go.md#rule-1)", offset: 3, ["newName": "bars-on-the-side"])
        let steps = edit["documentChanges"]?.array ?? []
        #expect(steps.last == ["kind": "rename", "oldUri": .string(client.uri(Self.other)), "newUri": .string(client.uri("Content/patterns/bars-on-the-side.md"))])
        try client.apply(edit)
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent(Self.other).path))
        #expect(try site.read(Self.page).contains("[Where the bars go, rule 1](bars-on-the-side.md#rule-1)"))
        #expect(try site.read("Content/placement.yml").contains("rule: bars-on-the-side#rule-1\n"))
        let after = site.run(["check", "--today", "2026-11-29"])
        #expect(after.status == before.status)
        #expect(after.err == before.err)
    }

    /// The slug renamed in the editor and by `duosite mv`, each on a copy
    /// of one published site whose pages cite the page in every way
    /// (`Fixtures/Move`): every file under Content/ has the same bytes —
    /// the page's old address among its aliases — and the site checks
    /// clean, the old address answering.
    @Test(arguments: [[String](), ["utf-8"]])
    func aPageIsRenamedExactlyAsDuositeMvMovesIt(encodings: [String]) throws {
        let edited = try MoveCommandTests.site(), moved = try MoveCommandTests.site()
        defer { edited.remove(); moved.remove() }
        for site in [edited, moved] {
            let built = site.run(["build", "--today", "2026-11-29", "--quiet"])
            #expect(built.status == 0, "\(built.err)")
        }
        var client = makeClient(edited, encodings: encodings, capabilities: Self.renamesFiles)
        try client.open(Self.page)
        let edit = try client.ask("rename", Self.page, at: "Symbols, not labels: bar", offset: 2, ["newName": "symbols-first"])
        let steps = edit["documentChanges"]?.array ?? []
        #expect(steps.last == ["kind": "rename", "oldUri": .string(client.uri(Self.page)), "newUri": .string(client.uri(MoveCommandTests.moved))])
        // The page's own edit (its alias) comes before it is renamed.
        #expect(steps.dropLast().contains { $0["textDocument"]?["uri"]?.string == client.uri(Self.page) })
        try client.apply(edit)
        #expect(moved.run(["mv", "symbols-not-labels", "symbols-first"]).status == 0)
        let byEditor = MoveCommandTests.content(edited), byMv = MoveCommandTests.content(moved)
        #expect(byEditor.keys.sorted() == byMv.keys.sorted())
        for (file, bytes) in byMv { #expect(byEditor[file] == bytes, "\(file) differs from duosite mv's") }
        #expect(try edited.read(MoveCommandTests.moved).contains("aliases: [/patterns/symbols-not-labels/]"))
        #expect(try MoveCommandTests.errors(edited).isEmpty)
        #expect(edited.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        #expect(try edited.read("Public/patterns/symbols-not-labels/index.html").contains("/patterns/symbols-first/"))
    }

    /// The editor's unsaved text is what is moved: a link typed into an open
    /// page, not saved, is rewritten in its edit; the page's unsaved text
    /// gets its alias.
    @Test func theUnsavedTextOfOpenPagesIsWhatIsRenamed() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = makeClient(site, capabilities: Self.renamesFiles)
        let citing = try site.read(Self.page).replacingOccurrences(of: "every item in them follows", with: "every item ([again](where-the-bars-go.md#rule-2)) in them follows")
        try client.open(Self.page, citing)
        let moving = try site.read(Self.other).replacingOccurrences(of: "title: Where the bars go", with: "title: Where the bars go\naliases: [/patterns/bars/]")
        try client.open(Self.other, moving)
        let edit = try client.ask("rename", Self.other, at: "Where the bars go", offset: 2, ["newName": "bars-on-the-side"])
        let steps = edit["documentChanges"]?.array ?? []
        func edits(_ file: String) -> [JSONValue] {
            steps.first { $0["textDocument"]?["uri"]?.string == client.uri(file) }?["edits"]?.array ?? []
        }
        let cited = client.applying(edits(Self.page), to: citing)
        #expect(cited.contains("([again](bars-on-the-side.md#rule-2))") && cited.contains("(bars-on-the-side.md#rule-1)"))
        #expect(client.applying(edits(Self.other), to: moving).contains("aliases: [/patterns/bars/, /patterns/where-the-bars-go/]\n"))
    }

    @Test func aPageIsRenamedFromItsOwnTitle() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = makeClient(site, capabilities: Self.renamesFiles)
        try client.open(Self.page)
        let prepared = try client.ask("prepareRename", Self.page, at: "Symbols, not labels: bar", offset: 2)
        #expect(prepared["placeholder"]?.string == "symbols-not-labels")
        let edit = try client.ask("rename", Self.page, at: "Symbols, not labels: bar", offset: 2, ["newName": "symbols-first"])
        try client.apply(edit)
        #expect(try site.read(Self.other).contains("[Symbols, not labels](symbols-first.md)"))
        let table = try site.read("Content/placement.yml")
        #expect(!table.contains("symbols-not-labels#") && table.components(separatedBy: "symbols-first#rule-").count == 17)
        #expect(site.run(["check", "--today", "2026-11-29"]).status == 0)
    }

    @Test func aSlugTakenOrNotASlugOrAnEditorThatCannotRenameFilesIsRefused() throws {
        let site = try TestSite()
        defer { site.remove() }
        var renaming = makeClient(site, capabilities: Self.renamesFiles)
        try renaming.open(Self.page)
        func refusal(_ client: inout LanguageClient, _ name: String) throws -> String? {
            let place = try site.read(Self.page).utf16Position(of: "where-the-bars-go.md#rule-1)")
            let answer = client.request("textDocument/rename", ["textDocument": ["uri": .string(client.uri(Self.page))], "position": ["line": .int(place.line), "character": .int(place.character + 2)], "newName": .string(name)])
            #expect(answer["result"] == nil)
            return answer["error"]?["message"]?.string
        }
        #expect(try refusal(&renaming, "symbols-not-labels")?.contains("Content/patterns/symbols-not-labels.md exists already") == true)
        #expect(try refusal(&renaming, "Bars Here")?.contains("did you mean 'bars-here'?") == true)
        // As duosite mv refuses: another page's alias (in the editor's text, saved), an address let go.
        let aliased = try site.read(Self.page).replacingOccurrences(of: "owner: DuoApps editors\n", with: "owner: DuoApps editors\naliases: [bars-here]\n")
        try site.write(aliased, to: Self.page)
        renaming.change(Self.page, aliased)
        #expect(try refusal(&renaming, "bars-here")?.contains("/patterns/bars-here/ is an alias of Content/patterns/symbols-not-labels.md") == true)
        try site.write(try site.read("Content/site.yml") + "gone: [/patterns/let-go/]\n", to: "Content/site.yml")
        #expect(try refusal(&renaming, "let-go")?.contains("site.yml's 'gone' lets /patterns/let-go/ go") == true)
        var plain = makeClient(site)
        try plain.open(Self.page)
        #expect(try refusal(&plain, "bars-elsewhere")?.contains("duosite mv where-the-bars-go bars-elsewhere") == true)
    }

    @Test func plainTextCannotBeRenamed() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = makeClient(site)
        try client.open(Self.page)
        #expect(try client.ask("prepareRename", Self.page, at: "every item in them follows") == .null)
    }
}
