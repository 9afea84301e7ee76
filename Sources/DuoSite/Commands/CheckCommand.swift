import Foundation

/// `duosite check`: reads everything, builds nothing, reports findings.
struct CheckCommand: Subcommand {
    /// How findings are printed.
    enum Format: String {
        case text, json, github
    }

    static let name = "check"
    static let abstract = "Report stale pages and every problem in the content"
    static let help = """
    Usage: duosite check [--root DIR] [--today DATE] [--format text|json|github] [--strict]

    Reads the whole site, builds nothing, and reports every finding: pages past
    their review date, broken citations, links and demos, and more.

    Options:
      --root DIR       The site root (default: the current folder)
      --today DATE     The date to check against, YYYY-MM-DD (default: today, UTC)
      --format FORMAT  text (default: compiler-style lines on standard error),
                       json (one document on standard output), or
                       github (GitHub Actions annotations on standard output)
      --strict         Warnings count as errors for the exit status
      --help           Show this help

    Exit status: 0 no errors; 1 at least one error (every stale page is one);
    64 the command line is wrong.

    """

    let root: URL
    let today: Day
    let format: Format
    let strict: Bool

    init(arguments: [String], currentDirectory: URL) throws(UsageError) {
        let parsed = try Arguments(arguments, options: ["--root", "--today", "--format"], flags: ["--strict"])
        if let extra = parsed.positionals.first {
            throw UsageError("unexpected argument '\(extra)'")
        }
        root = CommonOptions.root(parsed, currentDirectory: currentDirectory)
        today = try CommonOptions.today(parsed)
        let formatName = parsed["--format"] ?? "text"
        guard let format = Format(rawValue: formatName) else {
            throw UsageError("--format should be text, json or github, not '\(formatName)'")
        }
        self.format = format
        strict = parsed.has("--strict")
    }

    func validate() throws(UsageError) {
        try CommonOptions.validateRoot(root)
    }

    func run(_ console: Console) -> Int32 {
        let result = SiteCheck.run(root: root, today: today)
        let diagnostics = result.diagnostics
        switch format {
        case .text:
            DiagnosticWriter.writeText(diagnostics, to: console)
            console.out(result.summary + "\n")
        case .json:
            console.out(DiagnosticWriter.json(diagnostics, reviews: result.reviews))
        case .github:
            console.out(DiagnosticWriter.github(diagnostics))
        }
        let failing = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        return failing ? 1 : 0
    }
}

/// The result of checking a site: every finding, and each page's review.
public struct SiteCheck: Sendable {
    /// Every finding, sorted by file, line and column.
    public var diagnostics: [Diagnostic]
    /// Each page's review status, by file name (a page whose last_checked
    /// cannot be read has none).
    public var reviews: [PageReview]

    /// Reads and checks the site at `root` on `today`.
    public static func run(root: URL, today: Day) -> SiteCheck {
        // Each page is checked alone as soon as it is read, then kept
        // without its demos; the checks across pages run once all are read.
        let once = Once<CheckContext>()
        let (site, _, loadDiagnostics) = SiteLoader(root: root).load(processing: { _, pattern, site, found in
            let checks = once.get {
                Checkers.pageContext(site: site, today: today, engine: site.placement.map(PlacementEngine.init(table:)))
            }
            var slim = pattern.withoutHTML
            slim.demos = []
            return (slim, found + Checkers.page(pattern, checks))
        })
        let context = CheckContext(site: site, today: today)
        let diagnostics = (loadDiagnostics + Checkers.runSiteLevel(context)).sortedForOutput()
        let reviews = site.patterns.filter(\.frontMatter.hasLastChecked).map { pattern in
            let review = Review(pattern, settings: site.settings, today: today)
            return PageReview(file: pattern.file, slug: pattern.slug, lastChecked: review.lastChecked.value, due: review.due, status: review.status)
        }
        return SiteCheck(diagnostics: diagnostics, reviews: reviews)
    }

    /// One line for people: how many pages, errors and warnings.
    public var summary: String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        let counts = [Review.Status.fresh, .dueSoon, .stale].map { status in
            "\(reviews.filter { $0.status == status }.count) \(status == .dueSoon ? "due soon" : status.rawValue)"
        }
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        return "\(plural(reviews.count, "page")) checked (\(counts.joined(separator: ", "))): \(plural(errors, "error")), \(plural(warnings, "warning"))"
    }
}

/// A page's review status, as `--format json` lists it.
public struct PageReview: Sendable, Equatable {
    public var file: String
    public var slug: String
    public var lastChecked: Day
    public var due: Day
    public var status: Review.Status
}
