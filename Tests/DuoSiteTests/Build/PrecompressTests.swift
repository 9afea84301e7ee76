import ContentEncoding
import Diagnostics
import Foundation
import Testing
@testable import DuoSite

/// `build --precompress` (or `precompress: true`): a `.gz` and a `.br`
/// beside every HTML, CSS, XML, JSON, SVG and text file over 1 KB, which
/// decompress to it; the same bytes from build to build; kept in step by
/// rebuilds (the pages kept from the previous build, the site-wide files
/// linked from it), and gone when precompressing stops.
@Suite struct PrecompressTests {
    private static func build(_ site: TestSite, _ extra: [String] = [], output: String = "Public") {
        let result = site.run(["build", "--today", "2026-11-29", "--quiet", "--output", output] + extra)
        #expect(result.status == 0, "\(result.err)")
    }

    /// Every file of `tree` that should have its `.gz` and `.br` has them,
    /// decompressing to it; no other file has any.
    private static func expectInStep(_ tree: [String: Data], sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        var compressed = 0
        for (path, bytes) in tree where !path.hasSuffix(".gz") && !path.hasSuffix(".br") {
            let wanted = Precompressor.compresses(path, size: bytes.count)
            #expect((tree[path + ".gz"] != nil) == wanted && (tree[path + ".br"] != nil) == wanted, "\(path)", sourceLocation: sourceLocation)
            guard wanted, let gzip = tree[path + ".gz"], let brotli = tree[path + ".br"] else { continue }
            #expect(Gzip.decompress([UInt8](gzip)) == [UInt8](bytes), "\(path).gz", sourceLocation: sourceLocation)
            #expect(Brotli.decompress([UInt8](brotli)) == [UInt8](bytes), "\(path).br", sourceLocation: sourceLocation)
            #expect(gzip.count < bytes.count && brotli.count < bytes.count, sourceLocation: sourceLocation)
            compressed += 1
        }
        for path in tree.keys where path.hasSuffix(".gz") || path.hasSuffix(".br") {
            #expect(tree[String(path.dropLast(3))] != nil, "\(path) has no file beside it", sourceLocation: sourceLocation)
        }
        #expect(compressed > 0, sourceLocation: sourceLocation)
    }

    @Test(arguments: [
        ("index.html", 1_025, true), ("index.html", 1_024, false), ("assets/site.3f9a1c2e.css", 5_000, true),
        ("feed.xml", 2_000, true), ("api/pages.json", 2_000, true), ("assets/x.svg", 2_000, true), ("notes.txt", 2_000, true),
        ("page.htm", 2_000, true), ("assets/font.woff2", 50_000, false), ("CNAME", 2_000, false), ("x.html.gz", 2_000, false),
    ])
    func whichFilesAreCompressed(path: String, size: Int, expected: Bool) {
        #expect(Precompressor.compresses(path, size: size) == expected)
    }

    @Test func everyTextFileOverAKilobyteHasItsGzipAndBrotli() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(String(repeating: "A line of text for the host.\n", count: 60), to: "Static/notes.txt")
        try site.write("short\n", to: "Static/short.txt")
        Self.build(site, ["--precompress"])
        let tree = site.tree()
        Self.expectInStep(tree)
        for path in ["index.html", "404.html", "feed.xml", "api/pages.json", "patterns/where-the-bars-go/index.html", "notes.txt"] {
            #expect(tree[path + ".gz"] != nil && tree[path + ".br"] != nil, "\(path)")
        }
        let stylesheet = "assets/" + ThemeTemplates.loadPublished(root: site.root).assets.name(of: "site.css")
        #expect(tree[stylesheet + ".gz"] != nil && tree[stylesheet + ".br"] != nil)
        #expect(tree["short.txt.gz"] == nil && tree["robots.txt.gz"] == nil)
        // The same bytes from build to build.
        Self.build(site, ["--precompress"], output: "Again")
        #expect(site.tree("Again") == tree)
        // A plain build writes none of them.
        Self.build(site, output: "Plain")
        #expect(!site.tree("Plain").keys.contains { $0.hasSuffix(".gz") || $0.hasSuffix(".br") })
    }

    @Test func siteYMLAsksForThemToo() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(try site.read("Content/site.yml") + "precompress: true\n", to: "Content/site.yml")
        Self.build(site)
        Self.expectInStep(site.tree())
    }

    /// A page is compressed once its holes are filled: its `.gz` and `.br`
    /// hold the lists of the pages citing it, and are made again when those
    /// lists change though its own text does not.
    @Test func aPagesFilesHoldTheListsOfThePagesCitingIt() throws {
        let site = try TestSite()
        defer { site.remove() }
        Self.build(site, ["--precompress"])
        let cited = "patterns/where-the-bars-go/index.html"
        func compressed(_ suffix: String) throws -> String {
            let bytes = [UInt8](try #require(site.tree()[cited + suffix]))
            let page = suffix == ".gz" ? Gzip.decompress(bytes) : Brotli.decompress(bytes)
            return String(decoding: try #require(page), as: UTF8.self)
        }
        for suffix in Precompressor.suffixes {
            #expect(try compressed(suffix).contains("<li><a href=\"/patterns/symbols-not-labels/#the-problem\">Symbols, not labels: bar items on iPhone Duo</a></li>"), "\(suffix)")
        }
        // The citing page's title changed: the cited page's list, and its files, with it.
        let citing = "Content/patterns/symbols-not-labels.md"
        try site.write(try site.read(citing).replacingOccurrences(of: "title: \"Symbols, not labels: bar items on iPhone Duo\"", with: "title: Symbols rather than labels"), to: citing)
        Self.build(site, ["--precompress"])
        for suffix in Precompressor.suffixes {
            #expect(try compressed(suffix).contains(">Symbols rather than labels</a></li>"), "\(suffix)")
        }
        Self.expectInStep(site.tree())
        #expect(site.tree() == site.freshBuild(arguments: ["--precompress"]))
    }

    @Test func rebuildsKeepThemInStep() throws {
        let site = try TestSite()
        defer { site.remove() }
        Self.build(site, ["--precompress"])
        // Nothing changed: every page kept, the site-wide files linked, with theirs.
        Self.build(site, ["--precompress"])
        Self.expectInStep(site.tree())
        // One page changed: it and what lists it written again, the other kept.
        let page = "Content/patterns/symbols-not-labels.md"
        try site.write(try site.read(page).replacingOccurrences(of: "## FAQ", with: "A paragraph added before the questions.\n\n## FAQ"), to: page)
        Self.build(site, ["--precompress"])
        var tree = site.tree()
        Self.expectInStep(tree)
        #expect(String(decoding: Gzip.decompress([UInt8](tree["patterns/symbols-not-labels/index.html.gz"]!))!, as: UTF8.self).contains("A paragraph added before the questions."))
        // Again, so that the spare (the build before last) is brought up to date too.
        try site.write(try site.read(page).replacingOccurrences(of: "A paragraph added", with: "A sentence added"), to: page)
        Self.build(site, ["--precompress"])
        tree = site.tree()
        Self.expectInStep(tree)
        #expect(tree == site.freshBuild(arguments: ["--precompress"]))
        // Precompressing stops: none are left.
        Self.build(site)
        #expect(!site.tree().keys.contains { $0.hasSuffix(".gz") || $0.hasSuffix(".br") })
        #expect(site.tree() == site.freshBuild())
    }
}
