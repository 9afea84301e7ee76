import Diagnostics
import Foundation
import Testing
@testable import DuoSite

/// `check` takes the pages unchanged since the last build from that build's
/// cache, and finds exactly what it finds reading every page.
@Suite struct CheckCacheTests {
    /// A page with a finding of its own (an unknown key) and a question
    /// another page asks: findings of a page alone and across pages.
    static let extra = "---\ntitle: Extra\nsummary: An extra page.\nstatus: apple\nlast_checked: 2026-10-08\nbogus: 1\n---\n\nSee [the rules](where-the-bars-go.md#rule-1).\n\n## FAQ\n\n### Why do some buttons stay at the top on iPhone Duo?\n\nBecause.\n"

    static let today = Day("2026-11-29")!

    /// The check with the build's cache, and the check reading every page.
    static func checks(_ site: TestSite, today: Day = today) -> (cached: SiteCheck, read: SiteCheck) {
        (SiteCheck.run(root: site.root, today: today, reusingBuildInto: site.root.appendingPathComponent("Public")),
         SiteCheck.run(root: site.root, today: today))
    }

    @Test func aCheckAfterABuildTakesEveryUnchangedPageFromItsCache() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(Self.extra, to: "Content/patterns/extra.md")
        // Before any build there is no cache: every page is read.
        var (cached, read) = Self.checks(site)
        #expect(cached.pagesFromCache == 0)
        #expect(cached.diagnostics == read.diagnostics && cached.reviews == read.reviews)

        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        (cached, read) = Self.checks(site)
        #expect(cached.pagesFromCache == 3)
        #expect(read.pagesFromCache == 0)
        #expect(cached.diagnostics == read.diagnostics && cached.reviews == read.reviews)
        let found = cached.diagnostics.map { "\($0.location.file):\($0.location.line): \($0.message) [\($0.code.rawValue)]" }
        #expect(found.contains("Content/patterns/extra.md:6: unknown key 'bogus' in the front matter [unknown-key]"), "\(found)")
        #expect(found.contains { $0.contains("is also asked in Content/patterns/extra.md:13") }, "\(found)")
    }

    /// A draft is left out of a build without `--drafts`, but the build
    /// still reads it and keeps it in its cache: `check`, which checks
    /// drafts too, takes it from there like any other page.
    @Test func aDraftLeftOutOfTheBuildIsStillTakenFromItsCache() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(Self.extra, to: "Content/patterns/extra.md")
        let draft = "---\ntitle: A draft\nsummary: Not yet.\nstatus: apple\nlast_checked: 2026-10-08\ndraft: true\n---\n\nSee [the extra page](extra.md#nowhere).\n"
        try site.write(draft, to: "Content/patterns/draft.md")
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Public/patterns/draft").path))
        let (cached, read) = Self.checks(site)
        #expect(cached.pagesFromCache == 4)
        #expect(cached.diagnostics == read.diagnostics && cached.reviews == read.reviews)
        #expect(cached.diagnostics.contains { $0.location.file == "Content/patterns/draft.md" && $0.code == .brokenAnchor })
    }

    /// A page changed since the build is read; the others come from the
    /// cache, and what the checks across pages find with it is found.
    @Test func aPageChangedSinceTheBuildIsReadAgain() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(Self.extra, to: "Content/patterns/extra.md")
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)

        // Another page's title, a link to a rule that page does not have, the question gone.
        let changed = Self.extra
            .replacingOccurrences(of: "title: Extra", with: "title: Where the bars go")
            .replacingOccurrences(of: "#rule-1)", with: "#rule-99)")
            .replacingOccurrences(of: "### Why do some buttons", with: "### Why do a few buttons")
        try site.write(changed, to: "Content/patterns/extra.md")
        let (cached, read) = Self.checks(site)
        #expect(cached.pagesFromCache == 2)
        #expect(cached.diagnostics == read.diagnostics && cached.reviews == read.reviews)
        let codes = Set(cached.diagnostics.map(\.code))
        #expect(codes.contains(.duplicateTitle) && codes.contains(.brokenAnchor))
        #expect(!codes.contains(.duplicateQuestion))

        // A page removed, and one that cannot be read: neither comes from the cache.
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/patterns/extra.md"))
        try site.write("---\ntitle: [unclosed\n---\n", to: "Content/patterns/broken.md")
        let (cachedAgain, readAgain) = Self.checks(site)
        #expect(cachedAgain.pagesFromCache == 2)
        // With the build's output, the page removed is one finding more: its address, published, would answer 404.
        #expect(cachedAgain.diagnostics.filter { $0.code == .addressRemoved }.map(\.location) == [Diagnostics.SourceLocation(file: "Content/patterns")])
        #expect(cachedAgain.diagnostics.filter { $0.code != .addressRemoved } == readAgain.diagnostics && cachedAgain.reviews == readAgain.reviews)
    }

    /// The cache stands in only for a build made on the same day, from the
    /// same settings and theme; a build's base URL and drafts option do
    /// not change what a check finds, so they do not matter.
    @Test func onlyABuildOfTheSameDayAndSettingsStandsIn() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(Self.extra, to: "Content/patterns/extra.md")
        #expect(site.run(["build", "--today", "2026-11-29", "--base-url", "https://example.org", "--drafts", "--quiet"]).status == 0)
        var (cached, read) = Self.checks(site)
        #expect(cached.pagesFromCache == 3)
        #expect(cached.diagnostics == read.diagnostics)

        // Another day: which pages are stale changes.
        let later = Day("2027-03-01")!
        (cached, read) = Self.checks(site, today: later)
        #expect(cached.pagesFromCache == 0)
        #expect(cached.diagnostics == read.diagnostics && cached.reviews == read.reviews)

        // Another sources.yml: what citations find changes.
        let sources = try site.read("Content/sources.yml")
        try site.write(sources.replacingOccurrences(of: "short: HIG", with: "short: Guidelines"), to: "Content/sources.yml")
        (cached, read) = Self.checks(site)
        #expect(cached.pagesFromCache == 0)
        #expect(cached.diagnostics == read.diagnostics)
    }

    /// On the command line: `check` finds the build's cache beside
    /// `Public/` (or `--output`), and prints the findings it prints
    /// without one; its summary line adds how many pages came from it.
    @Test func theCommandFindsTheSameWithTheCache() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(Self.extra, to: "Content/patterns/extra.md")
        let cold = site.run(["check", "--today", "2026-11-29", "--format", "json"])
        #expect(site.run(["build", "--today", "2026-11-29", "--output", "Site", "--quiet"]).status == 0)
        try site.write(Self.extra.replacingOccurrences(of: "title: Extra", with: "title: Where the bars go"), to: "Content/patterns/extra.md")
        let coldChanged = site.run(["check", "--today", "2026-11-29", "--format", "json"])
        let warm = site.run(["check", "--today", "2026-11-29", "--format", "json", "--output", "Site"])
        #expect(warm.status == 1 && coldChanged.status == 1)
        #expect(warm.out == coldChanged.out)
        #expect(warm.out != cold.out)
        #expect(warm.out.contains("duplicate-title"))
        // The findings are the same; the summary line also says how many
        // page files the cache stood in for (the one changed was read).
        let text = site.run(["check", "--today", "2026-11-29", "--output", "Site"])
        let coldText = site.run(["check", "--today", "2026-11-29"])
        #expect(text.err == coldText.err)
        #expect(coldText.out == "3 pages checked (3 fresh, 0 due soon, 0 stale): 1 error, 2 warnings\n")
        #expect(text.out == "3 pages checked (3 fresh, 0 due soon, 0 stale): 1 error, 2 warnings; 2 page files unchanged since the last build, taken from its cache\n")
    }
}
