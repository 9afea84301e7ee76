import Diagnostics

/// Finds pages that have gone too long without a check against Apple's
/// guidance (`stale`), pages due soon (`due-soon`) and last-checked dates in
/// the future (`future-date`).
public struct StalenessChecker: PageChecker {
    public init() {}

    public func check(_ pattern: Pattern, _ context: CheckContext) -> [Diagnostic] {
        // A page with no readable last_checked has a finding of its own.
        guard pattern.frontMatter.hasLastChecked,
              let diagnostic = Self.diagnostic(for: Review(pattern, reviewEvery: context.site.settings.reviewEvery, dueSoon: context.site.settings.dueSoon, today: context.today), today: context.today) else {
            return []
        }
        return [diagnostic]
    }

    static func diagnostic(for review: Review, today: Day) -> Diagnostic? {
        let checked = review.lastChecked
        let location = review.location
        if checked.value > today {
            return Diagnostic(.futureDate, "last checked \(checked.value) is in the future (today is \(today)); write the day the page was checked", at: location)
        }
        // Spelled out only for a finding: most pages are fresh.
        var every: String {
            review.isPageInterval ? "this page is due every \(review.interval.spelledOut)" : "pages are due every \(review.interval.spelledOut)"
        }
        switch review.status {
        case .stale:
            let ago = checked.value.days(until: today)
            return Diagnostic(.stale, "last checked \(checked.value) is \(ago) day\(ago == 1 ? "" : "s") ago; \(every)", at: location)
        case .dueSoon:
            let left = today.days(until: review.due)
            return Diagnostic(.dueSoon, "last checked \(checked.value); due for a check on \(review.due), in \(left) day\(left == 1 ? "" : "s") (\(every))", at: location)
        case .fresh:
            return nil
        }
    }
}

/// Where a page stands with its review: when it was last checked, when it
/// is due, and whether it is fresh, due soon or stale on a given day.
public struct Review: Sendable {
    /// A page's review status.
    public enum Status: String, Sendable {
        case fresh
        case dueSoon = "due-soon"
        case stale
    }

    /// The page's last-checked date, where it is written.
    public var lastChecked: Located<Day>
    /// The page's review interval.
    public var interval: ReviewInterval
    /// Whether the interval is the page's own `review_every`.
    public var isPageInterval: Bool
    /// The day the page is due: last checked plus the interval.
    public var due: Day
    /// The status on the given day.
    public var status: Status
    /// Where `last_checked`'s value is.
    public var location: SourceLocation { lastChecked.location }

    /// The review of `pattern` on `today`.
    public init(_ pattern: Pattern, settings: SiteSettings, today: Day) {
        self.init(pattern, reviewEvery: settings.reviewEvery, dueSoon: settings.dueSoon, today: today)
    }

    /// The review of `pattern` on `today`, given the site's two settings
    /// it reads (rather than all of them, copied for every page).
    public init(_ pattern: Pattern, reviewEvery: ReviewInterval, dueSoon: ReviewInterval, today: Day) {
        let front = pattern.frontMatter
        lastChecked = front.lastChecked
        interval = front.reviewEvery?.value ?? reviewEvery
        isPageInterval = front.reviewEvery != nil
        due = interval.after(lastChecked.value)
        if today >= due {
            status = .stale
        } else if today >= dueSoon.before(due) {
            status = .dueSoon
        } else {
            status = .fresh
        }
    }
}
