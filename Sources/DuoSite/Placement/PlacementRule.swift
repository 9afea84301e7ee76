/// One row of the decision table: when its conditions match an item and
/// the device, the item goes to `place` in `form`, and the decision stands
/// for the pattern rule `rule`. The first row that matches wins.
public struct PlacementRule: Sendable, Hashable {
    /// The row's name (`text-only`), for messages and `duosite place`.
    public var id: String
    /// The conditions.
    public var when: PlacementConditions
    /// `column`, `top`, `bottom`, or a place of the table's `places`.
    public var place: String
    /// A form of the table's `forms`.
    public var form: String
    /// The pattern rule the decision stands for; nil for a row that stands
    /// for no rule (bars as on other iPhone models).
    public var rule: PatternRuleReference?
    /// Why, in a few words, for `duosite place`.
    public var because: String?
    /// Where the row starts.
    public var location: SourceLocation

    /// Creates a row.
    public init(id: String, when: PlacementConditions, place: String, form: String, rule: PatternRuleReference?, because: String?, location: SourceLocation) {
        self.id = id
        self.when = when
        self.place = place
        self.form = form
        self.rule = rule
        self.because = because
        self.location = location
    }
}
