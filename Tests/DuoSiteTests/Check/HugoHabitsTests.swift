import Foundation
import Testing
@testable import DuoSite

/// What Hugo and Zola users bring: their front-matter keys, TOML front
/// matter, their settings files and lowercase folders, each named with
/// what duosite reads instead.
struct HugoHabitsTests {
    private func check(_ fixture: String) throws -> CheckRun {
        let root = try CheckSupport.fixtures.appendingPathComponent(fixture)
        return CheckSupport.run(["check", "--root", root.path, "--today", "2026-11-29", "--no-source"], in: root)
    }

    @Test func hugosFrontMatterKeysAreNamedWithDuositesOwn() throws {
        let run = try check("unknown-key")
        for line in [
            "Content/patterns/second-page.md:4:1: warning: unknown key 'description' in the front matter; did you mean 'summary'? (duosite's name for the page's description) [unknown-key]",
            "Content/patterns/second-page.md:7:1: warning: unknown key 'lastmod' in the front matter; did you mean 'last_checked'? (the day the page was last checked against Apple's guidance; the sitemap's lastmod is made of it) [unknown-key]",
            "Content/patterns/second-page.md:8:1: warning: unknown key 'weight' in the front matter; did you mean 'order'? (where the page stands in the index, lowest first) [unknown-key]",
        ] {
            #expect(run.err.contains(line + "\n"), "\(run.err)")
        }
    }

    @Test func tomlFrontMatterIsSaidToBeUnread() throws {
        let run = try check("missing-front-matter")
        #expect(run.err.contains("Content/patterns/toml-front-matter.md:1:1: error: the front matter is TOML (between '+++' lines), which duosite does not read: write it in YAML between '---' lines (title: Where the bars go) [missing-front-matter]\n"), "\(run.err)")
    }

    @Test func settingsFilesAndLowercaseFoldersAreWarnings() throws {
        let run = try check("ignored-file")
        #expect(run.status == 0)
        #expect(run.err == """
        config.toml:1:1: warning: duosite does not read config.toml: its settings are in Content/site.yml (title, base_url, language, review_every…; docs/content-format.md) [ignored-file]
        static:1:1: warning: duosite does not read static/: duosite publishes the files of Static/ (with a capital S) as they are; move them there [ignored-file]

        """)
    }

    @Test func aPlaceholderBaseURLIsABuildsWarning() throws {
        let site = try TestSite()
        defer { site.remove() }
        let settings = try site.read("Content/site.yml")
        let line = try #require(settings.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("base_url:") }) + 1
        let build = site.run(["build", "--today", "2026-11-29", "--no-source"])
        #expect(build.status == 0)
        #expect(build.err == "Content/site.yml:\(line):11: warning: base_url is 'https://duoapps.example', an address kept for examples: the pages' canonical links, the sitemap and the feed point there; set base_url to the address the site is published at, or build with --base-url [placeholder-base-url]\n", "\(build.err)")
        // Not with the address given, nor once it is set; check does not report it.
        #expect(site.run(["build", "--today", "2026-11-29", "--base-url", "https://duoapps.app"]).err.isEmpty)
        #expect(!site.run(["check", "--today", "2026-11-29"]).err.contains("placeholder-base-url"))
        try site.write(settings.replacingOccurrences(of: "https://duoapps.example", with: "https://duoapps.app"), to: "Content/site.yml")
        #expect(site.run(["build", "--today", "2026-11-29"]).err.isEmpty)
    }

    @Test(arguments: [
        ("https://duoapps.example", true), ("https://example.com", true), ("https://www.example.org/", true),
        ("https://site.test", true), ("http://localhost:8080", true), ("https://duoapps.app", false),
        ("https://example.community", false), ("https://notexample.com", false),
    ])
    func placeholderAddresses(url: String, placeholder: Bool) {
        #expect(PlaceholderBaseURL.isPlaceholder(url) == placeholder)
    }
}
