/// A problem in a template, reported at the line and column of the tag that causes it,
/// in the form compilers use so editors and terminals can jump to it.
public struct TemplateError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong, so callers and tests can tell errors apart without parsing messages.
    public enum Kind: Sendable, Equatable {
        /// A tag opened with the open delimiter has no close delimiter on its line.
        case unclosedTag
        /// A section, inverted section, parent or block has no end tag.
        case unclosedSection
        /// An end tag names a different section than the innermost open one.
        case mismatchedSectionClose
        /// An end tag appears while no section is open.
        case unexpectedSectionClose
        /// A set-delimiter tag `{{=<% %>=}}` is malformed.
        case invalidDelimiters
        /// A tag has no name, as in `{{}}` or `{{# }}`.
        case emptyTagName
        /// A tag name is malformed: it contains whitespace or an empty dotted part.
        case invalidTagName
        /// A tag starts with a character this engine does not define, as in `{{%pragma}}`.
        case unknownTag
        /// A partial `{{> name}}` or parent `{{< name}}` names no template of the library.
        case missingTemplate
        /// Partials and parents nest deeper than the renderer allows (usually a template including itself).
        case recursionLimit
        /// Sections, parents and blocks nest deeper than `Template.maximumNesting`.
        case nestingLimit
        /// A template includes itself, through partials or parents, directly or through others.
        case inclusionCycle
    }

    /// The template's name (its file name without `.mustache`).
    public let template: String
    /// The 1-based line of the tag at fault.
    public let line: Int
    /// The 1-based column (in characters) where the tag at fault starts.
    public let column: Int
    /// What went wrong.
    public let kind: Kind
    /// A sentence for people saying what is wrong.
    public let message: String

    /// Makes an error at a given place of a template.
    public init(template: String, line: Int, column: Int, kind: Kind, message: String) {
        self.template = template
        self.line = line
        self.column = column
        self.kind = kind
        self.message = message
    }

    /// `name.mustache:LINE:COL: error: MESSAGE`, the format editors recognise.
    public var description: String {
        "\(template).mustache:\(line):\(column): error: \(message)"
    }
}

/// Where a tag starts in its template; kept on the nodes that can fail at
/// render time or validation time so that errors name the exact tag.
struct SourceLocation: Sendable, Equatable {
    /// The template's name.
    let template: String
    /// 1-based line.
    let line: Int
    /// 1-based column in characters.
    let column: Int

    /// An error at this location.
    func error(_ kind: TemplateError.Kind, _ message: String) -> TemplateError {
        TemplateError(template: template, line: line, column: column, kind: kind, message: message)
    }
}
