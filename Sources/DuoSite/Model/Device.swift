import Diagnostics

/// A device profile from `Content/devices.yml`: the site's model of a screen,
/// in points, which the placement engine lays bars out on.
public struct Device: Sendable, Equatable {
    /// The column iPhone Duo moves bar items into, on one edge.
    public struct Column: Sendable, Equatable {
        /// Which edge of the screen the column is on.
        public enum Edge: String, Sendable {
            case leading, trailing
        }
        /// The column's edge.
        public var edge: Edge
        /// The column's width.
        public var width: Int
        /// The height one item takes in the column.
        public var slot: Int
    }

    /// The id pages use (`duo-closed-portrait`).
    public var id: String
    /// The name readers see.
    public var name: String
    /// The screen's width.
    public var width: Int
    /// The screen's height.
    public var height: Int
    /// The status bar's height.
    public var statusBar: Int
    /// The top (navigation) bar's height, when there is one.
    public var topBar: Int
    /// The bottom bar's height (toolbar and tabs), on a device with no column.
    public var bottomBar: Int
    /// The column, or nil where bars stay horizontal as on other iPhone models.
    public var column: Column?
    /// Where the profile is written.
    public var location: SourceLocation

    /// The keys a profile may hold.
    static let keys = ["name", "width", "height", "status_bar", "top_bar", "bottom_bar", "column"]
}
