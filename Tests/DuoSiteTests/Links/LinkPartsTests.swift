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
        #expect(targets[1].isSource)
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
}
