import Foundation
import Testing
@testable import DuoSite

/// The site's own files (`Static/`) are published as they are at the
/// site's root, hidden ones too; a rebuild publishes them as they are now;
/// one where the build writes a file of its own stops the build, which then
/// leaves `Public/` as it was.
@Suite struct StaticFilesTests {
    static let files = [
        "Static/CNAME": "duoapps.example\n",
        "Static/.nojekyll": "",
        "Static/.well-known/security.txt": "Contact: mailto:security@duoapps.example\n",
        "Static/files/guide.txt": "A guide to the column.\n",
    ]

    @Test func staticFilesArePublishedAtTheRootAsTheyAre() throws {
        let site = try TestSite()
        defer { site.remove() }
        for (path, text) in Self.files {
            try site.write(text, to: path)
        }
        site.build()
        for (path, text) in Self.files {
            #expect(try site.read("Public/" + path.dropFirst("Static/".count)) == text, "\(path)")
        }
        // The rest of the site is there as before.
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Public/index.html").path))
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Public/assets/" + ThemeTemplates.loadPublished(root: site.root).assets.name(of: "site.css")).path))
    }

    @Test func aRebuildPublishesStaticFilesAsTheyAreNow() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("duoapps.example\n", to: "Static/CNAME")
        try site.write("Contact: mailto:security@duoapps.example\n", to: "Static/.well-known/security.txt")
        site.build()
        try site.write("patterns.duoapps.example\n", to: "Static/CNAME")
        try site.delete("Static/.well-known/security.txt")
        site.build()
        #expect(try site.read("Public/CNAME") == "patterns.duoapps.example\n")
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Public/.well-known/security.txt").path))
        // The same files as a fresh full build.
        #expect(site.tree() == site.freshBuild())
        // And with no Static/ at all, none of them.
        try site.delete("Static/CNAME")
        site.build()
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Public/CNAME").path))
    }

    /// A symbolic link to a file is published as the file it names; one to
    /// a folder is not a file to copy, and stops the build.
    @Test func aSymbolicLinkIsPublishedAsItsFileAndOneToAFolderStopsTheBuild() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("duoapps.example\n", to: "Static/files/domain.txt")
        try FileManager.default.createSymbolicLink(atPath: site.root.appendingPathComponent("Static/CNAME").path, withDestinationPath: "files/domain.txt")
        site.build()
        #expect(try site.read("Public/CNAME") == "duoapps.example\n")
        let before = site.tree()
        try FileManager.default.createSymbolicLink(atPath: site.root.appendingPathComponent("Static/more").path, withDestinationPath: "files")
        let result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 1)
        #expect(result.err.contains("Static/more:1:1: error: cannot publish Static/more: it is not a file that can be read"), "\(result.err)")
        #expect(site.tree() == before)
    }

    @Test func aLinkToAStaticFileIsNotBroken() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("A guide.\n", to: "Static/files/guide.txt")
        try site.write("<!doctype html>\n<title>About</title>\n", to: "Static/about/index.html")
        let page = try site.read("Content/patterns/where-the-bars-go.md")
        try site.write(page + "\nSee [the guide](/files/guide.txt), [about](/about/) and [the other](/files/guid.txt).\n", to: "Content/patterns/where-the-bars-go.md")
        let run = site.run(["check", "--today", "2026-11-29"])
        let broken = run.err.split(separator: "\n").filter { $0.contains("[broken-link]") }
        #expect(broken.count == 1, "\(run.err)")
        #expect(broken.first?.contains("the link to '/files/guid.txt' names nothing the build publishes") == true, "\(run.err)")
        #expect(broken.first?.contains("did you mean '/files/guide.txt'?") == true, "\(run.err)")
    }

    @Test(arguments: [
        ("Static/index.html", "in place of the home page, which the build writes"),
        ("Static/sitemap.xml", "in place of the file the build writes there"),
        ("Static/assets/site.css", "among the theme's files, which the build publishes there; put it in Theme/assets/ instead"),
        ("Static/patterns/where-the-bars-go/index.html", "among the pages, whose addresses are the build's"),
        ("Static/api", "in place of the folder the build writes there"),
    ])
    func aStaticFileWhereTheBuildWritesStopsTheBuild(_ path: String, _ message: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        site.build()
        let before = site.tree()
        try site.write("<!doctype html>\n", to: path)
        let result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 1)
        #expect(result.err.contains("\(path):1:1: error: this file would be published at '/\(path.dropFirst("Static/".count))', \(message)"), "\(result.err)")
        #expect(result.err.contains("[static-conflict]"), "\(result.err)")
        #expect(site.tree() == before)
    }
}
