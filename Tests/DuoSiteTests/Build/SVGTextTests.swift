import Testing
@testable import DuoSite

/// What a theme's symbol drawing may hold, the ids taken out of it and its
/// root's attributes: the searches `SymbolLibrary` makes in a drawing's bytes.
struct SVGTextTests {
    /// A drawing's head, and whether it is refused.
    static let drawings: [(String, Bool)] = [
        ("<svg viewBox=\"0 0 24 24\"><path d=\"M0 0\"/></svg>", false),
        ("<svg viewBox=\"0 0 24 24\" onload=\"alert(1)\"><path/></svg>", true),
        ("<svg viewBox=\"0 0 24 24\" ONLOAD = 'alert(1)'><path/></svg>", true),
        ("<svg viewBox=\"0 0 24 24\"\n\tonclick\n=\"x()\"><path/></svg>", true),
        ("<svg viewBox=\"0 0 24 24\"\u{00A0}onload=\"x()\"><path/></svg>", true),
        ("<svg viewBox=\"0 0 24 24\"\u{3000}onload=\"x()\"><path/></svg>", true),
        ("<svg viewBox=\"0 0 24 24\"\u{000B}onload\u{0085}=\"x()\"><path/></svg>", true),
        ("<svg viewBox=\"0 0 24 24\"\u{200B}onload=\"x()\"><path/></svg>", false),
        ("<svg viewBox=\"0 0 24 24\" data-on=\"1\"><path/></svg>", false),
        ("<svg viewBox=\"0 0 24 24\" one=\"2\"><path/></svg>", true),
        ("<svg viewBox=\"0 0 24 24\" on=\"1\"><path/></svg>", false),
        ("<svg viewBox=\"0 0 24 24\"><text>turn on lights = bright</text></svg>", false),
        ("<svg viewBox=\"0 0 24 24\"><text>turn onlights= bright</text></svg>", true),
        ("<svg viewBox=\"0 0 24 24\"><a href=\"#top\"><path/></a></svg>", true),
        ("<svg viewBox=\"0 0 24 24\"><g xlink:href = 'https://example.com/x'/></svg>", true),
        ("<svg viewBox=\"0 0 24 24\"><g src=\"x.png\"/></svg>", true),
        // Any reference, to a file or to the drawing's own parts.
        ("<svg viewBox=\"0 0 24 24\"><g fill=\"url(#a)\" href=\"#a\"/></svg>", true),
        ("<svg viewBox=\"0 0 24 24\"><g href=#a/></svg>", true),
        ("<svg viewBox=\"0 0 24 24\"><g fill=\"URL(https://example.com/x.svg#a)\"/></svg>", true),
        ("<svg viewBox=\"0 0 24 24\"><feImage href=https://example.com/x.png /></svg>", true),
        ("<svg viewBox=\"0 0 24 24\"><text>the hrefs and urls of a page</text></svg>", false),
        ("<SVG viewBox=\"0 0 24 24\"><path/></SVG>", false),
        ("  \n<svg viewBox=\"0 0 24 24\"><path/></svg>\u{2028}\n", false),
        ("<svg viewBox=\"0 0 24 24\"><path/></svg> trailing", true),
    ]

    @Test(arguments: drawings)
    func aDrawingIsRefusedForWhatItHolds(svg: String, refused: Bool) {
        #expect((SymbolLibrary.prepare(svg) == nil) == refused)
    }

    /// A drawing's text, and what is left of it once its ids are out.
    static let ids: [(String, String)] = [
        ("<g id=\"a\"><path id='b' d=\"M0\"/></g>", "<g><path d=\"M0\"/></g>"),
        ("<g  id = \"a\" fill=\"none\">", "<g  fill=\"none\">"),
        ("<g\nid=\"a\nb\">", "<g>"),
        ("<g\u{00A0}id=\"a\">", "<g>"),
        ("<g\u{0085}id\u{2028}=\u{000B}'a'>", "<g>"),
        ("<g ID=\"a\" idx=\"b\" data-id=\"c\" grid=\"d\">", "<g ID=\"a\" idx=\"b\" data-id=\"c\" grid=\"d\">"),
        ("<g id=\"unclosed>", "<g id=\"unclosed>"),
        ("<g id=a>", "<g id=a>"),
    ]

    @Test(arguments: ids)
    func idsAreTakenOutWithTheSpaceBeforeThem(text: String, expected: String) {
        #expect(String(decoding: SVGText.removingIDs(Array(text.utf8)), as: UTF8.self) == expected)
    }

    @Test func whiteSpaceIsTrimmedAtBothEnds() {
        let mark = "\u{FEFF}"
        #expect(SVGText.trimmed(Array(" \t\u{00A0}<svg/>\u{0085}\u{000B}\r\n".utf8)) == Array("<svg/>".utf8))
        #expect(SVGText.trimmed(Array(" \n ".utf8)).isEmpty)
        #expect(SVGText.trimmed(Array("\u{200B} <svg/>\u{200B}".utf8)) == Array("<svg/>".utf8))
        // A byte-order mark is not white space.
        #expect(SVGText.trimmed(Array((mark + "<svg/>").utf8)) == Array((mark + "<svg/>").utf8))
    }

    /// A root tag, and its attributes as written, whether it closes itself,
    /// and where it ends: as an HTML parser reads them.
    static let tags: [(String, [String], Bool, Int)] = [
        ("<svg viewBox=\"0 0 24 24\" fill='none'><path/>", ["viewBox=\"0 0 24 24\"", "fill='none'"], false, 37),
        ("<svg\tWIDTH=24 hidden\n stroke = \"a b\"/>", ["WIDTH=24", "hidden", "stroke = \"a b\""], true, 38),
        ("<svg fill=\">\" x=>", ["fill=\">\"", "x="], false, 17),
        ("<svg a/b>", ["a", "b"], false, 9),
    ]

    @Test(arguments: tags)
    func aRootTagIsReadAsHTMLReadsIt(text: String, attributes: [String], selfClosing: Bool, end: Int) throws {
        let bytes = Array(text.utf8)
        let tag = try #require(SVGText.startTag(bytes))
        #expect(tag.attributes.map { String(decoding: bytes[$0.text], as: UTF8.self) } == attributes)
        #expect(tag.attributes.first.map { String(decoding: $0.name, as: UTF8.self) } == attributes.first.map { String($0.prefix { $0 != "=" && $0 != " " }).lowercased() })
        #expect(tag.selfClosing == selfClosing)
        #expect(tag.end == end)
        #expect(SVGText.startTag(Array("<svg fill=\"open".utf8)) == nil)
    }
}
