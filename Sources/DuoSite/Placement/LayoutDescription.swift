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
        let title = item.title ?? item.id
        return item.bar == .back ? "the back button (\(title))" : title
    }

    /// One item and its form: "Messages, as a symbol with a badge of 12".
    public static func phrase(_ placement: ItemPlacement) -> String {
        let item = placement.item
        let form = placement.form
        var words: String
        if form.shows(.vertical) {
            words = "in its vertical form"
        } else if form.shows(.control) {
            words = item.kind == .segmented && !item.segments.isEmpty
                ? "as a segmented control (\(item.segments.joined(separator: ", ")))"
                : "as the app's own view"
        } else if form.shows(.symbol) && form.shows(.title) {
            words = "with its symbol and title"
        } else if form.shows(.symbol) && form.shows(.value) {
            words = "as a symbol with \(item.value ?? "")"
        } else if form.shows(.symbol) {
            words = "as a symbol"
        } else if form.shows(.value) {
            words = "as text: \(item.value ?? "")"
        } else {
            words = "as text"
        }
        if let badge = placement.badge { words += " with a badge of \(badge)" }
        return "\(name(of: item)), \(words)"
    }

    /// The description, in sentences.
    public var text: String {
        let device = layout.device
        var sentences = [device.name + "."]
        let edge = device.column.map { $0.edge == .leading ? "left" : "right" } ?? ""
        let top = layout.items(in: .top)
        if !top.isEmpty {
            sentences.append("At the top: " + top.map(Self.phrase).joined(separator: "; ") + ".")
        } else if device.column != nil {
            sentences.append("No bar at the top.")
        }
        if device.column != nil {
            var column = layout.columnTop.map(Self.phrase)
            if layout.hasOverflowButton { column.append("the overflow button (\(overflowTitle))") }
            column += layout.columnBottom.map(Self.phrase)
            if column.isEmpty {
                sentences.append("The column on the \(edge) is empty.")
            } else {
                sentences.append("In the column on the \(edge): " + column.joined(separator: "; ") + ".")
            }
        }
        let overflow = layout.items(in: .overflow)
        if !overflow.isEmpty {
            sentences.append("In the overflow menu: " + overflow.map(Self.phrase).joined(separator: "; ") + ".")
        }
        let bottom = layout.items(in: .bottom)
        if !bottom.isEmpty {
            sentences.append("At the bottom: " + bottom.map(Self.phrase).joined(separator: "; ") + ".")
        }
        for item in layout.unplaced {
            sentences.append("\(Self.name(of: item)) is not placed.")
        }
        sentences.append("The content is \(layout.contentHeight) of \(device.height) points high.")
        return sentences.joined(separator: " ")
    }
}
