/// A page's review status, as `--format json` lists it.
public struct PageReview: Sendable, Equatable {
    /// The page's file, relative to the site root.
    public var file: String
    /// The page's slug.
    public var slug: String
    /// When it was last checked against Apple's guidance.
    public var lastChecked: Day
    /// When its next check is due.
    public var due: Day
    /// Whether it is current, due soon or overdue.
    public var status: Review.Status
}
