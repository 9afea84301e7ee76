/// Where an item ends up on the screen.
public enum Place: String, Sendable, Hashable, CaseIterable {
    /// The column on the side.
    case column
    /// The bar at the top.
    case top
    /// The bars at the bottom, on a device with no column.
    case bottom
    /// The column's overflow menu: the item was placed in the column, but
    /// there was no slot left for it.
    case overflow
}
