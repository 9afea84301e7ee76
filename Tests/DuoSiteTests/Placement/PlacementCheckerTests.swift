import Diagnostics
import Foundation
import Testing
@testable import DuoSite

/// What `duosite check` reports about the placement table: rows that can
/// never match, pattern rules that do not exist, demos it cannot lay out.
@Suite struct PlacementCheckerTests {
    static func findings(_ site: PlacementSite, _ codes: Set<DiagnosticCode>) -> [Diagnostic] {
        site.check().filter { codes.contains($0.code) }
    }

    static let placementCodes: Set<DiagnosticCode> = [.unreachablePlacement, .unknownPatternRule, .invalidPlacement, .missingFile, .unknownSymbol]

    @Test func theRepositorysTableIsClean() throws {
        let site = try PlacementSite()
        defer { site.remove() }
        #expect(Self.findings(site, Self.placementCodes).isEmpty)
    }

    @Test func aRowAfterARowThatAlwaysWinsIsUnreachable() throws {
        let site = try PlacementSite()
        defer { site.remove() }
        try site.edit(Site.Paths.placement, replacing: "  - id: count-as-text\n    when: {value: count}", with: """
          - id: done-button
            when: {kind: edit, title: Done}
            place: top
            form: title
            rule: symbols-not-labels#rule-4

          - id: count-as-text
            when: {value: count}
        """)
        let findings = Self.findings(site, [.unreachablePlacement])
        #expect(findings.count == 1)
        let finding = try #require(findings.first)
        #expect(finding.severity == .warning)
        #expect(finding.location.file == Site.Paths.placement)
        let line = try site.read(Site.Paths.placement).components(separatedBy: "\n").firstIndex(of: "  - id: done-button").map { $0 + 1 }
        #expect(finding.location.line == line)
        #expect(finding.location.column == 5)
        #expect(finding.message.hasPrefix("the row 'done-button' can never match: the row 'edit-button' (line "))
    }

    @Test func rowsThatTogetherCoverEveryItemMakeTheNextUnreachable() throws {
        let site = try PlacementSite()
        defer { site.remove() }
        let table = try site.read(Site.Paths.placement)
        try site.write(table.replacingOccurrences(of: "# Advice: every entry", with: """
          - id: leftover
            when: {kind: menu}
            place: top
            form: title

        # Advice: every entry
        """), to: Site.Paths.placement)
        let findings = Self.findings(site, [.unreachablePlacement])
        #expect(findings.map(\.message).first?.contains("the rows 'text-only' (line ") == true, "\(findings.map(\.formatted))")
        #expect(findings.map(\.message).first?.contains("'symbol' (line ") == true)
    }

    @Test func aRowWhoseConditionsCannotAllHold() throws {
        let site = try PlacementSite()
        defer { site.remove() }
        try site.edit(Site.Paths.placement, replacing: "  - id: system-bars\n", with: """
          - id: impossible
            when: {badge: {at-least: 5, at-most: 2}}
            place: top
            form: title

          - id: system-bars

        """)
        let findings = Self.findings(site, [.unreachablePlacement])
        #expect(findings.map(\.message) == ["the row 'impossible' can never match: its conditions on 'badge' can never all hold"])
    }

    @Test func aRuleOfAMissingPageOrPastTheListIsAnError() throws {
        let site = try PlacementSite()
        defer { site.remove() }
        try site.edit(Site.Paths.placement, replacing: "    rule: symbols-not-labels#rule-2\n", with: "    rule: symbols-not-label#rule-2\n")
        try site.edit(Site.Paths.placement, replacing: "  rule: symbols-not-labels#rule-8\n", with: "  rule: symbols-not-labels#rule-9\n")
        try site.edit(Site.Paths.placement, replacing: "    rule: where-the-bars-go#rule-1\n", with: "    rule: where-the-bars-go#rule-2\n")
        let findings = Self.findings(site, [.unknownPatternRule]).sorted { $0.location < $1.location }
        // The table cites rule 2 and rule 8 twice each (a row and an advice): each citation is reported.
        #expect(findings.count == 5, "\(findings.map(\.formatted))")
        #expect(findings.allSatisfy { $0.severity == .error && $0.location.file == Site.Paths.placement })
        #expect(findings.contains { $0.message == "'symbols-not-labels#rule-9' cites rule 9, but Content/patterns/symbols-not-labels.md has 8 rules" && $0.location.column == 9 })
        #expect(findings.contains { $0.message == "'where-the-bars-go#rule-2' cites rule 2, but Content/patterns/where-the-bars-go.md has 1 rule" && $0.location.column == 11 })
        #expect(findings.contains { $0.message == "'symbols-not-label#rule-2' cites the page 'symbols-not-label', which Content/patterns does not have; did you mean 'symbols-not-labels'?" })
        let run = site.run(["check", "--today", "2026-11-01"])
        #expect(run.status == 1)
        #expect(run.err.contains("[unknown-pattern-rule]"))
    }

    @Test func adviceCitingAMissingRuleIsAnErrorToo() throws {
        let site = try PlacementSite()
        defer { site.remove() }
        try site.edit(Site.Paths.placement, replacing: "    rule: symbols-not-labels#rule-7\n", with: "    rule: symbols-not-labels#rule-70\n")
        let findings = Self.findings(site, [.unknownPatternRule])
        #expect(findings.map(\.message) == ["'symbols-not-labels#rule-70' cites rule 70, but Content/patterns/symbols-not-labels.md has 8 rules"])
    }

    @Test func demosWithNoTableToLayThemOutAreReported() throws {
        let site = try PlacementSite()
        defer { site.remove() }
        try site.delete(Site.Paths.placement)
        let findings = Self.findings(site, [.missingFile])
        #expect(findings.map(\.location.description) == ["Content/patterns/symbols-not-labels.md:13:1", "Content/patterns/symbols-not-labels.md:76:1"])
        #expect(findings.allSatisfy { $0.severity == .error && $0.message == "this demo cannot be laid out: Content/placement.yml, the placement engine's decision table, is missing" })
    }

    @Test func anItemNoRowMatchesIsReportedAtTheItem() throws {
        let site = try PlacementSite()
        defer { site.remove() }
        try site.edit(Site.Paths.placement, replacing: "    when: {symbol: present}\n    place: column", with: "    when: {symbol: present, kind: button}\n    place: column")
        try site.edit("Content/patterns/symbols-not-labels.md", replacing: "    - {id: messages, title: Messages, value: \"12\"}\n", with: "    - {id: messages, title: Messages, value: \"12\"}\n    - {id: more, title: More, kind: menu, symbol: list.bullet, entries: [A, B]}\n")
        let findings = Self.findings(site, [.invalidPlacement])
        #expect(findings.count == 1)
        #expect(findings.first?.message.hasPrefix("no row of Content/placement.yml matches the item 'more' (state 'Text labels', on duo-closed-portrait)") == true)
    }

    @Test func anOverflowSymbolTheThemeCannotDraw() throws {
        let site = try PlacementSite()
        defer { site.remove() }
        try site.edit(Site.Paths.placement, replacing: "  symbol: ellipsis\n", with: "  symbol: elipsis\n")
        let findings = Self.findings(site, [.unknownSymbol])
        #expect(findings.map(\.location.description) == ["Content/placement.yml:27:3"])
    }
}
