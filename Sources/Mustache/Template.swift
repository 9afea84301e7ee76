/// A parsed Mustache template: parsed once into a node tree, then rendered any
/// number of times, from any thread, without touching its source again.
public struct Template: Sendable {
    /// The template's name, used for partial and parent references and in error messages.
    public let name: String
    /// The parsed content.
    let nodes: [Node]
    /// The content compiled for rendering.
    let program: Program
    /// Every name the template's variable and section tags look up, where
    /// each tag stands, in source order: what a site checks against the
    /// names its contexts hold, since a name no context holds renders as
    /// nothing, silently.
    public let nameUses: [NameUse]

    /// How deep sections, parents and blocks may nest (a theme's nest a
    /// few levels): a deeper one is a `nestingLimit` error at its tag, so
    /// that the tree's every walk stays within a thread's stack.
    public static let maximumNesting = 100

    /// Parses `source`; `name` is the template's name (its file name without `.mustache`).
    ///
    /// Throws the first syntax error, at the line and column of the tag at fault.
    public init(_ source: String, name: String) throws(TemplateError) {
        self.name = name
        var parser = Parser(source: source, name: name)
        self.nodes = try parser.parse()
        self.program = Program(nodes)
        self.nameUses = parser.nameUses
    }

    /// Renders the template alone: partials and parents render as empty, as the spec
    /// says of missing templates. Use ``TemplateLibrary`` to give them templates.
    public func render(_ context: Value) throws(TemplateError) -> String {
        try TemplateLibrary([]).render(self, context)
    }
}

/// A name a tag looks up (`{{page.title}}`, `{{#rules}}`), and where the tag starts.
public struct NameUse: Sendable, Equatable {
    /// The name's dotted parts: `["page", "title"]`; none for `.`, the
    /// value on top of the context stack.
    public let parts: [String]
    /// The 1-based line of the tag.
    public let line: Int
    /// The 1-based column (in characters) where the tag starts.
    public let column: Int
    /// Whether the tag inserts the value without escaping it (`{{{name}}}`,
    /// `{{& name}}`).
    public let isRaw: Bool

    /// A use of `parts` at a line and column, raw or not.
    public init(parts: [String], line: Int, column: Int, isRaw: Bool = false) {
        self.parts = parts
        self.line = line
        self.column = column
        self.isRaw = isRaw
    }
}

/// One piece of a parsed template.
enum Node: Sendable {
    /// Literal text, written as is (re-indented inside indented partials).
    case text(Text)
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{& name}}` (raw).
    case variable(Name, escaped: Bool)
    /// `{{#name}}…{{/name}}`, or `{{^name}}…{{/name}}` when `inverted`.
    case section(Name, [Node], inverted: Bool)
    /// `{{> name}}`.
    case partial(Inclusion)
    /// `{{< name}}…{{/name}}`, with the blocks it passes to the parent by name.
    case parent(Inclusion, arguments: [String: [Node]])
    /// `{{$ name}}default{{/name}}`: a place a child template can fill, or,
    /// directly inside a parent, the argument filling it.
    case block(Block)
}

/// A block: its default content (or, as an argument, its replacement content)
/// and how arguments replacing it are laid out.
struct Block: Sendable {
    /// The block's name, in a namespace of its own.
    let name: String
    /// The content between the tags.
    let content: [Node]
    /// Non-nil when the block is standalone as a pair: each line of an argument
    /// replacing it is indented by this.
    let indentation: String?
    /// Whether the end tag is standalone, taking its line ending: what follows it
    /// then starts a line.
    let endTagTakesLine: Bool
}

/// Literal template text, with what rendering needs precomputed: its UTF-8
/// bytes, copied into the output as they are, and its lines for
/// re-indentation.
///
/// A class: the node tree and the compiled program share one copy.
final class Text: Sendable {
    /// The whole text.
    let string: String
    /// The text's UTF-8 bytes.
    let bytes: [UInt8]
    /// Where each line ends: after each newline, and at the end (the last line may lack a newline).
    let lineEnds: [Int]
    /// Whether the text ends with a newline, so what follows starts a line.
    let endsWithNewline: Bool

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        self.string = String(decoding: bytes, as: UTF8.self)
        var lineEnds: [Int] = []
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            lineEnds.append(offset + 1)
        }
        if !bytes.isEmpty, lineEnds.last != bytes.count { lineEnds.append(bytes.count) }
        self.lineEnds = lineEnds
        self.endsWithNewline = bytes.last == UInt8(ascii: "\n")
    }
}

/// A partial or parent tag: the template it names, the indentation it adds
/// when standalone, and where it is (for validation and recursion errors).
struct Inclusion: Sendable {
    /// The name of the included template.
    let name: String
    /// The whitespace before a standalone tag, prepended to each included line; `nil` when inline.
    let indentation: String?
    /// Where the tag starts.
    let location: SourceLocation
}

/// A tag's name, split at parse time so rendering does no string work.
enum Name: Sendable, Equatable {
    /// `.`: the top of the context stack.
    case implicit
    /// `a.b.c`: the first part is looked up through the context stack, the rest inside it.
    case path([String])
}
