import Foundation
import Testing
import DuoSite

/// When a page is due: its last-checked date plus its review interval (the
/// page's `review_every`, else the site's), in days, weeks, calendar months
/// or years; stale on and after that day, due soon within `due_soon` of it.
struct StalenessTests {
    // MARK: Interval arithmetic

    @Test(arguments: [
        ("2026-10-08", "180d", "2027-04-06"),
        ("2026-10-08", "6m", "2027-04-08"),
        ("2026-10-08", "2w", "2026-10-22"),
        ("2026-10-08", "1y", "2027-10-08"),
        ("2027-01-31", "1m", "2027-02-28"),
        ("2028-01-31", "1m", "2028-02-29"),
        ("2026-08-31", "1m", "2026-09-30"),
        ("2026-03-31", "11m", "2027-02-28"),
        ("2026-12-15", "1m", "2027-01-15"),
        ("2026-11-30", "3m", "2027-02-28"),
        ("2028-02-29", "1y", "2029-02-28"),
        ("2028-02-29", "4y", "2032-02-29"),
        ("2026-12-31", "1d", "2027-01-01"),
        ("2028-02-28", "1d", "2028-02-29"),
        ("2100-02-28", "1d", "2100-03-01"),
        ("2000-02-28", "1d", "2000-02-29"),
    ])
    func intervalAfter(day: String, interval: String, due: String) throws {
        let start = try #require(Day(day))
        let every = try #require(ReviewInterval(interval))
        #expect(every.after(start).description == due)
    }

    @Test(arguments: ["180d", "6m", "26w", "1y", "1d", "100000d"])
    func validInterval(text: String) {
        #expect(ReviewInterval(text)?.description == text)
    }

    @Test(arguments: ["", "d", "0d", "-5d", "6", "6x", "6 months", "6M", "1.5m", "+6m", " 6m", "100001d", "٦m"])
    func invalidInterval(text: String) {
        #expect(ReviewInterval(text) == nil)
    }

    @Test(arguments: ["2026-10-08", "2028-02-29", "0001-01-01", "9999-12-31"])
    func validDay(text: String) {
        #expect(Day(text)?.description == text)
    }

    @Test(arguments: ["2026-02-29", "2026-13-01", "2026-00-10", "2026-04-31", "2026-1-05", "26-01-05", "2026/01/05", "2026-01-05T00:00", "0000-01-01", "２０２６-01-05"])
    func invalidDay(text: String) {
        #expect(Day(text) == nil)
    }

    // MARK: Through duosite check

    /// A page checked on `lastChecked`, with its own `review_every` or
    /// none, checked on `today` under the site's 180d and 14d.
    @Test(arguments: [
        // 2026-10-08 + 180d = 2027-04-06: due soon from 2027-03-23.
        ("2026-10-08", nil, "2027-03-22", "fresh", "2027-04-06"),
        ("2026-10-08", nil, "2027-03-23", "due-soon", "2027-04-06"),
        ("2026-10-08", nil, "2027-04-05", "due-soon", "2027-04-06"),
        ("2026-10-08", nil, "2027-04-06", "stale", "2027-04-06"),
        ("2026-10-08", nil, "2030-01-01", "stale", "2027-04-06"),
        // The page's review_every wins over the site's.
        ("2026-10-08", "30d", "2026-11-06", "due-soon", "2026-11-07"),
        ("2026-10-08", "30d", "2026-11-07", "stale", "2026-11-07"),
        ("2026-10-08", "1y", "2027-04-06", "fresh", "2027-10-08"),
        // Calendar months: January 31 plus a month is the last day of February.
        ("2027-01-31", "1m", "2027-02-13", "fresh", "2027-02-28"),
        ("2027-01-31", "1m", "2027-02-14", "due-soon", "2027-02-28"),
        ("2027-01-31", "1m", "2027-02-28", "stale", "2027-02-28"),
        ("2028-01-31", "1m", "2028-02-28", "due-soon", "2028-02-29"),
        ("2028-01-31", "1m", "2028-02-29", "stale", "2028-02-29"),
        ("2026-10-08", "2w", "2026-10-21", "due-soon", "2026-10-22"),
        // A window longer than the interval: due soon from the start.
        ("2026-10-08", "1d", "2026-10-08", "due-soon", "2026-10-09"),
    ] as [(String, String?, String, String, String)])
    func review(lastChecked: String, reviewEvery: String?, today: String, status: String, due: String) throws {
        let site = try ScratchSite()
        let extra = reviewEvery.map { "review_every: \($0)\n" } ?? ""
        try site.write(CleanPage.text(lastChecked: lastChecked, frontMatterExtra: extra), to: CleanPage.path)
        let (exit, json) = try site.checkJSON(today: today)
        let page = try #require(json.page("first-page"))
        #expect(page["status"] as? String == status)
        #expect(page["due"] as? String == due)
        #expect(page["last_checked"] as? String == lastChecked)

        let codes = json.located.map(\.code)
        switch status {
        case "stale":
            #expect(codes == ["stale"])
            #expect(exit == 1)
        case "due-soon":
            #expect(codes == ["due-soon"])
            #expect(exit == 0)
        default:
            #expect(codes.isEmpty)
            #expect(exit == 0)
        }
        for finding in json.located {
            #expect(finding.file == CleanPage.path)
            #expect(finding.line == 5)
            #expect(finding.column == 15)
        }
    }

    @Test func siteSettingsSetTheIntervalAndTheWindow() throws {
        let site = try ScratchSite()
        try site.write("""
        title: Fixture
        base_url: https://fixture.example
        review_every: 1m
        due_soon: 1w
        """, to: "Content/site.yml")
        try site.write(CleanPage.text(lastChecked: "2026-10-31"), to: CleanPage.path)
        // 2026-10-31 + 1m = 2026-11-30; due soon from 2026-11-23.
        let cases = [("2026-11-22", "fresh"), ("2026-11-23", "due-soon"), ("2026-11-29", "due-soon"), ("2026-11-30", "stale")]
        for (today, status) in cases {
            let (_, json) = try site.checkJSON(today: today)
            let page = try #require(json.page("first-page"))
            #expect(page["due"] as? String == "2026-11-30")
            #expect(page["status"] as? String == status, "\(today)")
        }
    }

    @Test func messagesSayWhichIntervalApplies() throws {
        let site = try ScratchSite()
        try site.write(CleanPage.text(lastChecked: "2026-10-08", frontMatterExtra: "review_every: 30d\n"), to: CleanPage.path)
        let own = site.check(today: "2026-11-29")
        #expect(own.err.contains("last checked 2026-10-08 is 52 days ago; this page is due every 30 days [stale]"))
        try site.write(CleanPage.text(lastChecked: "2026-03-02"), to: CleanPage.path)
        let sites = site.check(today: "2026-11-29")
        #expect(sites.err.contains("last checked 2026-03-02 is 272 days ago; pages are due every 180 days [stale]"))
        try site.write(CleanPage.text(lastChecked: "2026-06-10"), to: CleanPage.path)
        let soon = site.check(today: "2026-11-29")
        #expect(soon.err.contains("due for a check on 2026-12-07, in 8 days"))
    }

    @Test func futureDateIsAnErrorNotStaleness() throws {
        let site = try ScratchSite()
        try site.write(CleanPage.text(lastChecked: "2026-11-30"), to: CleanPage.path)
        let (exit, json) = try site.checkJSON(today: "2026-11-29")
        #expect(exit == 1)
        #expect(json.located == [LocatedFinding(file: CleanPage.path, line: 5, column: 15, severity: "error", code: "future-date")])
        // Checked today is not in the future.
        let (todayExit, todayJSON) = try site.checkJSON(today: "2026-11-30")
        #expect(todayExit == 0)
        #expect(todayJSON.findings.isEmpty)
    }

    @Test(arguments: ["6 months", "0d", "6x", "[6m]"])
    func malformedReviewEvery(value: String) throws {
        let site = try ScratchSite()
        try site.write(CleanPage.text(frontMatterExtra: "review_every: \(value)\n"), to: CleanPage.path)
        let (exit, json) = try site.checkJSON()
        #expect(exit == 1)
        #expect(json.located == [LocatedFinding(file: CleanPage.path, line: 6, column: 15, severity: "error", code: "invalid-field")])
    }

    @Test(arguments: ["review_every: 6 months", "due_soon: soon"])
    func malformedSiteInterval(line: String) throws {
        let site = try ScratchSite()
        try site.write("title: Fixture\nbase_url: https://fixture.example\n\(line)\n", to: "Content/site.yml")
        let (exit, json) = try site.checkJSON()
        #expect(exit == 1)
        let column = line.distance(from: line.startIndex, to: line.firstIndex(of: ":")!) + 3
        #expect(json.located == [LocatedFinding(file: "Content/site.yml", line: 3, column: column, severity: "error", code: "invalid-field")])
    }

    /// A page with no readable last_checked has no review: it is reported
    /// as missing or malformed, not as stale from a stand-in date.
    @Test(arguments: [
        ("", LocatedFinding(file: CleanPage.path, line: 2, column: 1, severity: "error", code: "missing-field")),
        ("last_checked: October 8\n", LocatedFinding(file: CleanPage.path, line: 5, column: 15, severity: "error", code: "invalid-field")),
        ("last_checked: 2026-02-30\n", LocatedFinding(file: CleanPage.path, line: 5, column: 15, severity: "error", code: "invalid-field")),
    ])
    func unreadableLastChecked(line: String, finding: LocatedFinding) throws {
        let site = try ScratchSite()
        let text = CleanPage.text().replacingOccurrences(of: "last_checked: 2026-10-08\n", with: line)
        try site.write(text, to: CleanPage.path)
        let (exit, json) = try site.checkJSON()
        #expect(exit == 1)
        #expect(json.located == [finding])
        #expect(json.page("first-page") == nil)
    }
}
