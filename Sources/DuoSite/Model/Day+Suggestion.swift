extension Day {
    /// The day an editor surely meant by a date written another way:
    /// `2026-10-8`, `2026/10/08`, `2026.10.08`, `October 8, 2026`,
    /// `8 Oct 2026`. Nil when the text is not such a date, or could be
    /// read two ways (`10/08/2026`: October or August?).
    static func meant(by text: String) -> Day? {
        let words = text.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        guard words.count == 3 else { return nil }
        // Year, month, day in numbers, with any separators and no padding.
        if words.allSatisfy({ $0.allSatisfy(\.isASCII) && Int($0) != nil }) {
            guard words[0].count == 4, let year = Int(words[0]), let month = Int(words[1]), let day = Int(words[2]) else { return nil }
            return Day(year: year, month: month, day: day)
        }
        // A month's name: `October 8, 2026` or `8 October 2026`.
        func month(_ word: String) -> Int? {
            let word = word.lowercased()
            guard word.count >= 3 else { return nil }
            return monthNames.firstIndex { $0.lowercased().hasPrefix(word) }.map { $0 + 1 }
        }
        guard let year = Int(words[2]), words[2].count == 4 else { return nil }
        if let month = month(words[0]), let day = Int(words[1]) { return Day(year: year, month: month, day: day) }
        if let month = month(words[1]), let day = Int(words[0]) { return Day(year: year, month: month, day: day) }
        return nil
    }
}

extension ReviewInterval {
    /// The interval an editor surely meant by one written in words or
    /// without its unit: `6 months` is `6m`, `2 weeks` `2w`, `1 year` `1y`,
    /// `180 days` and `180` are `180d`. Nil otherwise.
    static func meant(by text: String) -> ReviewInterval? {
        let words = text.lowercased().split(separator: " ").map(String.init)
        guard let first = words.first, let count = Int(first), count > 0, count <= 100_000, words.count <= 2 else { return nil }
        guard words.count == 2 else { return ReviewInterval(count: count, unit: .day) }
        let units: [(Unit, [String])] = [(.day, ["d", "day", "days"]), (.week, ["w", "wk", "wks", "week", "weeks"]),
                                         (.month, ["m", "mo", "mos", "month", "months"]), (.year, ["y", "yr", "yrs", "year", "years"])]
        return units.first { $0.1.contains(words[1]) }.map { ReviewInterval(count: count, unit: $0.0) }
    }
}
