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
    Usage: duosite check [--root DIR] [--output DIR] [--today DATE] [--format text|json|github] [--strict]

    Reads the whole site, builds nothing, and reports every finding: pages past
    their review date, broken citations, links and demos, mistakes in the
    theme's templates, and more. Pages
    unchanged since the last build into the output folder are taken from that
    build's cache rather than read again; the findings are the same.

    Options:
      --root DIR       The site root (default: the current folder)
      --output DIR     The output folder of the builds whose cache may be
                       reused (default: Public under the root)
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
    /// The output folder whose build cache may stand in for unchanged pages.
    let output: URL
    let today: Day
    let format: Format
    let strict: Bool

    init(arguments: [String], currentDirectory: URL) throws(UsageError) {
        let parsed = try Arguments(arguments, options: ["--root", "--output", "--today", "--format"], flags: ["--strict"])
        if let extra = parsed.positionals.first {
            throw UsageError("unexpected argument '\(extra)'")
        }
        root = CommonOptions.root(parsed, currentDirectory: currentDirectory)
        output = parsed["--output"].map { CommonOptions.resolve($0, in: currentDirectory) } ?? root.appendingPathComponent("Public")
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
        let result = SiteCheck.run(root: root, today: today, reusingBuildInto: output)
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

/// A page's review status, as `--format json` lists it.
public struct PageReview: Sendable, Equatable {
    public var file: String
    public var slug: String
    public var lastChecked: Day
    public var due: Day
    public var status: Review.Status
}
