/// A rectangle on a drawn screen, in the device's points from its top left.
public struct FigureBox: Sendable, Equatable {
    /// The left edge.
    public var x: Double
    /// The top edge.
    public var y: Double
    /// The width.
    public var width: Double
    /// The height.
    public var height: Double

    /// Creates a box.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// Whether `other` lies wholly inside this box.
    public func contains(_ other: FigureBox) -> Bool {
        other.x >= x - 0.001 && other.y >= y - 0.001
            && other.x + other.width <= x + width + 0.001 && other.y + other.height <= y + height + 0.001
    }

    /// The area this box shares with `other`.
    public func overlap(_ other: FigureBox) -> Double {
        let width = min(x + self.width, other.x + other.width) - max(x, other.x)
        let height = min(y + self.height, other.y + other.height) - max(y, other.y)
        return max(0, width) * max(0, height)
    }
}

/// Where every part of one state's figure is drawn, in the device's points,
/// worked out from the engine's layout: the bars' boxes, the content's, and
/// each item's box in the bar the engine put it in. The switching figure
/// moves each item to its box in the selected state with CSS; the browser
/// cannot, since its own layout of a bar cannot be animated from one bar to
/// another.
///
/// The measures are those of `figure.css` (a bar's padding and gaps, a
/// symbol's size, a menu row's height); a text's width is estimated from its
/// characters at the screen's 15-point text, and a bar too full for its
/// items' estimated widths narrows them all alike (the drawn text is cut
/// with an ellipsis rather than leaving its bar).
public struct FigureGeometry: Sendable {
    /// One drawn item: its id, where it is and in what form, and its box.
    public struct Item: Sendable {
        /// The engine's placement, or nil for the system's overflow button.
        public var placement: ItemPlacement?
        /// The item's id (`system-overflow` for the overflow button).
        public var id: String
        /// Where it is drawn.
        public var place: Place
        /// Its box.
        public var box: FigureBox
    }

    /// The screen: the device's width and height.
    public var screen: FigureBox
    /// The status bar, across the top.
    public var status: FigureBox
    /// The content area, between the bars.
    public var content: FigureBox
    /// Each bar this state has (`top`, `column`, `bottom`) and the open
    /// overflow menu (`overflow`), by place.
    public var regions: [Place: FigureBox]
    /// Every drawn item, in the engine's order, the overflow button after
    /// the column's items above it.
    public var items: [Item]

    /// The measures of `figure.css`, in points.
    enum Measure {
        static let barPadding = 12.0
        static let barGap = 10.0
        static let itemHeight = 36.0
        static let symbol = 24.0
        static let partGap = 5.0
        static let fontSize = 15.0
        static let controlPadding = 8.0
        static let menuMargin = 10.0
        static let menuPadding = 4.0
        static let menuTitle = 24.0
        static let menuRow = 41.0
        static let menuRowPadding = 14.0
        static let menuShare = 0.8
    }

    /// Lays out `layout`'s figure; `overflowTitle` is the overflow button's.
    public init(_ layout: ScreenLayout) {
        let device = layout.device
        let width = Double(max(1, device.width)), height = Double(max(1, device.height))
        let statusBar = Double(max(0, device.statusBar))
        let columnWidth = Double(device.column?.width ?? 0)
        let mainX = device.column?.edge == .leading ? columnWidth : 0
        let mainWidth = width - columnWidth
        let top = Double(layout.topBarHeight), bottom = Double(layout.bottomBarHeight)
        screen = FigureBox(x: 0, y: 0, width: width, height: height)
        status = FigureBox(x: 0, y: 0, width: width, height: statusBar)
        content = FigureBox(x: mainX, y: statusBar + top, width: mainWidth, height: max(0, height - statusBar - top - bottom))
        regions = [:]
        items = []
        let placements = layout.items

        if placements.contains(where: { $0.place == .top }) {
            let bar = FigureBox(x: mainX, y: statusBar, width: mainWidth, height: top)
            regions[.top] = bar
            addRow(placements.filter { $0.place == .top }, in: bar, spread: false)
        }
        if let column = device.column {
            let x = column.edge == .leading ? 0 : width - columnWidth
            let bar = FigureBox(x: x, y: statusBar, width: columnWidth, height: height - statusBar)
            regions[.column] = bar
            let slot = Double(max(1, column.slot))
            var y = statusBar
            for placement in placements where placement.place == .column && placement.item.bar != .tabs {
                items.append(Item(placement: placement, id: placement.item.id, place: .column, box: FigureBox(x: x, y: y, width: columnWidth, height: slot)))
                y += slot
            }
            if layout.hasOverflowButton {
                items.append(Item(placement: nil, id: "system-overflow", place: .column, box: FigureBox(x: x, y: y, width: columnWidth, height: slot)))
            }
            let tabs = placements.filter { $0.place == .column && $0.item.bar == .tabs }
            var tabY = height - slot * Double(tabs.count)
            for placement in tabs {
                items.append(Item(placement: placement, id: placement.item.id, place: .column, box: FigureBox(x: x, y: tabY, width: columnWidth, height: slot)))
                tabY += slot
            }
        }
        if placements.contains(where: { $0.place == .bottom }) {
            let bar = FigureBox(x: mainX, y: height - bottom, width: mainWidth, height: bottom)
            regions[.bottom] = bar
            addRow(placements.filter { $0.place == .bottom }, in: bar, spread: true)
        }
        let menu = placements.filter { $0.place == .overflow }
        if !menu.isEmpty {
            let rows = menu.map { Measure.menuRowPadding * 2 + Measure.symbol + Measure.barGap + Self.textWidth($0.item.title ?? $0.item.id) }
            let menuWidth = min(rows.max() ?? 0, mainWidth * Measure.menuShare)
            let menuHeight = min(content.height - Measure.menuMargin * 2,
                                 Measure.menuPadding * 2 + Measure.menuTitle + Measure.menuRow * Double(menu.count))
            let x = device.column?.edge == .leading ? mainX + Measure.menuMargin : mainX + mainWidth - Measure.menuMargin - menuWidth
            let y = content.y + content.height - Measure.menuMargin - menuHeight
            let box = FigureBox(x: x, y: y, width: menuWidth, height: max(0, menuHeight))
            regions[.overflow] = box
            let rowHeight = max(0, (box.height - Measure.menuPadding * 2 - Measure.menuTitle) / Double(menu.count))
            var rowY = y + Measure.menuPadding + Measure.menuTitle
            for placement in menu {
                items.append(Item(placement: placement, id: placement.item.id, place: .overflow, box: FigureBox(x: x, y: rowY, width: menuWidth, height: rowHeight)))
                rowY += rowHeight
            }
        }
    }

    /// Lays `placements` out in a row across `bar`: from the leading edge
    /// (the bar at the top), or spread evenly (the bars at the bottom).
    private mutating func addRow(_ placements: [ItemPlacement], in bar: FigureBox, spread: Bool) {
        guard !placements.isEmpty else { return }
        let available = max(0, bar.width - Measure.barPadding * 2 - Measure.barGap * Double(placements.count - 1))
        var widths = placements.map(Self.width(of:))
        let total = widths.reduce(0, +)
        if total > available, total > 0 {
            let share = available / total
            widths = widths.map { $0 * share }
        }
        let itemHeight = min(Measure.itemHeight, max(0, bar.height - 8))
        let y = bar.y + (bar.height - itemHeight) / 2
        let used = widths.reduce(0, +)
        // Spread: the space left shared around the items, as flex's space-around.
        let around = spread ? max(0, bar.width - Measure.barPadding * 2 - used) / Double(placements.count) : Measure.barGap
        var x = bar.x + Measure.barPadding + (spread ? around / 2 : 0)
        for (placement, width) in zip(placements, widths) {
            items.append(Item(placement: placement, id: placement.item.id, place: placement.place, box: FigureBox(x: x, y: y, width: width, height: itemHeight)))
            x += width + around
        }
    }

    /// An item's width in a horizontal bar, in its form.
    static func width(of placement: ItemPlacement) -> Double {
        let item = placement.item
        var width = 0.0
        var parts = 0
        for part in placement.form.parts {
            let partWidth: Double
            switch part {
            case .badge: continue
            case .symbol: partWidth = item.symbol == nil ? textWidth(item.title ?? item.id) : Measure.symbol
            case .title: partWidth = textWidth(item.title ?? item.id)
            case .value: partWidth = textWidth(item.value ?? "")
            case .control:
                if item.kind == .segmented && !item.segments.isEmpty {
                    partWidth = item.segments.reduce(4) { $0 + textWidth($1) + Measure.controlPadding * 2 }
                } else {
                    partWidth = textWidth(item.title ?? item.id) + Measure.controlPadding * 2 + 2
                }
            case .vertical: partWidth = Measure.symbol + Measure.controlPadding
            }
            width += partWidth
            parts += 1
        }
        if parts == 0 { width = Measure.symbol }
        return width + Measure.partGap * Double(max(0, parts - 1))
    }

    /// A text's estimated width at the screen's text size, on the wide
    /// side so that a text fits its box in the fonts readers have: 0.95 em
    /// for an m or a w, 0.85 for a symbol such as `<`, 0.75 for another
    /// capital or a digit, 0.65 for another letter, 0.4 for a space or light
    /// punctuation, a whole em for the wide characters (ideographs, emoji),
    /// nothing for the marks that join or vary them.
    static func textWidth(_ text: String) -> Double {
        var ems = 0.0
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x4D, 0x57, 0x6D, 0x77: ems += 0.95
            case 0x20, 0x21, 0x27, 0x2C, 0x2E, 0x3A, 0x3B, 0x69, 0x6A, 0x6C, 0x7C: ems += 0.4
            case 0x22...0x2F, 0x3C...0x40, 0x5B...0x60, 0x7B...0x7E: ems += 0.85
            case 0x41...0x5A, 0x30...0x39: ems += 0.75
            case 0x300...0x36F, 0x200B...0x200F, 0xFE00...0xFE0F: break
            case 0x2000..<0x2100: ems += 0.65
            case 0x1100...: ems += 1
            default: ems += 0.65
            }
        }
        return ems * Measure.fontSize
    }
}
