import Foundation
import Testing
@testable import DuoSite

/// A build never deletes or overwrites a file it did not write: a file
/// added to the output anywhere (a page's folder, `assets/`, a tag's
/// folder, a folder of its own) is named, and the build refuses, changing
/// nothing, until it is moved out.
@Suite struct ForeignFileTests {
    @Test(arguments: ["assets/notes.txt", "patterns/where-the-bars-go/notes.txt", "notes/deep/notes.txt", "tags/notes.txt",
                      "tags/bars/notes.txt", "api/notes.txt", "patterns/extra/notes.txt", "patterns/where-the-bars-go/old/notes.txt"])
    func aFileAddedToTheOutputIsNamedAndKept(path: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        // Into a folder no build published into, and into a build's output.
        for built in [false, true] {
            if built {
                site.build()
            }
            try site.write("precious\n", to: "Public/" + path)
            for _ in 0..<2 {
                let result = site.run(["build", "--today", "2026-11-29", "--quiet"])
                #expect(result.status == 64)
                #expect(result.err.contains("holds '\(path)', which duosite did not write"), "\(result.err)")
                #expect(try site.read("Public/" + path) == "precious\n")
            }
            try site.delete("Public/" + path)
        }
        // Moved out, the build publishes, and the next too.
        site.build()
        site.build()
    }

    /// A rebuild looks into the folders whose time changed since the last
    /// build: after a page's edit, files added in several folders at once
    /// are all named, in order, and once they are gone the rebuild publishes
    /// what a full build does.
    @Test func filesAddedAfterAnEditAreAllNamed() throws {
        let site = try TestSite()
        defer { site.remove() }
        site.build()
        site.build()
        let page = "Content/patterns/where-the-bars-go.md"
        try site.write(try site.read(page) + "\nOne more paragraph.\n", to: page)
        let added = ["assets/a.txt", "index.html.orig", "patterns/symbols-not-labels/b.txt", "tags/bars/c.txt"]
        for path in added {
            try site.write("by hand\n", to: "Public/" + path)
        }
        let result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 64)
        #expect(result.err.contains("holds 'assets/a.txt', 'index.html.orig', 'patterns/symbols-not-labels/b.txt' and 1 more, which duosite did not write; the build replaces its output whole, so they would be lost"), "\(result.err)")
        for path in added {
            try site.delete("Public/" + path)
        }
        site.build()
        #expect(site.tree() == site.freshBuild())
    }

    /// A file system keeps a folder's time in ticks of its own (a whole
    /// second on some): a file added within the tick the build ended in
    /// leaves the folder's time as the build left it. Such a folder is
    /// looked into whatever its time: here the output's own, whose time is
    /// put back after the file is added, as such a file system would.
    @Test func aFileAddedWithinTheBuildsLastTickIsNamed() throws {
        let site = try TestSite()
        defer { site.remove() }
        site.build()
        site.build()
        let output = site.root.appendingPathComponent("Public").path
        var left = stat()
        #expect(stat(output, &left) == 0)
        try site.write("precious\n", to: "Public/notes.txt")
        var times = [left.st_atim, left.st_mtim]
        #expect(utimensat(AT_FDCWD, output, &times, 0) == 0)
        var now = stat()
        #expect(stat(output, &now) == 0 && now.st_mtim.tv_sec == left.st_mtim.tv_sec && now.st_mtim.tv_nsec == left.st_mtim.tv_nsec)
        let result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 64)
        #expect(result.err.contains("holds 'notes.txt', which duosite did not write"), "\(result.err)")
        #expect(try site.read("Public/notes.txt") == "precious\n")
    }

    /// Which folders a rebuild looks into: one whose time changed, or one
    /// left within the build's last tick (`settled`) whatever its time; one
    /// left before it, its time as it was, holds what the build left.
    @Test(arguments: [(0, true), (1, false)])
    func aFolderIsLookedIntoWhenItsTimeCannotBeTrusted(ticksAfter: UInt64, lookedInto: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duosite-output-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("assets"), withIntermediateDirectories: true)
        try Data("a{}".utf8).write(to: folder.appendingPathComponent("assets/site.css"))
        var tree = OutputTree()
        tree.folders = OutputTree.folders(of: folder.path)
        let assets = try #require(tree.folders.first { $0.path == "assets" })
        tree.settled = assets.stamp + ticksAfter * 1_000_000_000
        #expect(tree.foreignFiles(in: folder.path) == [])
        // A file added, the folder's time put back as a coarse clock would leave it.
        var left = stat()
        #expect(stat(folder.appendingPathComponent("assets").path, &left) == 0)
        try Data("notes".utf8).write(to: folder.appendingPathComponent("assets/notes.txt"))
        var times = [left.st_atim, left.st_mtim]
        #expect(utimensat(AT_FDCWD, folder.appendingPathComponent("assets").path, &times, 0) == 0)
        #expect(tree.foreignFiles(in: folder.path) == (lookedInto ? ["assets/notes.txt"] : []))
    }

    /// With its cache lost (the spare kept), the output is judged by its
    /// paths: a file no build writes there is named all the same.
    @Test func withoutItsCacheAnOutputIsJudgedByItsPaths() throws {
        let site = try TestSite()
        defer { site.remove() }
        site.build()
        site.build()
        try FileManager.default.removeItem(at: site.root.appendingPathComponent(".Public.duosite-cache"))
        try site.write("precious\n", to: "Public/assets/notes.txt")
        let result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 64)
        #expect(result.err.contains("holds 'assets/notes.txt', which duosite did not write"), "\(result.err)")
        #expect(try site.read("Public/assets/notes.txt") == "precious\n")
        try site.delete("Public/assets/notes.txt")
        site.build()
        #expect(site.tree() == site.freshBuild())
    }

    /// A page's `.gz` beside it is the build's own only when the build
    /// precompresses: one added by hand to a plain build's page is named.
    @Test func aPagesCompressedCopyAddedByHandIsNamed() throws {
        let site = try TestSite()
        defer { site.remove() }
        site.build()
        site.build()
        try site.write("by hand\n", to: "Public/patterns/where-the-bars-go/index.html.gz")
        let result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 64)
        #expect(result.err.contains("holds 'patterns/where-the-bars-go/index.html.gz', which duosite did not write"), "\(result.err)")
    }

    /// A precompressed build's output (each page's `.gz` and `.br`, the
    /// assets under their fingerprinted names, `_headers`) is the build's
    /// own, whether its cache says so or, gone with the spare, its paths do.
    @Test func aPrecompressedOutputIsTheBuildsOwnWithOrWithoutItsCache() throws {
        let site = try TestSite()
        defer { site.remove() }
        for _ in 0..<2 {
            #expect(site.run(["build", "--today", "2026-11-29", "--quiet", "--precompress"]).status == 0)
        }
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Public/patterns/where-the-bars-go/index.html.gz").path))
        try FileManager.default.removeItem(at: site.root.appendingPathComponent(".Public.duosite-cache"))
        try FileManager.default.removeItem(at: site.root.appendingPathComponent(".Public.spare"))
        let result = site.run(["build", "--today", "2026-11-29", "--quiet", "--precompress"])
        #expect(result.status == 0, "\(result.err)")
    }
}
