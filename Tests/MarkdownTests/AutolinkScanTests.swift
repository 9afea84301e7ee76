import Testing
@testable import Markdown

/// A page is parsed without cmark-gfm's autolink extension when its bytes
/// rule out an autolink: the scan that decides, and the same tree, links and
/// HTML as with the extension, whichever way it decides.
struct AutolinkScanTests {
    /// Texts and whether the scan should think they might hold an autolink.
    static let scans: [(String, Bool)] = [
        ("Plain prose with a few w words: what, when, why. Times like 3:45 and 12:07.", false),
        ("Sources (apple): hig § Vertical controls · raise-the-bar @ 6:13", false),
        ("See [the rule](where-the-bars-go.md#rule-1), now.", false),
        ("AT&amp;T is not a reference that makes an @.", false),
        ("Bare https://developer.apple.com/design here.", true),
        ("ftp://files.example is linked too.", true),
        ("A plain www.example.com link.", true),
        ("Write to editors@duoapps.example today.", true),
        ("first.last+tag@duoapps.example", true),
        ("An escape: first\\_last@duoapps.example", true),
        ("A reference: editors&#64;duoapps.example", true),
        ("A named one: editors&commat;duoapps.example", true),
        ("A reference before it: editor&#115;@duoapps.example", true),
        ("", false),
    ]

    @Test(arguments: scans)
    func scanFindsWhatTheExtensionStartsFrom(text: String, expected: Bool) {
        let bytes = Array(text.utf8)
        #expect(bytes.withUnsafeBufferPointer { AutolinkScan.mayHoldAutolink($0) } == expected)
    }

    /// Pages the extension has nothing to do in, and pages where it links.
    static let pages: [String] = [
        """
        ## The rules

        1. Give the **share** button a symbol, and let the system choose: what it shows, where, when.

           Sources (apple): hig § Vertical controls · raise-the-bar @ 6:13 · prepare-your-app @ 3:45

        2. AT&amp;T, x\\_y, `code` and *emphasis*, with [a link](other.md#rule-2) and ~~old~~ text.
        """,
        "A line with\nsoft breaks, and a hard one  \nhere; then &copy; and &#169; and \\* escapes.\n",
        "| a | b |\n|---|---|\n| w: 1 | x@ |\n",
        "| when | where |\n|---|:-:|\n| 6:13 | ~~www~~ |\n| a \\| b | [c](d.md) |\n",
        "See https://developer.apple.com/design and www.example.com, or write to editors@duoapps.example.\n",
        "Escaped: first\\_last@duoapps.example, by reference: editors&#64;duoapps.example and editors&commat;duoapps.example.\n",
        "Inside a link: [https://apple.com](https://apple.com) and <https://example.com>.\n",
    ]

    /// Every node of a tree, depth first, with its kind and where it stands.
    private func shape(_ nodes: some Collection<MarkdownNode>, depth: Int = 0) -> [String] {
        nodes.flatMap { node in
            ["\(String(repeating: " ", count: depth))\(node.kind) \(node.range.start.line):\(node.range.start.column)-\(node.range.end.line):\(node.range.end.column)"]
                + shape(node.children, depth: depth + 1)
        }
    }

    @Test(arguments: pages)
    func aPageReadsTheSameWithOrWithoutTheExtension(page: String) {
        let bytes = Array(page.utf8)
        let scanned = MarkdownDocument(parsingUTF8: bytes, firstLine: 4)
        let withExtension = MarkdownDocument(parsingUTF8: bytes, firstLine: 4, allowRawHTML: false, autolinks: true)
        #expect(shape(scanned.blocks) == shape(withExtension.blocks))
        #expect(scanned.links.map { "\($0.url) \($0.position.line):\($0.position.column)" }
            == withExtension.links.map { "\($0.url) \($0.position.line):\($0.position.column)" })
        #expect(scanned.blocks.map { scanned.html($0) } == withExtension.blocks.map { withExtension.html($0) })
    }

    @Test func textIsJoinedWithoutTheExtensionToo() throws {
        let source = "AT&amp;T, x\\_y and \\*stars\\* in 2026.\n"
        #expect(Array(source.utf8).withUnsafeBufferPointer { AutolinkScan.mayHoldAutolink($0) } == false)
        let document = MarkdownDocument(parsing: source)
        let paragraph = try #require(document.blocks.first)
        #expect(paragraph.children.count == 1)
        #expect(paragraph.children.first?.kind == .text("AT&T, x_y and *stars* in 2026."))
    }

    @Test func bareLinksAndAddressesAreStillLinked() {
        let document = MarkdownDocument(parsing: "Write to editors@duoapps.example or see www.example.com.\n")
        let html = document.blocks.map { document.html($0) }.joined()
        #expect(html.contains("<a href=\"mailto:editors@duoapps.example\">editors@duoapps.example</a>"))
        #expect(html.contains("<a href=\"http://www.example.com\">www.example.com</a>"))
    }
}
