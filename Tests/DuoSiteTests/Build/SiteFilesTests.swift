import Foundation
import Testing
@testable import DuoSite

/// The site-wide files list the pages where a reader or a feed reader
/// expects them: the feed the hundred newest checks, newest first (pages
/// checked the same day by address), the sitemap and `api/pages.json` every
/// page by address, each address written as the site's base URL and the
/// page's path, escaped for the file.
@Suite struct SiteFilesTests {
    /// A page `slug`, last checked on `day`, asking a question of its own.
    static func page(_ slug: String, checked day: String) -> String {
        """
        ---
        title: Page \(slug)
        summary: The page \(slug).
        status: apple
        last_checked: \(day)
        ---

        ## The rules

        1. A rule.

           Sources (apple): hig § Vertical controls

        ## FAQ

        ### What is \(slug) for?

        Telling pages apart.

        """
    }

    /// Pages written in an order that is neither their dates' nor their addresses'.
    static let pages = [
        ("b-page", "2026-09-01"), ("d-page", "2026-11-02"), ("a-page", "2026-09-01"),
        ("c-page", "2025-12-31"), ("e-page", "2026-09-01"), ("aa-page", "2026-11-02"),
    ]

    @Test func theFeedListsTheNewestCheckFirstAndAPageOfTheSameDayByAddress() throws {
        let site = try TestSite()
        defer { site.remove() }
        for (slug, day) in Self.pages {
            try site.write(Self.page(slug, checked: day), to: "Content/patterns/\(slug).md")
        }
        site.build()
        let feed = try site.read("Public/feed.xml")
        let ids = feed.components(separatedBy: "<id>").dropFirst(2).map { $0.components(separatedBy: "</id>")[0] }
        #expect(ids == [
            "https://duoapps.example/patterns/aa-page/", "https://duoapps.example/patterns/d-page/",
            "https://duoapps.example/patterns/symbols-not-labels/", "https://duoapps.example/patterns/where-the-bars-go/",
            "https://duoapps.example/patterns/a-page/", "https://duoapps.example/patterns/b-page/",
            "https://duoapps.example/patterns/e-page/", "https://duoapps.example/patterns/c-page/",
        ])
        #expect(feed.contains("<updated>2026-11-02T00:00:00Z</updated>\n  <author>"))
    }

    /// The index marks a page "Needs review", and `api/pages.json` gives
    /// its due day and review, by its own last check and its own interval
    /// (`review_every`, else the site's 180 days): pages checked the same
    /// day can differ, and each page's address is its own.
    @Test func eachPageIsReviewedByItsOwnCheckAndInterval() throws {
        let site = try TestSite()
        defer { site.remove() }
        let pages: [(slug: String, day: String, interval: String?, stale: Bool, due: String)] = [
            ("fresh-by-default", "2026-09-01", nil, false, "2027-02-28"), ("stale-by-its-own", "2026-09-01", "30d", true, "2026-10-01"),
            ("stale-by-default", "2025-12-31", nil, true, "2026-06-29"), ("fresh-by-its-own", "2025-12-31", "2y", false, "2027-12-31"),
            ("also-fresh-by-default", "2026-09-01", nil, false, "2027-02-28"), ("also-stale-by-its-own", "2026-09-01", "30d", true, "2026-10-01"),
        ]
        for page in pages {
            var text = Self.page(page.slug, checked: page.day)
            if let interval = page.interval {
                text = text.replacingOccurrences(of: "last_checked:", with: "review_every: \(interval)\nlast_checked:")
            }
            try site.write(text, to: "Content/patterns/\(page.slug).md")
        }
        site.build()
        let index = try site.read("Public/index.html")
        let cards = index.components(separatedBy: "<li class=\"pattern-card\">").dropFirst()
        for page in pages {
            let card = try #require(cards.first { $0.contains("<a href=\"/patterns/\(page.slug)/\">Page \(page.slug)</a>") }, "\(page.slug)")
            #expect(card.contains("Needs review") == page.stale, "\(page.slug)")
            #expect(card.contains("<time datetime=\"\(page.day)\">"), "\(page.slug)")
        }
        let json = try #require(try JSONSerialization.jsonObject(with: Data(site.read("Public/api/pages.json").utf8)) as? [String: Any])
        let listed = try #require(json["pages"] as? [[String: Any]])
        for page in pages {
            let entry = try #require(listed.first { $0["slug"] as? String == page.slug }, "\(page.slug)")
            #expect(entry["last_checked"] as? String == page.day, "\(page.slug)")
            #expect(entry["due"] as? String == page.due, "\(page.slug)")
            #expect(entry["review"] as? String == (page.stale ? "stale" : "fresh"), "\(page.slug)")
        }
    }

    /// A large site's feed holds its newest checks, not every page: the
    /// sitemap and `api/pages.json` still list them all.
    @Test func theFeedHoldsTheHundredPagesCheckedMostRecently() throws {
        let site = try TestSite()
        defer { site.remove() }
        // 105 pages, one checked each day from 2026-01-01, and the site's own two.
        for number in 0..<105 {
            let day = Day(year: 2026, month: 1, day: 1)!.adding(days: number)
            try site.write(Self.page(String(format: "p%03d", number), checked: day.description), to: "Content/patterns/" + String(format: "p%03d", number) + ".md")
        }
        site.build()
        let feed = try site.read("Public/feed.xml")
        let ids = feed.components(separatedBy: "<entry>").dropFirst().map { $0.components(separatedBy: "<id>")[1].components(separatedBy: "</id>")[0] }
        #expect(ids.count == 100)
        // The site's own two pages were checked last, then the generated
        // ones from the newest: the seven checked longest ago are left out.
        let address = { (slug: String) in "https://duoapps.example/patterns/\(slug)/" }
        #expect(Array(ids.prefix(3)) == [address("symbols-not-labels"), address("where-the-bars-go"), address("p104")])
        #expect(ids.last == address("p007"))
        #expect(!ids.contains { id in (0..<7).contains { id == address(String(format: "p%03d", $0)) } })
        let sitemap = try site.read("Public/sitemap.xml")
        // The home page and every pattern page, the oldest too, then the
        // page of the tags and the repository's pages' four tags.
        #expect(sitemap.components(separatedBy: "<url>").count - 1 == 108 + 5)
        #expect(sitemap.contains("<loc>\(address("p000"))</loc>"))
        let json = try site.read("Public/api/pages.json")
        #expect(json.components(separatedBy: #""slug": "#).count - 1 == 107)
        #expect(json.contains(#""slug": "p000""#))
    }

    @Test func pageAddressesCarryTheBaseURLEscapedForEachFile() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(Self.page("a-page", checked: "2026-09-01"), to: "Content/patterns/a-page.md")
        let result = site.run(["build", "--today", "2026-11-29", "--quiet", "--base-url", "https://docs&co.example/"])
        #expect(result.status == 0, "\(result.err)")
        let sitemap = try site.read("Public/sitemap.xml")
        #expect(sitemap.contains("<url><loc>https://docs&amp;co.example/patterns/a-page/</loc><lastmod>2026-09-01</lastmod></url>"))
        let feed = try site.read("Public/feed.xml")
        #expect(feed.contains("<id>https://docs&amp;co.example/patterns/a-page/</id>"))
        #expect(feed.contains("href=\"https://docs&amp;co.example/patterns/a-page/\"/>"))
        let json = try site.read("Public/api/pages.json")
        #expect(json.contains(#""url": "https://docs\u0026co.example/patterns/a-page/", "path": "/patterns/a-page/""#))
        // The JSON is JSON, and says the address as given.
        let pages = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])["pages"] as? [[String: Any]]
        #expect(pages?.first { $0["slug"] as? String == "a-page" }?["url"] as? String == "https://docs&co.example/patterns/a-page/")
    }

    /// Days compare as their day numbers do, across months, years and leap days.
    @Test func daysCompareAsTheirDayNumbers() throws {
        var generator = SplitMix(seed: 7)
        var days: [Day] = []
        while days.count < 400 {
            let year = 1999 + Int(generator.next() % 4), month = 1 + Int(generator.next() % 12), day = 1 + Int(generator.next() % 31)
            if let made = Day(year: year, month: month, day: day) { days.append(made) }
        }
        days += [Day(year: 2024, month: 2, day: 29)!, Day(year: 2024, month: 3, day: 1)!, Day(year: 2023, month: 12, day: 31)!]
        for left in days {
            for right in days.prefix(60) {
                #expect((left < right) == (left.dayNumber < right.dayNumber), "\(left) against \(right)")
            }
        }
    }
}
