import Testing
@testable import DuoSite

/// The advice of the repository's table: every entry whose conditions match
/// an item applies, with its message and the pattern rule it comes from.
@Suite struct AdviceTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let item: String
        let bar: Bar
        let advice: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "an item with no title (rule 1)", item: "{id: gear, symbol: gear}", bar: .toolbar, advice: ["no-title"]),
        Case(name: "a text-only button that could have a symbol (rule 2)", item: "{title: Share}", bar: .toolbar, advice: ["text-button"]),
        Case(name: "a switching item not kept horizontal (rule 4)", item: "{title: Pin, symbol: bookmark, switches: true}", bar: .toolbar, advice: ["switching-item"]),
        Case(name: "a switching item kept horizontal needs nothing", item: "{title: Pin, symbol: bookmark, switches: true, keep-horizontal: true}", bar: .toolbar, advice: []),
        Case(name: "the system's Edit button switches by itself", item: "{title: Edit, kind: edit, switches: true}", bar: .navigation, advice: []),
        Case(name: "a count written as text (rule 5)", item: "{title: Inbox, symbol: tray, value: \"12\"}", bar: .toolbar, advice: ["count-as-text"]),
        Case(name: "a count written as text on a text button (rules 2 and 5)", item: "{title: Messages, value: \"12\"}", bar: .toolbar, advice: ["text-button", "count-as-text"]),
        Case(name: "an amount is not a count", item: "{title: Cart, symbol: cart, value: \"$24.90\"}", bar: .navigation, advice: []),
        Case(name: "a menu with the ellipsis symbol (rule 8)", item: "{title: Actions, kind: menu, symbol: ellipsis, entries: [Copy, Delete]}", bar: .toolbar, advice: ["ellipsis-menu"]),
        Case(name: "a menu of many entries reduced to a symbol (rule 7)", item: "{title: Sections, kind: menu, symbol: list.bullet, entries: [A, B, C, D, E, F]}", bar: .navigation, advice: ["text-menu-as-symbol"]),
        Case(name: "a menu of long entries reduced to a symbol (rule 7)", item: "{title: Sections, kind: menu, symbol: list.bullet, entries: [Recently added photos, Favorites]}", bar: .navigation, advice: ["text-menu-as-symbol"]),
        Case(name: "a short menu with a symbol is fine", item: "{title: Sort, kind: menu, symbol: list.bullet, entries: [Name, Date]}", bar: .navigation, advice: []),
        Case(name: "a text menu kept as text is fine", item: "{title: Sections, kind: menu, entries: [A, B, C, D, E, F, G]}", bar: .navigation, advice: []),
        Case(name: "the ellipsis on a menu of many entries (rules 8 and 7)", item: "{title: More, kind: menu, symbol: ellipsis, entries: [A, B, C, D, E, F]}", bar: .toolbar, advice: ["ellipsis-menu", "text-menu-as-symbol"]),
        Case(name: "a symbol and a title need nothing", item: "{title: Share, symbol: square.and.arrow.up}", bar: .toolbar, advice: []),
    ]

    @Test(arguments: cases)
    func advice(_ testCase: Case) throws {
        let engine = try PlacementSupport.realEngine()
        let item = try PlacementSupport.item(testCase.item, in: testCase.bar)
        for id in ["duo-closed-portrait", "iphone-portrait"] {
            let notes = engine.advice(for: item, on: try PlacementSupport.device(id))
            #expect(notes.map(\.id) == testCase.advice, "on \(id)")
            #expect(notes.allSatisfy { $0.item == item.id && $0.rule != nil && !$0.message.isEmpty })
        }
    }

    @Test func eachAdviceCitesItsRule() throws {
        let table = try PlacementSupport.realTable()
        let rules = Dictionary(uniqueKeysWithValues: table.advice.map { ($0.id, $0.rule?.description ?? "") })
        #expect(rules == [
            "no-title": "symbols-not-labels#rule-1",
            "text-button": "symbols-not-labels#rule-2",
            "switching-item": "symbols-not-labels#rule-4",
            "count-as-text": "symbols-not-labels#rule-5",
            "ellipsis-menu": "symbols-not-labels#rule-8",
            "text-menu-as-symbol": "symbols-not-labels#rule-7",
        ])
    }

    @Test func messagesNameTheItemsFields() throws {
        let engine = try PlacementSupport.realEngine()
        let item = try PlacementSupport.item("{title: Messages, value: \"12\"}")
        let notes = engine.advice(for: item, on: try PlacementSupport.device("duo-closed-portrait"))
        let count = try #require(notes.first { $0.id == "count-as-text" })
        #expect(count.message.contains("the count 12 is written as text"))
        #expect(count.message.contains("badge: 12"))
        #expect(notes.first { $0.id == "text-button" }?.message.hasPrefix("'Messages' is text only") == true)
    }

    @Test func layoutsGatherAdviceInTheColumnsOrder() throws {
        let engine = try PlacementSupport.realEngine()
        let screen = try PlacementSupport.screen(back: "Back", navigation: "[{title: Edit, kind: edit}]", toolbar: "[{title: Share}, {title: Inbox, value: \"3\"}]")
        let layout = engine.layout(screen, on: try PlacementSupport.device("duo-closed-portrait"))
        #expect(layout.advice.map { "\($0.item):\($0.id)" } == ["share:text-button", "inbox:text-button", "inbox:count-as-text"])
    }
}
