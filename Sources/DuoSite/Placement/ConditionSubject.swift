/// What a condition of `placement.yml` looks at: a field of the item
/// (`symbol`, `kind`, `bar`), a measure of one (`entries.length`,
/// `entries.longest`), or a field of the device's profile (`device.column`).
public enum ConditionSubject: Sendable, Hashable, CustomStringConvertible {
    /// A measure of a text or list field.
    public enum Measure: String, Sendable, Hashable, CaseIterable {
        /// The characters of a text; the elements of a list.
        case length
        /// The characters of a list's longest element (of a text: its length).
        case longest
    }

    /// A field of the item, by the name demos use (`keep-horizontal`), or `bar`.
    case item(String)
    /// A measure of a field of the item: `entries.length`.
    case measure(String, Measure)
    /// A field of the device profile, without `device.`: `column`, `width`.
    case device(String)

    /// The item fields conditions may name: a demo item's fields and `bar`.
    public static let itemFields = BarItem.fields + ["bar"]
    /// The item fields that can be measured.
    public static let measurableFields = ["id", "title", "symbol", "value", "segments", "entries"]
    /// The device fields conditions may name, after `device.`.
    public static let deviceFields = ["id", "name", "width", "height", "status_bar", "top_bar", "bottom_bar",
                                      "column", "column.width", "column.slot", "slots"]

    /// Every name a condition may use, for messages and suggestions.
    public static var allNames: [String] {
        itemFields
            + measurableFields.flatMap { field in Measure.allCases.map { "\(field).\($0.rawValue)" } }
            + deviceFields.map { "device.\($0)" }
    }

    /// The subject a `when` key names, or nil when it names none.
    public init?(_ key: String) {
        if key.hasPrefix("device.") {
            let name = String(key.dropFirst("device.".count))
            guard Self.deviceFields.contains(name) else { return nil }
            self = .device(name)
            return
        }
        if Self.itemFields.contains(key) {
            self = .item(key)
            return
        }
        for measure in Measure.allCases where key.hasSuffix("." + measure.rawValue) {
            let field = String(key.dropLast(measure.rawValue.count + 1))
            guard Self.measurableFields.contains(field) else { return nil }
            self = .measure(field, measure)
            return
        }
        return nil
    }

    /// The key as `placement.yml` writes it.
    public var description: String {
        switch self {
        case .item(let field): return field
        case .measure(let field, let measure): return "\(field).\(measure.rawValue)"
        case .device(let field): return "device.\(field)"
        }
    }

    /// The subject's value for `item` on `device`, or nil when it has none.
    public func value(of item: BarItem, on device: Device) -> FieldValue? {
        switch self {
        case .item(let field):
            return item.field(field)
        case .measure(let field, let measure):
            guard let value = item.field(field) else { return nil }
            switch (value, measure) {
            case (.list(let elements), .length): return .number(elements.count)
            case (.list(let elements), .longest): return .number(elements.map(\.count).max() ?? 0)
            default: return .number(value.text.count)
            }
        case .device(let field):
            switch field {
            case "id": return .text(device.id)
            case "name": return .text(device.name)
            case "width": return .number(device.width)
            case "height": return .number(device.height)
            case "status_bar": return .number(device.statusBar)
            case "top_bar": return .number(device.topBar)
            case "bottom_bar": return .number(device.bottomBar)
            case "column": return .text(device.column?.edge.rawValue ?? "none")
            case "column.width": return device.column.map { .number($0.width) }
            case "column.slot": return device.column.map { .number($0.slot) }
            case "slots": return device.column.map { _ in .number(ScreenLayout.slots(on: device)) }
            default: return nil
            }
        }
    }

    /// The values the subject can take, as far as the condition language can
    /// tell them apart: used to decide whether one rule always wins over another.
    public enum Domain: Sendable, Equatable {
        /// One of these texts (and maybe missing).
        case finite([String], canBeMissing: Bool)
        /// `true`, or missing.
        case flag
        /// Any text.
        case text(canBeMissing: Bool)
        /// Any whole number from 0.
        case number(canBeMissing: Bool)
        /// Any list of texts.
        case list(canBeMissing: Bool)
    }

    /// The values this subject can take.
    public var domain: Domain {
        switch self {
        case .item(let field):
            switch field {
            case "kind": return .finite(BarItem.Kind.allCases.map(\.rawValue), canBeMissing: false)
            case "bar": return .finite(Bar.allCases.map(\.rawValue), canBeMissing: false)
            case "vertical", "keep-horizontal", "switches": return .flag
            case "id": return .text(canBeMissing: false)
            case "badge": return .number(canBeMissing: true)
            case "segments", "entries": return .list(canBeMissing: true)
            default: return .text(canBeMissing: true)
            }
        case .measure:
            return .number(canBeMissing: true)
        case .device(let field):
            switch field {
            case "column": return .finite(["none"] + [Device.Column.Edge.leading, .trailing].map(\.rawValue), canBeMissing: false)
            case "id", "name": return .text(canBeMissing: false)
            case "column.width", "column.slot", "slots": return .number(canBeMissing: true)
            default: return .number(canBeMissing: false)
            }
        }
    }
}
