import Markdown

extension PageBodyReader {
    /// Reads a run of blocks (a rule's, an answer's) into parts.
    mutating func content(of blocks: some Sequence<MarkdownNode>) -> [Section.Part] {
        var parts: [Section.Part] = []
        for block in blocks { read(block, into: &parts) }
        return parts
    }

    /// Reads one block into `parts`: a demo block as a demo of its own; any
    /// other block as Markdown, added to the Markdown before it, with the
    /// demo blocks in it at any depth (in a list item, a quote) read as
    /// demos drawn where they stand, and a heading anchored.
    mutating func read(_ block: MarkdownNode, into parts: inout [Section.Part]) {
        if case .codeBlock(let info, let literal) = block.kind, Self.isDemo(info) {
            parts.append(.demo(readDemo(block, literal: literal)))
            return
        }
        var nested: [(block: MarkdownNode, literal: String)] = []
        findDemos(in: block, into: &nested)
        var markdown = MarkdownBlock(place: block.place)
        markdown.demos = nested.map { readDemo($0.block, literal: $0.literal) }
        if case .heading = block.kind { markdown.anchor = anchor(for: block.plainText, fallback: "section") }
        if case .markdown(var blocks) = parts.last {
            // Taken out first, so that the list is added to in place.
            parts.removeLast()
            blocks.append(markdown)
            parts.append(.markdown(blocks))
        } else {
            parts.append(.markdown([markdown]))
        }
    }

    /// Whether a code block's info string makes it a demo: its first word is `demo`.
    static func isDemo(_ info: String) -> Bool {
        info.split(separator: " ").first == "demo"
    }

    /// Collects the demo blocks in a block, at any depth, in order, and
    /// notes the other code blocks.
    private mutating func findDemos(in block: MarkdownNode, into demos: inout [(block: MarkdownNode, literal: String)]) {
        switch block.kind {
        case .codeBlock(let info, let literal):
            if Self.isDemo(info) {
                demos.append((block, literal))
            } else {
                let word = info.split(separator: " ").first.map(String.init) ?? ""
                outline.codeBlocks.append(.init(word: word, location: location(block.start)))
            }
        case .blockQuote, .list, .item:
            for child in block.children { findDemos(in: child, into: &demos) }
        default:
            break
        }
    }

    /// Reads a demo block's YAML; returns its index in `demos`.
    private mutating func readDemo(_ block: MarkdownNode, literal: String) -> Int {
        // Where the fence stands, worked out once.
        let start = block.start
        let fence = location(start)
        var parser = DemoParser(file: file)
        // The block's lines are indented as its fence is (in a list item, a quote).
        let demo = parser.parse(
            literal, firstLine: start.line + 1, firstColumn: start.column, fence: fence,
            closed: !document.unclosedFences.contains(start)
        )
        diagnostics += parser.diagnostics
        demos.append(DemoBlock(location: fence, demo: demo, place: block.place))
        return demos.count - 1
    }

    /// Notes the headings of one of the page's own blocks, in the order
    /// readers meet them: the block itself, or those in a list or a quote.
    mutating func noteHeadings(_ block: MarkdownNode) {
        switch block.kind {
        case .heading(let level):
            noteHeading(block, level: level, isQuestion: level == 3 && current?.role == .faq, isNested: false)
        case .blockQuote, .list:
            noteHeadings(in: block)
        default:
            break
        }
    }

    private mutating func noteHeadings(in container: MarkdownNode) {
        for child in container.children {
            switch child.kind {
            case .heading(let level): noteHeading(child, level: level, isQuestion: false, isNested: true)
            case .blockQuote, .list, .item: noteHeadings(in: child)
            default: break
            }
        }
    }

    private mutating func noteHeading(_ block: MarkdownNode, level: Int, isQuestion: Bool, isNested: Bool) {
        outline.headings.append(.init(level: level, location: location(block.start), isEmpty: block.hasNoText, isQuestion: isQuestion, isNested: isNested))
    }

    /// A unique anchor for a heading, numbered like GitHub's when repeated.
    mutating func anchor(for text: String, fallback: String) -> String {
        anchor(base: Slug.make(text) ?? fallback)
    }

    /// `base`, numbered when the page already has it. `rule-N`,
    /// `source-N` and `figure-N` are kept for the rules, the source list
    /// and the demos' figures, wherever they stand: a heading `## Rule 1`
    /// is `#rule-1-1`, so that no two elements share an id. A repeat is
    /// numbered in one step (`PageAnchors`), however many came before it.
    mutating func anchor(base: String) -> String {
        anchors.unique(base, reserved: Self.isNumberedAnchor)
    }

    /// Whether an anchor is a rule's, a source list entry's or a figure's:
    /// `rule-`, `source-` or `figure-`, then a number.
    static func isNumberedAnchor(_ anchor: String) -> Bool {
        let prefix = anchor.hasBytePrefix("rule-") ? 5 : anchor.hasBytePrefix("source-") ? 7 : anchor.hasBytePrefix("figure-") ? 7 : 0
        return prefix > 0 && anchor.utf8.count > prefix
            && anchor.utf8.dropFirst(prefix).allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }
}
