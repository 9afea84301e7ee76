import Foundation
import Testing
@testable import DuoSite

/// `duosite place FILE`: each state drawn in the terminal with its items and
/// advice, or the JSON document of the specification.
@Suite struct PlaceCommandTests {
    static let page = "Content/patterns/symbols-not-labels.md"

    static func run(_ arguments: [String]) -> PlacementRun {
        PlacementRun(arguments, in: PlacementSupport.repositoryRoot)
    }

    @Test func textDrawsEachStateAndListsItemsAndAdvice() {
        let run = Self.run(["place", Self.page])
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.isEmpty)
        let out = run.out
        #expect(out.contains("Content/patterns/symbols-not-labels.md:13: demo on duo-closed-portrait (iPhone Duo, closed, portrait, 430 × 760)"))
        #expect(out.contains("State 1 of 2: Text labels."))
        #expect(out.contains("State 2 of 2: Symbols."))
        #expect(out.contains("│ 9:41"))
        #expect(out.contains("│ Edit  $24.90  Share  12"))
        #expect(out.contains("◆Messages(12)"))
        #expect(out.contains("│ Edit  ◆$24.90"))
        #expect(out.contains("  messages  toolbar     column  symbol            12     symbols-not-labels#rule-1"))
        #expect(out.contains("  messages  toolbar     top     value          symbols-not-labels#rule-5"))
        #expect(out.contains("  - messages: the count 12 is written as text; show it as the system badge on a symbol (badge: 12), and the item can move to the side [symbols-not-labels#rule-5]"))
        #expect(out.contains("Top bar: yes (54 pt) · column: 5 of 12 slots · content: 652 of 760 pt high"))
        #expect(out.contains("Advice: none"))
    }

    @Test func jsonHasTheSpecificationsShape() throws {
        let run = Self.run(["place", Self.page, "--format", "json"])
        #expect(run.status == 0, "\(run.err)")
        let json = try run.json()
        #expect(Array(json.keys) == ["demos"])
        let demos = try #require(json["demos"] as? [[String: Any]])
        #expect(demos.count == 2)
        #expect(demos.map { $0["line"] as? Int } == [13, 76])
        #expect(demos.allSatisfy { $0["device"] as? String == "duo-closed-portrait" })
        for demo in demos {
            #expect(Set(demo.keys) == ["line", "device", "states"])
            for state in try #require(demo["states"] as? [[String: Any]]) {
                #expect(Set(state.keys) == ["name", "items", "overflow", "top_bar", "content_height", "advice"])
                for item in try #require(state["items"] as? [[String: Any]]) {
                    #expect(Set(item.keys) == ["id", "title", "bar", "place", "form", "badge", "rule"])
                }
                for advice in try #require(state["advice"] as? [[String: Any]]) {
                    #expect(Set(advice.keys) == ["id", "item", "message", "rule"])
                }
            }
        }
        let states = try #require(demos[1]["states"] as? [[String: Any]])
        #expect(states.map { $0["name"] as? String } == ["Text labels", "Symbols"])
        let symbols = states[1]
        #expect(symbols["top_bar"] as? Bool == true)
        #expect(symbols["content_height"] as? Int == 652)
        #expect((symbols["overflow"] as? [String])?.isEmpty == true)
        let items = try #require(symbols["items"] as? [[String: Any]])
        let messages = try #require(items.first { $0["id"] as? String == "messages" })
        #expect(messages["title"] as? String == "Messages")
        #expect(messages["bar"] as? String == "toolbar")
        #expect(messages["place"] as? String == "column")
        #expect(messages["form"] as? String == "symbol")
        #expect(messages["badge"] as? Int == 12)
        #expect(messages["rule"] as? String == "symbols-not-labels#rule-1")
        let back = try #require(items.first)
        #expect(back["id"] as? String == "back" && back["bar"] as? String == "back" && back["badge"] is NSNull)
        let advice = try #require(states[0]["advice"] as? [[String: Any]])
        #expect(advice.contains { $0["id"] as? String == "count-as-text" && $0["item"] as? String == "messages" && $0["rule"] as? String == "symbols-not-labels#rule-5" })
    }

    @Test func aBareDemoFileWithOverflow() throws {
        let file = try PlacementSupport.fixture("landscape-demo.yml").path
        let run = Self.run(["place", file, "--format", "json"])
        #expect(run.status == 0, "\(run.err)")
        let demos = try #require(try run.json()["demos"] as? [[String: Any]])
        #expect(demos.count == 1)
        #expect(demos[0]["line"] as? Int == 2)
        #expect(demos[0]["device"] as? String == "duo-closed-landscape")
        let states = try #require(demos[0]["states"] as? [[String: Any]])
        #expect(states[0]["overflow"] as? [String] == ["share", "like", "trash", "buy"])
        #expect(states[0]["top_bar"] as? Bool == false)
        #expect(states[0]["content_height"] as? Int == 406)
        let items = try #require(states[0]["items"] as? [[String: Any]])
        #expect(items.filter { $0["place"] as? String == "overflow" }.compactMap { $0["form"] as? String } == Array(repeating: "symbol-and-title", count: 4))
        #expect(states[1]["overflow"] as? [String] == ["share", "trash"])

        let text = Self.run(["place", file])
        #expect(text.out.contains("⋯More"))
        #expect(text.out.contains("⋯ More (overflow menu): ◆ Share, ◆ Like, ◆ Delete(7), ◆ Buy"))
    }

    @Test func anotherDevice() throws {
        let run = Self.run(["place", Self.page, "--device", "iphone-portrait", "--format", "json"])
        #expect(run.status == 0)
        let demos = try #require(try run.json()["demos"] as? [[String: Any]])
        #expect(demos.allSatisfy { $0["device"] as? String == "iphone-portrait" })
        let items = try #require(((demos[1]["states"] as? [[String: Any]])?[1]["items"]) as? [[String: Any]])
        #expect(items.map { $0["place"] as? String } == ["top", "top", "top", "bottom", "bottom", "bottom", "bottom"])
        #expect(items.allSatisfy { $0["rule"] is NSNull })

        let text = Self.run(["place", Self.page, "--device", "iphone-portrait"])
        #expect(text.out.contains("demo on iphone-portrait (Other iPhone models, portrait, 393 × 852), instead of duo-closed-portrait"))
        #expect(text.out.contains("(bars stay horizontal, as on other iPhone models)"))
    }

    @Test func anUnknownDeviceIsAUsageError() {
        let run = Self.run(["place", Self.page, "--device", "duo-closed-portait"])
        #expect(run.status == 64)
        #expect(run.err.contains("did you mean 'duo-closed-portrait'?"))
        #expect(Self.run(["place"]).status == 64)
        #expect(Self.run(["place", Self.page, "--format", "yaml"]).status == 64)
    }

    @Test func aMissingFile() {
        let run = Self.run(["place", "Content/patterns/nowhere.md"])
        #expect(run.status == 1)
        #expect(run.err.contains("Content/patterns/nowhere.md:1:1: error: cannot read Content/patterns/nowhere.md"))
    }

    @Test func aPageWithNoDemo() throws {
        let run = Self.run(["place", "Content/patterns/where-the-bars-go.md", "--format", "json"])
        #expect(run.status == 0)
        #expect(run.out == "{\n  \"demos\": []\n}\n")
        #expect(Self.run(["place", "Content/patterns/where-the-bars-go.md"]).out == "Content/patterns/where-the-bars-go.md has no demo to place.\n")
    }

    @Test func aFileGivenFromAnotherFolderIsFoundInTheRoot() {
        let run = PlacementRun(["place", Self.page, "--root", PlacementSupport.repositoryRoot.path, "--format", "json"], in: FileManager.default.temporaryDirectory)
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("\"line\": 76"))
    }

    @Test func anItemNoRowMatchesIsReported() throws {
        let site = try PlacementSite()
        defer { site.remove() }
        try site.edit(Site.Paths.placement, replacing: "  - id: text-only\n    when: {symbol: absent}", with: "  - id: text-only\n    when: {symbol: absent, kind: menu}")
        let run = site.run(["place", Self.page])
        #expect(run.status == 1)
        // The finding `check` and `build` report of it, word for word.
        #expect(run.err.contains("Content/patterns/symbols-not-labels.md:20:7: error: no row of Content/placement.yml matches the item 'filter' (state 'Closed, in portrait', on duo-closed-portrait); add a row that does [invalid-placement]"), "\(run.err)")
        #expect(site.run(["check"]).err.contains("Content/patterns/symbols-not-labels.md:20:7: error: no row of Content/placement.yml matches the item 'filter' (state 'Closed, in portrait', on duo-closed-portrait); add a row that does [invalid-placement]"))
        #expect(run.out.contains("(no row of the table matches)"))
    }
}
