import Testing
@testable import DuoSite

/// The condition language: what each test means, and when one row's
/// conditions always hold where another's do.
@Suite struct ConditionTests {
    @Test func tests() {
        #expect(ConditionTest.present.matches(.text("x")) && !ConditionTest.present.matches(nil))
        #expect(ConditionTest.absent.matches(nil) && !ConditionTest.absent.matches(.text("")))
        #expect(ConditionTest.count.matches(.text("12")) && ConditionTest.count.matches(.number(3)))
        #expect(!ConditionTest.count.matches(.text("$24.90")) && !ConditionTest.count.matches(.text("")) && !ConditionTest.count.matches(.text("1 2")) && !ConditionTest.count.matches(.text("-3")))
        #expect(!ConditionTest.count.matches(nil))
        #expect(ConditionTest.equals("edit").matches(.text("edit")) && !ConditionTest.equals("edit").matches(nil))
        #expect(ConditionTest.oneOf(["back", "tabs"]).matches(.text("tabs")) && !ConditionTest.oneOf(["back", "tabs"]).matches(.text("toolbar")))
        #expect(ConditionTest.atLeast(6).matches(.number(6)) && !ConditionTest.atLeast(6).matches(.number(5)) && !ConditionTest.atLeast(0).matches(nil))
        #expect(ConditionTest.atMost(2).matches(.text("2")) && !ConditionTest.atMost(2).matches(.text("two")))
        #expect(ConditionTest.not(.equals("edit")).matches(nil) && ConditionTest.not(.equals("edit")).matches(.text("button")))
        #expect(ConditionTest.allOf([.atLeast(2), .atMost(4)]).matches(.number(3)) && !ConditionTest.allOf([.atLeast(2), .atMost(4)]).matches(.number(5)))
        #expect(ConditionTest.equals("true").matches(.flag(true)))
    }

    @Test func subjects() throws {
        let item = try PlacementSupport.item("{title: Sections, kind: menu, symbol: list.bullet, entries: [Recently added, B, C]}", in: .navigation)
        let device = try PlacementSupport.device("duo-closed-landscape")
        #expect(ConditionSubject("entries.length")?.value(of: item, on: device) == .number(3))
        #expect(ConditionSubject("entries.longest")?.value(of: item, on: device) == .number(14))
        #expect(ConditionSubject("title.length")?.value(of: item, on: device) == .number(8))
        #expect(ConditionSubject("bar")?.value(of: item, on: device) == .text("navigation"))
        #expect(ConditionSubject("device.column")?.value(of: item, on: device) == .text("trailing"))
        #expect(ConditionSubject("device.slots")?.value(of: item, on: device) == .number(8))
        #expect(ConditionSubject("device.column")?.value(of: item, on: try PlacementSupport.device("iphone-portrait")) == .text("none"))
        #expect(ConditionSubject("device.column.slot")?.value(of: item, on: try PlacementSupport.device("iphone-portrait")) == nil)
        #expect(ConditionSubject("device.colour") == nil)
        #expect(ConditionSubject("badge.length") == nil)
    }

    static func when(_ yaml: String) throws -> PlacementConditions {
        let table = try PlacementSupport.table("forms: {title: [title]}\noverflow: {symbol: ellipsis, form: title}\nrules:\n  - {when: \(yaml), place: top, form: title}\n")
        return try #require(table.rules.first).when
    }

    @Test(arguments: [
        ("{symbol: present}", "{symbol: square.and.arrow.up}", true),
        ("{symbol: present}", "{symbol: present, kind: button}", true),
        ("{kind: [edit, segmented]}", "{kind: edit}", true),
        ("{kind: edit}", "{kind: [edit, segmented]}", false),
        ("{value: present}", "{value: count}", true),
        ("{value: count}", "{value: present}", false),
        ("{value: count}", "{value: \"12\"}", true),
        ("{value: count}", "{value: \"12a\"}", false),
        ("{kind: {not: edit}}", "{kind: button}", true),
        ("{kind: {not: edit}}", "{kind: [button, edit]}", false),
        ("{title: {not: Done}}", "{title: absent}", true),
        ("{entries.length: {at-least: 6}}", "{entries.length: {at-least: 7}}", true),
        ("{entries.length: {at-least: 7}}", "{entries.length: {at-least: 6}}", false),
        ("{badge: {at-most: 9}}", "{badge: \"05\"}", true),
        ("{device.column: {not: none}}", "{device.column: trailing}", true),
        ("{device.column: none}", "{kind: edit}", false),
        ("{vertical: true}", "{vertical: true, kind: custom}", true),
        ("{vertical: absent}", "{vertical: true}", false),
        ("{any: [{symbol: absent}, {kind: edit}]}", "{kind: edit, symbol: present}", true),
        ("{any: [{symbol: absent}, {kind: edit}]}", "{kind: button}", false),
        ("{}", "{kind: edit}", true),
        ("{kind: edit}", "{}", false),
        ("{badge: {at-least: 9223372036854775807}}", "{badge: {at-most: 0}}", false),
        ("{badge: {at-most: -9223372036854775808}}", "{badge: {at-least: 9223372036854775807}}", false),
    ] as [(String, String, Bool)])
    func implication(_ earlier: String, _ later: String, _ expected: Bool) throws {
        #expect(RuleReachability.implies(try Self.when(later), try Self.when(earlier)) == expected)
    }

    @Test func unionsOfRowsOnOneSubject() throws {
        let table = try PlacementSupport.table("""
        forms: {title: [title]}
        overflow: {symbol: ellipsis, form: title}
        rules:
          - {id: a, when: {kind: [button, edit]}, place: top, form: title}
          - {id: b, when: {kind: segmented}, place: top, form: title}
          - {id: c, when: {kind: custom, symbol: present}, place: top, form: title}
          - {id: d, when: {kind: [custom, menu], symbol: present}, place: top, form: title}
          - {id: e, when: {symbol: absent, kind: menu}, place: top, form: title}
          - {id: f, when: {kind: menu}, place: top, form: title}
          - {id: g, when: {title: Edit}, place: top, form: title}
        """)
        let unreachable = RuleReachability.unreachable(table.rules)
        #expect(unreachable.map(\.rule.id) == ["f"])
        if case .shadowed(let rows)? = unreachable.first?.reason {
            #expect(rows.map(\.id) == ["d", "e"])
        }

        // g: every kind is covered, custom and menu only with a symbol: g is reachable…
        #expect(!unreachable.contains { $0.rule.id == "g" })
        // … until rows cover custom and menu whatever their symbol.
        let covered = try PlacementSupport.table("""
        forms: {title: [title]}
        overflow: {symbol: ellipsis, form: title}
        rules:
          - {id: a, when: {kind: [button, edit]}, place: top, form: title}
          - {id: b, when: {kind: segmented}, place: top, form: title}
          - {id: c, when: {kind: custom}, place: top, form: title}
          - {id: d, when: {kind: menu, device.column: {not: none}}, place: top, form: title}
          - {id: g, when: {title: Edit, device.column: leading}, place: top, form: title}
        """)
        let found = RuleReachability.unreachable(covered.rules)
        #expect(found.map(\.rule.id) == ["g"])
        if case .shadowed(let rows)? = found.first?.reason {
            #expect(rows.map(\.id) == ["a", "b", "c", "d"])
        }
    }

    /// A table covers every item when some row has no condition, or when
    /// rows on one subject together take every value it can have; an item
    /// no row matches shows a table that does not.
    @Test(arguments: [
        (["{symbol: absent}", "{symbol: present}"], true),
        (["{kind: edit}", "{}"], true),
        (["{kind: edit, symbol: present}", "{title: Edit}", "{title: absent}", "{title: present}"], true),
        (["{symbol: absent}", "{kind: edit}"], false),
        (["{kind: [button, edit]}", "{kind: segmented}", "{kind: custom}"], false),
    ] as [([String], Bool)])
    func tableCoveringEveryItem(_ rows: [String], _ covers: Bool) throws {
        let table = try PlacementSupport.table("""
        forms: {title: [title]}
        overflow: {symbol: ellipsis, form: title}
        rules:
        \(rows.enumerated().map { "  - {id: r\($0.offset), when: \($0.element), place: top, form: title}" }.joined(separator: "\n"))
        """)
        #expect(RuleReachability.coversEveryItem(table.rules) == covers)
        // Then the engine tells an item has a row without trying them: as trying them tells.
        let engine = PlacementEngine(table: table)
        let device = try PlacementSupport.device("duo-closed-portrait")
        for map in ["{title: More, kind: menu, entries: [A, B]}", "{id: star, kind: custom, symbol: star}", "{title: Edit, kind: edit}"] {
            let item = try PlacementSupport.item(map)
            #expect(engine.hasMatchingRule(for: item, on: device) == (engine.matchingRule(for: item, on: device) != nil))
        }
    }

    /// The site's own table covers every item, so a page's check need not
    /// try its rows on each item.
    @Test func theSitesTableCoversEveryItem() throws {
        #expect(RuleReachability.coversEveryItem(try PlacementSupport.realTable().rules))
    }
}
