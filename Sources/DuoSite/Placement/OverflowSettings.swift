import Diagnostics

/// How `placement.yml` draws the column's overflow: the system's button
/// (its symbol and title, and the pattern rule it stands for) and the form
/// items take in its menu.
public struct OverflowSettings: Sendable, Hashable {
    /// The overflow button's symbol (`ellipsis`).
    public var symbol: String
    /// The overflow button's title, for people who cannot see the symbol.
    public var title: String
    /// The form items take in the overflow menu (`symbol-and-title`).
    public var form: String
    /// The pattern rule the button stands for, if any.
    public var rule: PatternRuleReference?
    /// Where the settings are written.
    public var location: SourceLocation

    /// Creates settings.
    public init(symbol: String, title: String, form: String, rule: PatternRuleReference?, location: SourceLocation) {
        self.symbol = symbol
        self.title = title
        self.form = form
        self.rule = rule
        self.location = location
    }
}
