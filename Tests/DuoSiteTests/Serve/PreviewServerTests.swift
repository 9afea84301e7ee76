import Diagnostics
import Foundation
import HTTP
import Testing
@testable import DuoSite

/// The preview server as a browser and an editor meet it: started on a
/// free port of 127.0.0.1 over a copy of the repository's site, spoken to
/// in raw HTTP, its files edited the ways editors' tools edit them.
struct PreviewServerTests {
    static let today = Day("2026-11-29")!

    /// A running preview of `site`, and what it printed.
    static func start(_ site: TestSite, drafts: Bool = true, poll: Bool = false) throws -> (PreviewSession, Captured) {
        let output = Captured()
        let console = Console(out: { output.append(out: $0) }, err: { output.append(err: $0) })
        let options = BuildOptions(root: site.root, output: site.root.appendingPathComponent("Public"), drafts: drafts, today: today)
        let session = try PreviewSession(options: options, host: "127.0.0.1", port: 0, poll: poll, console: console)
        return (session, output)
    }

    /// A served HTML page without the live-reload script.
    static func withoutScript(_ body: [UInt8], build: Int) -> [UInt8] {
        let text = String(decoding: body, as: UTF8.self)
        return Array(text.replacingOccurrences(of: LiveReload.script(build: build), with: "").utf8)
    }

    @Test func servesWhatBuildWrites() throws {
        let site = try TestSite()
        defer { site.remove() }
        let (session, _) = try Self.start(site, drafts: false)
        defer { session.stop() }
        let result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 0)
        let built = site.tree()
        // The stylesheet under its fingerprinted name, as the build publishes it.
        let stylesheet = "assets/" + ThemeTemplates.loadPublished(root: site.root).assets.name(of: "site.css")
        #expect(stylesheet != "assets/site.css")
        for path in ["index.html", "patterns/where-the-bars-go/index.html", "patterns/symbols-not-labels/index.html", "feed.xml", "sitemap.xml", "api/pages.json", "robots.txt", stylesheet] {
            let response = try RawHTTP.get(port: session.port, PreviewSite.address(of: path))
            #expect(response.status == 200, "\(path)")
            #expect(Self.withoutScript(response.body, build: session.build) == Array(try #require(built[path])), "\(path)")
        }
        let missing = try RawHTTP.get(port: session.port, "/patterns/nothing-here/")
        #expect(missing.status == 404)
        #expect(Self.withoutScript(missing.body, build: session.build) == Array(try #require(built["404.html"])))
        // Nor is the stylesheet's own name published.
        #expect(try RawHTTP.get(port: session.port, "/assets/site.css").status == 404)
    }

    @Test(arguments: [
        "GET /../../etc/passwd HTTP/1.1", "GET /%2e%2e/%2e%2e/etc/passwd HTTP/1.1", "GET /..%2f..%2f..%2fetc%2fpasswd HTTP/1.1",
        "GET /assets/..%2f..%2fContent/site.yml HTTP/1.1", "GET /assets/%2e%2e/%2e%2e/Content/site.yml HTTP/1.1",
        "GET /assets/..\\..\\Content\\site.yml HTTP/1.1", "GET /assets/%5c..%5c..%5cContent%5csite.yml HTTP/1.1",
        "GET /Content/site.yml HTTP/1.1", "GET /%00/etc/passwd HTTP/1.1", "GET /index.html%00.css HTTP/1.1",
        "GET //etc/passwd HTTP/1.1", "GET /%c0%ae%c0%ae/%c0%ae%c0%ae/etc/passwd HTTP/1.1",
        "GET http://127.0.0.1/../../etc/passwd HTTP/1.1", "GET /assets/./../../Content/site.yml HTTP/1.1",
    ])
    func hostilePathsReachNoFile(line: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        let (session, _) = try Self.start(site)
        defer { session.stop() }
        let response = try RawHTTP.request(port: session.port, "\(line)\r\nHost: 127.0.0.1:\(session.port)\r\nConnection: close\r\n\r\n")
        #expect([400, 404].contains(response.status), "\(line): \(response.status)")
        #expect(!response.text.contains("root:"))
        #expect(!response.text.contains("base_url"))
    }

    @Test func methodsAndHosts() throws {
        let site = try TestSite()
        defer { site.remove() }
        let (session, _) = try Self.start(site)
        defer { session.stop() }
        let port = session.port
        let post = try RawHTTP.request(port: port, "POST / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello")
        #expect(post.status == 405)
        #expect(post.headers["allow"] == "GET, HEAD")
        for method in ["PUT", "DELETE", "OPTIONS"] {
            #expect(try RawHTTP.get(port: port, "/", method: method).status == 405)
        }
        let head = try RawHTTP.get(port: port, "/", method: "HEAD")
        #expect(head.status == 200)
        #expect(head.body.isEmpty)
        #expect(head.headers["cache-control"] == "no-store")
        for host in ["localhost:\(port)", "[::1]:\(port)", "127.0.0.1:\(port)"] {
            #expect(try RawHTTP.get(port: port, "/", host: host).status == 200, "\(host)")
        }
        for host in ["evil.example:\(port)", "127.0.0.1", "localhost:\(port + 1)", "127.0.0.1.nip.io:\(port)"] {
            let response = try RawHTTP.get(port: port, "/", host: host)
            #expect(response.status == 403, "\(host)")
            #expect(response.headers["access-control-allow-origin"] == nil)
        }
        #expect(try RawHTTP.get(port: port, "/patterns/where-the-bars-go").headers["location"] == "/patterns/where-the-bars-go/")
        #expect(try RawHTTP.get(port: port, "/patterns/where-the-bars-go/").headers["content-type"] == "text/html; charset=utf-8")
    }

    /// Waits for the one event an edit makes, and checks that no second one follows.
    static func oneEvent(_ events: LiveEvents, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String? {
        guard let event = events.next(within: 5) else {
            Issue.record("no event after the edit", sourceLocation: sourceLocation)
            return nil
        }
        #expect(events.next(within: 0.3) == nil, "a second event", sourceLocation: sourceLocation)
        return event.data
    }

    @Test(arguments: [false, true])
    func everyKindOfEditMakesOneEvent(poll: Bool) throws {
        let site = try TestSite()
        defer { site.remove() }
        let (session, _) = try Self.start(site, poll: poll)
        defer { session.stop() }
        let port = session.port
        let events = try LiveEvents(port: port)
        #expect(events.next(within: 2)?.data == "{\"build\":1,\"hello\":true}")
        let page = "Content/patterns/where-the-bars-go.md"
        let original = try site.read(page)

        // In place.
        try site.write(original.replacingOccurrences(of: "move to the side on iPhone Duo.", with: "move to the side on iPhone Duo, edited in place."), to: page)
        #expect(Self.oneEvent(events) == "{\"build\":2,\"changed\":[\"/patterns/where-the-bars-go/\"]}")
        #expect(try RawHTTP.get(port: port, "/patterns/where-the-bars-go/").text.contains("edited in place"))

        // An atomic save: a temporary file renamed over the page.
        let temporary = site.root.appendingPathComponent("Content/patterns/.where-the-bars-go.md.swp")
        try Data(original.replacingOccurrences(of: "move to the side on iPhone Duo.", with: "move to the side on iPhone Duo, saved whole.").utf8).write(to: temporary)
        #expect(rename(temporary.path, site.root.appendingPathComponent(page).path) == 0)
        #expect(Self.oneEvent(events) == "{\"build\":3,\"changed\":[\"/patterns/where-the-bars-go/\"]}")
        #expect(try RawHTTP.get(port: port, "/patterns/where-the-bars-go/").text.contains("saved whole"))

        // A new page, renamed, removed: the index changes too.
        let newPage = original.replacingOccurrences(of: "title: Where the bars go", with: "title: A page of its own").replacingOccurrences(of: "order: 1", with: "order: 3")
        try site.write(newPage, to: "Content/patterns/a-page-of-its-own.md")
        let added = try #require(Self.oneEvent(events))
        #expect(added.contains("\"/patterns/a-page-of-its-own/\"") && added.contains("\"/\""))
        #expect(try RawHTTP.get(port: port, "/patterns/a-page-of-its-own/").status == 200)
        try site.move("Content/patterns/a-page-of-its-own.md", to: "Content/patterns/renamed-page.md")
        let renamed = try #require(Self.oneEvent(events))
        #expect(renamed.contains("\"/patterns/a-page-of-its-own/\"") && renamed.contains("\"/patterns/renamed-page/\""))
        #expect(try RawHTTP.get(port: port, "/patterns/a-page-of-its-own/").status == 404)
        #expect(try RawHTTP.get(port: port, "/patterns/renamed-page/").status == 200)
        try site.delete("Content/patterns/renamed-page.md")
        #expect(try #require(Self.oneEvent(events)).contains("\"/patterns/renamed-page/\""))
        #expect(try RawHTTP.get(port: port, "/patterns/renamed-page/").status == 404)

        // Editors' temporary files: nothing.
        for name in ["x.md.swp", "x.md~", "#x.md#", "x.md.kate-swp", "x.md___jb_tmp___", "x.md.bck"] {
            try site.write("scratch", to: "Content/patterns/\(name)")
        }
        #expect(events.next(within: poll ? 1.2 : 0.5) == nil)

        // Static/, made: every page (it may hold anything). Then a new folder
        // in it, with a file: watched, then looked through.
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("Static"), withIntermediateDirectories: true)
        #expect(try #require(Self.oneEvent(events)).contains("\"all\":true"))
        // A file added there is a change to the site (links may reach it):
        // every page. Then the file changed: that address alone.
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("Static/.well-known"), withIntermediateDirectories: true)
        try site.write("Contact: mailto:editors@duoapps.example\n", to: "Static/.well-known/security.txt")
        #expect(try #require(events.next(within: 5)).data.contains("\"all\":true"))
        #expect(events.next(within: 0.3) == nil)
        #expect(try RawHTTP.get(port: port, "/.well-known/security.txt").text == "Contact: mailto:editors@duoapps.example\n")
        try site.write("Contact: mailto:preview@duoapps.example\n", to: "Static/.well-known/security.txt")
        #expect(Self.oneEvent(events)?.hasSuffix("\"changed\":[\"/.well-known/security.txt\"]}") == true)
        #expect(try RawHTTP.get(port: port, "/.well-known/security.txt").text == "Contact: mailto:preview@duoapps.example\n")

        // The theme, and the site's settings: every page. An edited
        // stylesheet has a new name, which every page links.
        let before = ThemeTemplates.loadPublished(root: site.root).assets.address(of: "site.css")
        try site.write(try site.read("Theme/assets/site.css") + "\n/* edited */\n", to: "Theme/assets/site.css")
        #expect(try #require(Self.oneEvent(events)).contains("\"all\":true"))
        let after = ThemeTemplates.loadPublished(root: site.root).assets.address(of: "site.css")
        #expect(after != before)
        #expect(try RawHTTP.get(port: port, "/").text.contains("href=\"\(after)\""))
        #expect(try RawHTTP.get(port: port, after).text.hasSuffix("/* edited */\n"))
        try site.write(try site.read("Content/site.yml").replacingOccurrences(of: "title: DuoApps", with: "title: DuoApps Preview"), to: "Content/site.yml")
        #expect(try #require(Self.oneEvent(events)).contains("\"all\":true"))
        #expect(try RawHTTP.get(port: port, "/").text.contains("DuoApps Preview"))
    }

    @Test func anErrorAndItsRecovery() throws {
        let site = try TestSite()
        defer { site.remove() }
        let (session, printed) = try Self.start(site)
        defer { session.stop() }
        let port = session.port
        let events = try LiveEvents(port: port)
        _ = events.next(within: 2)
        let page = "Content/patterns/where-the-bars-go.md"
        let original = try site.read(page)
        try site.write(original.replacingOccurrences(of: "last_checked: 2026-10-08", with: "last_checked: 2026-10-32"), to: page)
        #expect(try #require(Self.oneEvent(events)).contains("\"all\":true"))
        for target in ["/", "/patterns/symbols-not-labels/", "/patterns/where-the-bars-go/"] {
            let text = try RawHTTP.get(port: port, target).text
            #expect(text.contains("<aside id=\"duosite-errors\""), "\(target)")
            #expect(text.contains(">Content/patterns/where-the-bars-go.md:5:15</code> <strong style=\"color:#8c1d18\">error</strong>: &#39;last_checked&#39; should be a date"))
            #expect(text.contains("[invalid-field]"))
            #expect(text.contains("5 | last_checked: 2026-10-32\n  |               ^</pre>"))
        }
        // The last good site stays: the page as it was.
        #expect(try RawHTTP.get(port: port, "/patterns/where-the-bars-go/").text.contains("October 8, 2026"))
        #expect(printed.err.contains("Content/patterns/where-the-bars-go.md:5:15: error:"))
        // Mended: the panel goes.
        try site.write(original, to: page)
        #expect(try #require(Self.oneEvent(events)).contains("\"all\":true"))
        #expect(try !RawHTTP.get(port: port, "/").text.contains("duosite-errors"))
    }

    @Test func aStaticFileAddedMendsALinkToIt() throws {
        let site = try TestSite()
        defer { site.remove() }
        let page = "Content/patterns/where-the-bars-go.md"
        try site.write(try site.read(page) + "\nThe [security contact](/.well-known/security.txt).\n", to: page)
        let (session, printed) = try Self.start(site)
        defer { session.stop() }
        #expect(printed.err.contains("[broken-link]"))
        let events = try LiveEvents(port: session.port)
        _ = events.next(within: 2)
        #expect(try RawHTTP.get(port: session.port, "/").text.contains("duosite-errors"))
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent("Static/.well-known"), withIntermediateDirectories: true)
        try site.write("Contact: mailto:editors@duoapps.example\n", to: "Static/.well-known/security.txt")
        #expect(try #require(events.next(within: 5)).data.contains("\"all\":true"))
        #expect(try !RawHTTP.get(port: session.port, "/").text.contains("duosite-errors"))
    }

    /// After a save, the summary and only the findings the save brought or
    /// mended: the stale pages' findings are printed once, at the start.
    @Test func aSavePrintsWhatItChangedOfTheFindings() throws {
        let site = try TestSite()
        defer { site.remove() }
        let output = Captured()
        let console = Console(out: { output.append(out: $0) }, err: { output.append(err: $0) })
        let options = BuildOptions(root: site.root, output: site.root.appendingPathComponent("Public"), today: Day("2028-01-01")!)
        let session = try PreviewSession(options: options, host: "127.0.0.1", port: 0, poll: false, console: console)
        defer { session.stop() }
        #expect(output.err.components(separatedBy: "[stale]").count - 1 == 2)
        let events = try LiveEvents(port: session.port)
        _ = events.next(within: 2)
        let start = (out: output.out.count, err: output.err.count)
        let page = "Content/patterns/where-the-bars-go.md"
        let original = try site.read(page)
        try site.write(original.replacingOccurrences(of: "last_checked: 2026-10-08", with: "last_checked: 2026-10-32"), to: page)
        _ = try #require(Self.oneEvent(events))
        let deadline = Date().addingTimeInterval(5)
        while output.out.count == start.out, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
        let printed = String(output.err.dropFirst(start.err))
        let summary = String(output.out.dropFirst(start.out))
        // The date unread: its error is new, and the page's staleness, which
        // the date was, went with it; the other page's is not printed again.
        #expect(printed.hasPrefix("Content/patterns/where-the-bars-go.md:5:15: error: 'last_checked' should be a date"), "\(printed)")
        #expect(printed.contains("mended: Content/patterns/where-the-bars-go.md:5:15: error: last checked 2026-10-08"), "\(printed)")
        #expect(!printed.contains("symbols-not-labels.md"), "\(printed)")
        #expect(summary.hasPrefix("Rebuilt (build 2) in "), "\(summary)")
        #expect(summary.contains(" (1 new, 1 mended)"), "\(summary)")
    }

    @Test(arguments: [
        ([("a.md", 1, "x"), ("a.md", 2, "y")], [("a.md", 3, "x"), ("a.md", 4, "y")], [String](), [String]()),
        ([("a.md", 1, "x")], [("a.md", 1, "x"), ("a.md", 9, "x")], ["a.md:9:1: error: x [stale]"], [String]()),
        ([("a.md", 1, "x"), ("b.md", 1, "x")], [("b.md", 1, "x")], [String](), ["a.md:1:1: error: x [stale]"]),
    ])
    func findingChanges(before: [(String, Int, String)], after: [(String, Int, String)], appeared: [String], gone: [String]) {
        func findings(_ list: [(String, Int, String)]) -> [Diagnostic] {
            list.map { Diagnostic(.stale, $0.2, at: Diagnostics.SourceLocation(file: $0.0, line: $0.1)) }
        }
        let changes = FindingChanges(from: findings(before), to: findings(after))
        #expect(changes.appeared.map(\.formatted) == appeared)
        #expect(changes.gone.map(\.formatted) == gone)
    }

    @Test func staleNeverStopsThePreview() throws {
        let site = try TestSite()
        defer { site.remove() }
        let output = Captured()
        let console = Console(out: { output.append(out: $0) }, err: { output.append(err: $0) })
        let options = BuildOptions(root: site.root, output: site.root.appendingPathComponent("Public"), today: Day("2028-01-01")!)
        let session = try PreviewSession(options: options, host: "127.0.0.1", port: 0, poll: false, console: console)
        defer { session.stop() }
        #expect(output.err.contains("[stale]"))
        #expect(try !RawHTTP.get(port: session.port, "/").text.contains("duosite-errors"))
    }

    @Test func draftsAreShownAndMarked() throws {
        let site = try TestSite()
        defer { site.remove() }
        #expect(site.run(["new", "A page being written", "--today", "2026-11-29"]).status == 0)
        let (session, _) = try Self.start(site)
        let page = try RawHTTP.get(port: session.port, "/patterns/a-page-being-written/")
        #expect(page.status == 200)
        #expect(page.text.contains("<span class=\"draft-badge\">Draft</span>"))
        #expect(try RawHTTP.get(port: session.port, "/").text.contains("<span class=\"draft-badge\">Draft</span>"))
        session.stop()
        let (published, _) = try Self.start(site, drafts: false)
        defer { published.stop() }
        #expect(try RawHTTP.get(port: published.port, "/patterns/a-page-being-written/").status == 404)
        #expect(try !RawHTTP.get(port: published.port, "/").text.contains("draft-badge"))
    }

    @Test func stopsWithAStreamOpenAndLeavesNothingBehind() throws {
        let site = try TestSite()
        defer { site.remove() }
        let before = try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted()
        let (session, _) = try Self.start(site)
        let events = try LiveEvents(port: session.port)
        #expect(events.next(within: 2) != nil)
        let waiting = try RawHTTP(port: session.port)  // a connection that sends nothing
        _ = waiting
        let start = Date()
        session.stop()
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(events.next(within: 0.5) == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted() == before)
    }

    @Test func aBusyPortIsAnError() throws {
        let site = try TestSite()
        defer { site.remove() }
        let taken = try HTTPListener(host: "127.0.0.1", port: 0)
        let port = taken.port
        #expect(throws: PreviewSession.StartFailure.portInUse(port)) {
            _ = try Self.start(site, port: port)
        }
        let result = site.run(["serve", "--port", "\(port)", "--today", "2026-11-29"])
        #expect(result.status == 1)
        #expect(result.err.contains("error: port \(port) is in use; choose another with --port, or --port 0 for any free one"))
        _ = consume taken
    }

    @Test(arguments: [
        (["--port", "http"], "error: --port should be a number from 0 to 65535"),
        (["--port", "70000"], "error: --port should be a number from 0 to 65535"),
        (["--host", "example.com"], "error: --host should be an IP address of this machine"),
        (["--prot", "4400"], "error: unknown option '--prot'; did you mean '--port'?"),
        (["extra"], "error: unexpected argument 'extra'"),
    ])
    func wrongCommandLine(arguments: [String], message: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        let result = site.run(["serve"] + arguments)
        #expect(result.status == 64)
        #expect(result.err.hasPrefix(message), "\(result.err)")
        #expect(result.err.contains("Usage: duosite serve"))
    }
}

extension PreviewServerTests {
    static func start(_ site: TestSite, port: Int) throws -> PreviewSession {
        let console = Console(out: { _ in }, err: { _ in })
        return try PreviewSession(options: BuildOptions(root: site.root, today: today), host: "127.0.0.1", port: port, poll: false, console: console)
    }
}

extension PreviewServerTests {
    @Test func withoutAPortItTakes4400OrTheNextFree() throws {
        let site = try TestSite()
        defer { site.remove() }
        // 4400 held here (or by another process): the preview takes the next free one.
        let held = try? HTTPListener(host: "127.0.0.1", port: 4400)
        let console = Console(out: { _ in }, err: { _ in })
        let session = try PreviewSession(options: BuildOptions(root: site.root, today: Self.today), host: "127.0.0.1", port: nil, poll: false, console: console)
        defer { session.stop() }
        #expect((4401..<4500).contains(session.port))
        #expect(session.address == "http://127.0.0.1:\(session.port)/")
        _ = consume held
    }
}
