internal import CCmarkGFM
#if canImport(Glibc)
import Glibc
#endif

/// Walks cmark-gfm's tree with its ENTER/EXIT iterator into `MarkdownNode`
/// values, turning cmark's byte columns into character positions.
struct TreeConverter {
    /// Every link met, in document order, with its destination as written.
    private(set) var links: [MarkdownLink] = []
    /// Every C node kept, by its place in the tree (`MarkdownNode.handle`).
    private(set) var nodes: [OpaquePointer] = []
    /// Where the first node deeper than `MarkdownDocument.maximumDepth` is.
    private(set) var firstTooDeep: SourcePosition?
    /// Where each fenced code block that is never closed opens, in document order.
    private(set) var unclosedFences: [SourcePosition] = []
    /// The text nodes' texts, one after another (`MarkdownTree.texts`).
    private(set) var texts: [UInt8] = []
    /// Every piece of raw HTML met, in document order.
    private(set) var rawHTML: [MarkdownRawHTML] = []
    /// Every link and image node of the C tree, in document order, those
    /// deeper than the value tree keeps too: what `rewriteLinks` changes.
    private(set) var linkNodes: [OpaquePointer] = []
    /// The places in `links` of the images being converted, innermost last:
    /// whether one has alt text is known once its children are.
    private var openImages: [Int] = []

    /// The page's lines and characters, which turn cmark's positions into the page's.
    let map: SourceMap

    /// Prepares to walk the tree parsed from the UTF-8 text `bytes`, whose
    /// first line is line `lineOffset + 1` of its file.
    init(bytes: [UInt8], lineOffset: Int) {
        map = SourceMap(bytes: bytes, lineOffset: lineOffset)
    }

    /// Walks the tree under `root` (a document) into a `MarkdownTree`,
    /// whose first node is the document.
    mutating func convert(_ root: OpaquePointer) -> MarkdownTree {
        let iterator = cmark_iter_new(root)!
        defer { cmark_iter_free(iterator) }

        // The nodes, a node before its children; room for a page's, at
        // about one node for every 24 bytes of Markdown.
        var tree: [MarkdownTree.Node] = []
        let byteCount = map.byteCount
        tree.reserveCapacity(byteCount / 24 + 8)
        nodes.reserveCapacity(byteCount / 24 + 8)
        var children: [Int32] = []
        children.reserveCapacity(byteCount / 24 + 8)
        texts.reserveCapacity(byteCount)
        // The containers being walked, innermost last: each one's place,
        // and where its children's places start in `pending`, which holds
        // the places of the children met and not yet listed.
        var open: [(place: Int, firstPending: Int)] = []
        open.reserveCapacity(8)
        var pending: [Int32] = []
        pending.reserveCapacity(64)
        // How many levels below the depth limit the walk is, whose nodes are not kept.
        var skipped = 0

        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            let node = cmark_iter_get_node(iterator)!
            let type = cmark_node_get_type(node)
            let isLeaf = !Self.isContainer(type)

            if event == CMARK_EVENT_ENTER {
                if type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE { linkNodes.append(node) }
                if open.count >= MarkdownDocument.maximumDepth || skipped > 0 {
                    if !isLeaf { skipped += 1 }
                    if firstTooDeep == nil {
                        let start = CmarkPosition(line: cmark_node_get_start_line(node), byteColumn: cmark_node_get_start_column(node))
                        firstTooDeep = map.position(start.line >= 1 ? start : open.last.map { tree[$0.place].start } ?? CmarkPosition(line: 1, byteColumn: 1))
                    }
                    continue
                }
                let place = tree.count
                tree.append(makeNode(node, type: type, parent: open.last.map { (tree[$0.place].start, tree[$0.place].end) }))
                if !open.isEmpty { pending.append(Int32(place)) }
                if !isLeaf { open.append((place, pending.count)) }
            } else if event == CMARK_EVENT_EXIT {
                if skipped > 0 {
                    skipped -= 1
                    continue
                }
                // Its children are all met: their places are listed together.
                let (place, firstPending) = open.removeLast()
                tree[place].firstChild = Int32(children.count)
                tree[place].childCount = Int32(pending.count - firstPending)
                children.append(contentsOf: pending[firstPending...])
                pending.removeSubrange(firstPending...)
                if case .image = tree[place].kind, let index = openImages.popLast() {
                    links[index].hasNoAlt = MarkdownTree.withView(tree, children, texts) { MarkdownTree.hasNoText(place, $0) }
                }
            }
        }
        if tree.isEmpty {
            tree.append(MarkdownTree.Node(kind: .document, start: CmarkPosition(line: 1, byteColumn: 1), end: CmarkPosition(line: 1, byteColumn: 1)))
            nodes.append(root)
        }
        return MarkdownTree(nodes: tree, children: children, texts: texts, map: map)
    }

    /// Whether cmark's iterator gives a node of `type` an EXIT event: every
    /// type but the leaves its iterator.c names.
    private static func isContainer(_ type: cmark_node_type) -> Bool {
        switch type {
        case CMARK_NODE_TEXT, CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE,
             CMARK_NODE_HTML_INLINE, CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK,
             CMARK_NODE_THEMATIC_BREAK:
            return false
        default:
            return true
        }
    }

    private mutating func makeNode(_ node: OpaquePointer, type: cmark_node_type, parent: (start: CmarkPosition, end: CmarkPosition)?) -> MarkdownTree.Node {
        nodes.append(node)
        // cmark's positions, made the page's only when asked for.
        var start = CmarkPosition(line: cmark_node_get_start_line(node), byteColumn: cmark_node_get_start_column(node))
        var end = CmarkPosition(line: cmark_node_get_end_line(node), byteColumn: cmark_node_get_end_column(node))
        // Some nodes have no position of their own (cmark-gfm's autolinks,
        // soft breaks): they stand within their parent.
        if start.line < 1, let parent {
            start = parent.start
            end = parent.end
        }
        let kind = kind(of: node, type: type)
        if case .link(let url, _) = kind {
            links.append(MarkdownLink(url: url, position: map.position(start)))
        } else if case .image(let url, _) = kind {
            links.append(MarkdownLink(url: url, position: map.position(start), isImage: true))
            openImages.append(links.count - 1)
        } else if case .codeBlock = kind, isUnclosedFence(node) {
            unclosedFences.append(map.position(start))
        } else if case .htmlBlock(let html) = kind {
            rawHTML.append(MarkdownRawHTML(html: html, position: map.position(start), isBlock: true))
        } else if case .htmlInline(let html) = kind {
            rawHTML.append(MarkdownRawHTML(html: html, position: map.position(start), isBlock: false))
        }
        var made = MarkdownTree.Node(kind: kind, start: start, end: end)
        if case .text = kind, let literal = cmark_node_get_literal(node) {
            // The text's bytes, kept as bytes: most texts are never read as strings.
            let start = texts.count
            literal.withMemoryRebound(to: UInt8.self, capacity: 1) { bytes in
                texts.append(contentsOf: UnsafeBufferPointer(start: bytes, count: strlen(literal)))
            }
            made.text = start..<texts.count
        }
        return made
    }

    private func kind(of node: OpaquePointer, type: cmark_node_type) -> MarkdownNode.Kind {
        func string(_ pointer: UnsafePointer<CChar>?) -> String {
            pointer.map { String(cString: $0) } ?? ""
        }
        switch type {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST:
            return .list(
                ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                start: Int(cmark_node_get_list_start(node)),
                tight: cmark_node_get_list_tight(node) != 0
            )
        case CMARK_NODE_ITEM: return .item
        case CMARK_NODE_CODE_BLOCK:
            return .codeBlock(info: string(cmark_node_get_fence_info(node)), literal: string(cmark_node_get_literal(node)))
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock(string(cmark_node_get_literal(node)))
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(node)))
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_TEXT: return .text("")
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code(string(cmark_node_get_literal(node)))
        case CMARK_NODE_HTML_INLINE: return .htmlInline(string(cmark_node_get_literal(node)))
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK:
            return .link(url: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        case CMARK_NODE_IMAGE:
            return .image(url: string(cmark_node_get_url(node)), title: string(cmark_node_get_title(node)))
        default:
            let name = string(cmark_node_get_type_string(node))
            switch name {
            case "table": return .table
            case "table_row", "table_header": return .tableRow
            case "table_cell": return .tableCell
            case "strikethrough": return .strikethrough
            default: return .other(name)
            }
        }
    }

    /// Whether `node` is a fenced code block that runs to the end of its
    /// container (the page, a list item, a quote) for want of a closing
    /// fence. cmark-gfm keeps no such flag: a closed block's last line is its
    /// closing fence, the opening fence's character at least as many times,
    /// after the marks of the containers it stands in and before blanks.
    private func isUnclosedFence(_ node: OpaquePointer) -> Bool {
        var length: Int32 = 0, offset: Int32 = 0
        var character: CChar = 0
        guard cmark_node_get_fenced(node, &length, &offset, &character) != 0 else { return false }
        let first = Int(cmark_node_get_start_line(node)), last = Int(cmark_node_get_end_line(node))
        let lineStarts = map.lineStarts
        guard first >= 1, last <= lineStarts.count else { return false }
        guard last > first else { return true }
        return map.withBytes { bytes in
            let start = lineStarts[last - 1]
            let end = last < lineStarts.count ? lineStarts[last] : bytes.count
            return Self.isUnclosed(fence: UInt8(bitPattern: character), length: Int(length), lastLine: start..<end, in: bytes)
        }
    }

    /// Whether the line `lastLine` of `bytes` is not a closing fence of at
    /// least `length` times `fence` (after the marks of the containers it
    /// stands in, and before blanks).
    private static func isUnclosed(fence: UInt8, length: Int, lastLine: Range<Int>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let start = lastLine.lowerBound, end = lastLine.upperBound
        var index = start
        while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: ">") {
            index += 1
        }
        var run = 0
        while index < end, bytes[index] == fence {
            run += 1
            index += 1
        }
        guard run >= length else { return true }
        while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: "\n") {
            index += 1
        }
        return index < end
    }
}
