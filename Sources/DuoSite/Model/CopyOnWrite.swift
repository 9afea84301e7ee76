/// A value's fields kept in one object that every copy shares until one of
/// them changes (copy on write), for the model's values that are copied far
/// more often than they change: a bar item into each state, layout and
/// figure of a demo, a placement row into each item it places, a source into
/// each page's list and citation. A copy is one reference, not a dozen.
struct CopyOnWrite<Fields: Sendable>: @unchecked Sendable {
    // Safe to send: the box's fields only ever change while it is uniquely referenced.
    private final class Box {
        /// Swift's run-time check of exclusive access is left out of this
        /// one property, as the standard library leaves it out of an
        /// array's storage: the box is reached only through `fields` below,
        /// whose own accesses Swift checks (at compile time for a variable,
        /// at run time for a class's property), and it is changed only
        /// while no other value holds it. No access to it can overlap
        /// another that the check of its holder lets through; checked
        /// again here, each of a build's million reads of a page's or an
        /// item's fields cost about eighty instructions more.
        @exclusivity(unchecked) var fields: Fields
        init(_ fields: Fields) { self.fields = fields }
    }

    private var box: Box

    /// Keeps `fields`.
    init(_ fields: Fields) {
        box = Box(fields)
    }

    /// The fields: read where they lie, copied first when changed while shared.
    var fields: Fields {
        _read { yield box.fields }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.fields) }
            yield &box.fields
        }
    }

    /// Whether both share one object (and so hold the same fields).
    func isShared(with other: CopyOnWrite) -> Bool {
        box === other.box
    }
}
