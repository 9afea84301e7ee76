import Foundation
import Testing
@testable import DuoSite

/// The build's promises: it refuses bad content and leaves the previous site
/// as it was, replaces a good build whole, is byte-for-byte reproducible,
/// writes nothing outside its output folder, and keeps hostile text inert.
@Suite struct BuildGuaranteeTests {
    @Test func aGoodBuildWritesEveryFile() throws {
        let site = try TestSite()
        defer { site.remove() }
        let result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("Built 2 pages"))
        let files = site.tree()
        for path in ["index.html", "404.html", "robots.txt", "sitemap.xml", "feed.xml", "api/pages.json",
                     "patterns/symbols-not-labels/index.html", "patterns/where-the-bars-go/index.html"] {
            #expect(files[path] != nil, "missing \(path)")
        }
        #expect(files.keys.contains { $0.hasPrefix("assets/") && $0.hasSuffix(".css") })
    }

    @Test func contentWithErrorsPublishesNothingAndLeavesThePreviousSite() throws {
        let site = try TestSite()
        defer { site.remove() }
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        let before = site.tree()
        let page = try site.read("Content/patterns/where-the-bars-go.md")
        try site.write(page.replacingOccurrences(of: "title: Where the bars go", with: "title: [unclosed"), to: "Content/patterns/where-the-bars-go.md")

        let result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 1)
        #expect(result.err.contains("Content/patterns/where-the-bars-go.md:2:8: error: the front matter's YAML cannot be read: the '[' opened here is never closed"), "\(result.err)")
        #expect(result.err.contains("[yaml-syntax]"))
        // A page that cannot be read still exists: links to it are not reported as broken.
        #expect(!result.err.contains("[broken-link]"))
        #expect(result.err.contains("nothing was published"))
        #expect(site.tree() == before)
        let leftovers = try site.leftovers()
        #expect(leftovers.isEmpty)
    }

    /// The checks across pages run while the site-wide files are written
    /// into the staging folder: an error found there still publishes nothing.
    @Test func anErrorAcrossPagesPublishesNothingAndLeavesThePreviousSite() throws {
        let site = try TestSite()
        defer { site.remove() }
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        let before = site.tree()
        // A second page with the first one's title.
        try site.write(try site.read("Content/patterns/where-the-bars-go.md"), to: "Content/patterns/copy-of-a-page.md")

        let result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 1)
        #expect(result.err.contains("[duplicate-title]"))
        #expect(result.err.contains("nothing was published"))
        #expect(site.tree() == before)
        let leftovers = try site.leftovers()
        #expect(leftovers.isEmpty)
    }

    @Test func aStalePageDoesNotStopABuildAndShowsANotice() throws {
        let site = try TestSite()
        defer { site.remove() }
        let result = site.run(["build", "--today", "2027-06-01", "--quiet"])
        #expect(result.status == 0, "\(result.err)")
        let html = try site.read("Public/patterns/symbols-not-labels/index.html")
        #expect(html.contains("due to be checked again on April 6, 2027"))
    }

    @Test func aGoodBuildReplacesTheOutputWhole() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("left over", to: "Public/patterns/removed-page/index.html")
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        #expect(site.tree()["patterns/removed-page/index.html"] == nil)
        #expect(site.tree()["patterns/symbols-not-labels/index.html"] != nil)
    }

    /// A folder holding files a build does not write (one given by mistake,
    /// `--output ~/Documents`) is not replaced: they would be lost.
    @Test func anOutputHoldingOtherFilesIsLeftAlone() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("precious", to: "Notes/notes.txt")
        try site.write("kept", to: "Notes/index.html")
        let result = site.run(["build", "--today", "2026-11-29", "--output", "Notes"])
        // The command line names the wrong folder: a usage error, with the reason and the usage.
        #expect(result.status == 64)
        let path = site.root.appendingPathComponent("Notes").standardizedFileURL.resolvingSymlinksInPath().path
        #expect(result.err.hasPrefix("error: --output \(path) holds 'notes.txt', which duosite did not write; the build replaces its output whole, so it would be lost: move it out (into Static/ to publish it), or choose an empty folder or a previous build's\nUsage: duosite build "), "\(result.err)")
        #expect(site.tree("Notes") == ["notes.txt": Data("precious".utf8), "index.html": Data("kept".utf8)])
        // An empty folder, or a previous build's (a Finder's .DS_Store aside), is replaced.
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Notes/notes.txt"))
        try site.write("", to: "Notes/.DS_Store")
        #expect(site.run(["build", "--today", "2026-11-29", "--output", "Notes", "--quiet"]).status == 0)
        #expect(site.run(["build", "--today", "2026-11-29", "--output", "Notes", "--quiet"]).status == 0)
        #expect(site.tree("Notes")["index.html"] != Data("kept".utf8))
    }

    /// An output that would replace the site's own files is a wrong command
    /// line: exit 64 with the reason and the usage, and nothing changes.
    @Test(arguments: [
        (".", "would replace the site root; choose a folder of its own, like Public"),
        ("..", "would replace the site root; choose a folder of its own, like Public"),
        ("Content", "is inside the site's Content/ folder; choose a folder of its own, like Public"),
        ("Theme/assets", "is inside the site's Theme/ folder; choose a folder of its own, like Public"),
    ])
    func anOutputOverTheSiteIsAUsageError(output: String, reason: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        let before = site.tree(".")
        let result = site.run(["build", "--today", "2026-11-29", "--output", output])
        #expect(result.status == 64)
        let path = site.root.appendingPathComponent(output).standardizedFileURL.resolvingSymlinksInPath().path
        #expect(result.err.hasPrefix("error: --output \(path) \(reason)\nUsage: duosite build "), "\(result.err)")
        #expect(result.out.isEmpty)
        #expect(site.tree(".") == before)
    }

    @Test func twoBuildsAreByteIdentical() throws {
        let site = try TestSite()
        defer { site.remove() }
        #expect(site.run(["build", "--today", "2026-11-29", "--output", "First", "--quiet"]).status == 0)
        #expect(site.run(["build", "--today", "2026-11-29", "--output", "Second", "--quiet"]).status == 0)
        let first = site.tree("First"), second = site.tree("Second")
        #expect(!first.isEmpty)
        #expect(first == second)
    }

    /// The site's pages, and a hundred and fifty more with struck words and
    /// bare links, which cmark-gfm's extensions read: pages parsed on every
    /// core at once must come out as when parsed one after another.
    @Test func aParallelBuildEqualsASingleThreadedOne() throws {
        let site = try TestSite()
        defer { site.remove() }
        let count = 150
        for index in 0..<count {
            try site.write(Self.pageWithExtensions(index), to: "Content/patterns/struck-\(index).md")
        }
        let today = Day("2026-11-29")!
        let parallel = SiteBuilder(options: BuildOptions(root: site.root, output: site.root.appendingPathComponent("Parallel"), today: today, parallel: true)).run()
        let serial = SiteBuilder(options: BuildOptions(root: site.root, output: site.root.appendingPathComponent("Serial"), today: today, parallel: false)).run()
        #expect(parallel.published && serial.published)
        let parallelTree = site.tree("Parallel")
        #expect(parallelTree == site.tree("Serial"))
        let complete = (0..<count).filter { index in
            let page = String(decoding: parallelTree["patterns/struck-\(index)/index.html"] ?? Data(), as: UTF8.self)
            return page.contains("<del>struck</del>") && page.contains("<del>old</del>")
                && page.contains("<a href=\"http://www.example.com/\(index)\">www.example.com/\(index)</a>")
        }
        #expect(complete.count == count)
    }

    /// A page whose rule and answer use strikethrough and a bare link.
    private static func pageWithExtensions(_ index: Int) -> String {
        """
        ---
        title: Struck page \(index)
        summary: A page with struck words and a bare link.
        status: apple
        last_checked: 2026-10-08
        ---

        ## The rules

        1. A ~~struck~~ rule, with a bare link to www.example.com/\(index) in it.

           Sources (apple): hig § Vertical controls

        ## FAQ

        ### Is question \(index) answered?

        With an ~~old~~ answer.

        """
    }

    @Test func nothingIsWrittenOutsideTheOutputFolder() throws {
        let site = try TestSite()
        defer { site.remove() }
        // A file name that is not a slug is refused, whatever it says.
        try site.write("---\ntitle: Evil\nsummary: s\nstatus: apple\nlast_checked: 2026-10-08\n---\n", to: "Content/patterns/Evil Name.md")
        var result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 1)
        #expect(result.err.contains("Content/patterns/Evil Name.md:1:1: error: the file name"))
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/patterns/Evil Name.md"))

        // A link climbing out of the site is a broken link, never a path.
        let page = try site.read("Content/patterns/where-the-bars-go.md")
        try site.write(page + "\nSee [this](../../../../../../tmp/escape.md).\n", to: "Content/patterns/where-the-bars-go.md")
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 1)
        #expect(result.err.contains("[broken-link]"))
        try site.write(page, to: "Content/patterns/where-the-bars-go.md")

        // An output folder that would replace the site's own files is
        // refused (anOutputOverTheSiteIsAUsageError has the messages).
        for output in [".", "Content", "Content/patterns", ".."] {
            result = site.run(["build", "--today", "2026-11-29", "--output", output])
            #expect(result.status == 64, "output \(output)")
        }
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Content/site.yml").path))

        result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 0)
        let written = Set(site.tree().keys)
        #expect(written.allSatisfy { !$0.contains("..") })
    }

    @Test func theBaseURLOptionSetsCanonicalAddresses() throws {
        let site = try TestSite()
        defer { site.remove() }
        #expect(site.run(["build", "--today", "2026-11-29", "--base-url", "https://example.org/", "--quiet"]).status == 0)
        let html = try site.read("Public/patterns/where-the-bars-go/index.html")
        #expect(html.contains("<link rel=\"canonical\" href=\"https://example.org/patterns/where-the-bars-go/\">"))
        #expect(try site.read("Public/sitemap.xml").contains("<loc>https://example.org/patterns/where-the-bars-go/</loc><lastmod>2026-10-08</lastmod>"))
        #expect(site.run(["build", "--base-url", "ftp://x"]).status == 64)
        let withPath = site.run(["build", "--base-url", "https://example.org/docs"])
        #expect(withPath.status == 64)
        #expect(withPath.err.contains("error: --base-url is 'https://example.org/docs': it should be the address of the site's root"))
    }

    @Test func draftsArePublishedOnlyWithTheDraftsOption() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("---\ntitle: A draft\nsummary: Not yet.\nstatus: apple\nlast_checked: 2026-10-08\ndraft: true\n---\n\nSoon.\n", to: "Content/patterns/a-draft.md")
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        #expect(site.tree()["patterns/a-draft/index.html"] == nil)
        #expect(try !site.read("Public/sitemap.xml").contains("a-draft"))
        #expect(site.run(["build", "--today", "2026-11-29", "--drafts", "--quiet"]).status == 0)
        #expect(site.tree()["patterns/a-draft/index.html"] != nil)
    }
}

/// Rebuilds reuse what did not change, and give exactly what a full build gives.
@Suite struct IncrementalBuildTests {
    /// A page asking, on line 12, a question the repository's
    /// symbols-not-labels page asks too.
    static let askingExtra = "---\ntitle: Extra\nsummary: An extra page.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\nSome text.\n\n## FAQ\n\n### Why do some buttons stay at the top on iPhone Duo?\n\nBecause.\n"
    /// The warning a build gives about `askingExtra`'s question.
    static let askedTwice = "warning: the question 'Why do some buttons stay at the top on iPhone Duo?' is also asked in Content/patterns/extra.md:12"

    /// Full builds of a site as it is at the time, each into an output of
    /// its own with no page from a cache (`Fresh1`, `Fresh2`, …): what a
    /// rebuild must equal. Each knows what `Public/` answered at after its
    /// last build, as the rebuild does (`address-removed`): beside its
    /// output (made empty), a copy of `Public`'s cache whose fingerprints no build has,
    /// so that none of its pages or files stands in for a page.
    final class FullBuilds {
        private let site: TestSite
        private var count = 0

        init(_ site: TestSite) {
            self.site = site
        }

        /// Builds into the next output; what the command printed.
        func run() -> (status: Int32, out: String, err: String) {
            count += 1
            let cache = site.root.appendingPathComponent(".Public.duosite-cache")
            if var bytes = try? Data(contentsOf: cache), let end = bytes.firstIndex(of: 0x0A) {
                bytes.replaceSubrange(0..<end, with: Data("\(BuildCache.header) 0 0".utf8))
                try? bytes.write(to: site.root.appendingPathComponent(".\(last).duosite-cache"))
                try? FileManager.default.createDirectory(at: site.root.appendingPathComponent(last), withIntermediateDirectories: true)
            }
            return site.run(["build", "--today", "2026-11-29", "--output", last])
        }

        /// The last full build's output folder.
        var last: String { "Fresh\(count)" }
    }

    @Test func aRebuildAfterChangingOnePageEqualsAFullBuild() throws {
        let site = try TestSite()
        defer { site.remove() }
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".Public.duosite-cache").path))

        // Change one page; the rebuild into Public reuses the other.
        let page = try site.read("Content/patterns/where-the-bars-go.md")
        try site.write(page.replacingOccurrences(of: "title: Where the bars go", with: "title: Where the bars go now"), to: "Content/patterns/where-the-bars-go.md")
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        let rebuilt = site.tree()
        #expect(String(decoding: rebuilt["patterns/where-the-bars-go/index.html"] ?? Data(), as: UTF8.self).contains("Where the bars go now"))

        // A fresh full build of the same content, with no cache.
        #expect(site.run(["build", "--today", "2026-11-29", "--output", "Fresh", "--quiet"]).status == 0)
        #expect(rebuilt == site.tree("Fresh"))
    }

    @Test func aChangeToWhatEveryPageDependsOnRebuildsEveryPage() throws {
        let site = try TestSite()
        defer { site.remove() }
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        let sources = try site.read("Content/sources.yml")
        try site.write(sources.replacingOccurrences(of: "short: HIG", with: "short: Guidelines"), to: "Content/sources.yml")
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        #expect(try site.read("Public/patterns/symbols-not-labels/index.html").contains("Guidelines, Vertical controls"))
        #expect(site.run(["build", "--today", "2026-11-29", "--output", "Fresh", "--quiet"]).status == 0)
        #expect(site.tree() == site.tree("Fresh"))
    }

    /// A page file whose size, times and inode are as the cache recorded
    /// them is not read again; one edited without changing its size, its
    /// modification time put back, still is (its change time moved).
    @Test func aPageEditedWithoutChangingItsSizeOrModificationTimeIsReadAgain() throws {
        let site = try TestSite()
        defer { site.remove() }
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        // Files changed within a second of a build are read again anyway: wait, so that the cache keeps their stamps.
        Thread.sleep(forTimeInterval: 1.1)
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        let path = site.root.appendingPathComponent("Content/patterns/where-the-bars-go.md").path
        var before = stat()
        #expect(stat(path, &before) == 0)
        let page = try site.read("Content/patterns/where-the-bars-go.md")
        // Written in place, so that the inode stays the same too.
        try site.overwrite(page.replacingOccurrences(of: "title: Where the bars go", with: "title: Where the bars GO"), inPlace: "Content/patterns/where-the-bars-go.md")
        // The modification time put back to the nanosecond.
        var times = [before.st_atim, before.st_mtim]
        #expect(utimensat(AT_FDCWD, path, &times, 0) == 0)
        Thread.sleep(forTimeInterval: 1.1)
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        #expect(try site.read("Public/patterns/where-the-bars-go/index.html").contains("Where the bars GO"))
        #expect(site.run(["build", "--today", "2026-11-29", "--output", "Fresh", "--quiet"]).status == 0)
        #expect(site.tree() == site.tree("Fresh"))
    }

    /// A question is compared by its slug, even when its anchor had to be
    /// numbered, and even when the page asking it first comes from the cache.
    @Test func aQuestionAskedOnACachedPageIsStillFoundTwice() throws {
        let site = try TestSite()
        defer { site.remove() }
        // A heading takes the question's slug first, so the question's anchor is numbered.
        let extra = "---\ntitle: Extra\nsummary: An extra page.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\n## Why do some buttons stay at the top on iPhone Duo\n\nText.\n\n## FAQ\n\n### WHY do some buttons stay at the top on iPhone Duo?\n\nBecause.\n"
        try site.write(extra, to: "Content/patterns/extra.md")
        let expected = "Content/patterns/symbols-not-labels.md:104:1: warning: the question 'Why do some buttons stay at the top on iPhone Duo?' is also asked in Content/patterns/extra.md:14"
        var result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0)
        #expect(result.err.contains(expected), "\(result.err)")
        // Both pages come from the cache now.
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.err.contains(expected), "\(result.err)")
    }

    @Test func sourcesCitedOnlyByCachedPagesAreStillCited() throws {
        let site = try TestSite()
        defer { site.remove() }
        var result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0)
        #expect(!result.err.contains("[unused-source]"))
        // Every page comes from the cache now: the sources they cite come from it too.
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0)
        #expect(!result.err.contains("[unused-source]"), "\(result.err)")
        // A source no page cites is still found, among cached pages.
        let sources = try site.read("Content/sources.yml")
        try site.write(sources + "\nnever-cited:\n  title: Never cited\n  publisher: Apple Developer\n  kind: Guidelines\n  url: https://developer.apple.com/never\n  short: Never\n", to: "Content/sources.yml")
        // The first build reads every page again (sources.yml changed), the second reuses them.
        #expect(site.run(["build", "--today", "2026-11-29"]).err.contains("the source 'never-cited' is cited on no page"))
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.err.contains("the source 'never-cited' is cited on no page"), "\(result.err)")
    }

    /// The findings across pages are kept with the cache. A page edited
    /// where the checks across pages do not look leaves them to be reported
    /// again as they were; one edited where they look has them found again.
    /// Either way, a rebuild reports what a full build reports.
    @Test func findingsAcrossPagesAreKeptUntilWhatTheyReadChanges() throws {
        let site = try TestSite()
        defer { site.remove() }
        let extra = Self.askingExtra
        try site.write(extra, to: "Content/patterns/extra.md")
        let fullBuilds = FullBuilds(site)
        let duplicate = Self.askedTwice
        var result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0)
        #expect(result.err.contains(duplicate), "\(result.err)")

        // Text the checks across pages do not read: the finding is reported again.
        try site.write(extra.replacingOccurrences(of: "Some text.", with: "Other text."), to: "Content/patterns/extra.md")
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0)
        #expect(result.err.contains(duplicate), "\(result.err)")
        #expect(result.err == fullBuilds.run().err)

        // Lines added above the question move it: the finding names its new line.
        try site.write(extra.replacingOccurrences(of: "Some text.", with: "Other text.\n\nAnd more."), to: "Content/patterns/extra.md")
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0)
        #expect(result.err.contains("is also asked in Content/patterns/extra.md:14"), "\(result.err)")
        #expect(result.err == fullBuilds.run().err)

        // The question itself: the finding goes.
        try site.write(extra.replacingOccurrences(of: "### Why do some", with: "### Why do a few"), to: "Content/patterns/extra.md")
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0)
        #expect(!result.err.contains("is also asked in"), "\(result.err)")
        #expect(result.err == fullBuilds.run().err)
        #expect(site.tree() == site.tree(fullBuilds.last))
    }

    /// A title that changes is compared with every other page's again, the
    /// pages kept read for their front matter alone, while the other
    /// findings across pages stand; a change to what no check across pages
    /// reads (the date a page was checked) keeps them all. Either way a
    /// rebuild reports, and publishes, what a full build does.
    @Test func aChangedTitleIsComparedWithEveryOtherPageAgain() throws {
        let site = try TestSite()
        defer { site.remove() }
        let extra = Self.askingExtra
        try site.write(extra, to: "Content/patterns/extra.md")
        let fullBuilds = FullBuilds(site)
        let question = Self.askedTwice
        #expect(site.run(["build", "--today", "2026-11-29"]).status == 0)
        // Every page comes from the cache now.
        var result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0)
        #expect(result.err.contains(question), "\(result.err)")

        // Another page's title, in other letters: the build stops, and the question is still asked twice.
        try site.write(extra.replacingOccurrences(of: "title: Extra", with: "title: where the bars go"), to: "Content/patterns/extra.md")
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 1)
        #expect(result.err.contains("Content/patterns/where-the-bars-go.md:2:8: error: the title 'Where the bars go' is also the title of Content/patterns/extra.md; give each page its own [duplicate-title]"), "\(result.err)")
        #expect(result.err.contains(question), "\(result.err)")
        #expect(result.err == fullBuilds.run().err)

        // A title of its own: the site builds, as a full build does.
        try site.write(extra.replacingOccurrences(of: "title: Extra", with: "title: Extra, renamed"), to: "Content/patterns/extra.md")
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")
        #expect(!result.err.contains("[duplicate-title]"), "\(result.err)")
        #expect(result.err.contains(question), "\(result.err)")
        #expect(result.err == fullBuilds.run().err)
        #expect(site.tree() == site.tree(fullBuilds.last))
        #expect(try site.read("Public/index.html").contains("Extra, renamed"))

        // Checked on another day: the index and the feed change, no finding does.
        try site.write(extra.replacingOccurrences(of: "title: Extra", with: "title: Extra, renamed").replacingOccurrences(of: "last_checked: 2026-10-08", with: "last_checked: 2026-11-08"), to: "Content/patterns/extra.md")
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err == fullBuilds.run().err)
        #expect(site.tree() == site.tree(fullBuilds.last))
        #expect(try site.read("Public/feed.xml").contains("2026-11-08"))
    }

    /// A question or a heading edited on one page, the pages that ask the
    /// same question or link to the heading kept from the cache: the
    /// question is found asked twice (and, changed again, no longer), and
    /// the links to the heading are checked again where they stand, on the
    /// kept pages; a rebuild reports, and publishes, what a full build does.
    @Test func aChangedQuestionOrHeadingIsCheckedAgainstTheKeptPages() throws {
        let site = try TestSite()
        defer { site.remove() }
        let asking = "---\ntitle: Extra\nsummary: An extra page.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\n## Where it goes\n\nSome text.\n\n## FAQ\n\n### Why is this page here?\n\nBecause.\n"
        let linking = "---\ntitle: Linking\nsummary: A page that links.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\nSee [where it goes](extra.md#where-it-goes).\n"
        try site.write(asking, to: "Content/patterns/extra.md")
        try site.write(linking, to: "Content/patterns/linking.md")
        let fullBuilds = FullBuilds(site)
        var result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")
        #expect(!result.err.contains("is also asked in"), "\(result.err)")

        // The question becomes one another (kept) page asks.
        let twice = asking.replacingOccurrences(of: "### Why is this page here?", with: "### Why do some buttons stay at the top on iPhone Duo?")
        try site.write(twice, to: "Content/patterns/extra.md")
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains(Self.askedTwice.replacingOccurrences(of: "extra.md:12", with: "extra.md:14")), "\(result.err)")
        #expect(result.err == fullBuilds.run().err)
        #expect(site.tree() == site.tree(fullBuilds.last))

        // Asked in other words again: the finding goes.
        try site.write(asking, to: "Content/patterns/extra.md")
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")
        #expect(!result.err.contains("is also asked in"), "\(result.err)")
        #expect(result.err == fullBuilds.run().err)

        // The heading the kept page links to is renamed: its link breaks there.
        let renamed = asking.replacingOccurrences(of: "## Where it goes", with: "## Where it went")
        try site.write(renamed, to: "Content/patterns/extra.md")
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 1)
        #expect(result.err.contains("Content/patterns/linking.md:8:5: error: the link to 'extra.md#where-it-goes' names the anchor '#where-it-goes', which 'extra' does not have"), "\(result.err)")
        #expect(result.err == fullBuilds.run().err)

        // Named back: the site builds, as a full build does.
        try site.write(asking, to: "Content/patterns/extra.md")
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")
        #expect(!result.err.contains("[broken-anchor]"), "\(result.err)")
        #expect(result.err == fullBuilds.run().err)
        #expect(site.tree() == site.tree(fullBuilds.last))
    }

    /// The sources one page cites change, every other page kept from the
    /// cache: a source it alone cited is found cited nowhere, and found
    /// cited again when it cites it again, as a full build finds.
    @Test func aPageCitingOtherSourcesIsCountedWithTheKeptPages() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.addSource("extra-source")
        let citing = "---\ntitle: Extra\nsummary: An extra page.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\n## The rules\n\n1. Do this.\n\n   Sources (apple): extra-source\n"
        try site.write(citing, to: "Content/patterns/extra.md")
        let fullBuilds = FullBuilds(site)
        let unused = "the source 'extra-source' is cited on no page"
        var result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")
        #expect(!result.err.contains("[unused-source]"), "\(result.err)")

        // It cites another source: the extra one is cited nowhere.
        try site.write(citing.replacingOccurrences(of: "extra-source", with: "hig"), to: "Content/patterns/extra.md")
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains(unused), "\(result.err)")
        #expect(result.err == fullBuilds.run().err)

        // And cites it again.
        try site.write(citing, to: "Content/patterns/extra.md")
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")
        #expect(!result.err.contains("[unused-source]"), "\(result.err)")
        #expect(result.err == fullBuilds.run().err)
        #expect(site.tree() == site.tree(fullBuilds.last))
    }

    /// A rule removed from a page that the placement table and a kept page
    /// cite: the table's row and the kept page's link to it are found
    /// broken, as a full build finds them, and mended when it is back.
    @Test func aRuleRemovedIsCheckedAgainstTheTableAndTheKeptPages() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("---\ntitle: Extra\nsummary: An extra page.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\nSee [the ellipsis rule](symbols-not-labels.md#rule-8).\n",
                       to: "Content/patterns/extra.md")
        let page = try site.read("Content/patterns/symbols-not-labels.md")
        let rule = try #require(page.range(of: "8. Reserve the ellipsis"))
        let demo = try #require(page.range(of: "## Demo"))
        let withoutRule = String(page[..<rule.lowerBound] + page[demo.lowerBound...])
        let fullBuilds = FullBuilds(site)
        var result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")

        try site.write(withoutRule, to: "Content/patterns/symbols-not-labels.md")
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 1)
        #expect(result.err.contains("cites rule 8, but Content/patterns/symbols-not-labels.md has 7 rules"), "\(result.err)")
        #expect(result.err.contains("Content/patterns/extra.md:8:5: error: the link to 'symbols-not-labels.md#rule-8' names the anchor '#rule-8'"), "\(result.err)")
        #expect(result.err == fullBuilds.run().err)

        try site.write(page, to: "Content/patterns/symbols-not-labels.md")
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")
        #expect(!result.err.contains("[unknown-pattern-rule]") && !result.err.contains("[broken-anchor]"), "\(result.err)")
        #expect(result.err == fullBuilds.run().err)
        #expect(site.tree() == site.tree(fullBuilds.last))
    }

    /// A page made a draft that a kept page links to: the link is found
    /// pointing at a draft, as a full build finds it, and the draft's own
    /// links are no longer checked; published again, the site builds.
    @Test func aPageMadeADraftIsCheckedAgainstTheKeptPages() throws {
        let site = try TestSite()
        defer { site.remove() }
        let extra = "---\ntitle: Extra\nsummary: An extra page.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\nSee [the first rule](where-the-bars-go.md#rule-1).\n"
        try site.write(extra, to: "Content/patterns/extra.md")
        try site.write("---\ntitle: Linking\nsummary: A page that links.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\nSee [the extra page](extra.md).\n",
                       to: "Content/patterns/linking.md")
        let fullBuilds = FullBuilds(site)
        var result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")

        try site.write(extra.replacingOccurrences(of: "last_checked: 2026-10-08\n", with: "last_checked: 2026-10-08\ndraft: true\n"), to: "Content/patterns/extra.md")
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 1)
        #expect(result.err.contains("Content/patterns/linking.md:8:5: error: the link to 'extra.md' points at a draft"), "\(result.err)")
        #expect(result.err == fullBuilds.run().err)

        try site.write(extra, to: "Content/patterns/extra.md")
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")
        #expect(!result.err.contains("points at a draft"), "\(result.err)")
        #expect(result.err == fullBuilds.run().err)
        #expect(site.tree() == site.tree(fullBuilds.last))
    }

    /// A link edited where it stands, with nothing else moving on the page,
    /// is checked again, though the rest of what the checks across pages
    /// read is unchanged; mended, the site builds again.
    @Test func aLinkEditedInPlaceIsCheckedAgain() throws {
        let site = try TestSite()
        defer { site.remove() }
        let extra = "---\ntitle: Extra\nsummary: An extra page.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\nSee [the first rule](where-the-bars-go.md#rule-1) and more.\n"
        try site.write(extra, to: "Content/patterns/extra.md")
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)

        // The same length, the same line: only the link differs.
        try site.write(extra.replacingOccurrences(of: "#rule-1)", with: "#rule-9)"), to: "Content/patterns/extra.md")
        var result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 1)
        #expect(result.err.contains("Content/patterns/extra.md:8:5: error: the link to 'where-the-bars-go.md#rule-9' names the anchor '#rule-9'"), "\(result.err)")

        // Text before the link moves it along its line: still broken, at its new column.
        try site.write(extra.replacingOccurrences(of: "#rule-1)", with: "#rule-9)").replacingOccurrences(of: "See [", with: "Do see ["), to: "Content/patterns/extra.md")
        result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 1)
        #expect(result.err.contains("Content/patterns/extra.md:8:8: error: the link to 'where-the-bars-go.md#rule-9'"), "\(result.err)")

        // Mended: the build succeeds, and gives what a full build gives.
        try site.write(extra.replacingOccurrences(of: "See [", with: "Do see ["), to: "Content/patterns/extra.md")
        result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 0, "\(result.err)")
        #expect(site.run(["build", "--today", "2026-11-29", "--output", "Fresh", "--quiet"]).status == 0)
        #expect(site.tree() == site.tree("Fresh"))
    }

    /// A cache changed since it was written is not trusted: every page is
    /// read again, and a page's own findings are the ones its text gives.
    @Test func aDamagedCacheIsNotTrusted() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("---\ntitle: Extra\nsummary: An extra page.\nstatus: apple\nlast_checked: 2026-10-08\nbogus: 1\n---\n\nText.\n", to: "Content/patterns/extra.md")
        var result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.err.contains("warning: unknown key 'bogus'"))
        let cache = site.root.appendingPathComponent(".Public.duosite-cache")
        var bytes = try Data(contentsOf: cache)
        let found = try #require(bytes.firstRange(of: Data("unknown key 'bogus'".utf8)))
        bytes.replaceSubrange(found, with: Data("unknown key 'BOGUS'".utf8))
        try bytes.write(to: cache)
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0)
        #expect(result.err.contains("warning: unknown key 'bogus'"), "\(result.err)")
        #expect(!result.err.contains("BOGUS"), "\(result.err)")
        #expect(site.tree() == site.freshBuild())
    }

    @Test func aCachedPageStillReportsItsFindingsAndLinksAreCheckedAgain() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("---\ntitle: Extra\nsummary: An extra page.\nstatus: apple\nlast_checked: 2026-10-08\nbogus: 1\n---\n\nSee [rules](where-the-bars-go.md#rule-1).\n", to: "Content/patterns/extra.md")
        var result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 0)
        #expect(result.err.contains("Content/patterns/extra.md:6:1: warning: unknown key 'bogus'"))
        // Unchanged, the page is reused, and its warning is still reported.
        result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.err.contains("Content/patterns/extra.md:6:1: warning: unknown key 'bogus'"))
        // Its link target loses its rule: the unchanged page's link is now broken.
        let target = try site.read("Content/patterns/where-the-bars-go.md")
        try site.write(target.replacingOccurrences(of: "## The rules", with: "## No rules"), to: "Content/patterns/where-the-bars-go.md")
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 1)
        #expect(result.err.contains("Content/patterns/extra.md:9:5: error:"))
    }
}
