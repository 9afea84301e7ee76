/// One thing a form shows of an item, as `placement.yml`'s forms name them:
/// `symbol + value + badge?`.
public enum FormPart: String, Sendable, Hashable, CaseIterable {
    /// The item's symbol.
    case symbol
    /// The item's title.
    case title
    /// The item's value (an amount, a count written as text).
    case value
    /// The system badge on the symbol.
    case badge
    /// The control itself: a segmented control's segments, a view the app draws.
    case control
    /// The vertical version of a view the app draws (`vertical: true`).
    case vertical

    /// Whether `item` has this part to show.
    public func isAvailable(in item: BarItem) -> Bool {
        switch self {
        case .symbol: return item.symbol != nil
        case .title: return item.title != nil
        case .value: return item.value != nil
        case .badge: return item.badge != nil && item.symbol != nil
        case .control: return item.kind == .segmented || item.kind == .custom
        case .vertical: return item.kind == .custom && item.vertical
        }
    }
}
