import Foundation

/// `duosite check`: reads everything, builds nothing, reports findings.
struct CheckCommand: Subcommand {
    /// How findings are printed.
    enum Format: String {
        case text, json, github
    }

    static let name = "check"
    static let abstract = "Report stale pages and every problem in the content"
    /// The options it takes a value for, and its flags: what its usage lists.
    static let options: Set<String> = ["--root", "--output", "--today", "--format", "--links-max-age"]
    static let flags: Set<String> = ["--strict", "--links", "--source", "--no-source"]
    static let help = """
    Usage: duosite check [--root DIR] [--output DIR] [--today DATE]
                         [--format text|json|github] [--strict]
                         [--links [--links-max-age AGE]]
                         [--source | --no-source]

    Reads the whole site, builds nothing, and reports every finding: pages past
    their review date, broken citations, links and demos, mistakes in the
    theme's templates, and more. Pages unchanged since the last build into the
    output folder are taken from that build's cache rather than read again; the
    findings are the same.

    Options:
      -r, --root DIR     The site root (default: the nearest folder from here
                         upward with Content/site.yml)
      -o, --output DIR   The output folder of the builds whose cache may be
                         reused (default: Public under the root)
      --today DATE       The date to check against, YYYY-MM-DD (default: today,
                         UTC)
      -f, --format FORMAT
                         text (default: compiler-style lines on standard error),
                         json (one document on standard output), or github
                         (GitHub Actions annotations on standard output)
      --strict           Warnings count as errors for the exit status
      --links            Also ask every http and https address of sources.yml
                         and of the pages' links over HTTP, each once:
                         link-broken errors, link-moved warnings; every page is
                         then read (without it, check never touches the network)
      --links-max-age AGE
                         How long a good answer is remembered, beside the output
                         folder, and not asked again: 12h, 1d (the default), 7d,
                         or 0 for not at all
      --source           Show each finding's source line and a caret under its
                         column (the default on a terminal); text only
      --no-source        One line per finding, as tools read them (the default
                         when standard error is not a terminal)
      -h, --help         Show this help

    Exit status: 0 no errors; 1 at least one error (every stale page is one); 64
    the command line is wrong.

    """

    let root: URL
    /// The output folder whose build cache may stand in for unchanged pages.
    let output: URL
    let today: Day
    let format: Format
    let strict: Bool
    /// Whether findings in text show their source lines.
    let source: SourceDisplay
    /// Whether the addresses of other sites are asked (`--links`).
    let links: Bool
    /// How they are asked: the documented defaults and `--links-max-age`;
    /// tests shorten the time-out and the pauses.
    var linkSettings = LinkSettings()

    init(arguments: [String], currentDirectory: URL) throws(UsageError) {
        let parsed = try Arguments(arguments, options: Self.options, flags: Self.flags)
        if let extra = parsed.positionals.first {
            throw UsageError("unexpected argument '\(extra)'")
        }
        root = CommonOptions.root(parsed, currentDirectory: currentDirectory)
        output = parsed["--output"].map { SiteRoot.resolve($0, in: currentDirectory) } ?? root.appendingPathComponent("Public")
        today = try CommonOptions.today(parsed)
        let formatName = parsed["--format"] ?? "text"
        guard let format = Format(rawValue: formatName) else {
            throw UsageError("--format should be text, json or github, not '\(formatName)'")
        }
        self.format = format
        strict = parsed.has("--strict")
        source = try SourceDisplay(parsed)
        links = parsed.has("--links")
        if let age = parsed["--links-max-age"] {
            guard links else { throw UsageError("--links-max-age needs --links") }
            guard let seconds = LinkSettings.age(age) else {
                throw UsageError("--links-max-age should be a number of hours or days, like 12h or 1d, or 0, not '\(age)'")
            }
            linkSettings.maxAge = seconds
        }
    }

    func validate() throws(UsageError) {
        try CommonOptions.validateRoot(root)
    }

    func run(_ console: Console) -> Int32 {
        let result = SiteCheck.run(root: root, today: today, reusingBuildInto: output, links: links ? linkSettings : nil)
        let diagnostics = result.diagnostics
        switch format {
        case .text:
            DiagnosticWriter.writeText(diagnostics, to: console, sourceRoot: source.root(root, on: console))
            console.out(result.summary + "\n")
        case .json:
            console.out(DiagnosticWriter.json(diagnostics, reviews: result.reviews))
        case .github:
            console.out(DiagnosticWriter.github(diagnostics))
            if let links = result.links {
                console.out(DiagnosticWriter.githubNotice(links.summary))
            }
        }
        let failing = diagnostics.contains { $0.severity == .error || (strict && $0.severity == .warning) }
        return failing ? 1 : 0
    }
}
