@testable import DuoSite
import Diagnostics
import Foundation
import Testing

/// A build checks each page alone as it reads it, giving each page check
/// the page apart from the context: the findings are those of the same
/// checks run on the whole site, page after page.
@Suite("Checks of one page")
struct PageCheckerTests {
    /// A finding as `duosite check` tells it, with where it is.
    static func told(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.location.file):\(diagnostic.location.line):\(diagnostic.location.column): \(diagnostic.severity) \(diagnostic.code): \(diagnostic.message)"
    }

    /// Fixtures whose pages have findings of the checks about one page.
    static let fixtures = ["stale", "future-date", "unknown-source", "timestamp-past-end", "checked-before-source", "unknown-device", "unknown-symbol", "clean"]

    @Test(arguments: fixtures)
    func eachPageAloneFindsWhatTheWholeSiteFinds(_ name: String) throws {
        let root = try CheckSupport.fixtures.appendingPathComponent(name)
        let (site, _) = SiteLoader(root: root).load()
        #expect(!site.patterns.isEmpty)
        let today = try #require(Day("2026-11-29"))
        let whole = CheckContext(site: site, today: today)
        let alone = Checkers.pageContext(site: site, today: today, engine: whole.placementEngine)

        for checker in Checkers.pageLevel {
            let byPage = site.patterns.flatMap { checker.check($0, alone) }
            #expect(byPage.map(Self.told) == checker.check(whole).map(Self.told), "\(type(of: checker))")
        }
        let found = site.patterns.flatMap { Checkers.page($0, alone) }
        if name != "clean" {
            #expect(!found.isEmpty, "the fixture \(name) has a finding of the checks of one page")
        }
    }

    /// Without a placement table, each demo is reported as one that cannot
    /// be laid out, page by page as for the whole site; the table's own
    /// checks say nothing about a page.
    @Test func demosWithoutATableAreReportedPageByPage() throws {
        let (loaded, _) = SiteLoader(root: TestSite.repositoryRoot).load()
        var site = loaded
        site.placement = nil
        let today = try #require(Day("2026-11-29"))
        let context = CheckContext(site: site, today: today)
        let demos = PlacementChecker(scope: .demos)
        let byPage = site.patterns.flatMap { demos.check($0, context) }
        #expect(!byPage.isEmpty)
        #expect(byPage.allSatisfy { $0.code == .missingFile })
        #expect(byPage.map(Self.told) == demos.check(context).map(Self.told))
        #expect(site.patterns.allSatisfy { PlacementChecker(scope: .table).check($0, context).isEmpty })
    }
}
