import Foundation
import Testing
@testable import DuoSite

/// `duosite check --links` against sites on 127.0.0.1: what each answer
/// is reported as, where, with what exit status, and which requests the
/// sites saw. The time-out and the pauses are shortened (a second, a
/// twentieth), so that a test takes seconds; the defaults are the
/// documented ones.
@Suite struct LinkCheckTests {
    /// The settings of every test: the documented ones, but quick.
    static var quick: LinkSettings {
        var settings = LinkSettings()
        settings.timeout = 1
        settings.retryPause = 0.05
        settings.retryAfterCap = 0.2
        settings.hostPause = 0
        return settings
    }

    /// Runs `check --links` with `arguments` on `site`, quickly.
    static func checkLinks(_ site: ScratchSite, _ arguments: [String] = [], format: String = "json", settings: LinkSettings = quick) throws -> CheckRun {
        var command = try CheckCommand(arguments: ["--root", site.root.path, "--today", "2026-11-29", "--format", format, "--links"] + arguments, currentDirectory: site.root)
        let maxAge = command.linkSettings.maxAge
        command.linkSettings = settings
        command.linkSettings.maxAge = maxAge
        let output = Captured()
        let status = command.run(Console(out: { output.append(out: $0) }, err: { output.append(err: $0) }))
        return CheckRun(status: status, out: output.out, err: output.err)
    }

    /// The clean fixture with `sources.yml`'s addresses made `hig` and
    /// `talk` (a video, cited at 6:13) and a section of links, one a line
    /// from line 10, column 3: the page's links, as written.
    static func site(hig: String, talk: String, links: [String], siteExtra: String = "") throws -> ScratchSite {
        let site = try ScratchSite()
        try site.write("""
        hig:
          title: Designing for iPhone Duo
          publisher: Apple Human Interface Guidelines
          kind: Guidelines
          date: 2026-01-15
          url: \(hig)
          short: HIG

        talk:
          title: Raise the bar with iPhone Duo
          publisher: Apple Developer
          kind: Tech Talk
          url: \(talk)
          short: “Raise the bar”
          duration: 20:00
          time_url: "{url}?time={seconds}"

        """, to: "Content/sources.yml")
        try site.write("""
        ---
        title: First page
        summary: A page with nothing wrong.
        status: apple
        last_checked: 2026-10-08
        ---

        ## The problem

        \(links.map { "- [a link](\($0))" }.joined(separator: "\n"))

        ## The rules

        1. A rule.

           Sources (apple): hig § Vertical controls · talk @ 6:13

        ## FAQ

        ### A question?

        An answer.

        """, to: "Content/patterns/first-page.md")
        if !siteExtra.isEmpty {
            try site.write("title: Fixture\nbase_url: https://fixture.example\nreview_every: 180d\ndue_soon: 14d\n" + siteExtra, to: "Content/site.yml")
        }
        return site
    }

    static let page = "Content/patterns/first-page.md"
    static let sources = "Content/sources.yml"

    @Test func everyKindOfAnswer() throws {
        let server = try LinkTestServer()
        let silent = try SilentPort()
        let closed = try closedPort()
        let links = [
            server.address("/ok"), server.address("/ok#a-part"), server.address("/gone"), server.address("/removed"),
            server.address("/moved-308"), server.address("/temporary"), server.address("/no-head"),
            server.address("/again-429"), server.address("/again-503"), server.address("/wall"),
            "http://127.0.0.1:\(silent.port)/", "http://127.0.0.1:\(closed)/", server.address("/talk/?time=373"),
        ]
        let site = try Self.site(hig: server.address("/moved"), talk: server.address("/talk/"), links: links)
        let run = try Self.checkLinks(site)
        let found = try run.json().located.filter { $0.code.hasPrefix("link-") }
        func at(_ index: Int, _ severity: String, _ code: String) -> LocatedFinding {
            LocatedFinding(file: Self.page, line: 10 + index, column: 3, severity: severity, code: code)
        }
        #expect(Set(found) == [
            LocatedFinding(file: Self.sources, line: 6, column: 8, severity: "warning", code: "link-moved"),
            at(2, "error", "link-broken"), at(3, "error", "link-broken"), at(4, "warning", "link-moved"),
            at(10, "error", "link-broken"), at(11, "error", "link-broken"),
        ])
        #expect(found.count == 6)
        #expect(run.status == 1)
        let messages = try run.json().findings.compactMap { $0["message"] as? String }
        #expect(messages.contains { $0.contains(server.address("/moved-here")) && $0.contains("sources.yml") })
        #expect(messages.contains { $0.contains(server.address("/moved-308-here")) })
        #expect(messages.contains { $0.contains("404") })
        #expect(messages.contains { $0.contains("refuses the connection") })
        #expect(messages.contains { $0.contains("did not answer within 1 second, 3 times") })

        // Each address once; HEAD first, GET when HEAD is refused; the
        // fragment and the video's moment are not addresses of their own.
        #expect(server.methods("/ok") == ["HEAD"])
        #expect(server.methods("/talk/") == ["HEAD"])
        #expect(server.methods("/gone") == ["HEAD"])
        #expect(server.methods("/moved") == ["HEAD"])
        #expect(server.methods("/moved-here") == ["HEAD"])
        #expect(server.methods("/temporary") == ["HEAD"])
        #expect(server.methods("/temporary-here") == ["HEAD"])
        #expect(server.methods("/no-head") == ["HEAD", "GET"])
        #expect(server.methods("/again-429") == ["HEAD", "HEAD"])
        #expect(server.methods("/again-503") == ["HEAD", "HEAD"])
        #expect(server.methods("/wall") == ["HEAD", "GET"])
        #expect(server.requests.count == 18)
        #expect(server.requests.allSatisfy { $0.userAgent.hasPrefix("duosite/") && $0.userAgent.contains("https://fixture.example") })
    }

    @Test(arguments: ["text", "github"])
    func theOtherFormats(_ format: String) throws {
        let server = try LinkTestServer()
        let site = try Self.site(hig: server.address("/ok"), talk: server.address("/talk/"), links: [server.address("/gone"), server.address("/moved-308"), server.address("/wall")])
        let run = try Self.checkLinks(site, format: format)
        #expect(run.status == 1)
        if format == "text" {
            #expect(run.err.contains("\(Self.page):10:3: error: \(server.address("/gone")) answers 404"))
            #expect(run.err.contains("\(Self.page):11:3: warning: \(server.address("/moved-308")) has moved for good (308"))
            #expect(run.out.contains("links: 5 addresses checked; not settled, so not errors: \(server.address("/wall")) answers 403"))
        } else {
            #expect(run.out.contains("::error file=\(Self.page),line=10,col=3,title=link-broken::"))
            #expect(run.out.contains("::warning file=\(Self.page),line=11,col=3,title=link-moved::"))
            #expect(run.out.contains("::notice title=duosite check::links: 5 addresses checked; not settled"))
        }
    }

    @Test func nothingAskedWithoutLinks() throws {
        let server = try LinkTestServer()
        let site = try Self.site(hig: server.address("/gone"), talk: server.address("/talk/"), links: [server.address("/gone")])
        for format in ["text", "json", "github"] {
            #expect(site.check(["--format", format]).status == 0)
        }
        #expect(server.requests.isEmpty)
    }

    @Test func goodAnswersAreRemembered() throws {
        let server = try LinkTestServer()
        let site = try Self.site(hig: server.address("/ok"), talk: server.address("/talk/"), links: [server.address("/no-head"), server.address("/gone"), server.address("/wall"), server.address("/moved-308")])
        #expect(try Self.checkLinks(site).status == 1)
        let first = server.requests.count
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".Public.duosite-links").path))

        // Again: only what was not good is asked.
        let again = try Self.checkLinks(site, format: "text")
        #expect(again.status == 1)
        #expect(again.out.contains("links: 6 addresses checked (3 remembered as good)"))
        let asked = Set(server.requests.dropFirst(first).map(\.path))
        #expect(asked == ["/gone", "/wall", "/moved-308", "/moved-308-here"])

        // With no memory, everything is asked again.
        let before = server.requests.count
        _ = try Self.checkLinks(site, ["--links-max-age", "0"])
        #expect(Set(server.requests.dropFirst(before).map(\.path)).isSuperset(of: ["/ok", "/talk/", "/no-head"]))
    }

    @Test func rememberedAnswersExpire() throws {
        let now = 1_800_000_000.0
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("duosite-links-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: file) }
        var remembered = RememberedLinks()
        remembered.remember("https://a.example/", at: now - 3_600)
        remembered.remember("https://b.example/", at: now - 90_000)
        #expect(remembered.write(to: file))
        let read = RememberedLinks(reading: file, now: now, maxAge: 86_400)
        #expect(read.contains("https://a.example/"))
        #expect(!read.contains("https://b.example/"))
        #expect(!RememberedLinks(reading: file, now: now, maxAge: 0).contains("https://a.example/"))
    }

    @Test func skippedHostsAndPrefixesAreNotAsked() throws {
        let server = try LinkTestServer()
        let site = try Self.site(
            hig: server.address("/ok"), talk: server.address("/private/talk/"),
            links: [server.address("/private/page"), "https://skipped.example/page", "https://www.skipped.example/"],
            siteExtra: "skip_links:\n  - skipped.example\n  - \(server.address("/private/"))\n"
        )
        let run = try Self.checkLinks(site, format: "text")
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("links: 1 address checked"))
        #expect(server.methods("/ok") == ["HEAD"])
        #expect(server.requests.count == 1)
    }

    @Test func aBadSkipListEntryIsInvalid() throws {
        let site = try Self.site(hig: "https://a.example/", talk: "https://b.example/", links: [], siteExtra: "skip_links: [\"ftp://x\", \"a b\"]\n")
        let findings = try site.checkJSON().json.located.filter { $0.code == "invalid-field" }
        #expect(findings.count == 2)
    }

    @Test func aHostIsAskedTwoAtATime() throws {
        let server = try LinkTestServer()
        let site = try Self.site(hig: server.address("/slow-0"), talk: server.address("/slow-1"), links: (2..<6).map { server.address("/slow-\($0)") })
        let run = try Self.checkLinks(site)
        #expect(run.status == 0)
        #expect(server.requests.count == 6)
        #expect(server.mostAtOnce == 2)
    }

    @Test func aHostIsAskedWithAPauseBetweenRequests() throws {
        let server = try LinkTestServer()
        let site = try Self.site(hig: server.address("/a"), talk: server.address("/b"), links: [server.address("/c"), server.address("/d")])
        var settings = Self.quick
        settings.hostPause = 0.15
        let start = ContinuousClock.now
        let run = try Self.checkLinks(site, settings: settings)
        let elapsed = ContinuousClock.now - start
        #expect(run.status == 0)
        #expect(server.requests.count == 4)
        #expect(elapsed >= .milliseconds(450))
    }

    @Test func retryAfterIsWaitedForUpToItsCap() throws {
        let server = try LinkTestServer()
        let site = try Self.site(hig: server.address("/again-429"), talk: server.address("/talk/"), links: [])
        var settings = Self.quick
        settings.retryPause = 0.01
        settings.retryAfterCap = 0.3
        #expect(try Self.checkLinks(site, settings: settings).status == 0)
        #expect(server.methods("/again-429") == ["HEAD", "HEAD"])
        let gap = try #require(server.gap("/again-429"))
        #expect(gap >= .milliseconds(300) && gap < .milliseconds(1000))
    }

    @Test func tooManyRequestsToTheEndIsNoError() throws {
        let server = try LinkTestServer()
        let site = try Self.site(hig: server.address("/always-429"), talk: server.address("/moved-308"), links: [])
        let run = try Self.checkLinks(site, format: "text")
        #expect(run.status == 0, "\(run.err)")
        #expect(!run.err.contains("link-broken"))
        #expect(run.err.contains("warning:") && run.err.contains("[link-moved]"))
        #expect(run.out.contains("not settled, so not errors: \(server.address("/always-429")) still answers 429"))
        #expect(server.methods("/always-429") == ["HEAD", "HEAD", "HEAD"])
        #expect(try Self.checkLinks(site, ["--strict"], format: "text").status == 1)
    }

    @Test func failuresAfterTheRetriesAreBroken() throws {
        let server = try LinkTestServer()
        let site = try Self.site(hig: server.address("/always-503"), talk: server.address("/talk/"), links: [server.address("/loop")])
        let run = try Self.checkLinks(site)
        let found = try run.json().located.filter { $0.code == "link-broken" }
        #expect(Set(found) == [
            LocatedFinding(file: Self.sources, line: 6, column: 8, severity: "error", code: "link-broken"),
            LocatedFinding(file: Self.page, line: 10, column: 3, severity: "error", code: "link-broken"),
        ])
        #expect(server.methods("/always-503") == ["HEAD", "HEAD", "HEAD"])
        #expect(server.methods("/loop").count == 11)
    }

    @Test(arguments: [
        (["--links-max-age", "1d"], "--links-max-age needs --links"),
        (["--links", "--links-max-age", "2 days"], "--links-max-age should be"),
        (["--link"], "did you mean '--links'?"),
    ])
    func wrongCommandLines(_ arguments: [String], _ reason: String) throws {
        let site = try ScratchSite()
        let run = site.check(arguments)
        #expect(run.status == 64)
        #expect(run.err.contains(reason))
    }
}
