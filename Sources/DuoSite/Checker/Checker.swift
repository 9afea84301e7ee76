/// What every check is given: the site and the day it runs on.
public struct CheckContext: Sendable {
    /// The site, read.
    public var site: Site
    /// The day standing in for today.
    public var today: Day
    /// The pages being published (all, for `check`; drafts left out of a
    /// build without `--drafts`), by slug.
    public var publishedSlugs: Set<String>

    /// Creates a context.
    public init(site: Site, today: Day, publishedSlugs: Set<String>? = nil) {
        self.site = site
        self.today = today
        self.publishedSlugs = publishedSlugs ?? Set(site.patterns.map(\.slug))
    }
}

/// One check over the site: each lives in its own file under
/// `Checker/Checkers/` and returns its findings.
public protocol Checker: Sendable {
    /// The findings of this check.
    func check(_ context: CheckContext) -> [Diagnostic]
}

/// Every check `duosite check` runs, in a fixed order.
public enum Checkers {
    /// All checks.
    public static let all: [any Checker] = [
        StalenessChecker(),
        CitationChecker(),
        CrossReferenceChecker(),
        UnusedSourceChecker(),
        CheckedBeforeSourceChecker(),
        DuplicateTitleChecker(),
        DuplicateQuestionChecker(),
        DemoChecker(),
        PlacementChecker(),
    ]

    /// Runs every check.
    public static func run(_ context: CheckContext) -> [Diagnostic] {
        all.flatMap { $0.check(context) }
    }
}
