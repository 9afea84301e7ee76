/// A value's fields kept in one object that every copy shares until one of
/// them changes (copy on write), for the model's values that are copied far
/// more often than they change: a bar item into each state, layout and
/// figure of a demo, a placement row into each item it places, a source into
/// each page's list and citation. A copy is one reference, not a dozen.
struct CopyOnWrite<Fields: Sendable>: @unchecked Sendable {
    // Safe to send: the box's fields only ever change while it is uniquely referenced.
    private final class Box {
        var fields: Fields
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
