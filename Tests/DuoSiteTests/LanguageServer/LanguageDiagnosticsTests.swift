import Foundation
import Testing
@testable import DuoSite

/// Diagnostics pushed for open pages: `check`'s findings with their range,
/// severity, code and source, from the editor's unsaved text; refreshed by
/// a change to the site's files or to a page another cites; gone once
/// fixed.
@Suite struct LanguageDiagnosticsTests {
    static let file = "Content/patterns/where-the-bars-go.md"
    static let other = "Content/patterns/symbols-not-labels.md"

    @Test func theUnsavedTextsFindingsArePublishedWithTheirRangeCodeAndSeverity() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let text = try site.read(Self.file).replacingOccurrences(of: "last_checked: 2026-10-08", with: "last_checked: 2025-10-08")
            .replacingOccurrences(of: "status: apple", with: "status: aple")
        try client.open(Self.file, text)
        client.settle()
        let diagnostics = client.diagnostics(of: Self.file)
        let stale = try #require(diagnostics.first { $0["code"] == "stale" })
        #expect(stale["severity"]?.int == 1)
        #expect(stale["source"] == "duosite")
        let (line, character) = text.utf16Position(of: "2025-10-08")
        #expect(stale["range"]?["start"] == ["line": .int(line), "character": .int(character)])
        #expect(stale["range"]?["end"] == ["line": .int(line), "character": .int(character + 10)])
        let status = try #require(diagnostics.first { $0["code"] == "invalid-field" })
        #expect(status["range"]?["start"]?["line"]?.int == text.utf16Position(of: "aple").line)
        // The file on disk is as it was: the findings are the editor's text's.
        #expect(try site.read(Self.file).contains("status: apple"))
    }

    @Test func aWarningHasSeverityTwo() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        // Due within due_soon of 2026-11-29: a warning.
        try client.open(Self.file, try site.read(Self.file).replacingOccurrences(of: "last_checked: 2026-10-08", with: "last_checked: 2026-06-10"))
        client.settle()
        let dueSoon = try #require(client.diagnostics(of: Self.file).first { $0["code"] == "due-soon" })
        #expect(dueSoon["severity"]?.int == 2)
    }

    @Test(arguments: [([String](), "utf-16"), (["utf-8"], "utf-8")])
    func aRangeAfterNonASCIITextIsInTheAgreedUnits(encodings: [String], unit: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site, encodings: encodings)
        let line = "Curly “quotes”, é and 😀 before [a link](nowhere.md#rule-1)."
        let text = try site.read(Self.file) + "\n" + line + "\n"
        try client.open(Self.file, text)
        client.settle()
        let broken = try #require(client.diagnostics(of: Self.file).first { $0["code"] == "broken-link" })
        let expected = unit == "utf-8" ? text.utf8Position(of: "[a link]") : text.utf16Position(of: "[a link]")
        #expect(broken["range"]?["start"] == ["line": .int(expected.line), "character": .int(expected.character)])
    }

    @Test func aFixedProblemsDiagnosticGoesAndAnUnchangedOneIsNotSentAgain() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let text = try site.read(Self.file)
        try client.open(Self.file, text.replacingOccurrences(of: "status: apple", with: "status: aple"))
        client.settle()
        #expect(client.codes(of: Self.file) == ["invalid-field"])
        client.change(Self.file, text.replacingOccurrences(of: "status: apple", with: "status: aple") + "\nMore.\n", version: 2)
        #expect(client.settle().isEmpty)
        client.change(Self.file, text, version: 3)
        let published = client.settle()
        #expect(published.count == 1)
        #expect(published.first?["params"]?["version"]?.int == 3)
        #expect(client.codes(of: Self.file).isEmpty)
    }

    @Test func anEditToACitedPageRefreshesThePagesCitingIt() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let citing = try site.read(Self.other) + "\nSee [where the bars go](where-the-bars-go.md#more-bars).\n"
        try client.open(Self.other, citing)
        client.settle()
        #expect(client.codes(of: Self.other).contains("broken-anchor"))
        // The cited page gets the heading, unsaved, in another tab.
        let cited = try site.read(Self.file)
        try client.open(Self.file, cited + "\n## More bars\n\nText.\n")
        client.settle()
        #expect(!client.codes(of: Self.other).contains("broken-anchor"))
        // Closed unsaved: the file on disk has no such heading.
        client.close(Self.file)
        client.settle()
        #expect(client.codes(of: Self.other).contains("broken-anchor"))
        #expect(client.diagnostics[client.uri(Self.file)] == [])
    }

    @Test func aChangeToSourcesYmlOnDiskRefreshesTheOpenPages() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        try client.open(Self.other)
        client.settle()
        #expect(!client.codes(of: Self.other).contains("unknown-source"))
        let sources = try site.read("Content/sources.yml")
        try site.write(sources.replacingOccurrences(of: "\nhig:\n", with: "\nhig-renamed:\n"), to: "Content/sources.yml")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(client.uri("Content/sources.yml")), "type": 2]]])
        client.settle()
        #expect(client.codes(of: Self.other).contains("unknown-source"))
        try site.write(sources, to: "Content/sources.yml")
        client.notify("workspace/didChangeWatchedFiles", ["changes": [["uri": .string(client.uri("Content/sources.yml")), "type": 2]]])
        client.settle()
        #expect(!client.codes(of: Self.other).contains("unknown-source"))
    }

    @Test func aPageChangedOnDiskThatIsOpenKeepsTheEditorsText() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let text = try site.read(Self.file)
        try client.open(Self.file, text)
        client.settle()
        try site.write(text.replacingOccurrences(of: "status: apple", with: "status: aple"), to: Self.file)
        client.server.filesChanged([.path(Self.file)])
        client.settle()
        #expect(client.codes(of: Self.file).isEmpty)
    }

    @Test func anOpenSiteFilesUnsavedTextIsChecked() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        let file = "Content/sources.yml"
        let saved = try site.read(file)
        let text = saved.replacingOccurrences(of: "url: https://developer.apple.com/design/", with: "url: ftp://developer.apple.com/design/")
        try client.open(file)
        client.settle()
        #expect(client.codes(of: file).isEmpty)
        client.change(file, text)
        client.settle()
        let invalid = try #require(client.diagnostics(of: file).first)
        #expect(invalid["code"] == "invalid-field")
        #expect(invalid["range"]?["start"]?["line"]?.int == text.utf16Position(of: "ftp://").line)
        #expect(try site.read(file) == saved)
    }

    @Test func anUnsavedEditOfSourcesYmlRefreshesTheOpenPagesUntilItIsClosed() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        try client.open(Self.other)
        let sources = "Content/sources.yml"
        try client.open(sources)
        client.settle()
        #expect(!client.codes(of: Self.other).contains("unknown-source"))
        client.change(sources, try site.read(sources).replacingOccurrences(of: "\nhig:\n", with: "\nhig-renamed:\n"))
        client.settle()
        #expect(client.codes(of: Self.other).contains("unknown-source"))
        // Closed unsaved: the file on disk has the id.
        client.close(sources)
        client.settle()
        #expect(!client.codes(of: Self.other).contains("unknown-source"))
    }

    @Test(arguments: [[String](), ["utf-8"]])
    func incrementalChangesAfterNonASCIITextAreAppliedInOrder(encodings: [String]) throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site, encodings: encodings)
        let text = try site.read(Self.file) + "\nCurly “quotes” 😀 then [a link](where-the-bars-go.md).\n"
        try client.open(Self.file, text)
        client.settle()
        #expect(client.codes(of: Self.file).isEmpty)
        // The link's target made `nowhere.md`, in two changes: its name removed, then another typed.
        let target = encodings == ["utf-8"] ? text.utf8Position(of: "where-the-bars-go.md)") : text.utf16Position(of: "where-the-bars-go.md)")
        let name = "where-the-bars-go".utf8.count
        client.edit(Self.file, [
            (from: (target.line, target.character), to: (target.line, target.character + name), text: ""),
            (from: (target.line, target.character), to: (target.line, target.character), text: "nowhere"),
        ], version: 2)
        client.settle()
        let broken = try #require(client.diagnostics(of: Self.file).first { $0["code"] == "broken-link" })
        let link = encodings == ["utf-8"] ? text.utf8Position(of: "[a link]") : text.utf16Position(of: "[a link]")
        #expect(broken["range"]?["start"] == ["line": .int(link.line), "character": .int(link.character)])
        #expect(broken["message"]?.string?.contains("'nowhere.md'") == true)
    }
}
