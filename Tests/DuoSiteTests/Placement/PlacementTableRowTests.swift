import Testing
@testable import DuoSite

/// Each row of the specification's table (section 4), read from the
/// repository's own Content/placement.yml: on iPhone Duo closed (a device
/// with a column) the row's outcome; on other iPhone models (no column)
/// every item in its own bar, as a symbol if it has one, else its title.
@Suite struct PlacementTableRowTests {
    /// A row: an item, the bar it is declared in, and the outcome on iPhone Duo closed.
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        let item: String
        let bar: Bar
        let place: Place
        let form: String
        let badge: Int?
        let rule: String
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "back button", item: "Shop", bar: .back, place: .column, form: "symbol", badge: nil, rule: "where-the-bars-go#rule-1"),
        Row(name: "tab bar item, badge kept", item: "{title: Inbox, symbol: tray, badge: 4}", bar: .tabs, place: .column, form: "symbol", badge: 4, rule: "where-the-bars-go#rule-1"),
        Row(name: "tab bar item that keeps horizontal (the tab row wins)", item: "{title: Home, symbol: house, keep-horizontal: true}", bar: .tabs, place: .column, form: "symbol", badge: nil, rule: "where-the-bars-go#rule-1"),
        Row(name: "keep-horizontal, with a symbol", item: "{title: Pin, symbol: bookmark, keep-horizontal: true}", bar: .toolbar, place: .top, form: "symbol", badge: nil, rule: "symbols-not-labels#rule-4"),
        Row(name: "keep-horizontal, no symbol", item: "{title: Pin, keep-horizontal: true}", bar: .toolbar, place: .top, form: "title", badge: nil, rule: "symbols-not-labels#rule-4"),
        Row(name: "keep-horizontal before a count", item: "{title: Inbox, symbol: tray, value: \"3\", keep-horizontal: true}", bar: .toolbar, place: .top, form: "symbol", badge: nil, rule: "symbols-not-labels#rule-4"),
        Row(name: "kind: edit", item: "{title: Edit, kind: edit}", bar: .navigation, place: .top, form: "title", badge: nil, rule: "symbols-not-labels#rule-4"),
        Row(name: "kind: edit with a symbol stays a title", item: "{title: Edit, kind: edit, symbol: square.and.pencil}", bar: .navigation, place: .top, form: "title", badge: nil, rule: "symbols-not-labels#rule-4"),
        Row(name: "kind: segmented", item: "{title: View, kind: segmented, segments: [List, Grid]}", bar: .navigation, place: .top, form: "control", badge: nil, rule: "symbols-not-labels#rule-3"),
        Row(name: "kind: custom, vertical: true", item: "{title: Compass, symbol: compass, kind: custom, vertical: true}", bar: .toolbar, place: .column, form: "vertical", badge: nil, rule: "symbols-not-labels#rule-3"),
        Row(name: "kind: custom", item: "{title: Zoom, kind: custom}", bar: .toolbar, place: .top, form: "control", badge: nil, rule: "symbols-not-labels#rule-3"),
        Row(name: "kind: custom with a symbol stays a control", item: "{title: Zoom, symbol: plus, kind: custom}", bar: .toolbar, place: .top, form: "control", badge: nil, rule: "symbols-not-labels#rule-3"),
        Row(name: "value is a count, no symbol", item: "{title: Messages, value: \"12\"}", bar: .toolbar, place: .top, form: "value", badge: nil, rule: "symbols-not-labels#rule-5"),
        Row(name: "value is a count, with a symbol", item: "{title: Messages, symbol: tray, value: \"12\"}", bar: .toolbar, place: .top, form: "symbol-and-value", badge: nil, rule: "symbols-not-labels#rule-5"),
        Row(name: "any other value, no symbol", item: "{title: Cart, value: \"$24.90\"}", bar: .navigation, place: .top, form: "value", badge: nil, rule: "symbols-not-labels#rule-6"),
        Row(name: "any other value, with a symbol", item: "{title: Cart, symbol: cart, value: \"$24.90\"}", bar: .navigation, place: .top, form: "symbol-and-value", badge: nil, rule: "symbols-not-labels#rule-6"),
        Row(name: "a value with digits and text is not a count", item: "{title: Items, symbol: cart, value: \"3 items\"}", bar: .toolbar, place: .top, form: "symbol-and-value", badge: nil, rule: "symbols-not-labels#rule-6"),
        Row(name: "no symbol", item: "{title: Share}", bar: .toolbar, place: .top, form: "title", badge: nil, rule: "symbols-not-labels#rule-2"),
        Row(name: "a menu with no symbol", item: "{title: Sort, kind: menu, entries: [Name, Date]}", bar: .navigation, place: .top, form: "title", badge: nil, rule: "symbols-not-labels#rule-2"),
        Row(name: "a symbol", item: "{title: Share, symbol: square.and.arrow.up}", bar: .toolbar, place: .column, form: "symbol", badge: nil, rule: "symbols-not-labels#rule-1"),
        Row(name: "a symbol with a badge", item: "{title: Messages, symbol: tray, badge: 12}", bar: .toolbar, place: .column, form: "symbol", badge: 12, rule: "symbols-not-labels#rule-1"),
        Row(name: "a symbol, navigation bar", item: "{title: Add, symbol: plus}", bar: .navigation, place: .column, form: "symbol", badge: nil, rule: "symbols-not-labels#rule-1"),
    ]

    @Test(arguments: rows)
    func onIPhoneDuoClosed(_ row: Row) throws {
        let engine = try PlacementSupport.realEngine()
        let device = try PlacementSupport.device("duo-closed-portrait")
        let item = try PlacementSupport.item(row.item, in: row.bar)
        let placement = try #require(engine.decide(item, on: device))
        #expect(placement.place == row.place)
        #expect(placement.form.name == row.form)
        #expect(placement.badge == row.badge)
        #expect(placement.rule?.description == row.rule)
    }

    @Test(arguments: rows)
    func inLandscapeToo(_ row: Row) throws {
        let engine = try PlacementSupport.realEngine()
        let device = try PlacementSupport.device("duo-closed-landscape")
        let placement = try #require(engine.decide(try PlacementSupport.item(row.item, in: row.bar), on: device))
        #expect(placement.place == row.place)
        #expect(placement.rule?.description == row.rule)
    }

    /// The first row: on a device with no column, every item stays in its own
    /// bar, as a symbol if it has one, else its title, and cites no pattern rule.
    @Test(arguments: rows)
    func onOtherIPhoneModels(_ row: Row) throws {
        let engine = try PlacementSupport.realEngine()
        let device = try PlacementSupport.device("iphone-portrait")
        let item = try PlacementSupport.item(row.item, in: row.bar)
        let placement = try #require(engine.decide(item, on: device))
        #expect(placement.place == ([.back, .navigation].contains(row.bar) ? .top : .bottom))
        #expect(placement.form.name == (item.symbol != nil ? "symbol" : "title"))
        #expect(placement.badge == (item.symbol != nil ? item.badge : nil))
        #expect(placement.rule == nil)
        #expect(placement.decision.id == "no-column")
    }

    /// iPhone Duo open has no column either.
    @Test func iPhoneDuoOpenKeepsBarsHorizontal() throws {
        let engine = try PlacementSupport.realEngine()
        let device = try PlacementSupport.device("duo-open")
        let screen = try PlacementSupport.screen(back: "Shop", navigation: "[{title: Edit, kind: edit}]", toolbar: "[{title: Share, symbol: square.and.arrow.up}]", tabs: "[{title: Home, symbol: house}]")
        let layout = engine.layout(screen, on: device)
        #expect(layout.items.map(\.place) == [.top, .top, .bottom, .bottom])
        #expect(layout.hasTopBar && layout.hasBottomBar)
        #expect(layout.contentHeight == 1080 - 32 - 54 - 70)
        #expect(layout.slots == 0 && layout.overflow.isEmpty)
    }

    /// The table's rows are in the specification's order of precedence.
    @Test func rowsAreInTheSpecificationsOrder() throws {
        let table = try PlacementSupport.realTable()
        #expect(table.rules.map { $0.rule?.description ?? "-" } == [
            "-", "where-the-bars-go#rule-1", "symbols-not-labels#rule-4", "symbols-not-labels#rule-4",
            "symbols-not-labels#rule-3", "symbols-not-labels#rule-3", "symbols-not-labels#rule-3",
            "symbols-not-labels#rule-5", "symbols-not-labels#rule-6", "symbols-not-labels#rule-2", "symbols-not-labels#rule-1",
        ])
        #expect(RuleReachability.unreachable(table.rules).isEmpty)
    }
}
