/// A `when` map: conditions that must all hold, and optionally an `any`
/// list of which at least one must hold. An empty map always holds.
public struct PlacementConditions: Sendable, Hashable {
    /// The conditions that must all hold.
    public var all: [PlacementCondition]
    /// The `any` list: when not empty, at least one of these must hold.
    public var any: [PlacementConditions]

    /// Creates a `when`.
    public init(all: [PlacementCondition] = [], any: [PlacementConditions] = []) {
        self.all = all
        self.any = any
    }

    /// Whether `item` on `device` matches.
    public func matches(_ item: BarItem, on device: Device) -> Bool {
        all.allSatisfy { $0.matches(item, on: device) }
            && (any.isEmpty || any.contains { $0.matches(item, on: device) })
    }

    /// The conditions as one line, for messages: `{kind: custom, vertical: true}`.
    public var text: String {
        var parts = all.map(\.text)
        if !any.isEmpty {
            parts.append("any: [" + any.map(\.text).joined(separator: ", ") + "]")
        }
        return "{" + parts.joined(separator: ", ") + "}"
    }
}
