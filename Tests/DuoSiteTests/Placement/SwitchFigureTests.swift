import Foundation
import Mustache
import Testing
@testable import DuoSite

/// A demo of several states as one figure that switches between them with
/// no script: its context (radio inputs, each item once with its box in
/// every state and a face for each way it is drawn) and the HTML the theme's
/// `demo` and `switch` partials make of it.
@Suite struct SwitchFigureTests {
    static func switchValue(_ demo: Demo, site: Site, number: Int = 1) throws -> Value {
        let value = DemoContext(site: site).value(for: demo, number: number)
        return try #require(value["switch"])
    }

    static func list(_ value: Value?) -> [Value] {
        if case .list(let elements)? = value { return elements }
        return []
    }

    @Test func eachStateIsARadioInputTheFirstChecked() throws {
        let site = try FigureTests.site()
        let figure = try Self.switchValue(try FigureTests.shoppingDemo(site), site: site, number: 3)
        #expect(figure["group"] == "_demo-3")
        let states = Self.list(figure["states"])
        #expect(states.map { $0["name"] } == ["Text labels", "Symbols"])
        #expect(states.map { $0["inputId"] } == ["_demo-3-state-1", "_demo-3-state-2"])
        #expect(states.map { $0["checked"] } == [true, false])
        // Each state's text alternative is its figure's, by the figure's id.
        #expect(states.map { $0["altId"] } == ["_demo-3-alt-1", "_demo-3-alt-2"])
        let value = DemoContext(site: site).value(for: try FigureTests.shoppingDemo(site), number: 3)
        let figures = Self.list(value["states"]).map { $0["figure"] }
        #expect(figures.map { $0?["altId"] } == ["_demo-3-alt-1", "_demo-3-alt-2"])
        #expect(figures[1]?["alt"]?.text.hasPrefix("iPhone Duo, closed, portrait. At the top: Edit, as text; Cart, as a symbol with $24.90.") == true)
    }

    @Test func eachItemIsDrawnOnceWithItsBoxInEveryState() throws {
        let site = try FigureTests.site()
        let figure = try Self.switchValue(try FigureTests.shoppingDemo(site), site: site)
        let items = Self.list(figure["items"])
        #expect(items.map { $0["id"] } == ["back", "edit", "total", "share", "messages", "home", "search"])
        let share = try #require(items.first { $0["id"] == "share" })
        // At the top as text, then in the column's second slot as a symbol.
        #expect(share["style"] == "--x1:132.5;--y1:63;--w1:50.25;--h1:36;--x2:366;--y2:110;--w2:64;--h2:56")
        // An item that stays where it is has state 1's box alone.
        #expect(items.first { $0["id"] == "back" }?["style"] == "--x1:366;--y1:54;--w1:64;--h1:56")
        // Drawn in every state: no states listed.
        #expect(share["shownIn"] == "")
        let faces = Self.list(share["faces"])
        #expect(faces.map { $0["shownIn"] } == ["1", "2"])
        #expect(faces.map { $0["place"] } == ["top", "column"])
        #expect(faces.map { $0["form"] } == ["title", "symbol"])
        #expect(faces.map { $0["rule"] } == ["symbols-not-labels#rule-2", "symbols-not-labels#rule-1"])
        // An item drawn alike in both states has one face.
        let back = try #require(items.first { $0["id"] == "back" })
        #expect(Self.list(back["faces"]).map { $0["shownIn"] } == [""])
        // The count becomes a badge.
        let messages = Self.list(try #require(items.first { $0["id"] == "messages" })["faces"])
        #expect(messages.map { $0["value"] } == ["12", false])
        #expect(messages.map { $0["badge"] } == [false, "12"])
        let regions = Self.list(figure["regions"])
        #expect(regions.map { $0["bar"] } == ["top", "column"])
        #expect(regions.map { $0["shownIn"] } == ["", ""])
    }

    @Test func whatOneStateDoesNotDrawFadesWhereItIsInTheOther() throws {
        let site = try FigureTests.site()
        // Share in the column as a symbol, then at the top as text: the bar
        // at the top is drawn in the second state only.
        let demo = try PlacementSupport.demo("""
            device: duo-closed-portrait
            screen:
              toolbar: [{id: share, title: Share, symbol: square.and.arrow.up}]
            states:
              - name: Symbol
              - name: Text
                change:
                  share: {symbol: null}
            """)
        let figure = try Self.switchValue(demo, site: site)
        let top = try #require(Self.list(figure["regions"]).first { $0["bar"] == "top" })
        #expect(top["shownIn"] == "2")
        // Its box in state 1 is its box in state 2, where it fades in: written once.
        let style = try #require(top["style"]?.text)
        #expect(style == "--x1:0;--y1:54;--w1:366;--h1:54")
        let share = try #require(Self.list(figure["items"]).first { $0["id"] == "share" })
        #expect(share["shownIn"] == "")
        #expect(Self.list(share["faces"]).map { $0["place"] } == ["column", "top"])
        // The content moves down under the bar.
        #expect(figure["contentStyle"] == "--x1:0;--y1:54;--w1:366;--h1:706;--y2:108;--h2:652")
    }

    @Test(arguments: [(1, false), (2, true), (12, true), (13, false)])
    func aDemoSwitchesBetweenTwoToTwelveStates(states: Int, switches: Bool) throws {
        let site = try FigureTests.site()
        var yaml = "device: duo-closed-portrait\nscreen:\n  toolbar: [{id: share, title: Share, symbol: square.and.arrow.up}]\nstates:\n"
        for number in 1...states { yaml += "  - name: State \(number)\n" }
        let demo = try PlacementSupport.demo(yaml)
        let value = DemoContext(site: site).value(for: demo)
        #expect((value["switch"] != .bool(false)) == switches)
        let html = try FigureTests.html(demo, site: site)
        #expect(html.contains("<fieldset class=\"switch__states\">") == switches)
        #expect(html.components(separatedBy: "class=\"switch__input ").count - 1 == (switches ? states : 0))
        // The figures' ids for the drawing's text alternatives, only where it switches.
        #expect(html.components(separatedBy: " id=\"_demo-1-alt-").count - 1 == (switches ? states : 0))
        #expect(html.components(separatedBy: "aria-labelledby=\"_demo-1-alt-").count - 1 == (switches ? states : 0))
    }

    @Test func theHTMLIsARadioGroupOneDrawingAndTheCaptionLast() throws {
        let site = try FigureTests.site()
        let html = try FigureTests.html(try FigureTests.shoppingDemo(site), site: site)
        #expect(html.contains("<legend class=\"switch__legend\">Show the demo with</legend>"))
        #expect(html.contains("<input class=\"switch__input switch__input--1\" type=\"radio\" name=\"_demo-1\" id=\"_demo-1-state-1\" checked><label class=\"switch__label\" for=\"_demo-1-state-1\">Text labels</label>"))
        #expect(html.contains("<input class=\"switch__input switch__input--2\" type=\"radio\" name=\"_demo-1\" id=\"_demo-1-state-2\"><label class=\"switch__label\" for=\"_demo-1-state-2\">Symbols</label>"))
        #expect(!html.contains("display: none") && !html.contains("hidden>"))
        // One drawing, hidden from assistive technologies; each state's text alternative instead.
        let drawing = try #require(html.range(of: "<div class=\"screen screen--switch"))
        let drawingEnd = try #require(html.range(of: "<span class=\"switch__shown switch__alt\"", range: drawing.upperBound..<html.endIndex))
        let screen = String(html[drawing.lowerBound..<drawingEnd.lowerBound])
        #expect(screen.contains("aria-hidden=\"true\""))
        #expect(screen.components(separatedBy: "data-item=\"share\"").count - 1 == 1)
        #expect(screen.components(separatedBy: "class=\"switch__item switch__part\"").count - 1 == 7)
        // What is drawn in one state only lists it; what is drawn in both, nothing.
        #expect(screen.contains("<span class=\"switch__item switch__part\" data-item=\"back\" style=\"--x1:366;--y1:54;--w1:64;--h1:56\"><span class=\"item switch__face\" data-place=\"column\" data-form=\"symbol\" data-rule=\"where-the-bars-go#rule-1\"><span class=\"item__symbol\">"))
        #expect(screen.contains("<span class=\"item switch__face\" data-place=\"top\" data-form=\"title\" data-rule=\"symbols-not-labels#rule-2\" data-states=\"1\"><span class=\"item__title\">Share</span></span>"))
        #expect(!screen.contains("data-states=\"1 2\""))
        // Each state's text alternative is written once, on its figure, and names the drawing in its state.
        #expect(html.contains("<span class=\"switch__shown switch__alt\" role=\"img\" aria-labelledby=\"_demo-1-alt-1\" data-states=\"1\"></span>"))
        #expect(html.contains("<span class=\"switch__shown switch__alt\" role=\"img\" aria-labelledby=\"_demo-1-alt-2\" data-states=\"2\"></span>"))
        #expect(html.contains("role=\"img\" id=\"_demo-1-alt-1\" aria-label=\"iPhone Duo, closed, portrait. At the top: Edit, as text; Cart, as text: $24.90;"))
        #expect(html.components(separatedBy: "At the top: Edit, as text; Cart, as text: $24.90;").count - 1 == 1)
        #expect(html.components(separatedBy: "At the top: Edit, as text; Cart, as a symbol with $24.90.").count - 1 == 1)
        // The caption comes last, with each state's name and caption for its state.
        let trimmed = html.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(trimmed.hasSuffix("</figcaption>\n</figure>"))
        #expect(html.contains("<figure id=\"figure-1\" class=\"demo demo--states demo--switch\" style=\"--device-width:430;--device-height:760;--status-bar:54;--top-bar:54;--column:64;--slot:56;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round\" aria-labelledby=\"_demo-1-caption\">"))
        #expect(html.contains("<figcaption class=\"demo__caption\" id=\"_demo-1-caption\">A generic shopping app, closed, in portrait. <span class=\"demo__device\">iPhone Duo, closed, portrait.</span><span class=\"switch__shown switch__caption\" data-states=\"1\"> <strong class=\"state__name\">Text labels.</strong> Text labels, as on other iPhone models."))
        #expect(html.contains("<span class=\"switch__shown switch__caption\" data-states=\"2\"> <strong class=\"state__name\">Symbols.</strong> Share becomes a symbol"))
        // Every state's figure stays, for print and browsers without :has().
        #expect(html.components(separatedBy: "<li class=\"demo__state\">").count - 1 == 2)
    }

    /// Boxes in each state (nil: not drawn), and the positions written:
    /// state 1's whole, then what differs from it.
    static let positions: [([FigureBox?], String)] = [
        ([FigureBox(x: 1, y: 2, width: 3, height: 4)], "--x1:1;--y1:2;--w1:3;--h1:4"),
        ([FigureBox(x: 1, y: 2, width: 3, height: 4), FigureBox(x: 1, y: 2, width: 3, height: 4)], "--x1:1;--y1:2;--w1:3;--h1:4"),
        ([FigureBox(x: 1, y: 2, width: 3, height: 4), FigureBox(x: 1.004, y: 5, width: 3, height: 4.5)], "--x1:1;--y1:2;--w1:3;--h1:4;--y2:5;--h2:4.5"),
        ([FigureBox(x: 1, y: 2, width: 3, height: 4), FigureBox(x: 9, y: 2, width: 3, height: 4), FigureBox(x: 1, y: 2, width: 3, height: 4)],
         "--x1:1;--y1:2;--w1:3;--h1:4;--x2:9"),
        // Not drawn in a state: where it is in the nearest state before, or after.
        ([nil, FigureBox(x: -7.5, y: 2, width: 3, height: 4), nil], "--x1:-7.5;--y1:2;--w1:3;--h1:4"),
        ([FigureBox(x: 1, y: 2, width: 3, height: 4), nil, FigureBox(x: 1, y: 8, width: 3, height: 4)], "--x1:1;--y1:2;--w1:3;--h1:4;--y3:8"),
        ([nil, nil], ""),
    ]

    @Test(arguments: positions)
    func positionsAreWrittenWhereTheyDifferFromTheFirstState(boxes: [FigureBox?], text: String) {
        var context = CompactContext.Builder()
        DemoContext.addPositions(boxes, as: nil, to: &context)
        #expect(context.finish().value.text == text)
    }

    @Test(arguments: [(12.5, "12.5"), (54.0, "54"), (1.0 / 3.0, "0.33"), (129.49999, "129.5"), (0.004, "0")])
    func lengthsAreWrittenToTwoDecimals(value: Double, text: String) {
        #expect(DemoContext.number(value) == text)
    }
}
