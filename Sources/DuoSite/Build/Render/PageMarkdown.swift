import Markdown

/// A page's Markdown made HTML when the page is rendered: each block as
/// cmark-gfm renders it from the page's own tree, its links to other pages
/// made their addresses; a heading with its anchor; a demo that stands in a
/// list or a quote drawn where it stands (cmark-gfm puts the figure's HTML
/// in place of its code block). Nothing is cut out of cmark-gfm's HTML.
struct PageMarkdown {
    /// The page's Markdown, as read.
    let document: MarkdownDocument
    /// The HTML of the page's demo at an index of `Pattern.demos`, drawn
    /// by the theme: what stands where a demo in a list or a quote is; the
    /// symbols it draws marked in the page's sprite.
    let demo: (Int, inout PageSprite) -> String
    /// Each demo's code block's place in the Markdown, by its index.
    private let demoPlaces: [Int]

    /// Makes the page's Markdown ready to render: every link to a page's
    /// file (`other.md#rule-1`) made the page's address (`/patterns/other/#rule-1`),
    /// and every link to a fingerprinted asset (`/assets/favicon.svg`) its
    /// published name (`assets`).
    init(_ page: ReadPage, assets: AssetNames = AssetNames(), demo: @escaping (Int, inout PageSprite) -> String) {
        document = page.document
        self.demo = demo
        demoPlaces = page.pattern.demos.map(\.place)
        let slug = page.pattern.slug
        document.rewriteLinks { CrossReference.publishedURL(for: $0, from: slug) ?? assets.publishedAddress(for: $0) }
    }

    /// The HTML of Markdown blocks, one after another; the symbols their
    /// demos draw marked in `sprite`.
    func html(_ blocks: [MarkdownBlock], sprite: inout PageSprite) -> String {
        var html = ""
        for block in blocks { html += self.html(block, sprite: &sprite) }
        return html
    }

    /// The HTML of one block.
    private func html(_ block: MarkdownBlock, sprite: inout PageSprite) -> String {
        let node = document.node(at: block.place)
        if let anchor = block.anchor, case .heading(let level) = node.kind {
            return "<h\(level) id=\"\(HTMLText.escapeAttribute(anchor))\">\(document.innerHTML(node))</h\(level)>\n"
        }
        guard !block.demos.isEmpty else { return document.html(node) }
        // Each demo's figure where its code block stands: a blank line before it, as between parts.
        var replacements: [(block: MarkdownNode, html: String)] = []
        for index in block.demos { replacements.append((document.node(at: demoPlaces[index]), "\n" + demo(index, &sprite))) }
        return document.html(node, replacing: replacements)
    }

    /// The inline HTML of a heading (a section's title, a question).
    func inline(_ place: Int) -> String {
        document.innerHTML(document.node(at: place))
    }

    /// An answer as readers read it, for structured data: its blocks'
    /// text, a demo's left out (it is a figure, not words).
    func text(of blocks: [Int]) -> String {
        let texts = blocks.map { document.node(at: $0).plainText(omittingCodeBlocks: PageBodyReader.isDemo) }
        // Most answers are one paragraph: its text as it is.
        return texts.count == 1 ? texts[0] : texts.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
