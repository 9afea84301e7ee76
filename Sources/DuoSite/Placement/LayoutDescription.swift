/// A layout in words: the text alternative of a figure, saying where each
/// item went and in what form, as in "iPhone Duo, closed, portrait. At the
/// top: Edit, as text; Cart, as a symbol with $24.90. In the column on the
/// right: the back button (Shop), as a symbol; …".
public struct LayoutDescription: Sendable {
    /// The layout.
    public var layout: ScreenLayout
    /// The overflow button's title.
    public var overflowTitle: String

    /// Creates a description.
    public init(layout: ScreenLayout, overflowTitle: String = "More") {
        self.layout = layout
        self.overflowTitle = overflowTitle
    }

    /// How one item is named: its title, the back button named as such.
    public static func name(of item: BarItem) -> String {
        var text = ""
        appendName(of: item, to: &text)
        return text
    }

    /// Appends how one item is named to `text`.
    static func appendName(of item: BarItem, to text: inout String) {
        if item.bar == .back {
            text += "the back button ("
            text += item.title ?? item.id
            text += ")"
        } else {
            text += item.title ?? item.id
        }
    }

    /// One item and its form: "Messages, as a symbol with a badge of 12".
    public static func phrase(_ placement: ItemPlacement) -> String {
        var text = ""
        appendPhrase(placement, to: &text)
        return text
    }

    /// Appends one item and its form to `text`.
    static func appendPhrase(_ placement: ItemPlacement, to text: inout String) {
        let item = placement.item
        let parts = placement.form.parts
        appendName(of: item, to: &text)
        text += ", "
        let symbol = parts.contains(.symbol)
        if parts.contains(.vertical) {
            text += "in its vertical form"
        } else if parts.contains(.control) {
            if item.kind == .segmented && !item.segments.isEmpty {
                text += "as a segmented control ("
                var first = true
                for segment in item.segments {
                    if !first { text += ", " }
                    first = false
                    text += segment
                }
                text += ")"
            } else {
                text += "as the app's own view"
            }
        } else if symbol && parts.contains(.title) {
            text += "with its symbol and title"
        } else if symbol && parts.contains(.value) {
            text += "as a symbol with "
            text += item.value ?? ""
        } else if symbol {
            text += "as a symbol"
        } else if parts.contains(.value) {
            text += "as text: "
            text += item.value ?? ""
        } else {
            text += "as text"
        }
        if parts.contains(.badge), let badge = item.badge {
            text += " with a badge of "
            text += String(badge)
        }
    }

    /// The description, in sentences.
    public var text: String {
        let device = layout.device
        let items = layout.items
        // Each place's items, by their index in `items` (copying none).
        var top: [Int] = []
        var columnTop: [Int] = []
        var columnBottom: [Int] = []
        var overflow: [Int] = []
        var bottom: [Int] = []
        for index in items.indices {
            switch items[index].place {
            case .top: top.append(index)
            case .column:
                if items[index].item.bar == .tabs { columnBottom.append(index) } else { columnTop.append(index) }
            case .overflow: overflow.append(index)
            case .bottom: bottom.append(index)
            }
        }
        func appendList(_ indices: [Int], to text: inout String) {
            var first = true
            for index in indices {
                if !first { text += "; " }
                first = false
                Self.appendPhrase(items[index], to: &text)
            }
        }

        var text = ""
        text.reserveCapacity(160 + 64 * layout.items.count)
        text += device.name
        text += "."
        if !top.isEmpty {
            text += " At the top: "
            appendList(top, to: &text)
            text += "."
        } else if device.column != nil {
            text += " No bar at the top."
        }
        if let column = device.column {
            let edge = column.edge == .leading ? "left" : "right"
            if columnTop.isEmpty && columnBottom.isEmpty && !layout.hasOverflowButton {
                text += " The column on the "
                text += edge
                text += " is empty."
            } else {
                text += " In the column on the "
                text += edge
                text += ": "
                appendList(columnTop, to: &text)
                if layout.hasOverflowButton {
                    if !columnTop.isEmpty { text += "; " }
                    text += "the overflow button ("
                    text += overflowTitle
                    text += ")"
                }
                if !columnBottom.isEmpty {
                    if !columnTop.isEmpty || layout.hasOverflowButton { text += "; " }
                    appendList(columnBottom, to: &text)
                }
                text += "."
            }
        }
        if !overflow.isEmpty {
            text += " In the overflow menu: "
            appendList(overflow, to: &text)
            text += "."
        }
        if !bottom.isEmpty {
            text += " At the bottom: "
            appendList(bottom, to: &text)
            text += "."
        }
        for item in layout.unplaced {
            text += " "
            Self.appendName(of: item, to: &text)
            text += " is not placed."
        }
        text += " The content is "
        text += String(layout.contentHeight)
        text += " of "
        text += String(device.height)
        text += " points high."
        return text
    }
}
