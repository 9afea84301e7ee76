import Diagnostics
import Foundation
import Testing
@testable import DuoSite

/// Links and images to the site's own addresses (`/assets/…`, `/feed.xml`)
/// are checked against what the build publishes: the theme's files and the
/// files it writes at the site's root.
@Suite struct SiteAddressCheckerTests {
    static let assets: Set<String> = ["site.css", "symbols/cart.svg", "my drawing.svg"]

    /// Addresses the build publishes something at.
    @Test(arguments: [
        "/", "/index.html", "/#main", "/404.html", "/feed.xml", "/sitemap.xml?x=1", "/robots.txt", "/api/pages.json#top",
        "/assets/site.css", "/assets/symbols/cart.svg", "/assets/site.css?v=2", "/assets/my%20drawing.svg",
        // A page's address is a cross-reference, checked against the pages.
        "/patterns/other/", "/patterns/other/#rule-1",
    ])
    func published(_ destination: String) {
        let address = SiteAddress(destination: destination, isImage: false, location: Diagnostics.SourceLocation(file: "Content/patterns/a.md", line: 3, column: 5))
        #expect(SiteAddressChecker.finding(address, assets: Self.assets) == nil)
    }

    /// Addresses the build publishes nothing at, and what an editor is told.
    @Test(arguments: [
        ("/assets/site.cs", false, "the link to '/assets/site.cs' names no file of the theme: there is no Theme/assets/site.cs, so readers would get the page that is not found; did you mean '/assets/site.css'?"),
        ("/assets/symbols/cartt.svg", true, "the image '/assets/symbols/cartt.svg' names no file of the theme: there is no Theme/assets/symbols/cartt.svg, so readers would see the image missing; did you mean '/assets/symbols/cart.svg'?"),
        ("/assets/symbols/", false, "the link to '/assets/symbols/' names a folder of the theme, and the build publishes no page for a folder, so readers would get the page that is not found"),
        ("/fed.xml", false, "did you mean '/feed.xml'?"),
        ("/about/", false, "the link to '/about/' names nothing the build publishes, so readers would get the page that is not found"),
        ("/patterns/", false, "the link to '/patterns/' names nothing the build publishes"),
        ("/assets/fold.png", true, "the image '/assets/fold.png' names no file of the theme"),
    ])
    func unpublished(_ destination: String, _ isImage: Bool, _ message: String) throws {
        let location = Diagnostics.SourceLocation(file: "Content/patterns/a.md", line: 3, column: 5)
        let address = SiteAddress(destination: destination, isImage: isImage, location: location)
        let finding = try #require(SiteAddressChecker.finding(address, assets: Self.assets))
        #expect(finding.code == .brokenLink)
        #expect(finding.severity == .error)
        #expect(finding.location == location)
        #expect(finding.message.contains(message), "\(finding.message)")
    }

    static let page = """
    ---
    title: Links to the site
    summary: A page linking to the site's own files.
    status: apple
    last_checked: 2026-10-08
    ---

    ## The rules

    1. A rule, drawn as [a figure](/assets/fold.svg).

       Sources (apple): hig § Vertical controls

    Read [the feed](/feed.xml), see ![the cart](/assets/symbols/cartt.svg)
    and [another host](//example.com/assets/x.png).

    """

    /// An editor runs `duosite check` and is told where each address is, and
    /// what is there to link to instead.
    @Test func checkReportsEachAddressWhereItStands() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(Self.page, to: "Content/patterns/site-links.md")
        let result = site.run(["check", "--today", "2026-11-29"])
        #expect(result.status == 1)
        let lines = result.err.split(separator: "\n").filter { $0.contains("[broken-link]") }
        #expect(lines == [
            "Content/patterns/site-links.md:10:21: error: the link to '/assets/fold.svg' names no file of the theme: there is no Theme/assets/fold.svg, so readers would get the page that is not found [broken-link]",
            "Content/patterns/site-links.md:14:33: error: the image '/assets/symbols/cartt.svg' names no file of the theme: there is no Theme/assets/symbols/cartt.svg, so readers would see the image missing; did you mean '/assets/symbols/cart.svg'? [broken-link]",
        ], "\(result.err)")
    }

    /// A build with a broken address publishes nothing; once the file is in
    /// the theme, the next build publishes (the build cache knows the
    /// theme's files), and taking it away again is reported again.
    @Test func addingTheFileToTheThemeMendsTheLink() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(Self.page.replacingOccurrences(of: "cartt", with: "cart"), to: "Content/patterns/site-links.md")
        let build = ["build", "--today", "2026-11-29", "--quiet"]

        var result = site.run(build)
        #expect(result.status == 1)
        #expect(result.err.contains("site-links.md:10:21: error: the link to '/assets/fold.svg' names no file of the theme"), "\(result.err)")
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Public").path))

        try site.write("<svg xmlns=\"http://www.w3.org/2000/svg\"/>", to: "Theme/assets/fold.svg")
        result = site.run(build)
        #expect(result.status == 0, "\(result.err)")
        #expect(try site.read("Public/assets/fold.svg").contains("<svg"))

        try FileManager.default.removeItem(at: site.root.appendingPathComponent("Theme/assets/fold.svg"))
        result = site.run(build)
        #expect(result.status == 1)
        #expect(result.err.contains("'/assets/fold.svg' names no file of the theme"), "\(result.err)")
        // The failed build left the published site as it was.
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Public/assets/fold.svg").path))
    }

    /// The files the check accepts at the site's root are the ones a build
    /// writes there: the list and the build are kept in step. (`_headers`
    /// is for the host, which serves it at no address.)
    @Test func publishedFilesAreWhatABuildWrites() throws {
        let site = try TestSite()
        defer { site.remove() }
        let result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 0, "\(result.err)")
        let written = site.tree().keys.filter { !$0.hasPrefix("patterns/") && !$0.hasPrefix("assets/") && !$0.hasPrefix("tags/") }
        #expect(Set(written) == Set(Site.Paths.publishedFiles + [Site.Paths.headersFile]))
        // The tag pages: one for each tag, and the list of them.
        #expect(site.tree().keys.filter { $0.hasPrefix("tags/") }.sorted() == ["tags/badges/index.html", "tags/bars/index.html", "tags/column/index.html", "tags/index.html", "tags/symbols/index.html"])
        // Every file of the theme, some under their fingerprinted names.
        let (_, _, names) = ThemeTemplates.loadPublished(root: site.root)
        #expect(Set(site.tree().keys.filter { $0.hasPrefix("assets/") }.map { String($0.dropFirst("assets/".count)) })
                == Set(SiteLoader.assetPaths(root: site.root).map(names.name(of:))))
    }
}
