import Foundation
import Testing
import DuoSite

/// `duosite mv`: a page renamed, its old address kept as an alias, every
/// link and rule reference to it rewritten where it stands and no other
/// byte changed; refused, changing nothing, when it cannot be done whole.
struct MoveCommandTests {
    static let page = "Content/patterns/symbols-not-labels.md"
    static let moved = "Content/patterns/symbols-first.md"
    /// The pages of `Fixtures/Move` citing the page, each beside the bytes
    /// it has once the page is `symbols-first` (`<name>.expected.md`).
    static let citing = ["citing-rules", "citing-crlf", "citing-angle"]

    static func fixture(_ name: String) throws -> Data {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)).appendingPathComponent("Move")
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// The repository's site with the citing pages, and one reference of
    /// placement.yml quoted and followed by a comment naming the page.
    static func site() throws -> TestSite {
        let site = try TestSite()
        for name in citing {
            try fixture("\(name).md").write(to: site.root.appendingPathComponent("Content/patterns/\(name).md"))
        }
        let table = try site.read("Content/placement.yml")
        let first = try #require(table.range(of: "rule: symbols-not-labels#rule-8"))
        try site.write(table.replacingCharacters(in: first, with: "rule: \"symbols-not-labels#rule-8\"   # symbols-not-labels#rule-8, kept in a comment"),
                       to: "Content/placement.yml")
        return site
    }

    /// Every file under Content/, for comparing before and after.
    static func content(_ site: TestSite) -> [String: Data] { site.tree("Content") }

    static func errors(_ site: TestSite) throws -> [LocatedFinding] {
        try site.checkJSON().json().located.filter { $0.severity == "error" }
    }

    @Test func renamesThePageAndRewritesEveryReferenceToIt() throws {
        let site = try Self.site()
        defer { site.remove() }
        #expect(try Self.errors(site).isEmpty)
        let warnings = try site.checkJSON().json().located.map(\.code)
        let built = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(built.status == 0, "\(built.err)")
        let before = Self.content(site)

        let result = site.run(["mv", "symbols-not-labels", "symbols-first"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.hasPrefix("Content/patterns/symbols-not-labels.md → Content/patterns/symbols-first.md\n"))
        #expect(result.out.contains("Content/patterns/citing-crlf.md:10: symbols-not-labels.md#rule-1 → symbols-first.md#rule-1\n"), "\(result.out)")
        #expect(result.out.contains("Content/patterns/symbols-first.md:9: aliases: [] → aliases: [/patterns/symbols-not-labels/]\n"), "\(result.out)")
        #expect(result.out.contains("Content/placement.yml:30: symbols-not-labels#rule-8 → symbols-first#rule-8\n"))

        let after = Self.content(site)
        #expect(after["patterns/symbols-not-labels.md"] == nil)
        // The page: its old address added to its front matter, nothing else.
        let page = String(decoding: try #require(before["patterns/symbols-not-labels.md"]), as: UTF8.self)
        let closing = try #require(page.range(of: "\n---\n", options: [], range: page.index(after: page.startIndex)..<page.endIndex))
        let expectedPage = String(page[..<closing.lowerBound]) + "\naliases: [/patterns/symbols-not-labels/]" + String(page[closing.lowerBound...])
        #expect(after["patterns/symbols-first.md"] == Data(expectedPage.utf8))
        // The pages citing it, each as its expected bytes.
        for name in Self.citing {
            #expect(after["patterns/\(name).md"] == (try Self.fixture("\(name).expected.md")), "\(name)")
        }
        let bars = String(decoding: try #require(before["patterns/where-the-bars-go.md"]), as: UTF8.self)
        #expect(after["patterns/where-the-bars-go.md"] == Data(bars.replacingOccurrences(of: "(symbols-not-labels.md", with: "(symbols-first.md").utf8))
        // placement.yml: each reference, quoted or not; the comment as it was.
        let table = String(decoding: try #require(before["placement.yml"]), as: UTF8.self)
        let expectedTable = table.replacingOccurrences(of: "rule: symbols-not-labels#", with: "rule: symbols-first#")
            .replacingOccurrences(of: "rule: \"symbols-not-labels#", with: "rule: \"symbols-first#")
        #expect(expectedTable.contains("# symbols-not-labels#rule-8, kept in a comment"))
        #expect(after["placement.yml"] == Data(expectedTable.utf8))
        // Nothing else changed.
        let touched = Set(["patterns/symbols-not-labels.md", "patterns/symbols-first.md", "patterns/where-the-bars-go.md", "placement.yml"])
            .union(Self.citing.map { "patterns/\($0).md" })
        #expect(before.filter { !touched.contains($0.key) } == after.filter { !touched.contains($0.key) })

        // The site checks as cleanly as before, and the old address leads to the page.
        #expect(try Self.errors(site).isEmpty)
        #expect(try site.checkJSON().json().located.map(\.code) == warnings)
        let rebuilt = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(rebuilt.status == 0, "\(rebuilt.err)")
        let old = String(decoding: site.tree()["patterns/symbols-not-labels/index.html"] ?? Data(), as: UTF8.self)
        #expect(old.contains("<meta http-equiv=\"refresh\" content=\"0; url=/patterns/symbols-first/\">"))
        #expect(site.tree()["patterns/symbols-first/index.html"] != nil)
    }

    @Test func movedBackTheAliasIsTheOldAddress() throws {
        let site = try Self.site()
        defer { site.remove() }
        let original = Self.content(site)
        #expect(site.run(["mv", Self.page, "symbols-first"]).status == 0)
        #expect(site.run(["mv", "symbols-first", "symbols-not-labels"]).status == 0)
        let page = String(decoding: try #require(Self.content(site)["patterns/symbols-not-labels.md"]), as: UTF8.self)
        #expect(page.contains("\naliases: [/patterns/symbols-first/]\n---\n"))
        // Every other file back as it was.
        #expect(Self.content(site).filter { $0.key != "patterns/symbols-not-labels.md" } == original.filter { $0.key != "patterns/symbols-not-labels.md" })
        #expect(try Self.errors(site).isEmpty)
    }

    @Test func dryRunPrintsTheChangesAndChangesNothing() throws {
        let site = try Self.site()
        defer { site.remove() }
        let before = Self.content(site)
        let result = site.run(["mv", "symbols-not-labels", "symbols-first", "--dry-run"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("Content/patterns/citing-angle.md:8: symbols-not-labels.md#rule-4 → symbols-first.md#rule-4\n"), "\(result.out)")
        #expect(result.out.hasSuffix("Nothing was changed (--dry-run).\n"))
        #expect(Self.content(site) == before)
    }

    @Test(arguments: [
        (["mv", "symbols-not-labels", "where-the-bars-go"], "Content/patterns/where-the-bars-go.md exists already"),
        (["mv", "symbols-not-labels", "Symbols_First"], "'Symbols_First' is not a page's slug"),
        (["mv", "symbols-not-labels", "symbols-not-labels"], "the page is Content/patterns/symbols-not-labels.md already"),
        (["mv", "no-such-page", "symbols-first"], "no page 'no-such-page'"),
    ])
    func refusesAndChangesNothing(arguments: [String], reason: String) throws {
        let site = try Self.site()
        defer { site.remove() }
        let before = Self.content(site)
        let result = site.run(arguments)
        #expect(result.status == 1)
        #expect(result.err.contains(reason), "\(result.err)")
        #expect(result.err.hasSuffix("Nothing was changed.\n"))
        #expect(Self.content(site) == before)
    }

    @Test func aNewAddressAnotherPageAnswersAtIsRefused() throws {
        let site = try Self.site()
        defer { site.remove() }
        try site.write(try site.read("Content/patterns/citing-rules.md").replacingOccurrences(of: "title: Citing rules", with: "title: Citing rules\naliases: [symbols-first]"),
                       to: "Content/patterns/citing-rules.md")
        let before = Self.content(site)
        let result = site.run(["mv", "symbols-not-labels", "symbols-first"])
        #expect(result.status == 1)
        #expect(result.err.contains("Content/patterns/citing-rules.md:3:11: error: /patterns/symbols-first/ is an alias of Content/patterns/citing-rules.md"), "\(result.err)")
        #expect(Self.content(site) == before)
    }

    /// A file that cannot be written once the others are: the new page
    /// goes and every file written gets its old bytes back.
    @Test func aFileThatCannotBeWrittenChangesNothing() throws {
        let site = try Self.site()
        defer { site.remove() }
        let before = Self.content(site)
        // placement.yml, written last, cannot be: the name its new bytes are written under first is taken by a folder.
        let blocker = site.root.appendingPathComponent("Content/.placement.yml.duosite-\(getpid())")
        try FileManager.default.createDirectory(at: blocker, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let result = site.run(["mv", "symbols-not-labels", "symbols-first"])
        #expect(result.status == 1)
        #expect(result.err.contains("placement.yml"), "\(result.err)")
        #expect(result.err.hasSuffix("Nothing was changed.\n"))
        try? FileManager.default.removeItem(at: blocker)
        #expect(Self.content(site) == before)
    }
}

/// The old address added to aliases a page already has, as a line like
/// the others of a block list, or in a flow list.
struct MoveAliasListTests {
    @Test(arguments: [
        ("aliases:\n  - old-bars   # from the first site\n", "aliases:\n  - old-bars   # from the first site\n  - /patterns/where-the-bars-go/\n"),
        ("aliases: ['old-bars']  # kept\n", "aliases: ['old-bars', /patterns/where-the-bars-go/]  # kept\n"),
        ("aliases: []\n", "aliases: [/patterns/where-the-bars-go/]\n"),
    ])
    func theOldAddressJoinsTheList(written: String, expected: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        let file = "Content/patterns/where-the-bars-go.md"
        let text = try site.read(file)
        try site.write(text.replacingOccurrences(of: "order: 1\n", with: "order: 1\n" + written), to: file)
        let result = site.run(["mv", "where-the-bars-go", "bars"])
        #expect(result.status == 0, "\(result.err)")
        #expect(try site.read("Content/patterns/bars.md") == text.replacingOccurrences(of: "order: 1\n", with: "order: 1\n" + expected))
        #expect(try site.checkJSON().json().located.filter { $0.severity == "error" }.isEmpty)
    }
}
