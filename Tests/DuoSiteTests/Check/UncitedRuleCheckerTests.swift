import Foundation
import Testing
import DuoSite

/// `UncitedRuleChecker`: a rule with no citation block, an error on a page
/// of Apple's guidance (which `build` refuses to publish), a warning on a
/// recommendation's.
struct UncitedRuleCheckerTests {
    @Test func aRuleOfAnApplePageThatCitesNothingStopsTheBuild() throws {
        let site = try TestSite()
        defer { site.remove() }
        let path = "Content/patterns/where-the-bars-go.md"
        let text = try site.read(path)
        #expect(text.contains("status: apple\n"))
        try site.write(text.replacingOccurrences(of: "\n   Sources (apple): hig § Vertical controls\n", with: ""), to: path)
        let check = site.checkJSON()
        #expect(check.status == 1)
        let rule = try #require(text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("1. ") }) + 1
        #expect(try check.json().located.filter { $0.code == "uncited-rule" } == [LocatedFinding(file: path, line: rule, column: 1, severity: "error", code: "uncited-rule")])
        let build = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(build.status == 1)
        #expect(build.err.contains("\(path):\(rule):1: error: rule 1 cites no source, on a page of Apple's guidance"), "\(build.err)")

        // On a recommendation's page, a warning: the page is published.
        try site.write(try site.read(path).replacingOccurrences(of: "status: apple\n", with: "status: recommendation\n"), to: path)
        let warned = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(warned.status == 0, "\(warned.err)")
        #expect(warned.err.contains("\(path):\(rule):1: warning: rule 1 cites no source: end it with a citation block"), "\(warned.err)")
    }
}
