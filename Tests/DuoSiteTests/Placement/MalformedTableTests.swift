import Diagnostics
import Foundation
import Testing
@testable import DuoSite

/// A malformed table or demo gives findings at their line and column, and
/// `duosite place` prints them and exits 1.
@Suite struct MalformedTableTests {
    struct Expected: CustomTestStringConvertible, Sendable {
        let line: Int
        let column: Int
        let fragment: String
        var testDescription: String { "\(line):\(column) \(fragment)" }
    }

    static let expected: [Expected] = [
        Expected(line: 3, column: 12, fragment: "the form 'broken' shows 'icon'"),
        Expected(line: 9, column: 12, fragment: "unknown condition 'symbl'; did you mean 'symbol'?"),
        Expected(line: 13, column: 18, fragment: "'kind' is never 'segmentd'; did you mean 'segmented'?"),
        Expected(line: 18, column: 12, fragment: "the place 'sideways'"),
        Expected(line: 23, column: 11, fragment: "the form 'missing-form' is not defined"),
        Expected(line: 24, column: 11, fragment: "not 'symbols-not-labels#2'"),
        Expected(line: 27, column: 30, fragment: "'at-least' takes a whole number, not 'many'"),
        Expected(line: 30, column: 5, fragment: "the advice 'no-rule' needs the pattern 'rule'"),
        Expected(line: 32, column: 14, fragment: "'{valeu}'"),
    ]

    static func malformedDiagnostics() throws -> [Diagnostic] {
        PlacementTable.parse(try PlacementSupport.fixtureText("malformed-table.yml")).1
    }

    @Test(arguments: expected)
    func eachProblemIsFoundWhereItIs(_ expected: Expected) throws {
        let diagnostics = try Self.malformedDiagnostics()
        let found = diagnostics.filter { $0.location.line == expected.line && $0.location.column == expected.column }
        #expect(found.count == 1, "\(diagnostics.map(\.formatted))")
        #expect(found.first?.message.contains(expected.fragment) == true, "\(found.map(\.message))")
        #expect(found.allSatisfy { $0.code == .invalidPlacement && $0.severity == .error && $0.location.file == Site.Paths.placement })
    }

    @Test func nothingElseIsReportedAndTheGoodPartsAreKept() throws {
        let (table, diagnostics) = PlacementTable.parse(try PlacementSupport.fixtureText("malformed-table.yml"))
        #expect(diagnostics.count == Self.expected.count, "\(diagnostics.map(\.formatted))")
        // Every row has a problem but the third, whose place is unknown: none is kept.
        #expect(table?.rules.isEmpty == true)
        #expect(table?.advice.isEmpty == true)
        #expect(table?.forms.keys.sorted() == ["symbol"])
    }

    @Test(arguments: [
        ("- just\n- a list\n", 1, 1, "should be a map"),
        ("forms: {title: [title]}\noverflow: {symbol: ellipsis, form: title}\nrules: {id: x}\n", 3, 8, "'rules' should be a list"),
        ("forms: {title: [title]}\noverflow: {symbol: ellipsis, form: title}\nrules:\n  - {when: {any: []}, place: top, form: title}\n", 4, 18, "'any' should be a list"),
        ("forms: {title: [title]}\noverflow: {symbol: ellipsis, form: title}\nrules:\n  - {when: {vertical: maybe}, place: top, form: title}\n", 4, 23, "'vertical' is true or absent"),
        ("forms: {title: [title]}\noverflow: {symbol: ellipsis, form: title}\nrules:\n  - {when: {kind: count}, place: top, form: title}\n", 4, 19, "'kind' is not a number"),
        ("forms: {title: [title]}\noverflow: {symbol: ellipsis, form: title}\nrules:\n  - {when: {bar: absent}, place: top, form: title}\n", 4, 18, "never absent"),
        ("forms: {title: [title]}\noverflow: {symbol: ellipsis, form: title}\nrules:\n  - {when: {title: {rougly: A}}, place: top, form: title}\n", 4, 21, "unknown test 'rougly'"),
        ("forms: {title: [title]}\noverflow: {symbol: ellipsis, form: title}\nrules:\n  - {when: {}, place: top, form: title, extra: 1}\n", 4, 41, "unknown key 'extra'"),
        ("forms: {title: [badge?]}\noverflow: {symbol: ellipsis, form: title}\nrules: []\n", 1, 17, "only optional parts"),
        ("forms: {title: [title]}\nrules: []\n", 1, 1, "needs 'overflow'"),
        ("forms: {title: [title]}\noverflow: {symbol: ellipsis, form: title}\nrules:\n  - {id: a, when: {}, place: top, form: title}\n  - {id: a, when: {}, place: top, form: title}\n", 5, 10, "two entries are named 'a'"),
        ("forms: {title: [title]}\nplaces: {side: {back: column, navigation: top, toolbar: left, tabs: column}}\noverflow: {symbol: ellipsis, form: title}\nrules: []\n", 2, 57, "should be column, top or bottom"),
    ] as [(String, Int, Int, String)])
    func smallTables(_ text: String, _ line: Int, _ column: Int, _ fragment: String) {
        let diagnostics = PlacementTable.parse(text).1
        #expect(diagnostics.contains { $0.location.line == line && $0.location.column == column && $0.message.contains(fragment) && $0.code == .invalidPlacement },
                "\(diagnostics.map(\.formatted))")
    }

    @Test func placeReportsAMalformedTableAndPlacesNothing() throws {
        let site = try PlacementSite()
        defer { site.remove() }
        try site.write(try PlacementSupport.fixtureText("malformed-table.yml"), to: Site.Paths.placement)
        let run = site.run(["place", "Content/patterns/symbols-not-labels.md"])
        #expect(run.status == 1)
        #expect(run.out.isEmpty)
        #expect(run.err.contains("Content/placement.yml:9:12: error: unknown condition 'symbl'; did you mean 'symbol'? [invalid-placement]"))
        #expect(run.err.split(separator: "\n").count == Self.expected.count)
    }

    @Test func placeReportsAMissingTable() throws {
        let site = try PlacementSite()
        defer { site.remove() }
        try site.delete(Site.Paths.placement)
        let run = site.run(["place", "Content/patterns/symbols-not-labels.md"])
        #expect(run.status == 1)
        #expect(run.err.contains("Content/placement.yml:1:1: error: Content/placement.yml is missing"))
        #expect(run.err.contains("[missing-file]"))
    }

    @Test func placeReportsAMalformedDemoAtItsLineAndColumn() throws {
        let run = PlacementRun(["place", try PlacementSupport.fixture("bad-demo.yml").path, "--root", PlacementSupport.repositoryRoot.path], in: PlacementSupport.repositoryRoot)
        #expect(run.status == 1)
        #expect(run.err.contains("bad-demo.yml:4:22: error: unknown field 'symbl' in an item; did you mean 'symbol'? [unknown-field]"))
        #expect(run.err.contains("bad-demo.yml:5:29: error: 'badge' should be a count: a whole number, like 12 [invalid-demo]"))
    }

    @Test func placeReportsADemoBlockOfAPageAtItsLineAndColumn() throws {
        let site = try PlacementSite()
        defer { site.remove() }
        try site.write("""
        ---
        title: A page
        summary: With a broken demo.
        status: apple
        last_checked: 2026-10-01
        ---

        ```demo
        device: duo-closed-portait
        screen:
          toolbar:
            - {title: Share, kind: buton}
        ```
        """, to: "Content/patterns/broken.md")
        let run = site.run(["place", "Content/patterns/broken.md"])
        #expect(run.status == 1)
        #expect(run.err.contains("Content/patterns/broken.md:12:28: error: unknown kind 'buton'"), "\(run.err)")
        #expect(run.err.contains("Content/patterns/broken.md:9:9: error: the demo names the device 'duo-closed-portait', which devices.yml does not have; did you mean 'duo-closed-portrait'? [unknown-device]"), "\(run.err)")
    }
}
