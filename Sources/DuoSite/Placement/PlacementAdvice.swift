import Diagnostics

/// One piece of advice of the table: every advice whose conditions match an
/// item applies (unlike placement rows, where the first wins).
public struct PlacementAdvice: Sendable, Hashable {
    /// The advice's name (`count-as-text`), as `duosite place --format json` gives it.
    public var id: String
    /// The conditions.
    public var when: PlacementConditions
    /// The message; `{title}`, `{value}` and other item fields in braces are
    /// replaced by the item's.
    public var message: String
    /// The pattern rule the advice comes from.
    public var rule: PatternRuleReference?
    /// Where the advice starts.
    public var location: SourceLocation

    /// Creates advice.
    public init(id: String, when: PlacementConditions, message: String, rule: PatternRuleReference?, location: SourceLocation) {
        self.id = id
        self.when = when
        self.message = message
        self.rule = rule
        self.location = location
    }

    /// The message for `item`, its fields in braces replaced. A field the
    /// item does not have is left out.
    public func message(for item: BarItem) -> String {
        var result = ""
        var rest = Substring(message)
        while let open = rest.firstIndex(of: "{") {
            result += rest[..<open]
            let afterOpen = rest.index(after: open)
            guard let close = rest[afterOpen...].firstIndex(of: "}") else {
                rest = rest[open...]
                break
            }
            let name = String(rest[afterOpen..<close])
            if Self.placeholders.contains(name) {
                result += item.field(name)?.text ?? ""
            } else {
                result += rest[open...close]
            }
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// The fields a message may name in braces.
    public static let placeholders = ConditionSubject.itemFields

    /// The names in braces in a message that are not item fields.
    static func unknownPlaceholders(in message: String) -> [String] {
        var unknown: [String] = []
        var rest = Substring(message)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            let name = String(rest[rest.index(after: open)..<close])
            if !placeholders.contains(name), !name.contains(" "), !name.isEmpty { unknown.append(name) }
            rest = rest[rest.index(after: close)...]
        }
        return unknown
    }
}
