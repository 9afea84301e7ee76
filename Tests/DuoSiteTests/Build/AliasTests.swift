import Foundation
import Testing
@testable import DuoSite

/// A page's `aliases:` as the build publishes them: a small page at each
/// address sending the reader on to the page, with no JavaScript, listed
/// nowhere but under the page in `api/pages.json`, and `_redirects` when
/// site.yml asks for it; and every way an alias can claim an address that
/// is something else's, refused at each place.
@Suite struct AliasTests {
    static let page = "Content/patterns/symbols-not-labels.md"
    static let other = "Content/patterns/where-the-bars-go.md"

    /// `page`'s front matter given `line` after its title.
    static func add(_ line: String, to page: String = page, in site: TestSite) throws {
        let text = try site.read(page)
        let title = try #require(text.range(of: "\ntitle:"))
        let end = try #require(text[title.upperBound...].firstIndex(of: "\n"))
        try site.write(String(text[..<end]) + "\n" + line + String(text[end...]), to: page)
    }

    static func text(_ tree: [String: Data], _ path: String) -> String {
        String(decoding: tree[path] ?? Data(), as: UTF8.self)
    }

    @Test func eachAliasIsAPageLeadingToThePageAndListedNowhereElse() throws {
        let site = try TestSite()
        defer { site.remove() }
        try Self.add("aliases: [old-symbols, /patterns/older-symbols, \"/guides/symbols.html\"]", in: site)
        let result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")
        let tree = site.tree()
        for path in ["patterns/old-symbols/index.html", "patterns/older-symbols/index.html", "guides/symbols.html"] {
            let alias = Self.text(tree, path)
            #expect(alias.contains("<meta http-equiv=\"refresh\" content=\"0; url=/patterns/symbols-not-labels/\">"), "\(path)")
            #expect(alias.contains("<link rel=\"canonical\" href=\"https://duoapps.example/patterns/symbols-not-labels/\">"), "\(path)")
            #expect(alias.contains("<meta name=\"robots\" content=\"noindex\">"), "\(path)")
            #expect(alias.contains("<a href=\"/patterns/symbols-not-labels/\">Symbols, not labels: bar items on iPhone Duo</a>"), "\(path)")
            #expect(!alias.contains("<script"), "\(path)")
        }
        // Nowhere else: the index, the sitemap, the feed, the tag pages.
        for path in ["index.html", "sitemap.xml", "feed.xml", "tags/bars/index.html", "tags/index.html"] {
            #expect(!Self.text(tree, path).contains("old-symbols"), "\(path)")
        }
        // Under the page in api/pages.json, not as pages of their own.
        let json = try #require(try JSONSerialization.jsonObject(with: tree["api/pages.json"] ?? Data()) as? [String: Any])
        let pages = try #require(json["pages"] as? [[String: Any]])
        #expect(pages.count == 2)
        let page = try #require(pages.first { $0["slug"] as? String == "symbols-not-labels" })
        #expect(page["aliases"] as? [String] == ["/patterns/old-symbols/", "/patterns/older-symbols/", "/guides/symbols.html"])
        #expect(pages.first { $0["slug"] as? String == "where-the-bars-go" }?["aliases"] as? [String] == [])
        // No _redirects unless site.yml asks for it.
        #expect(tree["_redirects"] == nil)
    }

    @Test func redirectsFileListsEachAlias() throws {
        let site = try TestSite()
        defer { site.remove() }
        try Self.add("aliases: [old-symbols, /guides/symbols.html]", in: site)
        try Self.add("aliases:\n  - old-bars", to: Self.other, in: site)
        try site.write(try site.read("Content/site.yml") + "redirects_file: true\n", to: "Content/site.yml")
        let result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")
        #expect(Self.text(site.tree(), "_redirects") == """
            # Written by duosite build: each page's old addresses (aliases:), sent on to the page (Netlify and Cloudflare Pages).
            /guides/symbols.html /patterns/symbols-not-labels/ 301
            /patterns/old-bars/ /patterns/where-the-bars-go/ 301
            /patterns/old-symbols/ /patterns/symbols-not-labels/ 301

            """)
        // A _redirects of Static/ would take its place: refused while the build writes one.
        try site.write("/a /b 301\n", to: "Static/_redirects")
        let refused = site.run(["build", "--today", "2026-11-29"])
        #expect(refused.status == 1)
        #expect(refused.err.contains("Static/_redirects:1:1: error:"), "\(refused.err)")
    }

    @Test func eachValueIsEscapedForWhereItLands() throws {
        let site = try TestSite()
        defer { site.remove() }
        let text = try site.read(Self.other)
        try site.write(text.replacingOccurrences(of: "title: Where the bars go", with: "title: \"Bars & <b>columns</b> \\\"here\\\"\"\naliases: [old-bars]"), to: Self.other)
        let result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")
        let alias = Self.text(site.tree(), "patterns/old-bars/index.html")
        #expect(alias.contains("<title>Bars &amp; &lt;b&gt;columns&lt;/b&gt; &quot;here&quot; — DuoApps</title>"), "\(alias)")
        #expect(alias.contains(">Bars &amp; &lt;b&gt;columns&lt;/b&gt; &quot;here&quot;</a>"))
        #expect(!alias.contains("<b>"))
    }

    /// Each way an alias (or `gone:`) claims an address that is something
    /// else's, with the finding at each place, which stops the build.
    static let conflicts: [(String, @Sendable (TestSite) throws -> Void, [String])] = [
        ("the page's own address", { site in try AliasTests.add("aliases: [symbols-not-labels]", in: site) },
         ["Content/patterns/symbols-not-labels.md:3:11"]),
        ("another page's address", { site in try AliasTests.add("aliases: [/patterns/where-the-bars-go/]", in: site) },
         ["Content/patterns/symbols-not-labels.md:3:11"]),
        ("a tag page's address", { site in try AliasTests.add("aliases: [/tags/bars/]", in: site) },
         ["Content/patterns/symbols-not-labels.md:3:11"]),
        ("a file of Static/", { site in
            try site.write("<p>Old guide</p>\n", to: "Static/guides/old.html")
            try AliasTests.add("aliases: [/guides/old.html]", in: site)
        }, ["Content/patterns/symbols-not-labels.md:3:11"]),
        ("two pages claiming one alias", { site in
            try AliasTests.add("aliases: [old-name]", in: site)
            try AliasTests.add("aliases:\n  - old-name", to: AliasTests.other, in: site)
        }, ["Content/patterns/symbols-not-labels.md:3:11", "Content/patterns/where-the-bars-go.md:4:5"]),
        ("an alias given twice", { site in try AliasTests.add("aliases: [old-name, /patterns/old-name/]", in: site) },
         ["Content/patterns/symbols-not-labels.md:3:21"]),
        ("a page's address let go", { site in
            try site.write(try site.read("Content/site.yml") + "gone: [where-the-bars-go]\n", to: "Content/site.yml")
        }, ["Content/site.yml:8:8"]),
        ("an alias let go", { site in
            try AliasTests.add("aliases: [old-name]", in: site)
            try site.write(try site.read("Content/site.yml") + "gone: [/patterns/old-name/]\n", to: "Content/site.yml")
        }, ["Content/site.yml:8:8", "Content/patterns/symbols-not-labels.md:3:11"]),
        ("the home page let go", { site in
            try site.write(try site.read("Content/site.yml") + "gone: [/]\n", to: "Content/site.yml")
        }, ["Content/site.yml:8:8"]),
    ]

    @Test(arguments: conflicts.indices)
    func aConflictIsFoundAtEachPlaceAndStopsTheBuild(case index: Int) throws {
        let (name, setUp, places) = Self.conflicts[index]
        let site = try TestSite()
        defer { site.remove() }
        try setUp(site)
        let check = site.checkJSON()
        #expect(check.status == 1, "\(name)")
        let found = try check.json().located.filter { $0.code == "alias-conflict" }.map { "\($0.file):\($0.line):\($0.column)" }
        #expect(found.sorted() == places.sorted(), "\(name): \(check.out)")
        let build = site.run(["build", "--today", "2026-11-29"])
        #expect(build.status == 1, "\(name)")
        #expect(build.err.contains("[alias-conflict]"), "\(name)")
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Public").path), "\(name)")
    }

    @Test(arguments: ["../old.md", "Old_Name", "/patterns/a/b/", "/old.png", "/x/../y/", ""])
    func anAliasThatIsNoAddressIsAnInvalidField(written: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        try Self.add("aliases: [\"\(written)\"]", in: site)
        let found = try site.checkJSON().json().located
        #expect(found.contains { $0.code == "invalid-field" && $0.file == Self.page && $0.line == 3 }, "\(written): \(found)")
    }
}
