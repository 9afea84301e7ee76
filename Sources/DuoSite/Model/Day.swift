import Bytes
/// A calendar date with no time or zone (`YYYY-MM-DD`), as pages, sources
/// and `--today` give it. Arithmetic is done on the proleptic Gregorian
/// calendar, so that results never depend on the machine's clock or zone.
public struct Day: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The year.
    public let year: Int
    /// The month, 1–12.
    public let month: Int
    /// The day of the month, 1–31.
    public let day: Int

    /// Creates a day if the three parts name a real date.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Day.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// Parses exactly `YYYY-MM-DD`.
    public init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        // Written where the string's bytes go: ten bytes are a small
        // string's, which allocates nothing.
        String(utf8Capacity: 10) { output in
            DecimalDigits.append(UInt64(year), width: 4, to: &output)
            output.append(UInt8(ascii: "-"))
            DecimalDigits.append(UInt64(month), width: 2, to: &output)
            output.append(UInt8(ascii: "-"))
            DecimalDigits.append(UInt64(day), width: 2, to: &output)
        }
    }

    /// How readers see the date: "October 8, 2026".
    public var longDescription: String {
        let name = Self.monthNames[month - 1].utf8
        let dayWidth = DecimalDigits.count(of: UInt64(day)), yearWidth = DecimalDigits.count(of: UInt64(year))
        let count = name.count + 1 + dayWidth + 2 + yearWidth
        return String(utf8Capacity: count) { output in
            output.append(Self.monthNames[month - 1])
            output.append(UInt8(ascii: " "))
            DecimalDigits.append(UInt64(day), width: dayWidth, to: &output)
            output.append(UInt8(ascii: ","))
            output.append(UInt8(ascii: " "))
            DecimalDigits.append(UInt64(year), width: yearWidth, to: &output)
        }
    }

    /// The months' names, January first.
    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                                     "August", "September", "October", "November", "December"]

    /// Days since 1970-01-01 (negative before).
    public var dayNumber: Int {
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let shiftedMonth = month > 2 ? month - 3 : month + 9
        let dayOfYear = (153 * shiftedMonth + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146097 + dayOfEra - 719468
    }

    /// The day with this number of days since 1970-01-01.
    public init(dayNumber: Int) {
        let z = dayNumber + 719468
        let era = (z >= 0 ? z : z - 146096) / 146097
        let dayOfEra = z - era * 146097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day `count` days later (earlier when negative).
    public func adding(days count: Int) -> Day {
        Day(dayNumber: dayNumber + count)
    }

    /// The same day of the month `count` months later, or the month's last
    /// day when it is shorter (January 31 plus one month is February 28).
    public func adding(months count: Int) -> Day {
        let index = year * 12 + (month - 1) + count
        let newYear = index / 12, newMonth = index % 12 + 1
        let newDay = min(day, Day.daysIn(month: newMonth, year: newYear))
        return Day(year: newYear, month: newMonth, day: newDay) ?? self
    }

    /// Days from `self` to `other` (positive when `other` is later).
    public func days(until other: Day) -> Int {
        other.dayNumber - dayNumber
    }

    /// Today in UTC, from the machine's clock: used only when `--today` is not given.
    public static func todayUTC(secondsSince1970: Double) -> Day {
        Day(dayNumber: Int((secondsSince1970 / 86_400).rounded(.down)))
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Earlier first. Year, month and day compared in turn: the same order as
    /// their day numbers, without the divisions that make one.
    public static func < (lhs: Day, rhs: Day) -> Bool {
        if lhs.year != rhs.year { return lhs.year < rhs.year }
        if lhs.month != rhs.month { return lhs.month < rhs.month }
        return lhs.day < rhs.day
    }
}
