/// The engine's result for one screen on one device: every item's place and
/// form, the column's slots and overflow, whether there is a bar at the top
/// or the bottom, the height left to content, and the advice.
public struct ScreenLayout: Sendable {
    /// The device the screen is laid out on.
    public var device: Device
    /// Every placed item, in the column's order: back, navigation, toolbar, tabs.
    public var items: [ItemPlacement]
    /// The items no row of the table matches (a table with no catch-all row).
    public var unplaced: [BarItem]
    /// The column's slots: `floor((height − status_bar) / slot)`; 0 with no column.
    public var slots: Int
    /// Whether the column shows the system's overflow button.
    public var hasOverflowButton: Bool
    /// The ids of the items in the overflow menu, in the column's order.
    public var overflow: [String]
    /// The height of the bar at the top: 0 when no item is placed there.
    public var topBarHeight: Int
    /// The height of the bars at the bottom: 0 when no item is placed there.
    public var bottomBarHeight: Int
    /// The height left to content: the screen less the status bar and the bars.
    public var contentHeight: Int
    /// The width left to content: the screen less the column.
    public var contentWidth: Int
    /// The advice that applies, item by item in the column's order.
    public var advice: [AdviceNote]

    /// Creates a layout.
    public init(device: Device, items: [ItemPlacement], unplaced: [BarItem], slots: Int, hasOverflowButton: Bool,
                overflow: [String], topBarHeight: Int, bottomBarHeight: Int, contentHeight: Int, contentWidth: Int,
                advice: [AdviceNote]) {
        self.device = device
        self.items = items
        self.unplaced = unplaced
        self.slots = slots
        self.hasOverflowButton = hasOverflowButton
        self.overflow = overflow
        self.topBarHeight = topBarHeight
        self.bottomBarHeight = bottomBarHeight
        self.contentHeight = contentHeight
        self.contentWidth = contentWidth
        self.advice = advice
    }

    /// Whether there is a bar at the top.
    public var hasTopBar: Bool { !items(in: .top).isEmpty }
    /// Whether there are bars at the bottom.
    public var hasBottomBar: Bool { !items(in: .bottom).isEmpty }

    /// The items in one place, in the column's order.
    public func items(in place: Place) -> [ItemPlacement] {
        items.filter { $0.place == place }
    }

    /// The item with this id.
    public func item(_ id: String) -> ItemPlacement? {
        items.first { $0.item.id == id }
    }

    /// The column's items from the top: the back button, navigation and
    /// toolbar items; the overflow button comes after them.
    public var columnTop: [ItemPlacement] {
        items(in: .column).filter { $0.item.bar != .tabs }
    }

    /// The column's items at the bottom: the tabs.
    public var columnBottom: [ItemPlacement] {
        items(in: .column).filter { $0.item.bar == .tabs }
    }

    /// The number of slots of the column of `device`.
    public static func slots(on device: Device) -> Int {
        guard let column = device.column, column.slot > 0 else { return 0 }
        return max(0, (device.height - device.statusBar) / column.slot)
    }
}
