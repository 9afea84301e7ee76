import Diagnostics

/// A form of `placement.yml`'s vocabulary: a name the rules use
/// (`symbol-and-value-or-value`) and its alternatives, tried in order
/// against the item (`[symbol + value + badge?, value]`).
public struct FormDefinition: Sendable, Hashable {
    /// The name rules use.
    public var name: String
    /// The alternatives, first that fits wins.
    public var alternatives: [FormAlternative]
    /// Where the form is defined.
    public var location: SourceLocation

    /// Creates a form.
    public init(name: String, alternatives: [FormAlternative], location: SourceLocation) {
        self.name = name
        self.alternatives = alternatives
        self.location = location
    }

    /// The form resolved against `item`: the first alternative that fits.
    /// An item that fits none is shown by its title, or its id when it has
    /// no title.
    public func resolve(for item: BarItem) -> ResolvedForm {
        for alternative in alternatives {
            if let parts = alternative.shownParts(of: item) {
                return ResolvedForm(parts: parts)
            }
        }
        return ResolvedForm(parts: [.title])
    }
}
