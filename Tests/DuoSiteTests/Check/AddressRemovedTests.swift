import Foundation
import Testing
@testable import DuoSite

/// `check` and `build` compare the addresses the site would publish with
/// those the last build published — from its cache, or else from the
/// published `sitemap.xml` — and an address that would answer 404 is an
/// error (`address-removed`) until an alias keeps it or `gone:` lets it go.
@Suite struct AddressRemovedTests {
    static let page = "Content/patterns/symbols-not-labels.md"
    static let renamed = "Content/patterns/symbols-over-labels.md"

    static func published(_ site: TestSite) {
        let result = site.run(["build", "--today", "2026-11-20", "--quiet"])
        #expect(result.status == 0, "\(result.err)")
    }

    /// The page renamed by hand, and the links to it mended, so that the
    /// renamed address is all that is wrong.
    static func renameByHand(_ site: TestSite) throws {
        try site.move(page, to: renamed)
        for file in ["Content/placement.yml", "Content/patterns/where-the-bars-go.md"] {
            try site.write(try site.read(file).replacingOccurrences(of: "symbols-not-labels", with: "symbols-over-labels"), to: file)
        }
    }

    static func removed(_ run: CheckRun) throws -> [LocatedFinding] {
        try run.json().located.filter { $0.code == "address-removed" }
    }

    @Test func aPageRenamedByHandIsFoundByCheckAndBuildAtThePageThatTookItsPlace() throws {
        let site = try TestSite()
        defer { site.remove() }
        Self.published(site)
        let before = site.tree()
        try Self.renameByHand(site)

        let check = site.checkJSON()
        #expect(check.status == 1)
        #expect(try Self.removed(check) == [LocatedFinding(file: Self.renamed, line: 2, column: 8, severity: "error", code: "address-removed")])
        let message = try #require(try check.json().findings.first { $0["code"] as? String == "address-removed" }?["message"] as? String)
        #expect(message.hasPrefix("/patterns/symbols-not-labels/ was published on 2026-11-20 and would now answer 404"), "\(message)")
        #expect(message.contains("aliases: [/patterns/symbols-not-labels/]") && message.contains("gone: [/patterns/symbols-not-labels/]"))

        let build = site.run(["build", "--today", "2026-11-29"])
        #expect(build.status == 1)
        #expect(build.err.contains("\(Self.renamed):2:8: error: /patterns/symbols-not-labels/ was published on 2026-11-20 and would now answer 404"), "\(build.err)")
        // Nothing published: the site is as it was.
        #expect(site.tree() == before)
    }

    @Test func anAliasMendsIt() throws {
        let site = try TestSite()
        defer { site.remove() }
        Self.published(site)
        try Self.renameByHand(site)
        try AliasTests.add("aliases: [/patterns/symbols-not-labels/]", to: Self.renamed, in: site)
        #expect(try Self.removed(site.checkJSON()).isEmpty)
        let build = site.run(["build", "--today", "2026-11-29"])
        #expect(build.status == 0, "\(build.err)")
        let old = AliasTests.text(site.tree(), "patterns/symbols-not-labels/index.html")
        #expect(old.contains("url=/patterns/symbols-over-labels/"))
        // And the alias, once published, is kept like any address.
        let renamed = try site.read(Self.renamed)
        try site.write(renamed.replacingOccurrences(of: "aliases: [/patterns/symbols-not-labels/]\n", with: ""), to: Self.renamed)
        #expect(try Self.removed(site.checkJSON()) == [LocatedFinding(file: "Content/patterns", line: 1, column: 1, severity: "error", code: "address-removed")])
    }

    @Test func goneLetsItGoWithAPageSayingSo() throws {
        let site = try TestSite()
        defer { site.remove() }
        Self.published(site)
        try Self.renameByHand(site)
        try site.write(try site.read("Content/site.yml") + "gone: [/patterns/symbols-not-labels/]\n", to: "Content/site.yml")
        #expect(try Self.removed(site.checkJSON()).isEmpty)
        let build = site.run(["build", "--today", "2026-11-29"])
        #expect(build.status == 0, "\(build.err)")
        let tree = site.tree()
        let gone = AliasTests.text(tree, "patterns/symbols-not-labels/index.html")
        #expect(gone.contains("This pattern was withdrawn"))
        #expect(gone.contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(!gone.contains("http-equiv=\"refresh\""))
        for path in ["index.html", "sitemap.xml", "feed.xml", "api/pages.json", "tags/bars/index.html"] {
            #expect(!AliasTests.text(tree, path).contains("/patterns/symbols-not-labels/"), "\(path)")
        }
    }

    @Test func withoutACacheThePublishedSitemapIsCompared() throws {
        let site = try TestSite()
        defer { site.remove() }
        Self.published(site)
        try site.delete(".Public.duosite-cache")
        try site.delete(".Public.spare")
        // The sitemap's day is the day it was written.
        var times = [timespec(tv_sec: 1_795_262_400, tv_nsec: 0), timespec(tv_sec: 1_795_262_400, tv_nsec: 0)]   // 2026-11-21, noon UTC
        #expect(utimensat(AT_FDCWD, site.root.appendingPathComponent("Public/sitemap.xml").path, &times, 0) == 0)
        try Self.renameByHand(site)
        let check = site.checkJSON()
        // The sitemap holds no titles: the finding is at the pages' folder.
        #expect(try Self.removed(check) == [LocatedFinding(file: "Content/patterns", line: 1, column: 1, severity: "error", code: "address-removed")])
        let message = try check.json().findings.first { $0["code"] as? String == "address-removed" }?["message"] as? String
        #expect(message?.hasPrefix("/patterns/symbols-not-labels/ was published on 2026-11-21") == true, "\(message ?? "")")
        #expect(site.run(["build", "--today", "2026-11-29"]).status == 1)
        // Without a sitemap either, nothing is compared.
        try site.delete("Public/sitemap.xml")
        #expect(try Self.removed(site.checkJSON()).isEmpty)
    }

    @Test func aSiteNeverBuiltComparesNothing() throws {
        let site = try TestSite()
        defer { site.remove() }
        try Self.renameByHand(site)
        #expect(try Self.removed(site.checkJSON()).isEmpty)
        #expect(site.run(["build", "--today", "2026-11-29"]).status == 0)
    }

    @Test func aPageWithOtherWordsButTheSameRulesIsFoundAsTheOneThatTookItsPlace() throws {
        let site = try TestSite()
        defer { site.remove() }
        Self.published(site)
        try Self.renameByHand(site)
        try site.write(try site.read(Self.renamed).replacingOccurrences(of: "title: \"Symbols, not labels: bar items on iPhone Duo\"", with: "title: Symbols over labels"), to: Self.renamed)
        let check = site.checkJSON()
        #expect(try Self.removed(check) == [LocatedFinding(file: Self.renamed, line: 2, column: 8, severity: "error", code: "address-removed")])
        #expect(try check.json().findings.contains { ($0["message"] as? String)?.contains("the same rules") == true })
    }

    @Test func draftsNeverCountAsPublished() throws {
        let site = try TestSite()
        defer { site.remove() }
        let draft = "---\ntitle: A draft\nsummary: Not yet.\nstatus: apple\nlast_checked: 2026-10-08\ndraft: true\n---\n\nSome text.\n"
        try site.write(draft, to: "Content/patterns/a-draft.md")
        // Built with the drafts shown, then removed: it was never published.
        let built = site.run(["build", "--today", "2026-11-20", "--drafts", "--quiet"])
        #expect(built.status == 0, "\(built.err)")
        try site.delete("Content/patterns/a-draft.md")
        #expect(try Self.removed(site.checkJSON()).isEmpty)
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        // A published page made a draft no longer answers: found at the draft.
        try site.write(try site.read(Self.page).replacingOccurrences(of: "status: recommendation", with: "status: recommendation\ndraft: true"), to: Self.page)
        let found = try Self.removed(site.checkJSON())
        #expect(found == [LocatedFinding(file: Self.page, line: 2, column: 8, severity: "error", code: "address-removed")])
    }
}
