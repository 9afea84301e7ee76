import Diagnostics

/// A demo block of a page: a fenced code block whose info string is `demo`.
public struct DemoBlock: Sendable {
    /// Where the fence opens.
    public var location: SourceLocation
    /// The demo, or nil when its YAML could not be read (a finding says why).
    public var demo: Demo?
    /// The code block's place in the page's Markdown (`MarkdownNode.place`).
    public var place: Int = 0
    /// Each state laid out by the placement engine on the demo's device,
    /// once, as the page is checked (nil before, or when it cannot be: an
    /// unknown device, no table): what the checks of its items, the rules
    /// its figure applies and its figure read.
    public var layouts: [ScreenLayout]?

    /// A demo block read at `location`.
    public init(location: SourceLocation, demo: Demo?, place: Int = 0) {
        self.location = location
        self.demo = demo
        self.place = place
    }
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
    /// Whether the editor wrote the state under `states:`; a demo without
    /// them has one state of the screen as it is, named by the demo's
    /// title or "Screen", which its figure does not show as a name.
    public var isWritten = true
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
@dynamicMemberLookup
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

    /// The fields, shared by copies until one changes.
    public struct Fields: Sendable, Equatable {
        /// The item's id (default: its title, slugified; `back` for the back button).
        public var id: String
        /// The bar it is declared in.
        public var bar: Bar
        /// The title.
        public var title: String?
        /// The symbol's name.
        public var symbol: String?
        /// Text the item always shows beside its symbol.
        public var value: String?
        /// A count shown as the system badge on the symbol.
        public var badge: Int?
        /// The kind of control.
        public var kind: Kind
        /// A segmented control's segments.
        public var segments: [String]
        /// A menu's entries.
        public var entries: [String]
        /// A custom view that declares it can go vertical.
        public var vertical: Bool
        /// The app keeps the item horizontal.
        public var keepHorizontal: Bool
        /// The item switches between a symbol and text with its state.
        public var switches: Bool
        /// Where the item is written.
        public var location: SourceLocation
        /// Where its symbol is written, for unknown-symbol findings.
        public var symbolLocation: SourceLocation?
    }

    private var storage: CopyOnWrite<Fields>

    /// Each field of ``Fields`` as a property of its own (`item.title`): read where
    /// it lies in the shared box, copied first when changed while shared.
    @inline(__always)
    public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        _read { yield storage.fields[keyPath: field] }
        _modify { yield &storage.fields[keyPath: field] }
    }

    /// Creates an item.
    public init(id: String, bar: Bar, title: String?, symbol: String?, value: String?, badge: Int?, kind: Kind, segments: [String], entries: [String], vertical: Bool, keepHorizontal: Bool, switches: Bool, location: SourceLocation, symbolLocation: SourceLocation?) {
        storage = CopyOnWrite(Fields(id: id, bar: bar, title: title, symbol: symbol, value: value, badge: badge, kind: kind, segments: segments, entries: entries, vertical: vertical, keepHorizontal: keepHorizontal, switches: switches, location: location, symbolLocation: symbolLocation))
    }

    /// Two items are equal when every field is.
    public static func == (lhs: BarItem, rhs: BarItem) -> Bool {
        lhs.storage.isShared(with: rhs.storage) || lhs.storage.fields == rhs.storage.fields
    }

    /// The fields an item may have in a demo.
    public static let fields = ["id", "title", "symbol", "value", "badge", "kind", "segments", "entries",
                                "vertical", "keep-horizontal", "switches"]

    /// A field's value, by the name the demo YAML uses, for the placement
    /// engine's conditions: text, a number, a flag or a list, or nil when
    /// the item does not have it.
    public func field(_ name: String) -> FieldValue? {
        switch name {
        case "id": return .text(self.id)
        case "bar": return .text(self.bar.rawValue)
        case "title": return self.title.map(FieldValue.text)
        case "symbol": return self.symbol.map(FieldValue.text)
        case "value": return self.value.map(FieldValue.text)
        case "badge": return self.badge.map(FieldValue.number)
        case "kind": return .text(self.kind.rawValue)
        case "segments": return self.segments.isEmpty ? nil : .list(self.segments)
        case "entries": return self.entries.isEmpty ? nil : .list(self.entries)
        case "vertical": return self.vertical ? .flag(true) : nil
        case "keep-horizontal": return self.keepHorizontal ? .flag(true) : nil
        case "switches": return self.switches ? .flag(true) : nil
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
