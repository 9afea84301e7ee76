/// One row of the decision table: when its conditions match an item and
/// the device, the item goes to `place` in `form`, and the decision stands
/// for the pattern rule `rule`. The first row that matches wins.
public struct PlacementRule: Sendable, Hashable {
    /// The fields, shared by copies until one changes.
    private struct Fields: Sendable, Hashable {
        var id: String
        var when: PlacementConditions
        var place: String
        var form: String
        var rule: PatternRuleReference?
        var because: String?
        var location: SourceLocation
    }

    private var storage: CopyOnWrite<Fields>

    /// Creates a row.
    public init(id: String, when: PlacementConditions, place: String, form: String, rule: PatternRuleReference?, because: String?, location: SourceLocation) {
        storage = CopyOnWrite(Fields(id: id, when: when, place: place, form: form, rule: rule, because: because, location: location))
    }

    /// The row's name (`text-only`), for messages and `duosite place`.
    public var id: String {
        get { storage.fields.id }
        _modify { yield &storage.fields.id }
    }

    /// The conditions.
    public var when: PlacementConditions {
        get { storage.fields.when }
        _modify { yield &storage.fields.when }
    }

    /// `column`, `top`, `bottom`, or a place of the table's `places`.
    public var place: String {
        get { storage.fields.place }
        _modify { yield &storage.fields.place }
    }

    /// A form of the table's `forms`.
    public var form: String {
        get { storage.fields.form }
        _modify { yield &storage.fields.form }
    }

    /// The pattern rule the decision stands for; nil for a row that stands
    /// for no rule (bars as on other iPhone models).
    public var rule: PatternRuleReference? {
        get { storage.fields.rule }
        _modify { yield &storage.fields.rule }
    }

    /// Why, in a few words, for `duosite place`.
    public var because: String? {
        get { storage.fields.because }
        _modify { yield &storage.fields.because }
    }

    /// Where the row starts.
    public var location: SourceLocation {
        get { storage.fields.location }
        _modify { yield &storage.fields.location }
    }

    /// Two rows are equal when every field is.
    public static func == (lhs: PlacementRule, rhs: PlacementRule) -> Bool {
        lhs.storage.isShared(with: rhs.storage) || lhs.storage.fields == rhs.storage.fields
    }

    /// Hashes every field, as equality compares them.
    public func hash(into hasher: inout Hasher) {
        storage.fields.hash(into: &hasher)
    }
}
