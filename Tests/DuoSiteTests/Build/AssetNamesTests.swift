import Foundation
import Testing
@testable import DuoSite

/// The theme's stylesheet and the assets its templates link are published
/// under names carrying a hash of their bytes, which every page, the 404
/// page and the preview link; the name changes with the bytes and only
/// with them; `Static/` keeps its names; `_headers` marks the fingerprinted
/// files for a year and the pages for every visit.
@Suite struct AssetNamesTests {
    @Test(arguments: [
        ("site.css", "site.3f9a1c2e.css"), ("fonts/a.b.woff2", "fonts/a.b.3f9a1c2e.woff2"),
        ("LICENSE", "LICENSE.3f9a1c2e"), (".hidden", ".hidden.3f9a1c2e"), ("dir.v2/file", "dir.v2/file.3f9a1c2e"),
    ])
    func aNameTakesTheHashBeforeItsExtension(path: String, expected: String) {
        #expect(AssetNames.fingerprinted(path, hash: 0x3f9a_1c2e_0000_0001) == expected)
    }

    @Test func aHashOfFewDigitsIsPaddedToEight() {
        #expect(AssetNames.fingerprinted("site.css", hash: 0x0000_00ab_ffff_ffff) == "site.000000ab.css")
    }

    static let names = AssetNames(fingerprinting: ["site.css", "figure.css"], of: ["site.css": Array("body{}".utf8), "figure.css": Array("a{}".utf8), "x.png": [1]])

    @Test(arguments: [
        ("<link href=\"/assets/figure.css\">", "<link href=\"/assets/FIGURE\">"),
        ("url(/assets/figure.css) url('/assets/site.css')", "url(/assets/FIGURE) url('/assets/SITE')"),
        ("{{site.baseURL}}/assets/site.css?v=1#top", "{{site.baseURL}}/assets/SITE?v=1#top"),
        ("/assets/figure.cssx /assets/x.png /assets/ /assets/site.css", "/assets/figure.cssx /assets/x.png /assets/ /assets/SITE"),
        ("no address here", "no address here"),
    ])
    func aTemplatesAddressesTakeThePublishedNames(text: String, expected: String) {
        let published = expected.replacingOccurrences(of: "FIGURE", with: Self.names.name(of: "figure.css"))
            .replacingOccurrences(of: "SITE", with: Self.names.name(of: "site.css"))
        #expect(Self.names.rewritingAddresses(in: text) == published)
    }

    @Test func theNamesAreLookedUpBothWays() {
        let site = Self.names.name(of: "site.css")
        #expect(site.hasPrefix("site.") && site.hasSuffix(".css") && site.count == "site.12345678.css".count)
        #expect(Self.names.name(of: "x.png") == "x.png")
        #expect(Self.names.source(ofPublished: site) == "site.css")
        #expect(Self.names.source(ofPublished: "x.png") == "x.png")
        // A fingerprinted asset is not published under its own name.
        #expect(Self.names.source(ofPublished: "site.css") == nil)
        #expect(Self.names.publishedAddress(for: "/assets/site.css#a") == "/assets/\(site)#a")
        #expect(Self.names.publishedAddress(for: "/assets/x.png") == nil)
        #expect(Self.names.publishedAddress(for: "site.css") == nil)
    }

    /// Every `/assets/` address in a built page's HTML.
    private static func assetLinks(_ html: String) -> Set<String> {
        var links: Set<String> = []
        AssetNames.forEachAddress(in: html) { path, _ in links.insert(path) }
        return links
    }

    @Test func everyPageLinksThePublishedNamesAndTheyChangeWithTheBytesAlone() throws {
        let site = try TestSite()
        defer { site.remove() }
        site.build()
        let first = site.tree()
        let names = ThemeTemplates.loadPublished(root: site.root).assets
        let linked = Set(["site.css", "figure.css", "favicon.svg"].map(names.name(of:)))
        #expect(!linked.contains("site.css") && !linked.contains("figure.css") && !linked.contains("favicon.svg"))
        let pages = first.keys.filter { $0.hasSuffix(".html") }
        #expect(pages.contains("404.html") && pages.contains("index.html") && pages.contains("tags/index.html") && pages.count > 5)
        for page in pages {
            #expect(Self.assetLinks(String(decoding: first[page]!, as: UTF8.self)) == linked, "\(page)")
        }
        // Each published under its name, with the theme's bytes; not under its own.
        for path in ["site.css", "figure.css", "favicon.svg"] {
            #expect(first["assets/" + names.name(of: path)] == FileManager.default.contents(atPath: site.root.appendingPathComponent("Theme/assets/" + path).path))
            #expect(first["assets/" + path] == nil)
        }
        #expect(first["assets/symbols/house.svg"] != nil)

        // Built again unchanged: the same names, the same bytes.
        #expect(site.freshBuild() == first)

        // The stylesheet changed: its name and every page's link, the rest as it was.
        try site.write(try site.read("Theme/assets/site.css") + "\n.changed { color: red; }\n", to: "Theme/assets/site.css")
        site.build()
        let second = site.tree()
        let renamed = ThemeTemplates.loadPublished(root: site.root).assets
        #expect(renamed.name(of: "site.css") != names.name(of: "site.css"))
        #expect(renamed.name(of: "figure.css") == names.name(of: "figure.css"))
        #expect(second["assets/" + names.name(of: "site.css")] == nil)
        for page in pages {
            let links = Self.assetLinks(String(decoding: second[page]!, as: UTF8.self))
            #expect(links.contains(renamed.name(of: "site.css")) && !links.contains(names.name(of: "site.css")), "\(page)")
        }
        // The rebuild into the same output is the fresh build of the changed site.
        #expect(second == site.freshBuild())
    }

    @Test func aPagesLinkToAFingerprintedAssetTakesItsName() throws {
        let site = try TestSite()
        defer { site.remove() }
        let page = "Content/patterns/where-the-bars-go.md"
        try site.write(try site.read(page) + "\n![The site's mark](/assets/favicon.svg) and [a symbol](/assets/symbols/house.svg).\n", to: page)
        site.build()
        let html = try site.read("Public/patterns/where-the-bars-go/index.html")
        let name = ThemeTemplates.loadPublished(root: site.root).assets.name(of: "favicon.svg")
        #expect(html.contains("src=\"/assets/\(name)\""))
        #expect(html.contains("href=\"/assets/symbols/house.svg\""))
    }

    @Test func staticFilesKeepTheirNames() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("body { margin: 0 }\n", to: "Static/print.css")
        site.build()
        #expect(try site.read("Public/print.css") == "body { margin: 0 }\n")
    }

    @Test func headersMarkTheFingerprintedFilesAndThePages() throws {
        let site = try TestSite()
        defer { site.remove() }
        site.build()
        let names = ThemeTemplates.loadPublished(root: site.root).assets
        let headers = try site.read("Public/_headers")
        let immutable = "  Cache-Control: public, max-age=31536000, immutable"
        for path in ["favicon.svg", "figure.css", "site.css"] {
            #expect(headers.contains("\n/assets/\(names.name(of: path))\n\(immutable)\n"), "\(path)")
        }
        for page in ["/", "/index.html", "/404.html", "/patterns/*", "/tags/*"] {
            #expect(headers.contains("\n\(page)\n  Cache-Control: no-cache\n"), "\(page)")
        }
        // No other rule: no address gets two values of a header.
        #expect(headers.split(separator: "\n").filter { !$0.hasPrefix("#") && !$0.hasPrefix(" ") }.count == 8)
    }

    @Test func headersFileFalseLeavesItOutAndPublishesTheSitesOwn() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("/*\n  X-Frame-Options: DENY\n", to: "Static/_headers")
        // Where the build writes its own: an error, and nothing published.
        let refused = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(refused.status == 1)
        #expect(refused.err.contains("Static/_headers:1:1: error: this file would be published at '/_headers', in place of the file the build writes there (site.yml's headers_file: false publishes yours instead) [static-conflict]"), "\(refused.err)")
        try site.write(try site.read("Content/site.yml") + "headers_file: false\n", to: "Content/site.yml")
        site.build()
        #expect(try site.read("Public/_headers") == "/*\n  X-Frame-Options: DENY\n")
        try site.delete("Static/_headers")
        site.build()
        #expect(site.tree()["_headers"] == nil)
    }

    @Test(arguments: ["headers_file: sometimes", "precompress: 9"])
    func aSettingThatIsNotTrueOrFalseIsAnError(line: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(try site.read("Content/site.yml") + line + "\n", to: "Content/site.yml")
        let result = site.run(["check", "--today", "2026-11-29"])
        let key = line.prefix { $0 != ":" }
        #expect(result.err.contains("Content/site.yml:8:\(key.count + 3): error: '\(key)' should be true or false"), "\(result.err)")
    }
}
