import Bytes
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
        var text = ByteBuffer(capacity: 32)
        appendName(of: item, to: &text)
        return text.text
    }

    /// Appends how one item is named to `text`.
    static func appendName(of item: BarItem, to text: inout ByteBuffer) {
        if item.bar == .back {
            text.append("the back button (")
            text.append(item.title ?? item.id)
            text.append(byte: UInt8(ascii: ")"))
        } else {
            text.append(item.title ?? item.id)
        }
    }

    /// One item and its form: "Messages, as a symbol with a badge of 12".
    public static func phrase(_ placement: ItemPlacement) -> String {
        var text = ByteBuffer(capacity: 64)
        appendPhrase(placement, to: &text)
        return text.text
    }

    /// Appends one item and its form to `text`.
    static func appendPhrase(_ placement: ItemPlacement, to text: inout ByteBuffer) {
        let item = placement.item
        let parts = placement.form.parts
        appendName(of: item, to: &text)
        text.append(", ")
        let symbol = parts.contains(.symbol)
        if parts.contains(.vertical) {
            text.append("in its vertical form")
        } else if parts.contains(.control) {
            if item.kind == .segmented && !item.segments.isEmpty {
                text.append("as a segmented control (")
                var first = true
                for segment in item.segments {
                    if !first { text.append(", ") }
                    first = false
                    text.append(segment)
                }
                text.append(byte: UInt8(ascii: ")"))
            } else {
                text.append("as the app's own view")
            }
        } else if symbol && parts.contains(.title) {
            text.append("with its symbol and title")
        } else if symbol && parts.contains(.value) {
            text.append("as a symbol with ")
            text.append(item.value ?? "")
        } else if symbol {
            text.append("as a symbol")
        } else if parts.contains(.value) {
            text.append("as text: ")
            text.append(item.value ?? "")
        } else {
            text.append("as text")
        }
        if parts.contains(.badge), let badge = item.badge {
            text.append(" with a badge of ")
            text.append(badge)
        }
    }

    /// The description, in sentences. It is written as bytes: a figure's
    /// description is some sixty pieces, and each `+=` on a string costs
    /// hundreds of instructions.
    public var text: String {
        let device = layout.device
        let items = layout.items
        // The places the items went, each read in the items' order where it
        // is written (no list of each place's items made).
        enum Group { case top, columnTop, columnBottom, overflow, bottom }
        func group(of placement: ItemPlacement) -> Group {
            switch placement.place {
            case .top: return .top
            case .column: return placement.item.bar == .tabs ? .columnBottom : .columnTop
            case .overflow: return .overflow
            case .bottom: return .bottom
            }
        }
        func isEmpty(_ wanted: Group) -> Bool {
            !items.contains { group(of: $0) == wanted }
        }
        func appendList(_ wanted: Group, to text: inout ByteBuffer) {
            var first = true
            for index in items.indices where group(of: items[index]) == wanted {
                if !first { text.append("; ") }
                first = false
                Self.appendPhrase(items[index], to: &text)
            }
        }

        var text = ByteBuffer(capacity: 160 + 64 * layout.items.count)
        text.append(device.name)
        text.append(byte: UInt8(ascii: "."))
        if !isEmpty(.top) {
            text.append(" At the top: ")
            appendList(.top, to: &text)
            text.append(byte: UInt8(ascii: "."))
        } else if device.column != nil {
            text.append(" No bar at the top.")
        }
        if let column = device.column {
            let edge = column.edge == .leading ? "left" : "right"
            if isEmpty(.columnTop) && isEmpty(.columnBottom) && !layout.hasOverflowButton {
                text.append(" The column on the ")
                text.append(edge)
                text.append(" is empty.")
            } else {
                text.append(" In the column on the ")
                text.append(edge)
                text.append(": ")
                appendList(.columnTop, to: &text)
                if layout.hasOverflowButton {
                    if !isEmpty(.columnTop) { text.append("; ") }
                    text.append("the overflow button (")
                    text.append(overflowTitle)
                    text.append(byte: UInt8(ascii: ")"))
                }
                if !isEmpty(.columnBottom) {
                    if !isEmpty(.columnTop) || layout.hasOverflowButton { text.append("; ") }
                    appendList(.columnBottom, to: &text)
                }
                text.append(byte: UInt8(ascii: "."))
            }
        }
        if !isEmpty(.overflow) {
            text.append(" In the overflow menu: ")
            appendList(.overflow, to: &text)
            text.append(byte: UInt8(ascii: "."))
        }
        if !isEmpty(.bottom) {
            text.append(" At the bottom: ")
            appendList(.bottom, to: &text)
            text.append(byte: UInt8(ascii: "."))
        }
        for item in layout.unplaced {
            text.append(byte: UInt8(ascii: " "))
            Self.appendName(of: item, to: &text)
            text.append(" is not placed.")
        }
        text.append(" The content is ")
        text.append(layout.contentHeight)
        text.append(" of ")
        text.append(device.height)
        text.append(" points high.")
        return text.text
    }
}
