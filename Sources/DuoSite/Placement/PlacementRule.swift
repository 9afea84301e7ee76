import Diagnostics

/// One row of the decision table: when its conditions match an item and
/// the device, the item goes to `place` in `form`, and the decision stands
/// for the pattern rule `rule`. The first row that matches wins.
@dynamicMemberLookup
public struct PlacementRule: Sendable, Hashable {
    /// The fields, shared by copies until one changes.
    public struct Fields: Sendable, Hashable {
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
    }

    private var storage: CopyOnWrite<Fields>

    /// Each field of ``Fields`` as a property of its own (`row.place`): read where
    /// it lies in the shared box, copied first when changed while shared.
    @inline(__always)
    public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        _read { yield storage.fields[keyPath: field] }
        _modify { yield &storage.fields[keyPath: field] }
    }

    /// Creates a row.
    public init(id: String, when: PlacementConditions, place: String, form: String, rule: PatternRuleReference?, because: String?, location: SourceLocation) {
        storage = CopyOnWrite(Fields(id: id, when: when, place: place, form: form, rule: rule, because: because, location: location))
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
