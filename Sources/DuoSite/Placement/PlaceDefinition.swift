import Diagnostics

/// A place of `placement.yml`'s vocabulary that depends on the bar the item
/// is declared in, such as `own-bar`: the back button and navigation items
/// at the top, the toolbar and the tabs at the bottom.
public struct PlaceDefinition: Sendable, Hashable {
    /// The name rules use.
    public var name: String
    /// The place for each bar.
    public var places: [Bar: Place]
    /// Where the place is defined.
    public var location: SourceLocation

    /// Creates a place.
    public init(name: String, places: [Bar: Place], location: SourceLocation) {
        self.name = name
        self.places = places
        self.location = location
    }

    /// The place for an item of `bar`.
    public func place(for bar: Bar) -> Place {
        places[bar] ?? .top
    }
}
