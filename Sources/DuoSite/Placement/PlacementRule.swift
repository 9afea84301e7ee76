/// One row of the decision table: when its conditions match an item and
/// the device, the item goes to `place` in `form`, and the decision stands
/// for the pattern rule `rule`. The first row that matches wins.
public struct PlacementRule: Sendable, Hashable {
    /// The fields, in one object shared by every copy until one changes:
    /// each item the engine places keeps the row that decided.
    private final class Storage: @unchecked Sendable {
        // Only ever changed while uniquely referenced: see `makeUnique`.
        var id: String
        var when: PlacementConditions
        var place: String
        var form: String
        var rule: PatternRuleReference?
        var because: String?
        var location: SourceLocation

        init(id: String, when: PlacementConditions, place: String, form: String, rule: PatternRuleReference?, because: String?, location: SourceLocation) {
            self.id = id
            self.when = when
            self.place = place
            self.form = form
            self.rule = rule
            self.because = because
            self.location = location
        }

        func copy() -> Storage {
            Storage(id: id, when: when, place: place, form: form, rule: rule, because: because, location: location)
        }
    }

    private var storage: Storage

    /// Creates a row.
    public init(id: String, when: PlacementConditions, place: String, form: String, rule: PatternRuleReference?, because: String?, location: SourceLocation) {
        storage = Storage(id: id, when: when, place: place, form: form, rule: rule, because: because, location: location)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// The row's name (`text-only`), for messages and `duosite place`.
    public var id: String {
        get { storage.id }
        _modify {
            makeUnique()
            yield &storage.id
        }
    }

    /// The conditions.
    public var when: PlacementConditions {
        get { storage.when }
        _modify {
            makeUnique()
            yield &storage.when
        }
    }

    /// `column`, `top`, `bottom`, or a place of the table's `places`.
    public var place: String {
        get { storage.place }
        _modify {
            makeUnique()
            yield &storage.place
        }
    }

    /// A form of the table's `forms`.
    public var form: String {
        get { storage.form }
        _modify {
            makeUnique()
            yield &storage.form
        }
    }

    /// The pattern rule the decision stands for; nil for a row that stands
    /// for no rule (bars as on other iPhone models).
    public var rule: PatternRuleReference? {
        get { storage.rule }
        _modify {
            makeUnique()
            yield &storage.rule
        }
    }

    /// Why, in a few words, for `duosite place`.
    public var because: String? {
        get { storage.because }
        _modify {
            makeUnique()
            yield &storage.because
        }
    }

    /// Where the row starts.
    public var location: SourceLocation {
        get { storage.location }
        _modify {
            makeUnique()
            yield &storage.location
        }
    }

    /// Two rows are equal when every field is.
    public static func == (lhs: PlacementRule, rhs: PlacementRule) -> Bool {
        if lhs.storage === rhs.storage { return true }
        let a = lhs.storage, b = rhs.storage
        return a.id == b.id && a.when == b.when && a.place == b.place && a.form == b.form
            && a.rule == b.rule && a.because == b.because && a.location == b.location
    }

    /// Hashes every field, as equality compares them.
    public func hash(into hasher: inout Hasher) {
        let fields = storage
        hasher.combine(fields.id)
        hasher.combine(fields.when)
        hasher.combine(fields.place)
        hasher.combine(fields.form)
        hasher.combine(fields.rule)
        hasher.combine(fields.because)
        hasher.combine(fields.location)
    }
}
