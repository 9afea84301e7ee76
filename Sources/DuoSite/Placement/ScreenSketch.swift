/// Draws a laid-out screen in a terminal, for `duosite place`: the status
/// bar, the bar at the top, the column on its edge with the overflow
/// button, the bars at the bottom, and the content area between.
///
/// An item shown as a symbol is drawn `◆` and named by its title
/// (`◆Share`); a badge follows in parentheses (`◆Inbox(3)`); a control is
/// drawn in brackets (`[List|Grid]`); the overflow button is `⋯`.
public struct ScreenSketch: Sendable {
    /// The layout to draw.
    public var layout: ScreenLayout
    /// The navigation title, drawn at the top of the content.
    public var title: String?
    /// The overflow button's title.
    public var overflowTitle: String

    /// Creates a sketch.
    public init(layout: ScreenLayout, title: String?, overflowTitle: String = "More") {
        self.layout = layout
        self.title = title
        self.overflowTitle = overflowTitle
    }

    /// How an item is written in a sketch.
    public static func label(_ placement: ItemPlacement) -> String {
        let item = placement.item
        let form = placement.form
        var text = ""
        let name = item.title ?? item.symbol ?? item.id
        if form.shows(.symbol) {
            text += "◆"
            if !form.shows(.title) && !form.shows(.value) { text += name }
        }
        if form.shows(.title) {
            text += (form.shows(.symbol) ? " " : "") + (item.title ?? item.id)
        }
        if form.shows(.value), let value = item.value { text += value }
        if form.shows(.badge), let badge = item.badge { text += "(\(badge))" }
        if form.shows(.control) {
            text += item.kind == .segmented && !item.segments.isEmpty ? "[" + item.segments.joined(separator: "|") + "]" : "[\(name)]"
        }
        if form.shows(.vertical) { text += "[\(name) ↕]" }
        return text.isEmpty ? name : text
    }

    /// The drawing, one string a line.
    public func lines() -> [String] {
        let device = layout.device
        let width = min(76, max(36, device.width / 10))
        let hasColumn = device.column != nil
        let columnWidth = hasColumn ? 16 : 0
        let mainWidth = hasColumn ? width - columnWidth - 1 : width
        let rows: Int
        if hasColumn {
            rows = max(layout.slots, 4)
        } else {
            let pointsPerRow = Double(device.width) / Double(width) * 2.1
            rows = min(18, max(8, Int((Double(device.height - device.statusBar) / max(pointsPerRow, 1)).rounded())))
        }

        // The main side: top bar, content, bottom bars.
        var main: [String] = []
        var mainSeparators: Set<Int> = []
        if layout.hasTopBar {
            main.append(" " + layout.items(in: .top).map(Self.label).joined(separator: "  "))
            mainSeparators.insert(main.count)
            main.append("")
        }
        var bottom: [String] = []
        if layout.hasBottomBar {
            bottom = ["", " " + layout.items(in: .bottom).map(Self.label).joined(separator: "  ")]
        }
        let contentRows = max(1, rows - main.count - bottom.count)
        for index in 0..<contentRows {
            if index == 0, let title { main.append(" " + title) }
            else if index == contentRows - 1 { main.append(" content: \(layout.contentWidth) × \(layout.contentHeight) pt") }
            else { main.append("") }
        }
        if !bottom.isEmpty {
            mainSeparators.insert(main.count)
            main += bottom
        }

        // The column: its top items and the overflow button, the tabs at the bottom.
        var column = Array(repeating: "", count: main.count)
        if hasColumn {
            var top = layout.columnTop.map(Self.label)
            if layout.hasOverflowButton { top.append("⋯" + overflowTitle) }
            let tabs = layout.columnBottom.map(Self.label)
            for (index, label) in top.enumerated() where index < column.count { column[index] = " " + label }
            for (index, label) in tabs.enumerated() {
                let row = column.count - tabs.count + index
                if row >= 0, row >= top.count { column[row] = " " + label }
            }
        }

        let leading = device.column?.edge == .leading
        var lines: [String] = []
        lines.append("┌" + String(repeating: "─", count: width) + "┐")
        lines.append("│" + Self.fit(" 9:41", width) + "│")
        if hasColumn {
            let mainRule = String(repeating: "─", count: mainWidth)
            let columnRule = String(repeating: "─", count: columnWidth)
            lines.append(leading ? "├" + columnRule + "┬" + mainRule + "┤" : "├" + mainRule + "┬" + columnRule + "┤")
        } else {
            lines.append("├" + String(repeating: "─", count: width) + "┤")
        }
        for (index, text) in main.enumerated() {
            let cell = mainSeparators.contains(index) ? String(repeating: "─", count: mainWidth) : Self.fit(text, mainWidth)
            guard hasColumn else {
                lines.append(mainSeparators.contains(index) ? "├" + cell + "┤" : "│" + cell + "│")
                continue
            }
            let columnCell = Self.fit(column[index], columnWidth)
            if mainSeparators.contains(index) {
                lines.append(leading ? "│" + columnCell + "├" + cell + "┤" : "├" + cell + "┤" + columnCell + "│")
            } else {
                lines.append(leading ? "│" + columnCell + "│" + cell + "│" : "│" + cell + "│" + columnCell + "│")
            }
        }
        if hasColumn {
            let mainRule = String(repeating: "─", count: mainWidth)
            let columnRule = String(repeating: "─", count: columnWidth)
            lines.append(leading ? "└" + columnRule + "┴" + mainRule + "┘" : "└" + mainRule + "┴" + columnRule + "┘")
        } else {
            lines.append("└" + String(repeating: "─", count: width) + "┘")
        }
        if !layout.overflow.isEmpty {
            let menu = layout.items(in: .overflow).map(Self.label).joined(separator: ", ")
            lines.append("⋯ " + overflowTitle + " (overflow menu): " + menu)
        }
        return lines
    }

    /// `text` cut or padded to exactly `width` characters.
    static func fit(_ text: String, _ width: Int) -> String {
        if text.count > width {
            return String(text.prefix(max(0, width - 1))) + "…"
        }
        return text + String(repeating: " ", count: width - text.count)
    }
}
