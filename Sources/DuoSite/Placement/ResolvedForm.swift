/// A form resolved against one item: the parts it actually shows, such as
/// `symbol + value` for a cart button with a symbol, or `value` without one.
public struct ResolvedForm: Sendable, Hashable, CustomStringConvertible {
    /// The parts shown, in order.
    public var parts: [FormPart]

    /// Creates a resolved form.
    public init(parts: [FormPart]) {
        self.parts = parts
    }

    /// Whether the form shows `part`.
    public func shows(_ part: FormPart) -> Bool {
        parts.contains(part)
    }

    /// The form's name, as `duosite place` and `data-form` give it: the parts
    /// shown, the badge aside, joined by `-and-` (`symbol`, `symbol-and-value`,
    /// `title`, `control`).
    public var name: String {
        var name = ""
        forEachNamePiece { name += $0 }
        return name
    }

    /// Calls `body` with each piece of ``name`` in turn, so that a figure
    /// writes the name where it goes with no string made of it.
    @inline(__always)
    public func forEachNamePiece(_ body: (String) -> Void) {
        var named = false
        for part in parts where part != .badge {
            if named { body("-and-") }
            body(part.rawValue)
            named = true
        }
        if !named { body("symbol") }
    }

    public var description: String { name }
}
