import Foundation
import Testing
@testable import DuoSite

/// Nothing of the decision table is written in Swift: a table edited in a
/// test changes the outcome.
@Suite struct EditedTableTests {
    static let row = """
      - id: informative-text
        when: {value: present}
        place: top
    """

    @Test func movingARowChangesWhereItemsGo() throws {
        let original = try PlacementSupport.repositoryText(Site.Paths.placement)
        #expect(original.contains(Self.row))
        let edited = original.replacingOccurrences(of: Self.row, with: Self.row.replacingOccurrences(of: "place: top", with: "place: column"))
        let engine = PlacementEngine(table: try PlacementSupport.table(edited))
        let item = try PlacementSupport.item("{title: Cart, symbol: cart, value: \"$24.90\"}", in: .navigation)
        let placement = try #require(engine.decide(item, on: try PlacementSupport.device("duo-closed-portrait")))
        #expect(placement.place == .column)
        #expect(placement.form.name == "symbol-and-value")
    }

    @Test func aFormDefinedDifferentlyChangesEveryItemUsingIt() throws {
        let original = try PlacementSupport.repositoryText(Site.Paths.placement)
        let edited = original.replacingOccurrences(of: "  symbol-and-value-or-value: [symbol + value + badge?, value]", with: "  symbol-and-value-or-value: [value]")
        let engine = PlacementEngine(table: try PlacementSupport.table(edited))
        let item = try PlacementSupport.item("{title: Cart, symbol: cart, value: \"$24.90\"}", in: .navigation)
        #expect(engine.decide(item, on: try PlacementSupport.device("duo-closed-portrait"))?.form.name == "value")
    }

    @Test func aNewRowAndNewAdviceApply() throws {
        let original = try PlacementSupport.repositoryText(Site.Paths.placement)
        let edited = original.replacingOccurrences(of: "  - id: system-bars\n", with: """
          - id: trash-stays-up
            when: {symbol: trash, device.column: trailing}
            place: top
            form: symbol-or-title
            rule: symbols-not-labels#rule-6

          - id: system-bars

        """) + """

          - id: no-trash
            when: {symbol: trash}
            message: "'{title}' deletes things"
            rule: symbols-not-labels#rule-1

        """
        let engine = PlacementEngine(table: try PlacementSupport.table(edited))
        let item = try PlacementSupport.item("{title: Delete, symbol: trash}")
        let portrait = try PlacementSupport.device("duo-closed-portrait")
        #expect(engine.decide(item, on: portrait)?.decision.id == "trash-stays-up")
        #expect(engine.decide(item, on: portrait)?.place == .top)
        #expect(engine.advice(for: item, on: portrait).map(\.message) == ["'Delete' deletes things"])
    }

    @Test func theOverflowSettingsComeFromTheTable() throws {
        let original = try PlacementSupport.repositoryText(Site.Paths.placement)
        let edited = original.replacingOccurrences(of: "  form: symbol-and-title\n", with: "  form: title\n")
            .replacingOccurrences(of: "  title: More\n", with: "  title: Others\n")
        let table = try PlacementSupport.table(edited)
        let engine = PlacementEngine(table: table)
        let s = OverflowTests.landscapeScreen
        let layout = engine.layout(try PlacementSupport.screen(back: s.back, navigation: s.navigation, toolbar: s.toolbar, tabs: s.tabs), on: try PlacementSupport.device("duo-closed-landscape"))
        #expect(layout.items(in: .overflow).allSatisfy { $0.form.name == "title" })
        #expect(table.overflow.title == "Others")
        #expect(LayoutDescription(layout: layout, overflowTitle: table.overflow.title).text.contains("the overflow button (Others)"))
    }

    @Test func anEditedTableChangesWhatPlacePrints() throws {
        let site = try PlacementSite()
        defer { site.remove() }
        let page = "Content/patterns/symbols-not-labels.md"
        let before = try site.run(["place", page, "--format", "json"]).json()
        try site.edit(Site.Paths.placement, replacing: Self.row, with: Self.row.replacingOccurrences(of: "place: top", with: "place: column"))
        let run = site.run(["place", page, "--format", "json"])
        #expect(run.status == 0, "\(run.err)")
        let after = try run.json()
        func place(_ json: [String: Any], demo: Int, state: Int, item: String) -> String? {
            let demos = json["demos"] as? [[String: Any]]
            let states = demos?[demo]["states"] as? [[String: Any]]
            let items = states?[state]["items"] as? [[String: Any]]
            return items?.first { $0["id"] as? String == item }?["place"] as? String
        }
        #expect(place(before, demo: 1, state: 1, item: "total") == "top")
        #expect(place(after, demo: 1, state: 1, item: "total") == "column")
    }
}
