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

/// One node of a parsed Markdown document, as a Swift value.
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

    /// The node's kind and its data.
    public var kind: Kind
    /// The node's children, in document order.
    public var children: [MarkdownNode]
    /// Where the node stands in the page file.
    public var range: SourceRange
    /// The node's index in its document, used to render it as HTML.
    let handle: Int

    /// The text a reader sees in this node: text and code spans, with line
    /// breaks as spaces and no markup. Used for titles, anchors, FAQ answers
    /// in structured data and citation blocks.
    public var plainText: String {
        var text = ""
        appendPlainText(to: &text, omitting: { _ in false })
        return text
    }

    /// The text a reader sees, as ``plainText``, without the code blocks
    /// whose info string `omits` says are not shown as text (a demo is
    /// drawn as a figure, so its YAML is not read as words).
    public func plainText(omittingCodeBlocks omits: (String) -> Bool) -> String {
        var text = ""
        appendPlainText(to: &text, omitting: omits)
        return text
    }

    /// Whether ``plainText`` would be blank (no text, or spaces only),
    /// found without building it: a heading usually answers at its first
    /// word.
    public var hasNoText: Bool {
        switch kind {
        case .text(let string), .code(let string):
            return Self.isBlank(string)
        case .codeBlock(_, let literal):
            return Self.isBlank(literal)
        case .softBreak, .lineBreak, .htmlBlock, .htmlInline:
            return true
        default:
            return children.allSatisfy(\.hasNoText)
        }
    }

    /// Whether a text is white space only; an ASCII letter answers at once,
    /// without looking up Unicode's properties.
    private static func isBlank(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII ? scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" : scalar.properties.isWhitespace
        }
    }

    private func appendPlainText(to text: inout String, omitting omits: (String) -> Bool) {
        switch kind {
        case .text(let string), .code(let string):
            text += string
        case .softBreak, .lineBreak:
            text += " "
        case .codeBlock(let info, let literal):
            if !omits(info) { text += literal }
        case .htmlBlock, .htmlInline:
            break
        default:
            let isBlock = kind.isBlock
            // The children read where they are: copying each would retain its text and children.
            children.withUnsafeBufferPointer { children in
                for index in children.indices {
                    if isBlock, children[index].kind.isBlock, !text.isEmpty, text.utf8.last != UInt8(ascii: " ") {
                        text += " "
                    }
                    children[index].appendPlainText(to: &text, omitting: omits)
                }
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
