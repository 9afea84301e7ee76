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
    /// The places in `links` of the images being converted, innermost last:
    /// whether one has alt text is known once its children are.
    private var openImages: [Int] = []

    private let bytes: [UInt8]
    private let lineStarts: [Int]
    private let lineOffset: Int
    /// How many characters start before each multiple of `stride` bytes, so
    /// that finding a column never walks more than `stride` bytes, however
    /// long the line (a page may be one very long line of many nodes).
    private let charactersBefore: [Int]
    private static let stride = 64
    /// Whether each line is ASCII only: there a character column is the
    /// byte column, with nothing to count.
    private let lineIsASCII: [Bool]

    /// Prepares to walk the tree parsed from the UTF-8 text `bytes`, whose
    /// first line is line `lineOffset + 1` of its file.
    init(bytes: [UInt8], lineOffset: Int) {
        self.bytes = bytes
        var starts = [0]
        var counts = [0]
        var ascii: [Bool] = []
        counts.reserveCapacity(bytes.count / Self.stride + 1)
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            let count = buffer.count
            // Characters before each whole block, eight bytes a step: every
            // byte but a UTF-8 continuation byte (10xxxxxx) starts one.
            var characters = 0
            var offset = 0
            while offset + Self.stride <= count {
                var continuations = 0
                for word in Swift.stride(from: offset, to: offset + Self.stride, by: 8) {
                    let bytes = raw.loadUnaligned(fromByteOffset: word, as: UInt64.self)
                    guard bytes & 0x8080_8080_8080_8080 != 0 else { continue }
                    continuations += Self.continuationBytes(in: bytes)
                }
                characters += Self.stride - continuations
                counts.append(characters)
                offset += Self.stride
            }
            // Lines, found with memchr, and whether each is ASCII.
            var lineStart = 0
            while true {
                let lineEnd = memchr(raw + lineStart, Int32(UInt8(ascii: "\n")), count - lineStart)
                    .map { raw.distance(to: UnsafeRawPointer($0)) } ?? count
                ascii.append(Self.isASCII(raw + lineStart, lineEnd - lineStart))
                guard lineEnd < count else { break }
                lineStart = lineEnd + 1
                starts.append(lineStart)
            }
        }
        if ascii.isEmpty { ascii = [true] }
        self.lineStarts = starts
        self.lineIsASCII = ascii
        self.lineOffset = lineOffset
        self.charactersBefore = counts
    }

    /// How many of the eight bytes of `word` are UTF-8 continuation bytes
    /// (10xxxxxx): one bit each, summed by a multiplication (no population
    /// count instruction is assumed).
    @inline(__always)
    private static func continuationBytes(in word: UInt64) -> Int {
        let marks = (word & ~(word << 1) & 0x8080_8080_8080_8080) >> 7
        return Int((marks &* 0x0101_0101_0101_0101) >> 56)
    }

    /// Whether `count` bytes from `start` are all ASCII, eight at a time.
    private static func isASCII(_ start: UnsafeRawPointer, _ count: Int) -> Bool {
        var offset = 0
        while offset + 8 <= count {
            if start.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
            offset += 8
        }
        while offset < count {
            if start.load(fromByteOffset: offset, as: UInt8.self) >= 0x80 { return false }
            offset += 1
        }
        return true
    }

    /// The number of characters that start before byte `offset`.
    private func characters(before offset: Int) -> Int {
        let block = offset / Self.stride
        var count = charactersBefore[block]
        var index = block * Self.stride
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            // Eight bytes a step: all but continuation bytes start a character.
            while index + 8 <= offset {
                count += 8 - Self.continuationBytes(in: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                index += 8
            }
            while index < offset {
                if buffer[index] & 0xC0 != 0x80 { count += 1 }
                index += 1
            }
        }
        return count
    }

    /// Walks the tree under `root` (a document) into a `MarkdownTree`,
    /// whose first node is the document.
    mutating func convert(_ root: OpaquePointer) -> MarkdownTree {
        let iterator = cmark_iter_new(root)!
        defer { cmark_iter_free(iterator) }

        // The nodes, a node before its children; room for a page's, at
        // about one node for every 24 bytes of Markdown.
        var tree: [MarkdownTree.Node] = []
        tree.reserveCapacity(bytes.count / 24 + 8)
        nodes.reserveCapacity(bytes.count / 24 + 8)
        var children: [Int32] = []
        children.reserveCapacity(bytes.count / 24 + 8)
        texts.reserveCapacity(bytes.count)
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
            let isLeaf = !Self.isContainer(node)

            if event == CMARK_EVENT_ENTER {
                if open.count >= MarkdownDocument.maximumDepth || skipped > 0 {
                    if !isLeaf { skipped += 1 }
                    if firstTooDeep == nil {
                        firstTooDeep = cmark_node_get_start_line(node) >= 1
                            ? position(line: cmark_node_get_start_line(node), byteColumn: cmark_node_get_start_column(node))
                            : open.last.map { tree[$0.place].range.start } ?? SourcePosition(line: 1 + lineOffset, column: 1)
                    }
                    continue
                }
                let place = tree.count
                tree.append(makeNode(node, parent: open.last.map { tree[$0.place].range }))
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
            tree.append(MarkdownTree.Node(kind: .document, range: .init(start: .init(line: 1, column: 1), end: .init(line: 1, column: 1))))
            nodes.append(root)
        }
        return MarkdownTree(nodes: tree, children: children, texts: texts)
    }

    /// Whether cmark's iterator gives the node an EXIT event: every node but
    /// the leaves its iterator.c names.
    private static func isContainer(_ node: OpaquePointer) -> Bool {
        switch cmark_node_get_type(node) {
        case CMARK_NODE_TEXT, CMARK_NODE_SOFTBREAK, CMARK_NODE_LINEBREAK, CMARK_NODE_CODE,
             CMARK_NODE_HTML_INLINE, CMARK_NODE_CODE_BLOCK, CMARK_NODE_HTML_BLOCK,
             CMARK_NODE_THEMATIC_BREAK:
            return false
        default:
            return true
        }
    }

    private mutating func makeNode(_ node: OpaquePointer, parent: SourceRange?) -> MarkdownTree.Node {
        nodes.append(node)
        var range = SourceRange(
            start: position(line: cmark_node_get_start_line(node), byteColumn: cmark_node_get_start_column(node)),
            end: position(line: cmark_node_get_end_line(node), byteColumn: cmark_node_get_end_column(node))
        )
        // Some nodes have no position of their own (cmark-gfm's autolinks,
        // soft breaks): they stand within their parent.
        if cmark_node_get_start_line(node) < 1, let parent {
            range = parent
        }
        let kind = kind(of: node)
        if case .link(let url, _) = kind {
            links.append(MarkdownLink(url: url, position: range.start))
        } else if case .image(let url, _) = kind {
            links.append(MarkdownLink(url: url, position: range.start, isImage: true))
            openImages.append(links.count - 1)
        } else if case .codeBlock = kind, isUnclosedFence(node) {
            unclosedFences.append(range.start)
        } else if case .htmlBlock(let html) = kind {
            rawHTML.append(MarkdownRawHTML(html: html, position: range.start, isBlock: true))
        } else if case .htmlInline(let html) = kind {
            rawHTML.append(MarkdownRawHTML(html: html, position: range.start, isBlock: false))
        }
        var made = MarkdownTree.Node(kind: kind, range: range)
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

    private func kind(of node: OpaquePointer) -> MarkdownNode.Kind {
        func string(_ pointer: UnsafePointer<CChar>?) -> String {
            pointer.map { String(cString: $0) } ?? ""
        }
        switch cmark_node_get_type(node) {
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
        guard first >= 1, last <= lineStarts.count else { return false }
        guard last > first else { return true }
        let start = lineStarts[last - 1]
        let end = last < lineStarts.count ? lineStarts[last] : bytes.count
        let fence = UInt8(bitPattern: character)
        var index = start
        while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: ">") {
            index += 1
        }
        var run = 0
        while index < end, bytes[index] == fence {
            run += 1
            index += 1
        }
        guard run >= Int(length) else { return true }
        while index < end, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") || bytes[index] == UInt8(ascii: "\n") {
            index += 1
        }
        return index < end
    }

    /// Turns cmark's line and 1-based byte column into a page position with
    /// a character column.
    private func position(line: Int32, byteColumn: Int32) -> SourcePosition {
        let line = Int(line), byteColumn = Int(byteColumn)
        guard line >= 1, line <= lineStarts.count else {
            return SourcePosition(line: max(line, 1) + lineOffset, column: max(byteColumn, 1))
        }
        let start = lineStarts[line - 1]
        let end = min(start + max(byteColumn - 1, 0), bytes.count)
        if lineIsASCII[line - 1] {
            return SourcePosition(line: line + lineOffset, column: end - start + 1)
        }
        return SourcePosition(line: line + lineOffset, column: characters(before: end) - characters(before: start) + 1)
    }
}
