internal import CCmarkGFM
internal import Foundation
internal import Synchronization

/// A Markdown document parsed by cmark-gfm, with tables, strikethrough,
/// autolinks and the tag filter: the value tree for reading it, and cmark's
/// own HTML renderer for writing it.
///
/// This class owns the C parser and tree and frees them when it goes away;
/// nothing of cmark leaves this module. A document is used by one thread at a
/// time (rendering may rewrite its links); separate documents may be parsed
/// and rendered in parallel.
public final class MarkdownDocument: @unchecked Sendable {
    /// The document's top-level blocks, as values.
    public let blocks: MarkdownChildren
    /// Every link and image of the document, in order, with its destination
    /// as written (before `rewriteLinks`), gathered while the tree was walked.
    public let links: [MarkdownLink]
    /// Whether the page nests deeper than the tree keeps: the deepest nodes
    /// are still rendered, but the value tree stops at `maximumDepth`.
    public var isTooDeep: Bool { tooDeepPosition != nil }
    /// Where the first node deeper than `maximumDepth` starts.
    public let tooDeepPosition: SourcePosition?
    /// Where each fenced code block that is never closed opens: such a block
    /// takes in everything after it to the end of its container (in CommonMark
    /// that is not an error, but it is seldom what the writer meant).
    public let unclosedFences: [SourcePosition]
    /// Every piece of raw HTML in the page, in document order: left out of
    /// the rendered page unless raw HTML is allowed.
    public let rawHTML: [MarkdownRawHTML]
    /// How deep the value tree goes; deeper nodes are rendered but not walked.
    public static let maximumDepth = 48

    /// cmark-gfm's inline pass, which runs as a parse finishes, finds the
    /// characters its extensions start from (`~`, `w`, `:`) in a table that
    /// is the whole process's, and switches them on before the pass and off
    /// after it (github/cmark-gfm#176). One page finishing while another is
    /// in its pass would lose that page's strikethrough and autolinks, now
    /// and then: the passes take turns.
    private static let inlinePass = Mutex(())

    private let parser: OpaquePointer
    private let root: OpaquePointer
    /// The value tree.
    private let tree: MarkdownTree
    private let nodes: [OpaquePointer]
    /// Every link and image node, in document order, at any depth.
    private let linkNodes: [OpaquePointer]
    private let renderOptions: Int32

    /// Parses `source` as GitHub-flavoured Markdown.
    ///
    /// - Parameters:
    ///   - source: the Markdown text.
    ///   - firstLine: the line of the page file that `source` starts on, so
    ///     that positions count the front matter too.
    ///   - allowRawHTML: keep raw HTML in the output (cmark's unsafe mode);
    ///     without it raw HTML is left out, as cmark-gfm does by default.
    public convenience init(parsing source: String, firstLine: Int = 1, allowRawHTML: Bool = false) {
        self.init(parsingUTF8: Array(source.utf8), firstLine: firstLine, allowRawHTML: allowRawHTML)
    }

    /// Parses the valid UTF-8 text `bytes` (a page's, as read) as
    /// GitHub-flavoured Markdown, as ``init(parsing:firstLine:allowRawHTML:)`` does.
    public convenience init(parsingUTF8 bytes: [UInt8], firstLine: Int = 1, allowRawHTML: Bool = false) {
        let autolinks = bytes.withUnsafeBufferPointer { AutolinkScan.mayHoldAutolink($0) }
        self.init(parsingUTF8: bytes, firstLine: firstLine, allowRawHTML: allowRawHTML, autolinks: autolinks)
    }

    /// Parses as ``init(parsingUTF8:firstLine:allowRawHTML:)`` does, with the
    /// autolink extension only when `autolinks` (``AutolinkScan`` decides,
    /// and its tests compare both ways).
    init(parsingUTF8 bytes: [UInt8], firstLine: Int, allowRawHTML: Bool, autolinks: Bool) {
        let options = CMARK_OPT_DEFAULT | (allowRawHTML ? CMARK_OPT_UNSAFE : 0)
        let parser = cmark_parser_new(options)!
        for found in CmarkExtensions.attached where autolinks || !found.isAutolink {
            cmark_parser_attach_syntax_extension(parser, found.syntax)
        }
        bytes.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        var finished: OpaquePointer?
        Self.inlinePass.withLock { _ in finished = cmark_parser_finish(parser) }
        let root = finished!
        self.parser = parser
        self.root = root
        self.renderOptions = options

        var converter = TreeConverter(bytes: bytes, lineOffset: firstLine - 1)
        let tree = converter.convert(root)
        self.tree = tree
        self.blocks = MarkdownNode(tree: tree, handle: 0).children
        self.nodes = converter.nodes
        self.linkNodes = converter.linkNodes
        self.links = converter.links
        self.tooDeepPosition = converter.firstTooDeep
        self.unclosedFences = converter.unclosedFences
        self.rawHTML = converter.rawHTML
    }

    deinit {
        cmark_node_free(root)
        cmark_parser_free(parser)
    }

    /// Changes the destination of every link and image, in place, before
    /// rendering: `transform` returns the new URL, or nil to keep it. The
    /// site uses it to turn `other.md#rule-1` into `/patterns/other/#rule-1`.
    public func rewriteLinks(_ transform: (String) -> String?) {
        // The whole C tree's links, not only the value tree's: links nested
        // deeper than `maximumDepth` are rendered too. Found as the tree was
        // walked, so that rewriting them walks no tree again.
        for node in linkNodes {
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            if let replacement = transform(url) {
                replacement.withCString { _ = cmark_node_set_url(node, $0) }
            }
        }
    }

    /// The node at `place` (`MarkdownNode.place`) of the document.
    public func node(at place: Int) -> MarkdownNode {
        MarkdownNode(tree: tree, handle: place)
    }

    /// The HTML of a node, as cmark-gfm renders it.
    public func html(_ node: MarkdownNode) -> String {
        render(nodes[node.handle])
    }

    /// The HTML of `node`, as cmark-gfm renders it, with `replacements`
    /// standing in for some of the blocks under it: each block given is
    /// rendered as its HTML, as it is (a demo's figure, drawn elsewhere,
    /// where the demo's code block stands in a list or a quote). The
    /// document is as it was afterwards.
    public func html(_ node: MarkdownNode, replacing replacements: [(block: MarkdownNode, html: String)]) -> String {
        guard !replacements.isEmpty else { return html(node) }
        // A custom block renders its text as it is, whatever the options
        // (cmark-gfm's own way for a tool to put its HTML into a document).
        var stand: [(original: OpaquePointer, custom: OpaquePointer)] = []
        for (block, html) in replacements {
            let original = nodes[block.handle]
            guard let custom = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK) else { continue }
            _ = html.withCString { cmark_node_set_on_enter(custom, $0) }
            _ = cmark_node_insert_before(original, custom)
            cmark_node_unlink(original)
            stand.append((original, custom))
        }
        defer {
            for (original, custom) in stand {
                _ = cmark_node_insert_before(custom, original)
                cmark_node_free(custom)
            }
        }
        return render(nodes[node.handle])
    }

    /// The HTML of what is inside a node's own element: a heading's or a
    /// paragraph's inline content, each child as cmark-gfm renders it, for
    /// a template (or the page's own heading) to wrap in an element of its
    /// choosing.
    public func innerHTML(_ node: MarkdownNode) -> String {
        var html = ""
        var child = cmark_node_first_child(nodes[node.handle])
        while let inline = child {
            html += render(inline)
            child = cmark_node_next(inline)
        }
        return html
    }

    /// A C node's HTML, as cmark-gfm renders it with the document's options and extensions.
    private func render(_ node: OpaquePointer) -> String {
        let extensions = cmark_parser_get_syntax_extensions(parser)
        guard let rendered = cmark_render_html(node, renderOptions, extensions) else {
            return ""
        }
        defer { free(rendered) }
        return String(cString: rendered)
    }
}

/// The registry of cmark-gfm's extensions, filled once per process.
enum CmarkExtensions {
    /// The extensions a document attaches, in the order it attaches them
    /// (tables, strikethrough, autolinks, the tag filter), registered and
    /// found once for the whole process rather than by name for each page.
    /// Written once, before any parse, and only read after.
    nonisolated(unsafe) static let attached: [(syntax: OpaquePointer, isAutolink: Bool)] = {
        cmark_gfm_core_extensions_ensure_registered()
        return ["table", "strikethrough", "autolink", "tagfilter"].compactMap { name in
            cmark_find_syntax_extension(name).map { ($0, name == "autolink") }
        }
    }()
}
