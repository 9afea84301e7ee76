/// How long a check against Apple's guidance stays valid (`review_every`), or
/// how early a page counts as due soon (`due_soon`): a count of days, weeks,
/// calendar months or years, written `180d`, `26w`, `6m`, `1y`.
public struct ReviewInterval: Sendable, Hashable, CustomStringConvertible {
    /// The unit of an interval.
    public enum Unit: Character, Sendable, Hashable {
        case day = "d", week = "w", month = "m", year = "y"
    }

    /// How many units.
    public var count: Int
    /// Which unit.
    public var unit: Unit

    /// Creates an interval.
    public init(count: Int, unit: Unit) {
        self.count = count
        self.unit = unit
    }

    /// Parses `180d`, `26w`, `6m` or `1y`: a positive whole number and a unit.
    public init?(_ text: String) {
        guard let last = text.last, let unit = Unit(rawValue: last),
              let count = Int(text.dropLast()), count > 0, count <= 100_000,
              text.dropLast().allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        self.init(count: count, unit: unit)
    }

    /// As written: `180d`.
    public var description: String { "\(count)\(unit.rawValue)" }

    /// In words, for messages: "180 days", "6 months", "1 year".
    public var spelledOut: String {
        let name: String
        switch unit {
        case .day: name = "day"
        case .week: name = "week"
        case .month: name = "month"
        case .year: name = "year"
        }
        return "\(count) \(name)\(count == 1 ? "" : "s")"
    }

    /// `day` moved forward by this interval (calendar months and years keep
    /// the day of the month, or take the month's last day).
    public func after(_ day: Day) -> Day {
        switch unit {
        case .day: return day.adding(days: count)
        case .week: return day.adding(days: 7 * count)
        case .month: return day.adding(months: count)
        case .year: return day.adding(months: 12 * count)
        }
    }

    /// `day` moved back by this interval.
    public func before(_ day: Day) -> Day {
        switch unit {
        case .day: return day.adding(days: -count)
        case .week: return day.adding(days: -7 * count)
        case .month: return day.adding(months: -count)
        case .year: return day.adding(months: -12 * count)
        }
    }
}
