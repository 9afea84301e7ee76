/// A position in a Markdown source, 1-based, columns counted in characters.
///
/// Positions are those of the whole page file: the parser is told the line
/// the Markdown starts on, so that a page's front matter is counted too.
public struct SourcePosition: Sendable, Hashable, Comparable {
    /// The 1-based line number.
    public var line: Int
    /// The 1-based column, in Unicode scalars (what an editor's cursor counts).
    public var column: Int

    /// Creates a position from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
}

/// The span of source a node was parsed from.
public struct SourceRange: Sendable, Hashable {
    /// Where the node starts.
    public var start: SourcePosition
    /// Where the node ends (inclusive).
    public var end: SourcePosition

    /// Creates a range from its two ends.
    public init(start: SourcePosition, end: SourcePosition) {
        self.start = start
        self.end = end
    }
}

/// One node of a parsed Markdown document, as a Swift value: a place in
/// its document's tree, whose nodes lie side by side (`MarkdownTree`).
///
/// The tree mirrors cmark-gfm's, so that the site model can find rules, FAQ
/// entries, demo blocks and links by walking values, without touching C.
public struct MarkdownNode: Sendable {
    /// What a node is, with the data cmark-gfm keeps for that kind.
    public enum Kind: Sendable, Equatable {
        case document
        case blockQuote
        case list(ordered: Bool, start: Int, tight: Bool)
        case item
        case codeBlock(info: String, literal: String)
        case htmlBlock(String)
        case paragraph
        case heading(level: Int)
        case thematicBreak
        case table
        case tableRow
        case tableCell
        case text(String)
        case softBreak
        case lineBreak
        case code(String)
        case htmlInline(String)
        case emphasis
        case strong
        case strikethrough
        case link(url: String, title: String)
        case image(url: String, title: String)
        /// A node of a kind the site model has no use for, by cmark's name.
        case other(String)
    }

    /// The tree the node is in.
    let tree: MarkdownTree
    /// The node's place in the tree, which is also its index in its
    /// document, used to render it as HTML.
    let handle: Int

    /// The node's kind and its data. A text node's text is made a string
    /// here, each time it is asked: where only some of it matters, see
    /// ``isLineBreak`` and ``withTextBytes(_:)``.
    public var kind: Kind {
        // The node's fields read where it lies: a copy of the whole node
        // would copy its kind's texts (a reference count each) to be dropped.
        tree.nodes.withUnsafeBufferPointer { nodes in
            if case .text = nodes[handle].kind { return .text(tree.text(of: nodes[handle])) }
            return nodes[handle].kind
        }
    }
    /// The node's place in its document: what finds it again there
    /// (`MarkdownDocument.node(at:)`), where a page's model keeps its blocks.
    public var place: Int { handle }

    /// Where the node stands in the page file.
    public var range: SourceRange {
        let (start, end) = tree.nodes.withUnsafeBufferPointer { ($0[handle].start, $0[handle].end) }
        return tree.map.range(start, end)
    }
    /// Where the node starts in the page file (its range's start, found alone).
    public var start: SourcePosition {
        tree.map.position(tree.nodes.withUnsafeBufferPointer { $0[handle].start })
    }
    /// The node's children, in document order.
    public var children: MarkdownChildren {
        let (first, count) = tree.nodes.withUnsafeBufferPointer { ($0[handle].firstChild, $0[handle].childCount) }
        return MarkdownChildren(tree: tree, start: Int(first), count: Int(count))
    }

    /// Whether the node is a line break, soft or hard.
    public var isLineBreak: Bool {
        switch tree.nodes[handle].kind {
        case .softBreak, .lineBreak: return true
        default: return false
        }
    }

    /// Calls `body` with a text node's UTF-8 bytes, where they lie; nil
    /// for any other node.
    public func withTextBytes<Result>(_ body: (Span<UInt8>) -> Result) -> Result? {
        let text: Range<Int>? = tree.nodes.withUnsafeBufferPointer { nodes in
            guard case .text = nodes[handle].kind else { return nil }
            return nodes[handle].text
        }
        guard let text else { return nil }
        let texts = tree.texts
        return body(texts.span.extracting(text))
    }

    /// The text a reader sees in this node: text and code spans, with line
    /// breaks as spaces and no markup. Used for titles, anchors, FAQ answers
    /// in structured data and citation blocks.
    public var plainText: String {
        tree.plainText(of: handle, omitting: { _ in false })
    }

    /// The text a reader sees, as ``plainText``, without the code blocks
    /// whose info string `omits` says are not shown as text (a demo is
    /// drawn as a figure, so its YAML is not read as words).
    public func plainText(omittingCodeBlocks omits: (String) -> Bool) -> String {
        tree.plainText(of: handle, omitting: omits)
    }

    /// Whether ``plainText`` would be blank (no text, or spaces only),
    /// found without building it: a heading usually answers at its first
    /// word.
    public var hasNoText: Bool {
        tree.hasNoText(handle)
    }
}

/// A node's children, read where they lie in their tree.
public struct MarkdownChildren: RandomAccessCollection, Sendable {
    let tree: MarkdownTree
    /// Where the children's places start in the tree's list of children.
    let start: Int
    public let count: Int

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }

    public subscript(position: Int) -> MarkdownNode {
        precondition(position >= 0 && position < count, "a child's index out of range")
        return MarkdownNode(tree: tree, handle: Int(tree.children[start + position]))
    }
}

/// The nodes of one parsed document, side by side in document order (a
/// node before its children), each with where its children's places are
/// in one list of them, and the text nodes' texts as bytes in one run:
/// three arrays for the whole tree, rather than an array of children for
/// every node and a string for every text, made and freed with each page
/// (most texts are only rendered, by cmark-gfm, and never read as strings).
final class MarkdownTree: Sendable {
    /// One node.
    struct Node: Sendable {
        /// Its kind; a text node's is `.text("")`, its text in `texts`.
        var kind: MarkdownNode.Kind
        /// Where it starts and ends, as cmark gives it (see `SourceMap`).
        var start: CmarkPosition
        var end: CmarkPosition
        /// Where its children's places start in `children`.
        var firstChild: Int32 = 0
        /// How many children it has.
        var childCount: Int32 = 0
        /// A text node's bytes in `texts`.
        var text: Range<Int> = 0..<0
    }

    /// Every node kept, in document order; the document first.
    let nodes: [Node]
    /// The places in `nodes` of every node's children, a node's side by side.
    let children: [Int32]
    /// The text nodes' texts, as UTF-8, one after another.
    let texts: [UInt8]
    /// What turns the nodes' positions into the page's.
    let map: SourceMap

    init(nodes: [Node], children: [Int32], texts: [UInt8], map: SourceMap) {
        self.nodes = nodes
        self.children = children
        self.texts = texts
        self.map = map
    }

    /// A text node's text.
    func text(of node: Node) -> String {
        texts.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[node.text]), as: UTF8.self) }
    }

    /// The tree's three runs, read where they lie.
    struct View {
        let nodes: UnsafeBufferPointer<Node>
        let children: UnsafeBufferPointer<Int32>
        let texts: UnsafeBufferPointer<UInt8>

        func children(of place: Int) -> UnsafeBufferPointer<Int32>.SubSequence {
            let first = Int(nodes[place].firstChild)
            return children[first..<first + Int(nodes[place].childCount)]
        }

        func text(of place: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: texts[nodes[place].text])
        }
    }

    /// Calls `body` with the tree `nodes`, `children` and `texts` (one
    /// being made, too) read where they lie.
    static func withView<Result>(_ nodes: [Node], _ children: [Int32], _ texts: [UInt8], _ body: (View) -> Result) -> Result {
        nodes.withUnsafeBufferPointer { nodes in
            children.withUnsafeBufferPointer { children in
                texts.withUnsafeBufferPointer { texts in
                    body(View(nodes: nodes, children: children, texts: texts))
                }
            }
        }
    }

    /// Whether the text a reader sees in the node at `place` is blank.
    func hasNoText(_ place: Int) -> Bool {
        Self.withView(nodes, children, texts) { Self.hasNoText(place, $0) }
    }

    /// Whether the text a reader sees in the node at `place` of `tree` is blank.
    static func hasNoText(_ place: Int, _ tree: View) -> Bool {
        switch tree.nodes[place].kind {
        case .text:
            return isBlank(tree.text(of: place))
        case .code(let string):
            return isBlank(string)
        case .codeBlock(_, let literal):
            return isBlank(literal)
        case .softBreak, .lineBreak, .htmlBlock, .htmlInline:
            return true
        default:
            for child in tree.children(of: place) where !hasNoText(Int(child), tree) {
                return false
            }
            return true
        }
    }

    /// Whether a text is white space only; an ASCII letter answers at once,
    /// without looking up Unicode's properties.
    private static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII ? scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" : scalar.properties.isWhitespace
        }
    }

    /// Whether UTF-8 text is white space only, as ``isBlank(_:)-(String)`` tells.
    private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): continue
            case ..<0x80: return false
            default: return isBlank(String(decoding: bytes, as: UTF8.self))
            }
        }
        return true
    }

    /// The text a reader sees in the node at `place` (see `MarkdownNode.plainText`).
    func plainText(of place: Int, omitting omits: (String) -> Bool) -> String {
        var text = ""
        Self.withView(nodes, children, texts) { Self.appendPlainText(of: place, $0, to: &text, omitting: omits) }
        return text
    }

    private static func appendPlainText(of place: Int, _ tree: View, to text: inout String, omitting omits: (String) -> Bool) {
        switch tree.nodes[place].kind {
        case .text:
            text += String(decoding: tree.text(of: place), as: UTF8.self)
        case .code(let string):
            text += string
        case .softBreak, .lineBreak:
            text += " "
        case .codeBlock(let info, let literal):
            if !omits(info) { text += literal }
        case .htmlBlock, .htmlInline:
            break
        default:
            let isBlock = tree.nodes[place].kind.isBlock
            for child in tree.children(of: place) {
                if isBlock, tree.nodes[Int(child)].kind.isBlock, !text.isEmpty, text.utf8.last != UInt8(ascii: " ") {
                    text += " "
                }
                appendPlainText(of: Int(child), tree, to: &text, omitting: omits)
            }
        }
    }
}

extension MarkdownNode.Kind {
    /// Whether the kind is a block (paragraph, list, …) rather than inline.
    public var isBlock: Bool {
        switch self {
        case .document, .blockQuote, .list, .item, .codeBlock, .htmlBlock, .paragraph,
             .heading, .thematicBreak, .table, .tableRow, .tableCell:
            return true
        default:
            return false
        }
    }
}

/// A link of a document: where it points, as written, and where it stands.
public struct MarkdownLink: Sendable {
    /// The destination as written.
    public var url: String
    /// Where the link starts.
    public var position: SourcePosition
    /// Whether it is an image's source (`![…](…)`) rather than a link.
    public var isImage: Bool = false
    /// Whether it is an image with no alt text (`![](…)`), which readers
    /// who cannot see it get nothing of.
    public var hasNoAlt: Bool = false
}

/// A piece of raw HTML written in a page (`<details>`, `<b>`), which is left
/// out of the page unless the site allows raw HTML.
public struct MarkdownRawHTML: Sendable {
    /// The HTML as written.
    public var html: String
    /// Where it starts.
    public var position: SourcePosition
    /// Whether it is a block of its own rather than inside a paragraph.
    public var isBlock: Bool
}
