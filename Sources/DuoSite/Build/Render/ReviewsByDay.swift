/// When pages are due and whether they are stale, worked out once for each
/// last-checked day and review interval they share, with the day's texts:
/// the index and `api/pages.json` list ten thousand pages checked on a few
/// hundred days, and a `Review` is date arithmetic on both.
struct ReviewsByDay {
    /// What a page checked on a day, with an interval, shows.
    struct DayReview {
        /// The day the page is due.
        var due: Day
        /// Its status on the build's day.
        var status: Review.Status
        /// The last-checked day as an ISO date, for `datetime`.
        var iso: String
        /// The last-checked day in words.
        var long: String
    }

    private let settings: SiteSettings
    private let today: Day
    private let withTexts: Bool
    /// The reviews made, each in the place its key (the day and the page's
    /// own interval, in one number) falls in; a review whose place another
    /// took is made again. A dictionary would hash each key, and grow from
    /// empty, for about what a review costs.
    private var reviews: [(key: UInt64, review: DayReview)?] = Array(repeating: nil, count: ReviewsByDay.places)
    private static let places = 509

    /// Reviews by the site's interval and `today`; with `texts`, each with
    /// its day's texts (none otherwise).
    init(settings: SiteSettings, today: Day, texts: Bool) {
        self.settings = settings
        self.today = today
        withTexts = texts
    }

    /// The review of `pattern`: as a `Review` of it says, found again for
    /// a page checked the same day with the same interval.
    mutating func review(of pattern: Pattern) -> DayReview {
        let day = pattern.frontMatter.lastChecked.value
        let key = UInt64(day.year * 10_000 + day.month * 100 + day.day) << 32 | Self.number(of: pattern.frontMatter.reviewEvery?.value)
        let place = Int(key % UInt64(Self.places))
        if let found = reviews[place], found.key == key { return found.review }
        let review = Review(pattern, settings: settings, today: today)
        let made = DayReview(due: review.due, status: review.status,
                             iso: withTexts ? day.description : "", long: withTexts ? day.longDescription : "")
        reviews[place] = (key, made)
        return made
    }

    /// A page's own interval as a number: 0 for none, else its count and
    /// unit (a count is at most 100,000).
    private static func number(of interval: ReviewInterval?) -> UInt64 {
        guard let interval else { return 0 }
        let unit: UInt64
        switch interval.unit {
        case .day: unit = 0
        case .week: unit = 1
        case .month: unit = 2
        case .year: unit = 3
        }
        return (UInt64(interval.count) << 2 | unit) + 1
    }
}
