import Foundation
import Testing
@testable import DuoSite

/// The spare: the site before the published one, kept beside it and brought
/// up to date by the next build. Whatever happened to it or to the published
/// site in between, a build gives exactly what a fresh full build gives.
@Suite struct SpareFolderTests {
    private func change(_ site: TestSite, _ path: String, _ old: String, _ new: String) throws {
        let text = try site.read(path)
        #expect(text.contains(old), "\(path) has no '\(old)'")
        try site.write(text.replacingOccurrences(of: old, with: new), to: path)
    }

    @Test func theSiteBeforeIsKeptAsTheSpareAndEveryRebuildEqualsAFullBuild() throws {
        let site = try TestSite()
        defer { site.remove() }
        site.build()
        var previous = site.tree()
        // A first build has no site before it: it makes a spare of its own pages as it goes.
        #expect(site.tree(".Public.spare") == previous.filter { $0.key.hasPrefix("patterns/") })

        for (round, title) in ["Where the bars go now", "Where the bars go today", "Where the bars went"].enumerated() {
            let old = round == 0 ? "title: Where the bars go" : "title: " + ["Where the bars go now", "Where the bars go today"][round - 1]
            try change(site, "Content/patterns/where-the-bars-go.md", old, "title: \(title)")
            site.build()
            let published = site.tree()
            #expect(String(decoding: published["patterns/where-the-bars-go/index.html"] ?? Data(), as: UTF8.self).contains(title))
            #expect(published == site.freshBuild(), "round \(round)")
            #expect(site.tree(".Public.spare") == previous, "round \(round): the spare is the site before")
            previous = published
        }
        #expect(try site.leftovers().isEmpty)
    }

    @Test func filesAddedOrEditedByHandAreNotCarriedIntoALaterBuild() throws {
        let site = try TestSite()
        defer { site.remove() }
        site.build()
        site.build()
        let clean = site.tree()
        // Changed by hand while published: a file beside a page, a page
        // folder of no page, a file at the top, and a page edited in place.
        // The files added are named, and the build refuses until they are moved out.
        for added in ["patterns/where-the-bars-go/notes.txt", "patterns/hand-made/index.html", "extra.txt"] {
            try site.write("by hand", to: "Public/" + added)
            let refused = site.run(["build", "--today", "2026-11-29", "--quiet"])
            #expect(refused.status == 64)
            #expect(refused.err.contains("holds '\(added)', which duosite did not write"), "\(refused.err)")
            try site.delete("Public/" + added)
        }
        try site.overwrite("edited by hand", inPlace: "Public/patterns/symbols-not-labels/index.html")

        // The next build publishes the spare, then the one after it brings the
        // hand-changed folder, now the spare, up to date.
        site.build()
        #expect(site.tree() == clean)
        site.build()
        #expect(site.tree() == clean)
        #expect(site.tree() == site.freshBuild())
    }

    @Test func aPublishedPageEditedByHandIsBuiltAgainRatherThanLinked() throws {
        let site = try TestSite()
        defer { site.remove() }
        site.build()
        try change(site, "Content/patterns/where-the-bars-go.md", "title: Where the bars go", "title: Where the bars go now")
        site.build()
        // The page is unchanged since, but the spare holds it as it was
        // before: the next build would link it from Public/, where it is
        // now edited by hand.
        try site.overwrite("edited by hand", inPlace: "Public/patterns/where-the-bars-go/index.html")
        site.build()
        #expect(site.tree() == site.freshBuild())
    }

    /// A rebuild whose edit changes no page's links keeps the other pages
    /// as the output holds them; one changed there since (by hand) is made
    /// again whole, with the pages citing it listed under its rules.
    @Test func aPageChangedInTheOutputIsMadeAgainWithItsListsWhenNoLinkChanged() throws {
        let site = try TestSite()
        defer { site.remove() }
        site.build()
        site.build()
        try change(site, "Content/patterns/symbols-not-labels.md", "every item in them follows a rule of its own", "every item in them follows its own rule")
        try site.overwrite("edited by hand", inPlace: "Public/patterns/where-the-bars-go/index.html")
        site.build()
        #expect(site.tree() == site.freshBuild())
        #expect(try site.read("Public/patterns/where-the-bars-go/index.html").contains("rule-links__heading"))
    }

    @Test func aFailedBuildLeavesTheSiteAndTheNextBuildsAreStillExact() throws {
        let site = try TestSite()
        defer { site.remove() }
        site.build()
        try change(site, "Content/patterns/where-the-bars-go.md", "title: Where the bars go", "title: Where the bars go now")
        site.build()
        let before = site.tree(), spareBefore = site.tree(".Public.spare")
        #expect(!spareBefore.isEmpty)

        // One page changes, another cannot be read: nothing is published,
        // though the changed page was written into the spare.
        try change(site, "Content/patterns/where-the-bars-go.md", "title: Where the bars go now", "title: Where the bars go later")
        let broken = try site.read("Content/patterns/symbols-not-labels.md")
        try site.write(broken.replacingOccurrences(of: "title: ", with: "title: [unclosed "), to: "Content/patterns/symbols-not-labels.md")
        let failed = site.run(["build", "--today", "2026-11-29"])
        #expect(failed.status == 1)
        #expect(site.tree() == before)
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".Public.spare").path))
        #expect(try site.leftovers().isEmpty)

        try site.write(broken, to: "Content/patterns/symbols-not-labels.md")
        site.build()
        #expect(site.tree() == site.freshBuild())
        try change(site, "Content/patterns/where-the-bars-go.md", "title: Where the bars go later", "title: Where the bars go at last")
        site.build()
        #expect(site.tree() == site.freshBuild())
    }

    @Test func theFirstRebuildUsesTheSpareTheFirstBuildMade() throws {
        let site = try TestSite()
        defer { site.remove() }
        site.build()
        let folder = inode(site, ".Public.spare/patterns/symbols-not-labels")
        try change(site, "Content/patterns/where-the-bars-go.md", "title: Where the bars go", "title: Where the bars go now")
        site.build()
        // The unchanged page's folder is the one the first build made in the spare.
        #expect(inode(site, "Public/patterns/symbols-not-labels") == folder)
        #expect(site.tree() == site.freshBuild())
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains(".mirror-") || $0.contains(".staging-") }
        #expect(leftovers.isEmpty)
    }

    @Test func aPagesFolderReplacedByHandIsMadeAgain() throws {
        let site = try TestSite()
        defer { site.remove() }
        site.build()
        site.build()
        // The published pages' folder replaced by a file, by hand: named,
        // and once it is gone, two builds later the folder is the spare's.
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Public/patterns"))
        try site.write("not a folder", to: "Public/patterns")
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 64)
        try site.delete("Public/patterns")
        site.build()
        site.build()
        #expect(site.tree() == site.freshBuild())
    }

    @Test func aRemovedPageAndADraftLeaveNoFolderBehind() throws {
        let site = try TestSite()
        defer { site.remove() }
        let extra = "---\ntitle: Extra\nsummary: An extra page.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\nMore.\n"
        try site.write(extra, to: "Content/patterns/extra.md")
        try site.write(extra.replacingOccurrences(of: "Extra", with: "Second extra"), to: "Content/patterns/second-extra.md")
        site.build()
        site.build()
        #expect(site.tree()["patterns/extra/index.html"] != nil)

        // Both addresses let go on purpose: each answered by a page saying so.
        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Content/patterns/extra.md"))
        try change(site, "Content/patterns/second-extra.md", "status: apple", "status: apple\ndraft: true")
        try site.write(try site.read("Content/site.yml") + "gone: [extra, second-extra]\n", to: "Content/site.yml")
        site.build()
        #expect(String(decoding: site.tree()["patterns/extra/index.html"] ?? Data(), as: UTF8.self).contains("withdrawn"))
        #expect(String(decoding: site.tree()["patterns/second-extra/index.html"] ?? Data(), as: UTF8.self).contains("withdrawn"))
        #expect(site.tree() == site.freshBuild())
        site.build()
        #expect(site.tree() == site.freshBuild())
        let folders = try FileManager.default.contentsOfDirectory(atPath: site.root.appendingPathComponent("Public/patterns").path)
        #expect(Set(folders) == ["symbols-not-labels", "where-the-bars-go", "extra", "second-extra"])
    }

    @Test func aChangeToWhatEveryPageDependsOnRewritesTheSpareExactly() throws {
        let site = try TestSite()
        defer { site.remove() }
        site.build()
        site.build()
        try change(site, "Content/sources.yml", "short: HIG", "short: Guidelines")
        site.build()
        #expect(try site.read("Public/patterns/symbols-not-labels/index.html").contains("Guidelines, Vertical controls"))
        #expect(site.tree() == site.freshBuild())
        try change(site, "Content/sources.yml", "short: Guidelines", "short: HIG")
        site.build()
        #expect(site.tree() == site.freshBuild())
    }

    @Test func aSpareNoCacheDescribesIsNotUsed() throws {
        let site = try TestSite()
        defer { site.remove() }
        site.build()
        site.build()
        try site.write("stray", to: ".Public.spare/patterns/symbols-not-labels/stray.txt")
        try FileManager.default.removeItem(at: site.root.appendingPathComponent(".Public.duosite-cache"))
        site.build()
        #expect(site.tree() == site.freshBuild())
        #expect(site.tree()["patterns/symbols-not-labels/stray.txt"] == nil)
    }

    /// A build stopped before it finished leaves its staging folder and its
    /// mirror, named for its process; the next build removes them, but not
    /// those of a build still running.
    @Test func whatAStoppedBuildLeftIsRemovedByTheNext() throws {
        let site = try TestSite()
        defer { site.remove() }
        // A process that has ended: its number names no running build.
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let stopped = ended.processIdentifier
        for folder in [".Public.staging-\(stopped)", ".Public.mirror-\(stopped)", ".Public.staging-1"] {
            try site.write("left", to: "\(folder)/patterns/a/index.html")
        }
        site.build()
        let exists = { (path: String) in FileManager.default.fileExists(atPath: site.root.appendingPathComponent(path).path) }
        #expect(!exists(".Public.staging-\(stopped)"))
        #expect(!exists(".Public.mirror-\(stopped)"))
        // Process 1 always runs: its folder is another build's, still going.
        #expect(exists(".Public.staging-1/patterns/a/index.html"))
        #expect(site.tree() == site.freshBuild())
    }

    /// The inode of a published file: the same inode, the file was linked
    /// rather than written again.
    private func inode(_ site: TestSite, _ path: String) -> UInt64 {
        var info = stat()
        #expect(stat(site.root.appendingPathComponent(path).path, &info) == 0, "no \(path)")
        return UInt64(info.st_ino)
    }

    @Test func theSiteWideFilesAreLinkedWhenNothingTheyShowHasChanged() throws {
        let site = try TestSite()
        defer { site.remove() }
        site.build()
        let files = ["index.html", "404.html", "sitemap.xml", "feed.xml", "robots.txt", "api/pages.json"]
        let before = files.map { inode(site, "Public/" + $0) }

        // A change to a page's text: the index, sitemap, feed and the rest show nothing of it.
        try change(site, "Content/patterns/where-the-bars-go.md", "is the subject of", "is what")
        site.build()
        #expect(files.map { inode(site, "Public/" + $0) } == before)
        #expect(site.tree() == site.freshBuild())

        // A change to a title: they are written again.
        try change(site, "Content/patterns/where-the-bars-go.md", "title: Where the bars go", "title: Where the bars go now")
        site.build()
        #expect(inode(site, "Public/index.html") != before[0])
        #expect(try site.read("Public/index.html").contains("Where the bars go now"))
        #expect(site.tree() == site.freshBuild())
    }

    @Test func aSiteWideFileEditedByHandIsWrittenAgain() throws {
        let site = try TestSite()
        defer { site.remove() }
        site.build()
        try site.overwrite("edited by hand", inPlace: "Public/index.html")
        try change(site, "Content/patterns/where-the-bars-go.md", "is the subject of", "is what")
        site.build()
        #expect(site.tree() == site.freshBuild())
    }

    /// A page renamed with its old address kept as an alias: the alias's
    /// page goes where the spare still holds the page, and, the alias
    /// dropped and its address let go, the withdrawn page where the alias's
    /// was; each build equal to a fresh one, and nothing left behind.
    @Test func anAliasTakesThePlaceOfARenamedPageInTheSpare() throws {
        let site = try TestSite()
        defer { site.remove() }
        let extra = "---\ntitle: Extra\nsummary: An extra page.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\nMore.\n"
        try site.write(extra, to: "Content/patterns/extra.md")
        site.build()
        site.build()
        try site.delete("Content/patterns/extra.md")
        try site.write(extra.replacingOccurrences(of: "title: Extra\n", with: "title: Extra\naliases: [extra]\n"), to: "Content/patterns/renamed.md")
        for _ in 0..<3 {
            site.build()
            #expect(site.tree() == site.freshBuild())
            #expect(String(decoding: site.tree()["patterns/extra/index.html"] ?? Data(), as: UTF8.self).contains("url=/patterns/renamed/"))
        }
        try site.write(extra, to: "Content/patterns/renamed.md")
        try site.write(try site.read("Content/site.yml") + "gone: [extra]\n", to: "Content/site.yml")
        for _ in 0..<3 {
            site.build()
            #expect(site.tree() == site.freshBuild())
            #expect(String(decoding: site.tree()["patterns/extra/index.html"] ?? Data(), as: UTF8.self).contains("withdrawn"))
        }
        let folders = try FileManager.default.contentsOfDirectory(atPath: site.root.appendingPathComponent("Public/patterns").path)
        #expect(Set(folders) == ["symbols-not-labels", "where-the-bars-go", "renamed", "extra"])
    }
}
