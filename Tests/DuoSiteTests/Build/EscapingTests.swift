import Diagnostics
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import DuoSite

/// Hostile text in every field comes out inert: in HTML text, attributes,
/// URLs and JSON-LD; and the JSON-LD says exactly what the page shows.
@Suite struct EscapingTests {
    static let hostile = #"</script><script>alert(1)</script> "quoted" 'single' & <!-- comment"#

    /// A page with the hostile text in its front matter, rules, citation
    /// locator, FAQ and demo caption.
    static func writeHostilePage(_ site: TestSite) throws {
        let yamlText = hostile.replacingOccurrences(of: "\"", with: "\\\"")
        try site.write("""
        ---
        title: "Title \(yamlText)"
        summary: "Summary \(yamlText)"
        status: apple
        last_checked: 2026-10-08
        owner: "Owner \(yamlText)"
        tags: ["tag \(yamlText)"]
        ---

        ## The problem

        ```demo
        device: duo-closed-portrait
        caption: "Caption \(yamlText)"
        screen:
          back: "Back \(yamlText)"
          navigation:
            - {id: edit, title: "Edit \(yamlText)", kind: edit}
          toolbar:
            - {id: share, title: "Share \(yamlText)", symbol: square.and.arrow.up}
        states:
          - name: "State \(yamlText)"
            caption: "State caption \(yamlText)"
        ```

        ## The rules

        1. Rule text with a [link](javascript:alert(1)).

           Sources (apple): hig § Section \(hostile) · raise-the-bar @ 6:13

        ## FAQ

        ### Question \(hostile.replacingOccurrences(of: "<", with: "\\<"))?

        Answer \(hostile.replacingOccurrences(of: "<", with: "\\<")).

        """, to: "Content/patterns/hostile.md")
    }

    @Test func hostileTextIsInertEverywhere() throws {
        let site = try TestSite()
        defer { site.remove() }
        try Self.writeHostilePage(site)
        // A page citing the hostile page's rule, with a hostile title: listed under that rule.
        let yamlText = Self.hostile.replacingOccurrences(of: "\"", with: "\\\"")
        try site.write("---\ntitle: \"Quoting \(yamlText)\"\nsummary: Cites.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\nSee [the rule](hostile.md#rule-1).\n",
                       to: "Content/patterns/quoting.md")
        let result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 0, "\(result.err)")
        let html = try site.read("Public/patterns/hostile/index.html")

        // The only scripts are JSON-LD, and no text opens a tag or a comment.
        let scripts = html.components(separatedBy: "<script").count - 1
        let jsonLDScripts = html.components(separatedBy: "<script type=\"application/ld+json\">").count - 1
        #expect(scripts == jsonLDScripts)
        #expect(scripts >= 1)
        #expect(!html.contains("<script>alert(1)"))
        #expect(!html.contains("<!-- comment"))
        #expect(!html.contains("href=\"javascript:"))
        #expect(html.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))
        #expect(html.contains("&quot;quoted&quot;") || html.contains("&#34;quoted&#34;"))

        // The list under the rule cited, of the pages citing it.
        #expect(html.contains("<a href=\"/patterns/quoting/\">Quoting &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"))

        // The tag's page and the page of the tags, in their HTML and JSON-LD.
        let slug = try #require(Tag.slug("tag " + Self.hostile))
        #expect(slug == "tag-script-script-alert-1-script-quoted-single-comment")
        for path in ["Public/tags/\(slug)/index.html", "Public/tags/index.html"] {
            let page = try site.read(path)
            #expect(!page.contains("<script>alert(1)") && !page.contains("<!-- comment"), "\(path)")
            #expect(page.components(separatedBy: "<script").count == page.components(separatedBy: "<script type=\"application/ld+json\">").count, "\(path)")
            #expect(page.contains("tag &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"), "\(path)")
            let graph = try JSONLD.graph(in: page)
            #expect(graph.contains { ($0["@type"] as? String) == "CollectionPage" }, "\(path)")
        }

        // The index, the feed and the sitemap escape it too.
        let index = try site.read("Public/index.html")
        #expect(!index.contains("<script>alert(1)"))
        let feed = try site.read("Public/feed.xml")
        #expect(!feed.contains("<script>"))
        _ = try XMLDocumentCheck.parse(feed)
        let api = try site.read("Public/api/pages.json")
        let json = try JSONSerialization.jsonObject(with: Data(api.utf8)) as? [String: Any]
        let first = (json?["pages"] as? [[String: Any]])?.first { ($0["slug"] as? String) == "hostile" }
        #expect((first?["title"] as? String) == "Title " + Self.hostile)
    }

    @Test func jsonLDSaysWhatThePageShows() throws {
        let site = try TestSite()
        defer { site.remove() }
        try Self.writeHostilePage(site)
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        for slug in ["hostile", "symbols-not-labels"] {
            let html = try site.read("Public/patterns/\(slug)/index.html")
            let file = "Content/patterns/\(slug).md"
            let read = try #require(PageReader(allowRawHTML: false).read(file: file, bytes: Array(try site.read(file).utf8)).0)
            let pattern = read.pattern
            let markdown = PageMarkdown(read) { _, _ in "" }
            let graph = try JSONLD.graph(in: html)
            let page = try #require(graph.first { ($0["@type"] as? String) == "FAQPage" })
            #expect(page["lastReviewed"] as? String == pattern.frontMatter.lastChecked.value.description)
            #expect(page["dateModified"] == nil)
            #expect(page["headline"] as? String == pattern.frontMatter.title.value)
            #expect(page["description"] as? String == pattern.frontMatter.summary.value)
            let questions = try #require(page["mainEntity"] as? [[String: Any]])
            #expect(questions.count == pattern.faq.count)
            for (question, entry) in zip(questions, pattern.faq) {
                #expect(question["@type"] as? String == "Question")
                #expect(question["name"] as? String == entry.question)
                let answer = question["acceptedAnswer"] as? [String: Any]
                #expect(answer?["text"] as? String == markdown.text(of: entry.answerBlocks))
            }
            let crumbs = try #require(graph.first { ($0["@type"] as? String) == "BreadcrumbList" })
            let items = try #require(crumbs["itemListElement"] as? [[String: Any]])
            #expect(items.map { $0["position"] as? Int } == [1, 2])
            #expect(items.map { $0["name"] as? String } == ["All patterns", pattern.frontMatter.title.value])
        }
    }

    @Test(arguments: [
        ("plain", "\"plain\""),
        ("</script>", "\"\\u003C/script\\u003E\""),
        ("a & b", "\"a \\u0026 b\""),
        ("<!--", "\"\\u003C!--\""),
        ("line\nbreak \"q\" \\", "\"line\\nbreak \\\"q\\\" \\\\\""),
        ("\u{2028}", "\"\\u2028\""),
        ("a\u{2029}b", "\"a\\u2029b\""),
        ("tab\there\r", "\"tab\\there\\r\""),
        ("bell\u{07}", "\"bell\\u0007\""),
        ("\u{1F}", "\"\\u001f\""),
        ("Café — “ok” · § 👍", "\"Café — “ok” · § 👍\""),
        ("\u{2027}\u{202A}", "\"\u{2027}\u{202A}\""),
    ])
    func jsonStringsAreSafeInsideAScript(input: String, expected: String) {
        #expect(JSON.string(input) == expected)
    }

    /// Plain text is skipped sixteen and eight bytes at a time: a character
    /// to escape is found wherever it falls in a long text, at the start of
    /// a block or a word, in it, or in the last bytes that do not fill one.
    @Test(arguments: [
        ("<", "\\u003C"), (">", "\\u003E"), ("&", "\\u0026"), ("\"", "\\\""), ("\\", "\\\\"),
        ("\n", "\\n"), ("\u{01}", "\\u0001"), ("\u{2028}", "\\u2028"), ("’", "’"),
    ])
    func aCharacterToEscapeIsFoundAnywhereInALongText(character: String, escaped: String) {
        let plain = "abcdefghijklmnopqrstuvwxyz0123456789"
        for offset in 0...plain.count {
            let before = String(plain.prefix(offset)), after = String(plain.dropFirst(offset))
            #expect(JSON.string(before + character + after) == "\"" + before + escaped + after + "\"", "at \(offset)")
        }
    }

    @Test(arguments: [
        ("https://example.org/a b", "https://example.org/a%20b"),
        ("javascript:alert(1)", "#"),
        ("//evil.example", "#"),
        ("/patterns/x/#rule-1", "/patterns/x/#rule-1"),
        ("https://e.org/\"><x", "https://e.org/%22%3E%3Cx"),
        // Two hex digits, upper case, for every byte: a control byte keeps its leading zero.
        ("https://e.org/a\u{01}b\tc\\d{e}", "https://e.org/a%01b%09c%5Cd%7Be%7D"),
        // Non-ASCII characters are left as they are (the attribute's escaping carries them).
        ("https://e.org/café", "https://e.org/café"),
    ])
    func urlsAreSafeInAnAttribute(input: String, expected: String) {
        #expect(HTMLText.safeURL(input) == expected)
    }
}

/// Reads the JSON-LD of a built page.
enum JSONLD {
    struct Missing: Error {}

    /// The objects of the page's `@graph`.
    static func graph(in html: String) throws -> [[String: Any]] {
        guard let start = html.range(of: "<script type=\"application/ld+json\">"),
              let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex) else { throw Missing() }
        let text = String(html[start.upperBound..<end.lowerBound])
        let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        guard let graph = object?["@graph"] as? [[String: Any]] else { throw Missing() }
        return graph
    }
}

/// Parses XML with Foundation's parser, to prove a feed or sitemap is well formed.
enum XMLDocumentCheck {
    struct Malformed: Error { let message: String }

    static func parse(_ text: String) throws -> Bool {
        let parser = XMLParser(data: Data(text.utf8))
        guard parser.parse() else { throw Malformed(message: parser.parserError.map { "\($0)" } ?? "unknown") }
        return true
    }
}
