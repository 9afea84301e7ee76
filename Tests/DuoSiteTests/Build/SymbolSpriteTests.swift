import Foundation
import Testing
@testable import DuoSite

/// A page defines each symbol its figures draw once, in a hidden sprite at
/// the start of its main content, and each drawing refers to it: only the
/// symbols the page draws, in the library's order, under ids no heading
/// (nor any other id of the page) can take.
@Suite struct SymbolSpriteTests {
    static let page = """
    ---
    title: Headings named like the symbols
    summary: Headings that read as the ids of a page's symbols.
    status: apple
    last_checked: 2026-10-08
    ---

    ## _1

    Text.

    ## _7

    ## 1

    ## S1 and s_1

    ```demo
    device: duo-closed-portrait
    caption: Share moves to the top when it has no symbol.
    screen:
      title: Library
      back: Shop
      navigation: [{id: view, title: View, kind: segmented, segments: [List, Grid], symbol: list.bullet}]
      toolbar: [{id: share, title: Share, symbol: square.and.arrow.up}]
      tabs:
        - {title: Home, symbol: house}
        - {title: Search, symbol: magnifyingglass}
    states:
      - name: Symbol
      - name: Text
        change:
          share: {symbol: null}
    ```

    ```demo
    device: duo-closed-landscape
    caption: More items than the column has slots, and a view in its vertical form.
    screen:
      back: Library
      title: Photos
      navigation:
        - {id: compass, title: Compass, symbol: compass, kind: custom, vertical: true}
        - {id: add, title: Add, symbol: plus}
      toolbar:
        - {id: share, title: Share, symbol: square.and.arrow.up}
        - {id: like, title: Like, symbol: heart}
        - {id: trash, title: Delete, symbol: trash, badge: 7}
        - {id: buy, title: Buy, symbol: cart}
      tabs:
        - {title: Photos, symbol: photo}
        - {title: For you, symbol: star}
        - {title: Search, symbol: magnifyingglass}
    ```

    ## The rules

    1. A rule.

       Sources (apple): hig § Vertical controls

    """

    static let plainPage = """
    ---
    title: A page with no figure
    summary: A page that draws no symbol.
    status: apple
    last_checked: 2026-10-08
    ---

    ## The rules

    1. A rule.

       Sources (apple): hig § Vertical controls

    """

    /// The values of `attribute` on the page, in order.
    static func values(of attribute: String, in html: String) -> [String] {
        html.components(separatedBy: " \(attribute)=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }

    @Test func eachSymbolDrawnIsDefinedOnceUnderAnIdOfItsOwn() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(Self.page, to: "Content/patterns/named-like-symbols.md")
        let result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 0, "\(result.err)")
        let html = try site.read("Public/patterns/named-like-symbols/index.html")

        // Every id is the page's own, the headings' too.
        let ids = Self.values(of: "id", in: html)
        #expect(Set(ids).count == ids.count, "ids used twice: \(ids.filter { id in ids.filter { $0 == id }.count > 1 })")
        for heading in ["<h2 id=\"1\">_1</h2>", "<h2 id=\"7\">_7</h2>", "<h2 id=\"1-1\">1</h2>", "<h2 id=\"s1-and-s-1\">S1 and s_1</h2>"] {
            #expect(html.contains(heading), "no \(heading)")
        }

        // One hidden sprite, first in the main content.
        #expect(html.components(separatedBy: "<svg style=\"display:none\">").count - 1 == 1)
        #expect(html.contains("<main id=\"main\" class=\"site-main\">\n<svg style=\"display:none\"><symbol id=\"_"))
        let sprite = try #require(html.range(of: "<svg style=\"display:none\">").flatMap { start in
            html.range(of: "</svg>\n", range: start.upperBound..<html.endIndex).map { String(html[start.lowerBound..<$0.upperBound]) }
        })
        let defined = Self.values(of: "id", in: sprite)
        // Each drawing refers to a symbol of the sprite, and each symbol of the sprite is drawn.
        let library = SymbolLibrary(root: site.root)
        let drawn = html.components(separatedBy: "<svg><use href=\"#").dropFirst().map { String($0.prefix { $0 != "\"" }) }
        // The overflow button's symbol and a vertical form's are the sprite's
        // too; a segmented control's symbol, which it does not show, is not.
        let names = ["chevron.backward", "house", "magnifyingglass", "square.and.arrow.up", "ellipsis", "compass", "heart", "trash", "photo"]
        let expected = names.compactMap { library.symbol($0) }.sorted { $0.index < $1.index }
        #expect(expected.count == names.count)
        #expect(Set(defined).isSuperset(of: expected.map(\.id)))
        #expect(!defined.contains(try #require(library.symbol("list.bullet")).id))
        #expect(defined == defined.sorted { Int($0.dropFirst())! < Int($1.dropFirst())! })
        #expect(Set(drawn) == Set(defined))
        #expect(html.contains("<span class=\"item__vertical\"><span class=\"item__symbol\"><svg><use href=\"#\(try #require(library.symbol("compass")).id)\"/></svg></span></span>"))
        #expect(sprite.components(separatedBy: "<symbol ").count - 1 == defined.count)
        for symbol in expected { #expect(sprite.contains(symbol.element)) }
        // Share is drawn as a symbol in the first demo's first state (twice:
        // the switching figure's and the state's), then in the second demo.
        let share = try #require(library.symbol("square.and.arrow.up"))
        #expect(drawn.filter { $0 == share.id }.count >= 3)
        // No id a symbol takes could be a heading's.
        for id in defined {
            #expect(id.hasPrefix("_") && Slug.make(id) != id)
        }
        #expect(!sprite.contains("xmlns") && !sprite.contains("aria-hidden") && !sprite.contains("focusable"))
        // What every symbol of the theme draws alike is said once, on the figure, which each drawing inherits.
        let tags = sprite.components(separatedBy: "<symbol ").dropFirst().map { String($0.prefix { $0 != ">" }) }
        #expect(tags == defined.map { "id=\"\($0)\" viewBox=\"0 0 24 24\"" })
        #expect(html.contains("--column:64;--slot:56;\(library.sharedStyle)\""))
    }

    @Test func aPageThatDrawsNoSymbolHasNoSprite() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(Self.plainPage, to: "Content/patterns/no-figure.md")
        let result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 0, "\(result.err)")
        let html = try site.read("Public/patterns/no-figure/index.html")
        #expect(!html.contains("<svg"))
        #expect(html.contains("<main id=\"main\" class=\"site-main\">\n<nav class=\"breadcrumb\""))
    }
}
