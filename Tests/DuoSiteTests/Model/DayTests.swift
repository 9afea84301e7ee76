@testable import DuoSite
import Testing

@Suite("Days as text")
struct DayTests {
    /// A day as pages and sources write it, and as readers read it: the
    /// year in four digits (zeros first) or as it is, the day with no zero.
    @Test(arguments: [
        (2026, 11, 29, "2026-11-29", "November 29, 2026"),
        (2026, 1, 8, "2026-01-08", "January 8, 2026"),
        (2026, 9, 30, "2026-09-30", "September 30, 2026"),
        (999, 5, 1, "0999-05-01", "May 1, 999"),
        (7, 12, 31, "0007-12-31", "December 31, 7"),
        (9999, 2, 28, "9999-02-28", "February 28, 9999"),
    ])
    func dayIsWrittenBothWays(year: Int, month: Int, day: Int, iso: String, long: String) throws {
        let date = try #require(Day(year: year, month: month, day: day))
        #expect(date.description == iso)
        #expect(date.longDescription == long)
        #expect(Day(iso) == date)
    }
}
