/// One advice that applies to one item of a screen.
public struct AdviceNote: Sendable, Hashable {
    /// The advice's id in the table (`count-as-text`).
    public var id: String
    /// The item's id.
    public var item: String
    /// The message, with the item's fields filled in.
    public var message: String
    /// The pattern rule the advice comes from.
    public var rule: PatternRuleReference?

    /// Creates a note.
    public init(id: String, item: String, message: String, rule: PatternRuleReference?) {
        self.id = id
        self.item = item
        self.message = message
        self.rule = rule
    }
}
