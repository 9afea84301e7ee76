import Diagnostics
import Foundation

/// What every check is given: the site and the day it runs on.
public struct CheckContext: Sendable {
    /// The site, read.
    public var site: Site
    /// The day standing in for today.
    public var today: Day
    /// The pages being published (all, for `check`; drafts left out of a
    /// build without `--drafts`), by slug.
    public var publishedSlugs: Set<String>
    /// The placement engine with its table compiled, made once for every
    /// page's check rather than once a page.
    public var placementEngine: PlacementEngine?
    /// The files whose findings are wanted, or nil for every file: the
    /// checks across pages may then leave out what they would find in any
    /// other file, and spare the work (a language server, after each
    /// keystroke, wants only the open pages'). The findings in these files
    /// are the same either way.
    public var reportedFiles: Set<String>?
    /// What the last published build of the site answered at, when it is
    /// known (`PublishedSite`): the new site must answer there too.
    var lastPublished: PublishedSite?

    /// Whether findings in `file` are wanted.
    func reports(_ file: String) -> Bool {
        reportedFiles?.contains(file) ?? true
    }

    /// Creates a context, the site's placement table compiled for its engine.
    public init(site: Site, today: Day, publishedSlugs: Set<String>? = nil) {
        self.init(site: site, today: today, publishedSlugs: publishedSlugs, engine: site.placement.map(PlacementEngine.init(table:)))
    }

    /// Creates a context with `engine` (nil for the checks across pages,
    /// which read the table but lay out no demo).
    init(site: Site, today: Day, publishedSlugs: Set<String>?, engine: PlacementEngine?) {
        self.site = site
        self.today = today
        self.publishedSlugs = publishedSlugs ?? Set(site.patterns.map { $0.slug })
        placementEngine = engine
    }
}

/// One check over the site: each lives in its own file under
/// `Checker/Checkers/` and returns its findings.
public protocol Checker: Sendable {
    /// The findings of this check.
    func check(_ context: CheckContext) -> [Diagnostic]
}

/// A check whose findings about a page depend on that page alone (and on
/// the site's settings, sources, devices, table and theme, and the day):
/// a build runs it on each page as it is read, given the page apart from
/// the context rather than in a copy of the context holding only it.
public protocol PageChecker: Checker {
    /// The findings of this check about `page`.
    func check(_ page: Pattern, _ context: CheckContext) -> [Diagnostic]
}

extension PageChecker {
    /// The findings about every page of the context's site, page after page.
    public func check(_ context: CheckContext) -> [Diagnostic] {
        context.site.patterns.flatMap { check($0, context) }
    }
}

/// A check about one page that reads the page's text as written too (the
/// file's bytes): what the reading keeps nothing of, such as text a
/// skeleton left in it.
public protocol PageTextChecker: Sendable {
    /// The findings of this check about `page`, whose file holds `text`.
    func check(_ page: Pattern, text: [UInt8], _ context: CheckContext) -> [Diagnostic]
}

/// Every check `duosite check` runs, in a fixed order: those about one page
/// alone, run on each page as it is read (and cached with it by the build),
/// and those across pages, run once every page is read.
public enum Checkers {
    /// Checks whose findings about a page depend only on that page, the
    /// site's settings, sources, devices, table and theme, and the day.
    public static let pageLevel: [any PageChecker] = [
        StalenessChecker(),
        HeadingChecker(),
        SectionChecker(),
        RuleListChecker(),
        CitationPlacementChecker(),
        CitationChecker(),
        CheckedBeforeSourceChecker(),
        FAQChecker(),
        DemoFenceChecker(),
        DemoChecker(),
        PlacementChecker(scope: .demos),
        ImageChecker(),
        RelativeLinkChecker(),
        SiteAddressChecker(),
        RawHTMLChecker(),
        UncitedRuleChecker(),
        AliasChecker(),
    ]

    /// Checks about one page that read its file's text as written too.
    public static let pageSource: [any PageTextChecker] = [
        PlaceholderChecker(),
    ]

    /// The checks that judge a page's own text alone, whatever the site
    /// holds: its headings, sections, rule list, citation blocks' places,
    /// FAQ, code blocks, images, relative links and raw HTML. What a new
    /// page's skeleton must pass, and what `duosite place` reports of the
    /// page it places, with the demos' own checks.
    public static let pageAlone: [any PageChecker] = [
        HeadingChecker(),
        SectionChecker(),
        RuleListChecker(),
        CitationPlacementChecker(),
        FAQChecker(),
        DemoFenceChecker(),
        ImageChecker(),
        RelativeLinkChecker(),
        RawHTMLChecker(),
    ]

    /// The findings of the checks of `checkers` about `pattern` alone, on a
    /// site of no pages whose settings are `settings` (`allow_raw_html`).
    static func pageAlone(_ pattern: Pattern, root: URL, settings: SiteSettings, checkers: [any PageChecker] = pageAlone) -> [Diagnostic] {
        let site = Site(root: root, settings: settings, sources: [], devices: [], patterns: [], symbols: nil, placement: nil)
        let context = CheckContext(site: site, today: Day(dayNumber: 0), publishedSlugs: [], engine: nil)
        return checkers.flatMap { $0.check(pattern, context) }
    }

    /// Checks across pages, which read pages without their HTML or demos.
    public static let siteLevel: [any Checker] = [
        CrossReferenceChecker(),
        UnusedSourceChecker(),
        DuplicateTitleChecker(),
        DuplicateQuestionChecker(),
        TagChecker(),
        PlacementChecker(scope: .table),
        AliasConflictChecker(),
        AddressRemovedChecker(),
    ]

    /// All checks.
    public static var all: [any Checker] { pageLevel.map { $0 as any Checker } + siteLevel }

    /// The page-level findings about one page, whose file holds `text`
    /// (nil: the checks that read it are not run).
    public static func page(_ pattern: Pattern, text: [UInt8]? = nil, _ context: CheckContext) -> [Diagnostic] {
        var findings = pageLevel.flatMap { $0.check(pattern, context) }
        if let text {
            for checker in pageSource { findings += checker.check(pattern, text: text, context) }
        }
        return findings
    }

    /// A context for checking pages one at a time, sharing `engine`.
    static func pageContext(site: Site, today: Day, engine: PlacementEngine?) -> CheckContext {
        var bare = site
        bare.patterns = []
        return CheckContext(site: bare, today: today, publishedSlugs: nil, engine: engine)
    }

    /// The checks across pages, run side by side (each reads the site only).
    public static func runSiteLevel(_ context: CheckContext) -> [Diagnostic] {
        ParallelMap.map(count: siteLevel.count) { siteLevel[$0].check(context) }.flatMap { $0 }
    }

    /// Runs every check on a site read whole.
    public static func run(_ context: CheckContext) -> [Diagnostic] {
        context.site.patterns.flatMap { page($0, context) } + runSiteLevel(context)
    }
}

