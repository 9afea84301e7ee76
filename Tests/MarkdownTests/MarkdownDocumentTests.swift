import Testing
import Markdown

/// The cmark-gfm wrapper: positions in characters of the page file, GitHub's
/// extensions, raw HTML left out unless allowed, links rewritten in place,
/// and pages that nest too deep read without crashing.
struct MarkdownDocumentTests {
    /// Every node of a tree, depth first, in document order.
    private func allNodes(_ nodes: some Collection<MarkdownNode>) -> [MarkdownNode] {
        nodes.flatMap { [$0] + allNodes($0.children) }
    }

    private func first(_ document: MarkdownDocument, where predicate: (MarkdownNode.Kind) -> Bool) throws -> MarkdownNode {
        try #require(allNodes(document.blocks).first { predicate($0.kind) })
    }

    private func html(_ source: String, allowRawHTML: Bool = false) -> String {
        let document = MarkdownDocument(parsing: source, allowRawHTML: allowRawHTML)
        return document.blocks.map { document.html($0) }.joined()
    }

    /// A heading with no text is found so without making its text: as
    /// `plainText` is blank, whatever the heading holds.
    @Test(arguments: [
        ("##", true), ("## &nbsp;", true), ("## ![](/assets/x.svg)", true), ("## <b></b>", true), ("## `  `", true),
        ("## A title", false), ("## ![Cart](/assets/cart.svg)", false), ("## **Bold**", false), ("## &nbsp;x", false), ("## `code`", false),
    ])
    func aHeadingWithNoText(_ source: String, _ empty: Bool) throws {
        let heading = try #require(MarkdownDocument(parsing: source).blocks.first)
        #expect(heading.hasNoText == empty)
        #expect(heading.plainText.allSatisfy(\.isWhitespace) == empty)
    }

    // MARK: Positions

    @Test func blocksKeepLineAndColumn() throws {
        let document = MarkdownDocument(parsing: """
        ## The rules

        1. First rule.

           Sources (apple): hig
        2. Second rule.
        """)
        #expect(document.blocks.count == 2)
        let heading = document.blocks[0]
        #expect(heading.kind == .heading(level: 2))
        #expect(heading.range.start == SourcePosition(line: 1, column: 1))
        #expect(heading.range.end == SourcePosition(line: 1, column: 12))
        let list = document.blocks[1]
        #expect(list.kind == .list(ordered: true, start: 1, tight: false))
        #expect(list.range.start == SourcePosition(line: 3, column: 1))
        let items = list.children
        #expect(items.count == 2)
        #expect(items[1].range.start == SourcePosition(line: 6, column: 1))
        let citation = items[0].children[1]
        #expect(citation.kind == .paragraph)
        #expect(citation.range.start == SourcePosition(line: 5, column: 4))
        #expect(citation.plainText == "Sources (apple): hig")
    }

    @Test func firstLineCountsTheFrontMatter() throws {
        let document = MarkdownDocument(parsing: "\n## FAQ\n\n### A question?\n", firstLine: 9)
        #expect(document.blocks[0].range.start == SourcePosition(line: 10, column: 1))
        #expect(document.blocks[1].range.start == SourcePosition(line: 12, column: 1))
    }

    @Test func columnsCountCharactersAfterNonASCII() throws {
        let document = MarkdownDocument(parsing: "Déjà vu — “quoted” [a link](other.md) and `code`.\n", firstLine: 3)
        let link = try first(document) { if case .link = $0 { return true }; return false }
        // "Déjà vu — “quoted” " is 19 characters, so the link opens at 20.
        #expect(link.range.start == SourcePosition(line: 3, column: 20))
        // cmark-gfm places a code span at its text, after the backtick (43).
        let code = try first(document) { if case .code = $0 { return true }; return false }
        #expect(code.range.start == SourcePosition(line: 3, column: 44))
    }

    /// On a long line, past many blocks of the page's bytes, some all
    /// ASCII and some not, a column still counts characters.
    @Test(arguments: [0, 1, 7, 63, 64, 65, 200])
    func columnsOnALongLineCountCharacters(asciiRun: Int) throws {
        let before = String(repeating: "a", count: asciiRun) + String(repeating: "é·—👍 ", count: 30) + String(repeating: "b", count: asciiRun)
        let document = MarkdownDocument(parsing: "# Title\n\n\(before)[a link](other.md) after\n", firstLine: 2)
        let link = try first(document) { if case .link = $0 { return true }; return false }
        #expect(link.start == SourcePosition(line: 4, column: before.unicodeScalars.count + 1))
        #expect(document.links.first?.position == link.start)
    }

    /// A node's start, found alone, is its range's, on ASCII lines and not,
    /// for nodes with a position of their own and those standing in their parent's.
    @Test func startIsTheRangesStart() throws {
        let document = MarkdownDocument(parsing: """
        ## Déjà vu

        1. Rule — with *emphasis* and <https://example.com>,
           on two lines · [a link](other.md).

           Sources (apple): hig § Café · talk @ 6:13
        """, firstLine: 4)
        let nodes = allNodes(document.blocks)
        #expect(nodes.count > 10)
        for node in nodes {
            #expect(node.start == node.range.start)
            #expect(node.start <= node.range.end)
        }
    }

    @Test func inlinePositionsOnALaterLineOfAnIndentedParagraph() throws {
        let document = MarkdownDocument(parsing: """
        1. Rule one, whose text
           goes on to [the link](where-the-bars-go.md#rule-1).
        """, firstLine: 20)
        let link = try first(document) { if case .link = $0 { return true }; return false }
        #expect(link.range.start == SourcePosition(line: 21, column: 15))
    }

    @Test func textNodesOfACitationBlockStandWhereTheyAreWritten() throws {
        let document = MarkdownDocument(parsing: """
        1. Rule.

           Sources (apple): hig § Vertical controls · raise-the-bar @ 6:13
        """)
        let paragraph = document.blocks[0].children[0].children[1]
        let text = try #require(paragraph.children.first)
        #expect(text.range.start == SourcePosition(line: 3, column: 4))
        #expect(paragraph.plainText == "Sources (apple): hig § Vertical controls · raise-the-bar @ 6:13")
    }

    /// A text node's text, as a string (its kind) and as bytes where it
    /// lies, and the line breaks between texts, told without reading them.
    @Test func textsAndLineBreaksAreReadWhereTheyLie() throws {
        let document = MarkdownDocument(parsing: "Déjà *vu*, once\nand `code`  \nagain.")
        let children = try #require(document.blocks.first).children
        // (cmark-gfm leaves an empty text where the hard break's spaces were.)
        #expect(children.map(\.kind) == [
            .text("Déjà "), .emphasis, .text(", once"), .softBreak, .text("and "), .code("code"), .text(""), .lineBreak, .text("again."),
        ])
        #expect(children.map(\.isLineBreak) == [false, false, false, true, false, false, false, true, false])
        let texts = children.map { node in node.withTextBytes { span in String(decoding: span.indices.map { span[$0] }, as: UTF8.self) } }
        #expect(texts == ["Déjà ", nil, ", once", nil, "and ", nil, "", nil, "again."])
        #expect(children[1].children.first?.withTextBytes { $0.count } == 2)
        #expect(document.blocks[0].plainText == "Déjà vu, once and code again.")
        #expect(!document.blocks[0].hasNoText)
        // A heading of an em space alone: blank, though not ASCII.
        #expect(MarkdownDocument(parsing: "# \u{2003}").blocks[0].hasNoText)
        #expect(!MarkdownDocument(parsing: "# \u{2003}é").blocks[0].hasNoText)
    }

    // MARK: GitHub-flavoured Markdown

    @Test func autolinksStandWithinTheirParagraph() throws {
        let document = MarkdownDocument(parsing: "\n\nSee https://apple.com now.\n", firstLine: 5)
        let link = try first(document) { if case .link = $0 { return true }; return false }
        #expect(link.range.start == SourcePosition(line: 7, column: 1))
        #expect(link.kind == .link(url: "https://apple.com", title: ""))
    }

    @Test func table() {
        let output = html("| a | b |\n|---|:-:|\n| 1 | 2 |\n")
        #expect(output.contains("<table>"))
        #expect(output.contains("<th>a</th>"))
        #expect(output.contains("<td align=\"center\">2</td>"))
        let document = MarkdownDocument(parsing: "| a | b |\n|---|---|\n| 1 | 2 |\n")
        #expect(document.blocks.first?.kind == .table)
        #expect(document.blocks.first?.children.first?.kind == .tableRow)
        #expect(document.blocks.first?.children.first?.children.first?.kind == .tableCell)
    }

    @Test func strikethrough() throws {
        #expect(html("~~gone~~\n").contains("<del>gone</del>"))
        let document = MarkdownDocument(parsing: "~~gone~~\n")
        #expect(try first(document) { $0 == .strikethrough }.plainText == "gone")
    }

    @Test func autolink() {
        let output = html("See https://developer.apple.com/design and www.example.com.\n")
        #expect(output.contains("<a href=\"https://developer.apple.com/design\">https://developer.apple.com/design</a>"))
        #expect(output.contains("<a href=\"http://www.example.com\">www.example.com</a>"))
    }

    @Test func tagFilterEscapesDangerousTagsEvenWhenRawHTMLIsAllowed() {
        let output = html("<script>alert(1)</script>\n\n<b>bold</b> and <iframe src=x></iframe>\n", allowRawHTML: true)
        #expect(!output.contains("<script>"))
        #expect(output.contains("&lt;script>"))
        #expect(output.contains("&lt;iframe"))
        #expect(output.contains("<b>bold</b>"))
    }

    // MARK: Raw HTML

    @Test func rawHTMLIsLeftOutByDefault() {
        let output = html("<div class=\"x\">block</div>\n\nText with <span>inline</span> HTML.\n")
        #expect(!output.contains("<div"))
        #expect(!output.contains("<span>"))
        #expect(output.contains("<!-- raw HTML omitted -->"))
        #expect(output.contains("inline"))
    }

    @Test func rawHTMLIsKeptWhenAllowed() {
        let output = html("<div class=\"x\">block</div>\n\nText with <span>inline</span> HTML.\n", allowRawHTML: true)
        #expect(output.contains("<div class=\"x\">block</div>"))
        #expect(output.contains("<span>inline</span>"))
    }

    @Test func dangerousURLsAreDroppedByDefault() {
        let output = html("[x](javascript:alert(1))\n")
        #expect(!output.contains("javascript:"))
    }

    @Test func rawHTMLIsNotPlainText() {
        let document = MarkdownDocument(parsing: "A <b>bold</b> word.\n")
        #expect(document.blocks[0].plainText == "A bold word.")
    }

    // MARK: Rendering

    @Test func rewriteLinksChangesLinksAndImagesInPlace() {
        let document = MarkdownDocument(parsing: """
        See [rule 1](where-the-bars-go.md#rule-1), [Apple](https://apple.com) and ![x](pic.png).
        """)
        var seen: [String] = []
        document.rewriteLinks { url in
            seen.append(url)
            if url.hasSuffix("#rule-1") { return "/patterns/where-the-bars-go/#rule-1" }
            if url == "pic.png" { return "/assets/pic.png" }
            return nil
        }
        #expect(seen == ["where-the-bars-go.md#rule-1", "https://apple.com", "pic.png"])
        let output = document.html(document.blocks[0])
        #expect(output.contains("href=\"/patterns/where-the-bars-go/#rule-1\""))
        #expect(output.contains("href=\"https://apple.com\""))
        #expect(output.contains("src=\"/assets/pic.png\""))
        // The value tree keeps the link as written.
        let links = allNodes(document.blocks).compactMap { node -> String? in
            if case .link(let url, _) = node.kind { return url }
            return nil
        }
        #expect(links.contains("where-the-bars-go.md#rule-1"))
    }

    @Test func rewriteLinksReachesLinksNestedBeyondTheValueTree() {
        let depth = MarkdownDocument.maximumDepth + 10
        let source = String(repeating: "> ", count: depth) + "[deep](other.md)\n"
        let document = MarkdownDocument(parsing: source)
        #expect(document.isTooDeep)
        document.rewriteLinks { _ in "/patterns/other/" }
        let output = document.blocks.map { document.html($0) }.joined()
        #expect(output.contains("href=\"/patterns/other/\""))
        #expect(!output.contains("other.md"))
    }

    @Test func innerHTMLOfAHeadingAndAParagraph() {
        let document = MarkdownDocument(parsing: "## Why *this* `code`?\n\nA [link](x.md) & more.\n")
        #expect(document.innerHTML(document.blocks[0]) == "Why <em>this</em> <code>code</code>?")
        #expect(document.innerHTML(document.blocks[1]) == "A <a href=\"x.md\">link</a> &amp; more.")
        #expect(document.html(document.blocks[0]) == "<h2>Why <em>this</em> <code>code</code>?</h2>\n")
    }

    @Test func innerHTMLOfAParagraphWithLineBreaksAndRawHTMLLeftOut() {
        let document = MarkdownDocument(parsing: "One\ntwo  \nthree <b>bold</b>.\n")
        #expect(document.innerHTML(document.blocks[0]) == "One\ntwo<br />\nthree <!-- raw HTML omitted -->bold<!-- raw HTML omitted -->.")
    }

    @Test func aBlockReplacedByHTMLWhereItStandsInAList() throws {
        let source = "- First\n\n  ```demo\n  device: x\n  ```\n\n- Second\n"
        let document = MarkdownDocument(parsing: source)
        let list = document.blocks[0]
        let code = try #require(list.children.first?.children.dropFirst().first)
        #expect(code.kind == .codeBlock(info: "demo", literal: "device: x\n"))
        let replaced = document.html(list, replacing: [(code, "<figure>drawn</figure>\n")])
        #expect(replaced == "<ul>\n<li>\n<p>First</p>\n<figure>drawn</figure>\n</li>\n<li>\n<p>Second</p>\n</li>\n</ul>\n")
        // The document is as it was: the code block is there again.
        #expect(document.html(list).contains("<pre><code class=\"language-demo\">device: x\n</code></pre>"))
        // Raw HTML is left out of the page, but not what stands in for a block.
        #expect(!replaced.contains("omitted"))
    }

    @Test func innerHTMLOfAnEmptyHeading() {
        let document = MarkdownDocument(parsing: "##\n")
        #expect(document.innerHTML(document.blocks[0]) == "")
    }

    @Test func codeBlockKeepsItsInfoAndLiteral() throws {
        let document = MarkdownDocument(parsing: "```demo\ndevice: x\n```\n", firstLine: 4)
        let block = document.blocks[0]
        #expect(block.kind == .codeBlock(info: "demo", literal: "device: x\n"))
        #expect(block.range.start == SourcePosition(line: 4, column: 1))
    }

    /// A fenced code block with no closing fence takes in the rest of its
    /// container; the document says where each such block opens. Closed
    /// blocks, however their fence is indented or quoted, are not listed.
    @Test(arguments: [
        ("```demo\ndevice: x\n```\n", []),
        ("```demo\ndevice: x\n", [SourcePosition(line: 3, column: 1)]),
        ("```demo", [SourcePosition(line: 3, column: 1)]),
        ("```demo\ndevice: x\n\n## FAQ\n", [SourcePosition(line: 3, column: 1)]),
        ("````demo\ndevice: x\n```\n", [SourcePosition(line: 3, column: 1)]),
        ("~~~demo\ndevice: x\n  ~~~~  \n", []),
        ("- item\n\n  ```demo\n  device: x\n  ```\n- next\n", []),
        ("- item\n\n  ```demo\n  device: x\n- next\n", [SourcePosition(line: 5, column: 3)]),
        ("> ```demo\n> device: x\n> ```\n", []),
        ("> ```demo\n> device: x\n\nafter\n", [SourcePosition(line: 3, column: 3)]),
        ("    indented code\n", []),
    ] as [(String, [SourcePosition])])
    func unclosedFencesAreListed(source: String, unclosed: [SourcePosition]) {
        let document = MarkdownDocument(parsing: source, firstLine: 3)
        #expect(document.unclosedFences == unclosed)
    }

    @Test func plainTextJoinsBlocksAndBreaks() {
        let document = MarkdownDocument(parsing: "- one\n  two\n- three\n")
        #expect(document.blocks[0].plainText == "one two three")
    }

    @Test func imagesAreListedWithTheLinks() {
        let document = MarkdownDocument(parsing: "See [a](a.md) and ![b](b.png).\n", firstLine: 4)
        #expect(document.links.map(\.url) == ["a.md", "b.png"])
        #expect(document.links.map(\.isImage) == [false, true])
        #expect(document.links.map(\.position) == [SourcePosition(line: 4, column: 5), SourcePosition(line: 4, column: 19)])
    }

    @Test func plainTextCanLeaveOutCodeBlocks() {
        let document = MarkdownDocument(parsing: "- one\n\n  ```demo\n  device: x\n  ```\n\n  ```swift\n  let a = 1\n  ```\n- two\n")
        #expect(document.blocks[0].plainText(omittingCodeBlocks: { $0 == "demo" }) == "one let a = 1\n two")
        #expect(document.blocks[0].plainText == "one device: x\n let a = 1\n two")
    }

    @Test func separateDocumentsRenderInParallel() async {
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<16 {
                group.addTask {
                    let document = MarkdownDocument(parsing: "## Heading \(index)\n\n| a |\n|---|\n| \(index) |\n")
                    let output = document.blocks.map { document.html($0) }.joined()
                    return output.contains("<td>\(index)</td>")
                }
            }
            for await result in group { #expect(result) }
        }
    }

    /// cmark-gfm keeps the characters its extensions start from (`~`, `w`,
    /// `:`) in one table for the whole process, switched on and off around
    /// each parse's inline pass: two passes at once could lose strikethrough
    /// and autolinks, now and then. Thousands of pages parsed on every core
    /// must each keep them.
    @Test func pagesParsedAtOnceKeepStrikethroughAndAutolinks() async {
        let failures = await withTaskGroup(of: Int.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var failures = 0
                    for index in 0..<300 {
                        // Half the pages have no bare link, and are parsed without the autolink extension.
                        let link = (task + index) % 2 == 0 ? " See www.example.com/\(index)." : ""
                        let source = "A ~~struck~~ word, *emphasis* and a [link](page.md).\(link)\n\n| a |\n|---|\n| ~~\(index)~~ |\n"
                        let document = MarkdownDocument(parsing: source)
                        let output = document.blocks.map { document.html($0) }.joined()
                        if !output.contains("<del>struck</del>") || !output.contains("<td><del>\(index)</del></td>")
                            || (!link.isEmpty && !output.contains("<a href=\"http://www.example.com/\(index)\">")) {
                            failures += 1
                        }
                    }
                    return failures
                }
            }
            return await group.reduce(0, +)
        }
        #expect(failures == 0)
    }

    // MARK: Deep nesting

    @Test(arguments: ["> ", "- ", "1. ", "* > "])
    func deepNestingDoesNotCrash(prefix: String) {
        let source = String(repeating: prefix, count: 5_000) + "text\n"
        let document = MarkdownDocument(parsing: source, allowRawHTML: false)
        #expect(document.isTooDeep)
        let output = document.blocks.map { document.html($0) }.joined()
        #expect(output.contains("text"))
        #expect(!document.blocks.isEmpty)
    }

    @Test func deepInlineNestingDoesNotCrash() {
        let source = String(repeating: "*a ", count: 20_000) + String(repeating: "[", count: 20_000) + "x" + String(repeating: "](y)", count: 20_000) + "\n"
        let document = MarkdownDocument(parsing: source)
        let output = document.blocks.map { document.html($0) }.joined()
        #expect(output.contains("x"))
    }

    @Test func whereNestingGoesTooDeep() {
        // Quote N opens at column 2N - 1; the first one not kept is the 48th.
        let document = MarkdownDocument(parsing: "\n" + String(repeating: "> ", count: 60) + "deep\n", firstLine: 7)
        #expect(document.tooDeepPosition == SourcePosition(line: 8, column: 2 * MarkdownDocument.maximumDepth - 1))
    }

    @Test func nestingWithinTheLimitIsWalkedWhole() {
        let source = String(repeating: "> ", count: 10) + "text\n"
        let document = MarkdownDocument(parsing: source)
        #expect(!document.isTooDeep)
        #expect(document.tooDeepPosition == nil)
        #expect(document.blocks[0].plainText == "text")
    }

    @Test func emptyDocument() {
        let document = MarkdownDocument(parsing: "")
        #expect(document.blocks.isEmpty)
        #expect(!document.isTooDeep)
    }

    @Test func aLongLineOfInlineNodesKeepsItsPositions() {
        // One long line of many inline nodes: positions are counted from the
        // line's start once, not walked again per node (which would take
        // hours here; speed itself is measured by scripts/bench).
        let source = String(repeating: "*é* `c` ", count: 100_000) + "\n\n" + String(repeating: "[ü](x.md) ", count: 50_000) + "\n"
        let document = MarkdownDocument(parsing: source, firstLine: 2)
        #expect(document.blocks.count == 2)
        // The last link: 49,999 links of 10 characters before it.
        let last = document.blocks[1].children.last
        #expect(last?.range.start == SourcePosition(line: 4, column: 499_991))
    }
}
