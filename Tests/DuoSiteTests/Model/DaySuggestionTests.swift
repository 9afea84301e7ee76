import Foundation
import Testing
@testable import DuoSite

/// A date or an interval written another way is named, in the finding, as
/// it should be written: what the editor surely meant.
@Suite struct DaySuggestionTests {
    @Test(arguments: [
        ("2026-10-8", "2026-10-08"), ("2026/10/08", "2026-10-08"), ("2026.1.5", "2026-01-05"),
        ("October 8, 2026", "2026-10-08"), ("8 Oct 2026", "2026-10-08"), ("Sept 8, 2026", "2026-09-08"),
        ("oct 31 2026", "2026-10-31"),
    ])
    func aDateWrittenAnotherWay(_ text: String, _ meant: String) {
        #expect(Day.meant(by: text)?.description == meant)
    }

    /// Nothing is suggested for what could be read two ways, or is no date.
    @Test(arguments: ["10/08/2026", "2026-13-01", "2026-02-30", "Ma 8, 2026", "yesterday", "2026-10", "26-10-08"])
    func noDate(_ text: String) {
        #expect(Day.meant(by: text) == nil)
    }

    @Test(arguments: [
        ("6 months", "6m"), ("180", "180d"), ("180 days", "180d"), ("2 weeks", "2w"), ("1 yr", "1y"), ("1 Year", "1y"),
    ])
    func anIntervalWrittenAnotherWay(_ text: String, _ meant: String) {
        #expect(ReviewInterval.meant(by: text)?.description == meant)
    }

    @Test(arguments: ["six months", "6 mnths", "0", "-3 days", "6 months ago"])
    func noInterval(_ text: String) {
        #expect(ReviewInterval.meant(by: text) == nil)
    }

    /// What an editor sees.
    @Test func theFindingSaysWhatWasMeant() throws {
        let site = try ScratchSite()
        try site.write(CleanPage.text(lastChecked: "October 8, 2026", frontMatterExtra: "review_every: 6 months\n").replacingOccurrences(of: "status: apple", with: "status: Apple"), to: CleanPage.path)
        let run = site.check()
        #expect(run.status == 1)
        #expect(run.err.contains("first-page.md:5:15: error: 'last_checked' should be a date written YYYY-MM-DD, not 'October 8, 2026'; did you mean '2026-10-08'? [invalid-field]"), "\(run.err)")
        #expect(run.err.contains("first-page.md:4:9: error: 'status' should be apple (guidance as Apple gives it) or recommendation (the site's own advice), not 'Apple'; did you mean 'apple'? [invalid-field]"), "\(run.err)")
        #expect(run.err.contains("first-page.md:6:15: error: 'review_every' should be a number and a unit (d, w, m or y), like 180d or 6m, not '6 months'; did you mean '6m'? [invalid-field]"), "\(run.err)")
    }
}
