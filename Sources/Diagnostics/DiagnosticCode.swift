/// The stable codes of every finding duosite reports. The raw value is what
/// editors see in brackets and what `--format json` and GitHub annotations
/// carry; `docs/content-format.md` lists them all.
public enum DiagnosticCode: String, Sendable, Hashable, CaseIterable {
    case stale
    case dueSoon = "due-soon"
    case futureDate = "future-date"
    case missingField = "missing-field"
    case invalidField = "invalid-field"
    case unknownKey = "unknown-key"
    case unknownSource = "unknown-source"
    case timestampPastEnd = "timestamp-past-end"
    case brokenLink = "broken-link"
    case brokenAnchor = "broken-anchor"
    case invalidDemo = "invalid-demo"
    case unknownDevice = "unknown-device"
    case unknownField = "unknown-field"
    case unknownSymbol = "unknown-symbol"
    case ruleNumbering = "rule-numbering"
    case duplicateSection = "duplicate-section"
    case misnamedSection = "misnamed-section"
    case emptyFAQ = "empty-faq"
    case misnamedDemo = "misnamed-demo"
    case emptyAnswer = "empty-answer"
    case emptyHeading = "empty-heading"
    case rawHTML = "raw-html"
    case missingAlt = "missing-alt"
    case headingOrder = "heading-order"
    case invalidCitation = "invalid-citation"
    case unusedSource = "unused-source"
    case checkedBeforeSource = "checked-before-source"
    case duplicateTitle = "duplicate-title"
    case duplicateQuestion = "duplicate-question"
    case invalidTag = "invalid-tag"
    case yamlSyntax = "yaml-syntax"
    case missingFrontMatter = "missing-front-matter"
    case unreadableFile = "unreadable-file"
    case unreachablePlacement = "unreachable-placement"
    case unknownPatternRule = "unknown-pattern-rule"
    case invalidPlacement = "invalid-placement"
    case missingFile = "missing-file"
    case staticConflict = "static-conflict"
    case template = "template"
    case writeFailed = "write-failed"
    case readFailed = "read-failed"
    case linkBroken = "link-broken"
    case linkMoved = "link-moved"
    case placeholder = "placeholder"
    case uncitedRule = "uncited-rule"
    case ignoredFile = "ignored-file"
    case placeholderBaseURL = "placeholder-base-url"
    /// A page past one of duosite's named limits (the cells its tables
    /// leave out, its tags): set far above any real page, below where
    /// reading it stops taking time and memory in proportion to it.
    case overLimit = "over-limit"
    case aliasConflict = "alias-conflict"
    case addressRemoved = "address-removed"

    /// The severity a finding of this kind has.
    public var defaultSeverity: Diagnostic.Severity {
        switch self {
        case .dueSoon, .unknownKey, .unusedSource, .checkedBeforeSource, .duplicateQuestion,
             .unreachablePlacement, .misnamedSection, .emptyFAQ, .misnamedDemo, .rawHTML, .missingAlt, .headingOrder, .linkMoved,
             .ignoredFile, .placeholderBaseURL:
            return .warning
        default:
            return .error
        }
    }

    /// Whether the finding stops `duosite build`: every error but staleness,
    /// which never stops a publication.
    public var blocksBuild: Bool {
        defaultSeverity == .error && self != .stale
    }
}
