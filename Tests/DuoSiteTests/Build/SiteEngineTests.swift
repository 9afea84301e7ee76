import Diagnostics
import Foundation
import Testing
@testable import DuoSite

/// The site engine with its pages in memory, as a long-running process
/// keeps it: what it holds is what `build` publishes, and after one page
/// file changes and is refreshed, what a fresh build of the changed site
/// publishes.
@Suite struct SiteEngineTests {
    static let today = Day("2026-11-29")!

    /// What a fresh build publishes, but the files copied as they are and
    /// the host's `_headers`.
    private func published(_ site: TestSite) -> [String: [UInt8]] {
        site.freshBuild().filter { !$0.key.hasPrefix("assets/") && $0.key != Site.Paths.headersFile }.mapValues { [UInt8]($0) }
    }

    private func memory(_ site: TestSite) -> EngineInMemory {
        EngineInMemory(options: BuildOptions(root: site.root, today: Self.today), sink: .memory)
    }

    @Test func theSiteInMemoryIsTheSitePublished() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.setRealBaseURL()
        let built = memory(site)
        #expect(built.files.keys.sorted() == published(site).keys.sorted())
        #expect(built.files == published(site))
        let result = site.run(["build", "--today", "2026-11-29", "--output", "Checked"])
        #expect(built.findings.map(\.formatted).joined(separator: "\n") + (built.findings.isEmpty ? "" : "\n") == result.err)
    }

    @Test func aPageChangedIsBuiltAgainAlone() throws {
        let site = try TestSite()
        defer { site.remove() }
        var built = memory(site)
        let file = "Content/patterns/where-the-bars-go.md"
        let text = try site.read(file)
        // Its text and its title: the page and what lists it change.
        try site.write(text.replacingOccurrences(of: "title: Where the bars go", with: "title: Where the bars go now") + "\nOne more paragraph.\n", to: file)
        built.refresh(file)
        #expect(built.files == published(site))
        #expect(String(decoding: try #require(built.files["index.html"]), as: UTF8.self).contains("Where the bars go now"))
    }

    /// Edits that leave the links between pages and what the site-wide
    /// files show as they were (a paragraph, a moved citation's words), then
    /// one that does not: the site is the site published after each.
    @Test func editsThatKeepTheLinksAndListingsGiveTheSitePublished() throws {
        let site = try TestSite()
        defer { site.remove() }
        var built = memory(site)
        let file = "Content/patterns/symbols-not-labels.md"
        let text = try site.read(file)
        try site.write(text + "\nOne more paragraph, with no link.\n", to: file)
        built.refresh(file)
        #expect(built.files == published(site))
        try site.write(text.replacingOccurrences(of: "every item in them follows a rule of its own", with: "each item in them follows its own rule"), to: file)
        built.refresh(file)
        #expect(built.files == published(site))
        try site.write(text.replacingOccurrences(of: "(where-the-bars-go.md#rule-1)", with: "(where-the-bars-go.md)"), to: file)
        built.refresh(file)
        #expect(built.files == published(site))
        #expect(!String(decoding: try #require(built.files["patterns/where-the-bars-go/index.html"]), as: UTF8.self).contains("Cited by"))
    }

    @Test func aCitingPageChangedChangesTheListUnderTheRuleItCites() throws {
        let site = try TestSite()
        defer { site.remove() }
        var built = memory(site)
        // symbols-not-labels cites where-the-bars-go's rule 1.
        let file = "Content/patterns/symbols-not-labels.md"
        let cited = "patterns/where-the-bars-go/index.html"
        let text = try site.read(file)
        try site.write(text.replacingOccurrences(of: "title: \"Symbols, not labels: bar items on iPhone Duo\"", with: "title: Symbols first"), to: file)
        built.refresh(file)
        #expect(built.files == published(site))
        #expect(String(decoding: try #require(built.files[cited]), as: UTF8.self).contains(">Symbols first</a>"))
        try site.write(text.replacingOccurrences(of: "where-the-bars-go.md#rule-1", with: "where-the-bars-go.md"), to: file)
        built.refresh(file)
        #expect(built.files == published(site))
        #expect(!String(decoding: try #require(built.files[cited]), as: UTF8.self).contains("Cited by"))
    }

    @Test func aPageAddedOrRemovedChangesTheSiteWideFilesAndFindings() throws {
        let site = try TestSite()
        defer { site.remove() }
        var built = memory(site)
        let file = "Content/patterns/extra.md"
        try site.write("---\ntitle: Extra\nsummary: An extra page.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\nSee [the rules](where-the-bars-go.md#rule-99).\n", to: file)
        built.refresh(file)
        #expect(built.findings.contains { $0.code == .brokenAnchor && $0.location.file == file })

        try site.write("---\ntitle: Extra\nsummary: An extra page.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\nSee [the rules](where-the-bars-go.md#rule-1).\n", to: file)
        built.refresh(file)
        #expect(!built.findings.contains { $0.severity == .error })
        #expect(built.files == published(site))

        try site.delete(file)
        built.refresh(file)
        #expect(built.files.keys.contains("patterns/extra/index.html") == false)
        #expect(built.files == published(site))
    }

    @Test func aPagesTextGivenInMemoryStandsInForItsFileUntilItIsReadAgain() throws {
        let site = try TestSite()
        defer { site.remove() }
        var checked = EngineInMemory(options: BuildOptions(root: site.root, drafts: true, today: Self.today), sink: .none)
        #expect(checked.files.isEmpty)
        #expect(checked.findings.isEmpty)
        let file = "Content/patterns/where-the-bars-go.md"
        let text = try site.read(file)
        checked.refresh(file, bytes: Array(text.replacingOccurrences(of: "status: apple", with: "status: aple").utf8))
        #expect(checked.findings(in: file).map(\.code) == [.invalidField])
        #expect(checked.findings(in: "Content/patterns/symbols-not-labels.md").isEmpty)
        // A page no file holds yet (an editor's new buffer) is read too.
        let unsaved = "Content/patterns/unsaved.md"
        checked.refresh(unsaved, bytes: Array("---\ntitle: Unsaved\n---\n".utf8))
        #expect(checked.findings(in: unsaved).contains { $0.code == .missingField })
        checked.refresh(file)
        #expect(checked.findings(in: file).isEmpty)
        #expect(checked.files.isEmpty)
    }

    /// Edits that change what other pages are checked against: after each,
    /// the checks across pages, run again for the files the edit may touch
    /// alone, find what a fresh run over every page finds.
    @Test func theChecksAcrossPagesAfterAnEditAreThoseOfAFullRun() throws {
        let site = try TestSite()
        defer { site.remove() }
        var built = memory(site)
        let bars = "Content/patterns/where-the-bars-go.md", symbols = "Content/patterns/symbols-not-labels.md", extra = "Content/patterns/extra.md"
        let barsText = try site.read(bars), symbolsText = try site.read(symbols)
        let page = "---\ntitle: Extra\nsummary: An extra page.\nstatus: apple\nlast_checked: 2026-10-08\ntags: [Tab bar]\n---\n\nSee [the rules](where-the-bars-go.md#rule-1).\n\n## FAQ\n\n### A question of its own?\n\nAn answer.\n"
        let edits: [(String, String?)] = [
            (extra, page),
            // Its title another's, a question another's, a tag another's spelt another way.
            (extra, page.replacingOccurrences(of: "title: Extra", with: "title: Where the bars go")),
            (extra, page.replacingOccurrences(of: "### A question of its own?", with: "### Why do some buttons stay at the top on iPhone Duo?")),
            (extra, page.replacingOccurrences(of: "tags: [Tab bar]", with: "tags: [tab-bar, '!!']")),
            // The page it links to loses the rule, then its anchors move; then it is mended.
            (bars, barsText.replacingOccurrences(of: "## The rules", with: "## Rules")),
            (bars, "\n" + barsText),
            (bars, barsText),
            // A page made a draft, a source no longer cited, then put back.
            (symbols, symbolsText.replacingOccurrences(of: "last_checked:", with: "draft: true\nlast_checked:")),
            (symbols, symbolsText.replacingOccurrences(of: "Sources (apple)", with: "Notes (apple)")),
            (symbols, symbolsText),
            // The page removed: the links to it are broken.
            (extra, nil),
        ]
        for (file, text) in edits {
            if let text { try site.write(text, to: file) } else { try site.delete(file) }
            built.refresh(file)
            let fresh = memory(site)
            #expect(built.findings.map(\.formatted) == fresh.findings.map(\.formatted), "after editing \(file)")
        }
    }

    @Test func theFindingsOfTheFilesReportedAreThoseOfEveryFile() throws {
        let site = try TestSite()
        defer { site.remove() }
        // Findings across pages of every kind: a broken link and anchor, a
        // link to a draft, a title and a question given twice, an unused source.
        let bars = "Content/patterns/where-the-bars-go.md"
        try site.write(try site.read(bars) + "\nSee [nothing](nowhere.md), [no anchor](symbols-not-labels.md#nope) and [the draft](draft.md).\n", to: bars)
        try site.write("---\ntitle: Where the bars go\nsummary: Twice.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\n## FAQ\n\n### Why do some buttons stay at the top on iPhone Duo?\n\nAn answer.\n", to: "Content/patterns/again.md")
        try site.write("---\ntitle: Draft\nsummary: A draft.\nstatus: apple\nlast_checked: 2026-10-08\ndraft: true\n---\n\nText.\n", to: "Content/patterns/draft.md")
        try site.addSource("unused")
        var memory = EngineInMemory(options: BuildOptions(root: site.root, drafts: false, today: Self.today), sink: .none)
        let every = memory.findings
        #expect(Set(every.map(\.code)).isSuperset(of: [.brokenLink, .brokenAnchor, .duplicateTitle, .duplicateQuestion, .unusedSource]))
        let files = Set(every.map(\.location.file)).union(["Content/patterns/symbols-not-labels.md", Site.Paths.placement])
        for file in files.sorted() {
            memory.reportedFiles = [file]
            #expect(memory.findings.map(\.formatted) == every.filter { $0.location.file == file }.map(\.formatted), "\(file)")
        }
        memory.reportedFiles = files
        #expect(memory.findings.map(\.formatted) == every.map(\.formatted))
    }
}

/// The engine as a long-running command drives it, with the site's files
/// and findings after each step.
private struct EngineInMemory {
    var engine: SiteEngine
    let sink: PageSink
    private(set) var files: [String: [UInt8]] = [:]

    init(options: BuildOptions, sink: PageSink) {
        engine = SiteEngine(options: options, theme: true, renders: sink.renders)
        self.sink = sink
        let source = PageSource(root: options.root, previous: nil)
        engine.read(source, into: sink)
        engine.link(into: sink, source: source)
        assemble()
    }

    var findings: [Diagnostic] { engine.findings }

    func findings(in file: String) -> [Diagnostic] { engine.findings(in: file) }

    var reportedFiles: Set<String>? {
        get { engine.reportedFiles }
        set {
            engine.reportedFiles = newValue
            engine.checkAcrossPages()
        }
    }

    mutating func refresh(_ file: String, bytes: [UInt8]? = nil) {
        let refresh = engine.refresh([file], texts: bytes.map { [file: $0] } ?? [:], into: sink)
        // The checks across pages again for the files the change may touch, as the preview runs them.
        engine.checkAcrossPages(after: refresh)
        assemble(checking: false)
    }

    /// Every file as the preview serves it: the site-wide files, and each
    /// page rendered as it is when asked for.
    private mutating func assemble(checking: Bool = true) {
        if checking { engine.checkAcrossPages() }
        guard sink.renders else { return files = [:] }
        files = engine.memorySiteFiles()
        let pages = engine.memoryPages
        for path in pages.pages.keys { files[path] = pages.html(at: path) }
    }
}
