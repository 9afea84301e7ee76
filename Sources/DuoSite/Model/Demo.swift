/// A demo block of a page: a fenced code block whose info string is `demo`.
public struct DemoBlock: Sendable {
    /// Where the fence opens.
    public var location: SourceLocation
    /// The demo, or nil when its YAML could not be read (a finding says why).
    public var demo: Demo?
}

/// A demo: a screen of an app on one device, in one or several states, that
/// the placement engine lays out for the figures.
public struct Demo: Sendable {
    /// The device profile's id.
    public var device: Located<String>
    /// The caption of the whole demo.
    public var caption: String?
    /// The navigation title.
    public var title: String?
    /// The states, each a figure; at least one.
    public var states: [DemoState]
    /// Where the demo's YAML starts.
    public var location: SourceLocation
}

/// One state of a demo: the screen with the state's changes applied.
public struct DemoState: Sendable {
    /// The state's name.
    public var name: String
    /// The state's caption.
    public var caption: String?
    /// The screen's items in this state.
    public var screen: Screen
    /// Where the state is written.
    public var location: SourceLocation
}

/// The bars of a screen, each a list of items leading to trailing.
public struct Screen: Sendable {
    /// The back button, if the screen has one.
    public var back: BarItem?
    /// The navigation bar's items.
    public var navigation: [BarItem]
    /// The toolbar's items.
    public var toolbar: [BarItem]
    /// The tab bar's items.
    public var tabs: [BarItem]

    /// Every item, in the order the column holds them: back, navigation,
    /// toolbar, tabs.
    public var allItems: [BarItem] {
        (back.map { [$0] } ?? []) + navigation + toolbar + tabs
    }

    /// Calls `body` with every item, in the order of ``allItems``, without
    /// gathering them into a new array (checks run on every page).
    public func forEachItem(_ body: (BarItem) throws -> Void) rethrows {
        if let back { try body(back) }
        for item in navigation { try body(item) }
        for item in toolbar { try body(item) }
        for item in tabs { try body(item) }
    }
}

/// The bar an item is declared in.
public enum Bar: String, Sendable, CaseIterable {
    case back, navigation, toolbar, tabs
}

/// One bar item of a demo screen.
public struct BarItem: Sendable, Equatable {
    /// What kind of control an item is.
    public enum Kind: String, Sendable, CaseIterable {
        /// A plain button.
        case button
        /// The system's Edit button.
        case edit
        /// A segmented control, with `segments`.
        case segmented
        /// A view the app draws itself.
        case custom
        /// A menu, with `entries`.
        case menu
    }

    /// The fields, in one object shared by every copy until one changes:
    /// an item is copied into each state, layout and figure of a demo, and
    /// a copy is then one reference instead of a dozen.
    private final class Storage: @unchecked Sendable {
        // Only ever changed while uniquely referenced: see `makeUnique`.
        var id: String
        var bar: Bar
        var title: String?
        var symbol: String?
        var value: String?
        var badge: Int?
        var kind: Kind
        var segments: [String]
        var entries: [String]
        var vertical: Bool
        var keepHorizontal: Bool
        var switches: Bool
        var location: SourceLocation
        var symbolLocation: SourceLocation?

        init(id: String, bar: Bar, title: String?, symbol: String?, value: String?, badge: Int?, kind: Kind, segments: [String], entries: [String], vertical: Bool, keepHorizontal: Bool, switches: Bool, location: SourceLocation, symbolLocation: SourceLocation?) {
            self.id = id
            self.bar = bar
            self.title = title
            self.symbol = symbol
            self.value = value
            self.badge = badge
            self.kind = kind
            self.segments = segments
            self.entries = entries
            self.vertical = vertical
            self.keepHorizontal = keepHorizontal
            self.switches = switches
            self.location = location
            self.symbolLocation = symbolLocation
        }

        func copy() -> Storage {
            Storage(id: id, bar: bar, title: title, symbol: symbol, value: value, badge: badge, kind: kind, segments: segments, entries: entries, vertical: vertical, keepHorizontal: keepHorizontal, switches: switches, location: location, symbolLocation: symbolLocation)
        }
    }

    private var storage: Storage

    /// Creates an item.
    public init(id: String, bar: Bar, title: String?, symbol: String?, value: String?, badge: Int?, kind: Kind, segments: [String], entries: [String], vertical: Bool, keepHorizontal: Bool, switches: Bool, location: SourceLocation, symbolLocation: SourceLocation?) {
        storage = Storage(id: id, bar: bar, title: title, symbol: symbol, value: value, badge: badge, kind: kind, segments: segments, entries: entries, vertical: vertical, keepHorizontal: keepHorizontal, switches: switches, location: location, symbolLocation: symbolLocation)
    }

    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
    }

    /// The item's id (default: its title, slugified; `back` for the back button).
    public var id: String {
        get { storage.id }
        _modify {
            makeUnique()
            yield &storage.id
        }
    }

    /// The bar it is declared in.
    public var bar: Bar {
        get { storage.bar }
        _modify {
            makeUnique()
            yield &storage.bar
        }
    }

    /// The title.
    public var title: String? {
        get { storage.title }
        _modify {
            makeUnique()
            yield &storage.title
        }
    }

    /// The symbol's name.
    public var symbol: String? {
        get { storage.symbol }
        _modify {
            makeUnique()
            yield &storage.symbol
        }
    }

    /// Text the item always shows beside its symbol.
    public var value: String? {
        get { storage.value }
        _modify {
            makeUnique()
            yield &storage.value
        }
    }

    /// A count shown as the system badge on the symbol.
    public var badge: Int? {
        get { storage.badge }
        _modify {
            makeUnique()
            yield &storage.badge
        }
    }

    /// The kind of control.
    public var kind: Kind {
        get { storage.kind }
        _modify {
            makeUnique()
            yield &storage.kind
        }
    }

    /// A segmented control's segments.
    public var segments: [String] {
        get { storage.segments }
        _modify {
            makeUnique()
            yield &storage.segments
        }
    }

    /// A menu's entries.
    public var entries: [String] {
        get { storage.entries }
        _modify {
            makeUnique()
            yield &storage.entries
        }
    }

    /// A custom view that declares it can go vertical.
    public var vertical: Bool {
        get { storage.vertical }
        _modify {
            makeUnique()
            yield &storage.vertical
        }
    }

    /// The app keeps the item horizontal.
    public var keepHorizontal: Bool {
        get { storage.keepHorizontal }
        _modify {
            makeUnique()
            yield &storage.keepHorizontal
        }
    }

    /// The item switches between a symbol and text with its state.
    public var switches: Bool {
        get { storage.switches }
        _modify {
            makeUnique()
            yield &storage.switches
        }
    }

    /// Where the item is written.
    public var location: SourceLocation {
        get { storage.location }
        _modify {
            makeUnique()
            yield &storage.location
        }
    }

    /// Where its symbol is written, for unknown-symbol findings.
    public var symbolLocation: SourceLocation? {
        get { storage.symbolLocation }
        _modify {
            makeUnique()
            yield &storage.symbolLocation
        }
    }

    /// Two items are equal when every field is.
    public static func == (lhs: BarItem, rhs: BarItem) -> Bool {
        if lhs.storage === rhs.storage { return true }
        let a = lhs.storage, b = rhs.storage
        return a.id == b.id && a.bar == b.bar && a.title == b.title && a.symbol == b.symbol && a.value == b.value
            && a.badge == b.badge && a.kind == b.kind && a.segments == b.segments && a.entries == b.entries
            && a.vertical == b.vertical && a.keepHorizontal == b.keepHorizontal && a.switches == b.switches
            && a.location == b.location && a.symbolLocation == b.symbolLocation
    }

    /// The fields an item may have in a demo.
    public static let fields = ["id", "title", "symbol", "value", "badge", "kind", "segments", "entries",
                                "vertical", "keep-horizontal", "switches"]

    /// A field's value, by the name the demo YAML uses, for the placement
    /// engine's conditions: text, a number, a flag or a list, or nil when
    /// the item does not have it.
    public func field(_ name: String) -> FieldValue? {
        switch name {
        case "id": return .text(id)
        case "bar": return .text(bar.rawValue)
        case "title": return title.map(FieldValue.text)
        case "symbol": return symbol.map(FieldValue.text)
        case "value": return value.map(FieldValue.text)
        case "badge": return badge.map(FieldValue.number)
        case "kind": return .text(kind.rawValue)
        case "segments": return segments.isEmpty ? nil : .list(segments)
        case "entries": return entries.isEmpty ? nil : .list(entries)
        case "vertical": return vertical ? .flag(true) : nil
        case "keep-horizontal": return keepHorizontal ? .flag(true) : nil
        case "switches": return switches ? .flag(true) : nil
        default: return nil
        }
    }
}

/// A field's value as the placement engine's conditions see it.
public enum FieldValue: Sendable, Equatable {
    case text(String)
    case number(Int)
    case flag(Bool)
    case list([String])

    /// The value as text, for comparing with a condition's operand.
    public var text: String {
        switch self {
        case .text(let text): return text
        case .number(let number): return String(number)
        case .flag(let flag): return flag ? "true" : "false"
        case .list(let items): return items.joined(separator: ", ")
        }
    }
}
