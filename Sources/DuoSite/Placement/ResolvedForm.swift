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
        for part in parts where part != .badge {
            if !name.isEmpty { name += "-and-" }
            name += part.rawValue
        }
        return name.isEmpty ? "symbol" : name
    }

    public var description: String { name }
}
