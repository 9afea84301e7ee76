import Diagnostics
import Foundation
import Testing
@testable import DuoSite

/// The parts of the link check that need no network: the addresses asked,
/// the skip list, `--links-max-age` and `Retry-After`.
struct LinkPartsTests {
    @Test(arguments: [
        ("0", 0.0), ("12h", 43_200.0), ("1d", 86_400.0), ("7d", 604_800.0),
    ])
    func maxAges(_ text: String, _ seconds: Double) {
        #expect(LinkSettings.age(text) == seconds)
    }

    @Test(arguments: ["", "1", "d", "-1d", "1w", "1.5d", "+1d"])
    func wrongMaxAges(_ text: String) {
        #expect(LinkSettings.age(text) == nil)
    }

    @Test func retryAfterInSecondsOrAsADate() throws {
        #expect(LinkProbe.seconds(retryAfter: "3") == 3)
        #expect(LinkProbe.seconds(retryAfter: nil) == nil)
        #expect(LinkProbe.seconds(retryAfter: "soon") == nil)
        #expect(LinkProbe.seconds(retryAfter: "Wed, 21 Oct 2015 07:28:00 GMT") == 0)
        let inTen = Date().addingTimeInterval(10)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let seconds = try #require(LinkProbe.seconds(retryAfter: formatter.string(from: inTen)))
        #expect((8...10).contains(seconds))
    }

    @Test func theAddressesAsked() throws {
        let site = try SiteLoader(root: CheckSupport.fixtures.appendingPathComponent("clean")).load().0
        var page = try #require(site.patterns.first)
        let location = SourceLocation(file: page.file, line: 3, column: 5)
        page.externalLinks = [
            ExternalLink(address: "https://developer.apple.com/videos/play/tech-talks/111470/?time=373", location: location),
            ExternalLink(address: "https://example.com/a#part", location: location),
            ExternalLink(address: "HTTPS://example.com/a", location: location),
            ExternalLink(address: "https://skipped.example/x", location: location),
        ]
        let targets = LinkTarget.collect(sources: site.sources, pages: [page], skip: LinkSkipList(["skipped.example"]))
        #expect(targets.map(\.address) == [
            "https://developer.apple.com/design/human-interface-guidelines/designing-for-iphone-duo",
            "https://developer.apple.com/videos/play/tech-talks/111470/",
            "https://example.com/a",
            "HTTPS://example.com/a",
        ])
        #expect(targets[1].locations.count == 2)
        #expect(targets[1].locations.first?.file == "Content/sources.yml")
        #expect(targets[2].locations == [location])
    }

    @Test func theSkipList() {
        let list = LinkSkipList(["example.com", "https://other.example/private/"])
        #expect(list.skips("https://example.com/"))
        #expect(list.skips("https://www.EXAMPLE.com/a"))
        #expect(!list.skips("https://notexample.com/"))
        #expect(list.skips("https://other.example/private/page"))
        #expect(!list.skips("https://other.example/public/"))
        #expect(LinkSkipList.problem("example.com") == nil)
        #expect(LinkSkipList.problem("https://example.com/x/") == nil)
        #expect(LinkSkipList.problem("ftp://example.com/") != nil)
        #expect(LinkSkipList.problem("an example") != nil)
    }

    /// A probe whose requests get the answers of `answers`, by address, one
    /// after another (the last again when they run out), and that sleeps
    /// not at all.
    static func probe(_ answers: [String: [LinkAnswer]]) -> (LinkProbe, @Sendable () -> [String]) {
        let sent = Sent()
        var settings = LinkSettings()
        settings.retryPause = 0
        let probe = LinkProbe(settings: settings, send: { address, method in
            let count = sent.add("\(method) \(address)")
            let list = answers[address] ?? [.failed(.refused)]
            return list[min(count, list.count) - 1]
        }, sleep: { _ in })
        return (probe, { sent.all })
    }

    static func status(_ code: Int, _ location: String? = nil) -> LinkAnswer {
        .status(code, location: location, retryAfter: nil)
    }

    @Test func permanentRedirectsNameTheLastAddressOfTheirRun() {
        let (probe, sent) = Self.probe([
            "https://a.example/": [Self.status(301, "/b")],
            "https://a.example/b": [Self.status(308, "https://c.example/")],
            "https://c.example/": [Self.status(302, "/d")],
            "https://c.example/d": [Self.status(200)],
        ])
        #expect(probe.outcome(of: "https://a.example/") == .moved(status: 308, to: "https://c.example/"))
        #expect(sent() == ["HEAD https://a.example/", "HEAD https://a.example/b", "HEAD https://c.example/", "HEAD https://c.example/d"])
    }

    @Test func aPermanentRedirectAfterATemporaryOneIsNotAMove() {
        let (probe, _) = Self.probe([
            "https://a.example/": [Self.status(307, "/b")],
            "https://a.example/b": [Self.status(301, "/c")],
            "https://a.example/c": [Self.status(200)],
        ])
        #expect(probe.outcome(of: "https://a.example/") == .good)
    }

    @Test func aMoveToNothingIsBroken() {
        let (probe, _) = Self.probe([
            "https://a.example/": [Self.status(301, "/b")],
            "https://a.example/b": [Self.status(404)],
        ])
        guard case .broken(let reason) = probe.outcome(of: "https://a.example/") else {
            Issue.record("not broken")
            return
        }
        #expect(reason.contains("redirected to https://a.example/b"))
    }

    @Test(arguments: [
        (LinkAnswer.failed(.unresolved), "does not resolve", 1),
        (LinkAnswer.failed(.refused), "refuses the connection", 1),
        (LinkAnswer.failed(.timedOut), "did not answer within 20 seconds, 3 times", 3),
        (LinkAnswer.status(500, location: nil, retryAfter: nil), "still after the retries", 3),
    ])
    func failures(_ answer: LinkAnswer, _ reason: String, _ requests: Int) {
        let (probe, sent) = Self.probe(["https://a.example/": [answer]])
        guard case .broken(let said) = probe.outcome(of: "https://a.example/") else {
            Issue.record("not broken")
            return
        }
        #expect(said.contains(reason))
        #expect(sent().count == requests)
    }

    @Test(arguments: [401, 403, 429])
    func unsettled(_ code: Int) {
        let (probe, sent) = Self.probe(["https://a.example/": [Self.status(code)]])
        guard case .unsettled = probe.outcome(of: "https://a.example/") else {
            Issue.record("settled")
            return
        }
        #expect(sent() == (code == 429 ? Array(repeating: "HEAD https://a.example/", count: 3) : ["HEAD https://a.example/", "GET https://a.example/"]))
    }

    @Test(arguments: [400, 404, 410, 451])
    func goneAndOtherClientErrors(_ code: Int) {
        let (probe, sent) = Self.probe(["https://a.example/": [Self.status(code)]])
        #expect(probe.outcome(of: "https://a.example/") == .broken("https://a.example/ answers \(LinkProbe.describe(code))"))
        #expect(sent().count == ([404, 410].contains(code) ? 1 : 2))
    }
}

/// The requests a fake probe sent, under a lock.
private final class Sent: @unchecked Sendable {
    private let lock = NSLock()
    private var requests: [String] = []

    /// Adds `request`; how many requests to its address there have been.
    func add(_ request: String) -> Int {
        lock.withLock {
            requests.append(request)
            let address = request.split(separator: " ").last ?? ""
            return requests.filter { $0.hasSuffix(" " + address) }.count
        }
    }

    var all: [String] { lock.withLock { requests } }
}
