import Diagnostics
import Testing
@testable import DuoSite

/// The engine applies a compiled copy of its table: for every kind of item
/// on every device, it must decide, resolve forms and word advice exactly
/// as the table read row by row does.
@Suite struct CompiledTableTests {
    /// Items of every kind and bar, with and without each field.
    static func items() -> [BarItem] {
        var items: [BarItem] = []
        let location = Diagnostics.SourceLocation(file: "demo.yml")
        var number = 0
        for kind in BarItem.Kind.allCases {
            for bar in Bar.allCases {
                for fields in 0..<(1 << 9) where fields % 3 == 0 || kind == .menu || kind == .custom {
                    number += 1
                    let has = { (bit: Int) in fields & (1 << bit) != 0 }
                    items.append(BarItem(
                        id: "item-\(number)", bar: bar,
                        title: has(0) ? "Title \(number)" : nil,
                        symbol: has(1) ? (has(8) ? "ellipsis" : "star") : nil,
                        value: has(2) ? (has(7) ? "12" : "$24.90") : nil,
                        badge: has(3) ? number % 150 : nil,
                        kind: kind,
                        segments: has(4) ? ["List", "Grid"] : [],
                        entries: has(5) ? (has(7) ? ["A", "B", "C", "D", "E", "F", "G"] : ["A rather long entry name"]) : [],
                        vertical: has(6), keepHorizontal: has(7) && has(0), switches: has(8) && !has(6),
                        location: location, symbolLocation: nil))
                }
            }
        }
        return items
    }

    /// What the table gives row by row, without its compiled copy.
    static func reference(_ table: PlacementTable, _ item: BarItem, on device: Device) -> (rule: String, place: Place, form: ResolvedForm)? {
        guard let rule = table.rules.first(where: { $0.when.matches(item, on: device) }) else { return nil }
        var place = table.place(named: rule.place, for: item.bar) ?? .top
        if place == .column, device.column == nil { place = .bottom }
        let form = table.forms[rule.form]?.resolve(for: item) ?? ResolvedForm(parts: [.title])
        return (rule.id, place, form)
    }

    static func check(_ table: PlacementTable, devices: [Device]) {
        let engine = PlacementEngine(table: table)
        for device in devices {
            for item in items() {
                let expected = reference(table, item, on: device)
                let decided = engine.decide(item, on: device)
                #expect(decided?.decision.id == expected?.rule, "\(item.id) on \(device.id)")
                #expect(decided?.place == expected?.place, "\(item.id) on \(device.id)")
                #expect(decided?.form == expected?.form, "\(item.id) on \(device.id)")
                #expect(engine.hasMatchingRule(for: item, on: device) == (expected != nil))
                #expect(engine.matchingRule(for: item, on: device)?.id == expected?.rule)
                let advice = table.advice.filter { $0.when.matches(item, on: device) }.map { advice in
                    AdviceNote(id: advice.id, item: item.id, message: advice.message(for: item), rule: advice.rule)
                }
                #expect(engine.advice(for: item, on: device) == advice, "\(item.id) on \(device.id)")
            }
        }
    }

    @Test func realTable() throws {
        Self.check(try PlacementSupport.realTable(), devices: try PlacementSupport.devices())
    }

    @Test func unusualConditions() throws {
        let (read, diagnostics) = PlacementTable.parse("""
        forms:
          symbol: [symbol + badge?, title]
          title: [title]
          both: [title + symbol?, value + badge?]
        places:
          own-bar: {back: top, navigation: top, toolbar: bottom, tabs: column}
        overflow: {symbol: ellipsis, title: More, form: both}
        rules:
          - id: wide
            when: {device.width: {at-least: 700}, device.column: [trailing]}
            place: own-bar
            form: both
          - id: badge-text
            when: {badge: {one-of: ["3", "12"]}}
            place: top
            form: title
          - id: long-title
            when: {title.length: {at-least: 9}, kind: {not: [menu, edit]}}
            place: top
            form: title
          - id: entries
            when:
              any:
                - {entries.length: {at-least: 6, at-most: 7}}
                - {entries.longest: {at-least: 16}}
                - {segments.length: 2, bar: {not: tabs}}
            place: column
            form: both
          - id: flags
            when: {vertical: {not: true}, switches: true, device.slots: {at-most: 12}}
            place: column
            form: symbol
          - id: values
            when: {value: {equals: "$24.90"}, id: {not: item-7}}
            place: top
            form: both
        advice:
          - id: odd
            when: {symbol: present}
            message: "{title}{ and {value}, {badge} {entries} {segments} {vertical} {keep-horizontal} {bar} {kind} {id} { no close"
            rule: symbols-not-labels#rule-1
          - id: plain
            when: {device.name: {not: nothing}, title.longest: {at-least: 1}}
            message: "no braces at all"
            rule: symbols-not-labels#rule-2
          - id: every
            when: {id: {not: nothing}}
            message: "{title} {title}"
            rule: symbols-not-labels#rule-3
        """)
        var table = try #require(read)
        #expect(table.rules.count == 6 && table.advice.count == 3, "\(diagnostics.map(\.formatted))")
        // A form and a place the table does not define.
        table.rules[1].form = "missing-form"
        table.rules[2].place = "unknown-place"
        table.advice[0].message = "{unknown} " + table.advice[0].message
        Self.check(table, devices: try PlacementSupport.devices())
    }

    @Test func messages() {
        let item = Self.items()[77]
        for message in ["", "{", "}", "{}", "{title", "a {title} b {{value}} c", "{kind}{bar}{badge}{entries}", "x {not a field} {symbol}"] {
            let advice = PlacementAdvice(id: "a", when: PlacementConditions(), message: message, rule: nil, location: Diagnostics.SourceLocation(file: "t"))
            #expect(MessageTemplate(message).message(for: item) == advice.message(for: item), "\(message)")
        }
    }

    @Test func editedTable() throws {
        var engine = try PlacementSupport.realEngine()
        let device = try PlacementSupport.device("duo-closed-portrait")
        let item = Self.items().first { $0.symbol != nil && $0.kind == .button && $0.value == nil && $0.bar == .navigation }!
        #expect(engine.decide(item, on: device)?.decision.id == "symbol")
        engine.table.rules.removeAll { $0.id == "symbol" }
        #expect(engine.decide(item, on: device) == nil)
    }
}
