import YAML

/// The placement engine's decision table, `Content/placement.yml`.
public struct PlacementTable: Sendable {
    /// Reads the table.
    static func read(_ node: YAMLNode, file: String) -> (PlacementTable, [Diagnostic]) {
        (PlacementTable(), [])
    }
}
