import Diagnostics
import Foundation
import Mustache
import Testing
@testable import DuoSite

/// The figures: the demo's context for the theme, and the HTML the theme's
/// `demo` and `figure` partials draw from it.
@Suite struct FigureTests {
    static func site() throws -> Site {
        let (site, diagnostics) = SiteLoader(root: PlacementSupport.repositoryRoot).load()
        #expect(!diagnostics.hasErrors, "\(diagnostics.map(\.formatted))")
        return site
    }

    static func shoppingDemo(_ site: Site) throws -> Demo {
        let pattern = try #require(site.pattern("symbols-not-labels"))
        return try #require(pattern.demos.compactMap(\.demo).first { $0.states.count == 2 })
    }

    /// The theme's demo and figure templates, from the repository.
    static func library() throws -> TemplateLibrary {
        var sources: [String: String] = [:]
        for name in ["demo", "figure", "item", "switch", "screen-content"] {
            sources[name] = try PlacementSupport.repositoryText("Theme/templates/\(name).mustache")
        }
        return try TemplateLibrary(templates: sources)
    }

    static func html(_ demo: Demo, site: Site) throws -> String {
        try library().render("demo", DemoContext(site: site).value(for: demo))
    }

    @Test func theContextHasTheThemesShape() throws {
        let site = try Self.site()
        let value = DemoContext(site: site).value(for: try Self.shoppingDemo(site))
        #expect(value["caption"] == "A generic shopping app, closed, in portrait.")
        #expect(value["deviceName"] == "iPhone Duo, closed, portrait")
        #expect(value["multiple"] == true)
        // The device's measures and the symbols' shared drawing attributes, once for the demo's every drawing.
        #expect(value["figureStyle"] == "--device-width:430;--device-height:760;--status-bar:54;--top-bar:54;--column:64;--slot:56;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round")
        guard case .list(let states)? = value["states"] else {
            Issue.record("no states")
            return
        }
        #expect(states.map { $0["name"] } == ["Text labels", "Symbols"])
        #expect(states.map { $0["number"] } == [1, 2])
        let figure = try #require(states[1]["figure"])
        #expect(figure["device"] == "duo-closed-portrait")
        #expect(figure["edge"] == "trailing")
        #expect(figure["time"] == "9:41")
        #expect(figure["hasTopBar"] == true && figure["hasColumn"] == true && figure["hasBottomBar"] == false)
        guard case .list(let regions)? = figure["regions"] else {
            Issue.record("no regions")
            return
        }
        #expect(regions.map { $0["name"] } == ["top-bar", "column"])
        guard case .list(let column)? = regions[1]["items"] else { return }
        #expect(column.map { $0["id"] } == ["back", "share", "messages", "home", "search"])
        #expect(column[2]["badge"] == "12")
        #expect(column[2]["rule"] == "symbols-not-labels#rule-1")
        #expect(column[3]["pushesDown"] == true)
        // The tray's drawing, by its id in the page's sprite.
        let tray = try #require(SymbolLibrary(root: PlacementSupport.repositoryRoot).symbol("tray"))
        #expect(column[2]["symbol"]?.text == tray.id)
    }

    @Test func theAltSaysWhereEachItemWent() throws {
        let site = try Self.site()
        let value = DemoContext(site: site).value(for: try Self.shoppingDemo(site))
        guard case .list(let states)? = value["states"] else { return }
        let alt = try #require(states[1]["alt"]?.text)
        #expect(alt == "iPhone Duo, closed, portrait. At the top: Edit, as text; Cart, as a symbol with $24.90. In the column on the right: the back button (Shop), as a symbol; Share, as a symbol; Messages, as a symbol with a badge of 12; Home, as a symbol; Search, as a symbol. The content is 652 of 760 points high.")
        let before = try #require(states[0]["alt"]?.text)
        #expect(before.contains("At the top: Edit, as text; Cart, as text: $24.90; Share, as text; Messages, as text: 12."))
    }

    @Test func theHTMLCarriesTheEnginesValues() throws {
        let site = try Self.site()
        let html = try Self.html(try Self.shoppingDemo(site), site: site)
        #expect(html.contains("<figure id=\"figure-1\" class=\"demo demo--states demo--switch\" style=\"--device-width:430;--device-height:760;--status-bar:54;--top-bar:54;--column:64;--slot:56;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round\" aria-labelledby=\"_demo-1-caption\">"))
        #expect(html.contains("<ol class=\"demo__states\">"))
        #expect(html.contains("<strong class=\"state__name\">Text labels.</strong> Text labels, as on other iPhone models."))
        #expect(html.contains("data-item=\"share\" data-place=\"top\" data-form=\"title\" data-rule=\"symbols-not-labels#rule-2\""))
        #expect(html.contains("data-item=\"share\" data-place=\"column\" data-form=\"symbol\" data-rule=\"symbols-not-labels#rule-1\""))
        #expect(html.contains("data-item=\"messages\" data-place=\"column\" data-form=\"symbol\" data-rule=\"symbols-not-labels#rule-1\""))
        #expect(html.contains("data-item=\"total\" data-place=\"top\" data-form=\"symbol-and-value\" data-rule=\"symbols-not-labels#rule-6\""))
        #expect(html.contains("<span class=\"item__badge\">12</span>"))
        #expect(html.contains("<span class=\"item__value\">$24.90</span>"))
        // The status bar's time is text; its battery and the lines standing for the content are drawn by figure.css.
        #expect(html.components(separatedBy: "<div class=\"screen__status\">9:41</div>").count - 1 == 3)
        #expect(!html.contains("screen__line") && !html.contains("screen__indicators"))
        #expect(html.contains("class=\"screen__top-bar\" data-bar=\"top\""))
        #expect(html.contains("<div class=\"screen__column\" data-bar=\"column\">"))
        #expect(html.contains("role=\"img\" id=\"_demo-1-alt-2\" aria-label=\"iPhone Duo, closed, portrait. At the top: Edit, as text; Cart, as a symbol with $24.90. In the column on the right: the back button (Shop), as a symbol;"))
        // The device's measures once, on the demo's figure; each screen says which bars it draws.
        #expect(html.contains("<figure id=\"figure-1\" class=\"demo demo--states demo--switch\" style=\"--device-width:430;--device-height:760;--status-bar:54;--top-bar:54;--column:64;--slot:56;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round\""))
        #expect(html.components(separatedBy: "--device-width").count - 1 == 1)
        #expect(html.components(separatedBy: "<div class=\"device device--trailing\">").count - 1 == 3)
        #expect(html.contains("<div class=\"screen screen--trailing screen--top\" data-device=\"duo-closed-portrait\" role=\"img\""))
        #expect(!html.contains("--columns") && !html.contains("--rows"))
        // Each symbol drawn from the page's sprite.
        let tray = try #require(SymbolLibrary(root: PlacementSupport.repositoryRoot).symbol("tray"))
        #expect(html.contains("<span class=\"item__symbol\"><svg><use href=\"#\(tray.id)\"/></svg><span class=\"item__badge\">12</span></span>"))
        #expect(!html.contains("<path"))
        #expect(!html.lowercased().contains("<script"))
        // The form is said once, by data-form.
        #expect(!html.contains("item--title") && !html.contains("item--symbol"))
        // Every drawn item carries the four attributes: in each state's
        // figure, and, in the switching figure, on the item (data-item)
        // and each of its faces (the others): share, messages and total
        // have two faces, the others one.
        let items = html.components(separatedBy: "data-item=\"").count - 1
        #expect(items == 7 + 7 + 7)
        for attribute in ["data-place=\"", "data-form=\"", "data-rule=\""] {
            #expect(html.components(separatedBy: attribute).count - 1 == 7 + 7 + 10)
        }
    }

    @Test func aSingleStateIsOneFigureWithTheDemosCaption() throws {
        let site = try Self.site()
        let pattern = try #require(site.pattern("symbols-not-labels"))
        let demo = try #require(pattern.demos.first?.demo)
        let html = try Self.html(demo, site: site)
        #expect(html.components(separatedBy: "<figure").count - 1 == 1)
        #expect(html.contains("<figure id=\"figure-1\" class=\"demo demo--single\" style=\"--device-width:430;--device-height:760;--status-bar:54;--top-bar:54;--column:64;--slot:56;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round\">"))
        #expect(html.contains("<figcaption class=\"demo__caption\">iPhone Duo closed, in portrait: the items with a symbol move into the column"))
        // Its one state's name and caption, as each state of several has them.
        #expect(html.contains("stay in a bar at the top. <strong class=\"state__name\">Closed, in portrait.</strong> Share, the inbox and the tabs in the column; Filter and the View control at the top.</figcaption>"), "\(html)")
        #expect(html.contains("<span class=\"item__segment item__segment--selected\">List</span><span class=\"item__segment\">Grid</span>"))
        #expect(html.contains("data-item=\"view\" data-place=\"top\" data-form=\"control\" data-rule=\"symbols-not-labels#rule-3\""))
    }

    @Test func aSingleStateWithNoDemoCaptionShowsItsOwn() throws {
        let site = try Self.site()
        let named = try PlacementSupport.demo("device: duo-closed-portrait\nscreen:\n  tabs:\n    - {title: Home, symbol: house}\nstates:\n  - name: Closed\n    caption: The tab in the column.\n")
        #expect(try Self.html(named, site: site).contains("<figcaption class=\"demo__caption\"><strong class=\"state__name\">Closed.</strong> The tab in the column.</figcaption>"))
        // A demo with no states: is captioned by its title, as before.
        let unnamed = try PlacementSupport.demo("device: duo-closed-portrait\nscreen:\n  title: Library\n  tabs:\n    - {title: Home, symbol: house}\n")
        let html = try Self.html(unnamed, site: site)
        #expect(html.contains("<figcaption class=\"demo__caption\">Library</figcaption>"), "\(html)")
        #expect(!html.contains("state__name"))
    }

    @Test func overflowIsDrawnWithTheSystemsButtonAndAnOpenMenu() throws {
        let site = try Self.site()
        let demo = try PlacementSupport.demo(try PlacementSupport.fixtureText("landscape-demo.yml"))
        let html = try Self.html(demo, site: site)
        #expect(html.contains("data-item=\"system-overflow\" data-place=\"column\" data-form=\"symbol\" data-rule=\"symbols-not-labels#rule-8\""))
        #expect(html.contains("class=\"screen__menu\" data-bar=\"overflow\""))
        #expect(html.contains("<span class=\"screen__menu-title\">More</span>"))
        #expect(html.contains("data-item=\"trash\" data-place=\"overflow\" data-form=\"symbol-and-title\""))
        #expect(html.contains("<span class=\"item__title\">Delete</span>"))
        #expect(html.contains("In the overflow menu: Share, with its symbol and title; Like, with its symbol and title; Delete, with its symbol and title with a badge of 7; Buy, with its symbol and title."))
        #expect(html.contains("the overflow button (More)"))
    }

    @Test func aDeviceWithNoColumnHasBarsAtTheBottom() throws {
        let site = try Self.site()
        let demo = try PlacementSupport.demo("""
        device: iphone-portrait
        screen:
          back: Back
          navigation: [{title: Edit, kind: edit}]
          toolbar: [{title: Share, symbol: square.and.arrow.up}]
          tabs: [{title: Home, symbol: house}, {title: Inbox, symbol: tray, badge: 120}]
        """)
        let html = try Self.html(demo, site: site)
        #expect(html.contains("class=\"screen screen--none screen--top screen--bottom\""))
        #expect(html.contains("<figure id=\"figure-1\" class=\"demo demo--single\" style=\"--device-width:393;--device-height:852;--status-bar:59;--top-bar:54;--bottom-bar:83;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round\">"))
        #expect(!html.contains("screen__column"))
        #expect(html.contains("class=\"screen__bottom-bar\" data-bar=\"bottom\""))
        #expect(html.contains("data-item=\"share\" data-place=\"bottom\" data-form=\"symbol\" data-rule=\"\""))
        #expect(html.contains("<span class=\"item__badge\">99+</span>"))
        #expect(html.contains("At the bottom: Share, as a symbol; Home, as a symbol; Inbox, as a symbol with a badge of 120."))
    }

    @Test func everythingIsEscaped() throws {
        let site = try Self.site()
        let demo = try PlacementSupport.demo("""
        device: duo-closed-portrait
        caption: "Quotes \\" & <b>tags</b>"
        screen:
          title: "<script>alert(1)</script>"
          navigation: [{id: x, title: "A <b> & \\"c\\"", value: "<i>9</i>"}]
          toolbar: [{title: "Share 'it'", symbol: square.and.arrow.up}]
        """)
        let html = try Self.html(demo, site: site)
        #expect(!html.contains("<script>") && !html.contains("<b>") && !html.contains("<i>"))
        #expect(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("A &lt;b&gt; &amp; &quot;c&quot;"))
    }

    @Test func symbolsAreMadeSafeForTheSprite() {
        let library = SymbolLibrary(drawings: [
            "plain": "<?xml version=\"1.0\"?>\n<!-- a comment -->\n<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height='24' viewBox=\"0 0 24 24\" aria-hidden=\"true\" role=img fill=\"none\" id=\"x\"><path id=\"p\" d=\"M0 0h24\"/></svg>\n",
            "also": "<svg viewBox=\"0 0 24 24\" stroke=\"currentColor\"><circle r=\"2\"/></svg>",
            "script": "<svg viewBox=\"0 0 24 24\"><script>alert(1)</script></svg>",
            "handler": "<svg viewBox=\"0 0 24 24\" onload=\"alert(1)\"><path d=\"M0 0\"/></svg>",
            "style": "<svg viewBox=\"0 0 24 24\"><style>body{display:none}</style></svg>",
            "outside": "<svg viewBox=\"0 0 24 24\"><image href=\"https://example.com/x.png\"/></svg>",
            "gradient": "<svg viewBox=\"0 0 24 24\"><linearGradient id=\"g\"><stop offset=\"0\"/></linearGradient><path fill=\"url(#g)\" d=\"M0 0\"/></svg>",
            "clip": "<svg viewBox=\"0 0 24 24\"><clipPath id=\"c\"><rect width=\"9\"/></clipPath><path clip-path=\" url( '#c' )\" d=\"M0 0\"/></svg>",
            "text path": "<svg viewBox=\"0 0 24 24\"><path id=\"t\" d=\"M0 0\"/><textPath xlink:href=#t>A</textPath></svg>",
            "empty": "<svg viewBox=\"0 0 24 24\"/>",
            "text": "not a drawing",
        ])
        #expect(library.names == ["also", "plain"])
        // Numbered in the order of their names; the root's size, namespace,
        // ids and accessibility attributes left out, every other id too.
        #expect(library.symbol("also") == SymbolLibrary.Symbol(index: 0, id: "_1", element: "<symbol id=\"_1\" viewBox=\"0 0 24 24\" stroke=\"currentColor\"><circle r=\"2\"/></symbol>"))
        #expect(library.symbol("plain") == SymbolLibrary.Symbol(index: 1, id: "_2", element: "<symbol id=\"_2\" viewBox=\"0 0 24 24\" fill=\"none\"><path d=\"M0 0h24\"/></symbol>"))
        #expect(library.ordered.map(\.id) == ["_1", "_2"])
        #expect(library.sharedStyle == "")
    }

    @Test func theDrawingAttributesEverySymbolHasAreSaidOnce() {
        let library = SymbolLibrary(drawings: [
            "a": "<svg viewBox=\"0 0 24 24\" fill=\"none\" stroke='currentColor' stroke-width=\"2\" opacity=\"0.5\" stroke-linecap=\"round\"><path d=\"M0 0\"/></svg>",
            "b": "<svg viewBox=\"0 0 24 24\" stroke=\"currentColor\" fill=\"none\" stroke-width=\"1.5\" opacity=\"0.5\" stroke-linecap=\"round;x:y\"><path d=\"M0 0\"/></svg>",
        ])
        // Inherited properties alike in both, with plain values, in the first's order; not opacity (not inherited).
        #expect(library.sharedStyle == "fill:none;stroke:currentColor")
        #expect(library.symbol("a")?.element == "<symbol id=\"_1\" viewBox=\"0 0 24 24\" stroke-width=\"2\" opacity=\"0.5\" stroke-linecap=\"round\"><path d=\"M0 0\"/></symbol>")
        #expect(library.symbol("b")?.element == "<symbol id=\"_2\" viewBox=\"0 0 24 24\" stroke-width=\"1.5\" opacity=\"0.5\" stroke-linecap=\"round;x:y\"><path d=\"M0 0\"/></symbol>")
        // The theme's symbols share their drawing attributes.
        #expect(SymbolLibrary(root: PlacementSupport.repositoryRoot).sharedStyle == "fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round")
    }

    @Test func theThemeHasEverySymbolTheFiguresNeed() {
        let library = SymbolLibrary(root: PlacementSupport.repositoryRoot)
        for name in ["chevron.backward", "ellipsis", "house", "magnifyingglass", "person", "cart", "tray", "square.and.arrow.up",
                     "compass", "gear", "plus", "trash", "bell"] {
            #expect(library.symbol(name) != nil, "no drawing for \(name)")
        }
    }
}
