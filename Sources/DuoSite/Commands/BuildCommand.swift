import Diagnostics
import Foundation

/// `duosite build`: publishes the site.
struct BuildCommand: Subcommand {
    static let name = "build"
    static let abstract = "Build the site into Public/"
    /// The options it takes a value for, and its flags: what its usage lists.
    static let options: Set<String> = ["--root", "--output", "--base-url", "--today"]
    static let flags: Set<String> = ["--drafts", "--precompress", "--quiet", "--timings", "--source", "--no-source"]
    static let help = """
    Usage: duosite build [--root DIR] [--output DIR] [--base-url URL] [--drafts]
                         [--today DATE] [--precompress] [--quiet] [--timings]
                         [--source | --no-source]

    Checks the content and the theme and, when they have no errors, builds the
    whole site into Public/ (or --output), replacing it whole. Errors publish
    nothing and leave the previous site as it was. A stale page never stops a
    build: it shows readers a notice. One build at a time writes into an output:
    another waits for it to finish. An output holding a file no build wrote is
    not replaced: the build names it, to be moved out. While site.yml's base_url
    is a placeholder (an .example address), the build warns: the canonical
    links, sitemap and feed point there.

    Options:
      -r, --root DIR     The site root (default: the nearest folder from here
                         upward with Content/site.yml)
      -o, --output DIR   Where to write the site (default: Public under the
                         root)
      -b, --base-url URL
                         The address the site is published at (default:
                         site.yml's base_url)
      -D, --drafts       Publish pages marked draft too
      --today DATE       The build's date, YYYY-MM-DD, for stale notices
                         (default: today, UTC)
      --precompress      Write a .gz and a .br beside each text file over 1 KB
                         (as site.yml's precompress: true)
      -q, --quiet        Print nothing but findings
      --timings          After the build, print how long each of its steps took
                         (on standard error)
      --source           Show each finding's source line and a caret under its
                         column (the default on a terminal)
      --no-source        One line per finding, as tools read them (the default
                         when standard error is not a terminal)
      -h, --help         Show this help

    Exit status: 0 published; 1 the content has errors, or the output could not
    be written (nothing was published); 64 the command line is wrong.

    """

    /// What to build (a test may add a `PageWriteFault`).
    var options: BuildOptions
    let quiet: Bool
    /// Whether to print how long each step of the build took.
    let timings: Bool
    /// Whether findings show their source lines.
    let source: SourceDisplay

    init(arguments: [String], currentDirectory: URL) throws(UsageError) {
        let parsed = try Arguments(arguments, options: Self.options, flags: Self.flags)
        if let extra = parsed.positionals.first {
            throw UsageError("unexpected argument '\(extra)'")
        }
        let root = CommonOptions.root(parsed, currentDirectory: currentDirectory)
        let output = parsed["--output"].map { SiteRoot.resolve($0, in: currentDirectory) }
        if let url = parsed["--base-url"], let problem = SiteSettings.baseURLProblem(url) {
            throw UsageError("--base-url is '\(url)': \(problem)")
        }
        options = BuildOptions(root: root, output: output, baseURL: parsed["--base-url"], drafts: parsed.has("--drafts"), today: try CommonOptions.today(parsed))
        options.precompress = parsed.has("--precompress")
        quiet = parsed.has("--quiet")
        timings = parsed.has("--timings")
        source = try SourceDisplay(parsed)
    }

    /// A root that is no folder, or an output the build may not replace
    /// (the site root, one of its source folders, a folder of other files):
    /// the command line is wrong, so nothing is read.
    func validate() throws(UsageError) {
        try CommonOptions.validateRoot(options.root)
        if let problem = OutputFolder.validate(options.output, root: options.root) {
            throw UsageError(problem)
        }
    }

    func run(_ console: Console) -> Int32 {
        let start = Date()
        let showsProgress = console.isTerminal && !quiet
        let lastShown = Counter()
        let report: @Sendable (Int, Int) -> Void = { done, total in
            // Progress only for builds that take longer than a second.
            guard Date().timeIntervalSince(start) > 1, done == total || done % 100 == 0 else { return }
            _ = lastShown.increment()
            console.err("\r\u{1B}[Kbuilding: \(done)/\(total) pages")
        }
        let output = options.output.path
        let waiting: @Sendable () -> Void = {
            console.err("waiting for another build into \(output) to finish…\n")
        }
        let steps = timings ? BuildTimings() : nil
        let builder = SiteBuilder(options: options, progress: showsProgress ? report : nil, waiting: quiet ? nil : waiting, timings: steps)
        let outcome = builder.run()
        // Last, after the findings and the summary; asked for, so printed
        // even with --quiet; on standard error, so that the summary stays
        // the one line on standard output.
        defer { if let steps { console.err(steps.report) } }
        if showsProgress, lastShown.increment() > 1 { console.err("\n") }
        var diagnostics = outcome.diagnostics
        if let placeholder = PlaceholderBaseURL.finding(root: options.root, options: options) {
            diagnostics = (diagnostics + [placeholder]).sortedForOutput()
        }
        // An output found to hold a file no build wrote once the build held
        // it: the command line names the wrong folder, as `validate` says.
        if let refusal = outcome.refusal {
            console.err("error: \(refusal)\n\(Self.usage)\nSee 'duosite \(Self.name) --help'.\n")
            return 64
        }
        DiagnosticWriter.writeText(diagnostics, to: console, sourceRoot: source.root(options.root, on: console))
        guard outcome.published else {
            let errors = outcome.diagnostics.filter { $0.severity == .error && $0.code.blocksBuild }.count
            console.err("error: nothing was published (\(errors) error\(errors == 1 ? "" : "s"), listed above)\n")
            return 1
        }
        if !quiet {
            let seconds = Date().timeIntervalSince(start)
            let where_ = options.output.path.hasPrefix(options.root.path + "/") ? String(options.output.path.dropFirst(options.root.path.count + 1)) : options.output.path
            // The time the build took, not the time it waited for another.
            let took = String(format: "%.2f", max(0, seconds - outcome.waited))
            let waited = outcome.waited > 0 ? ", after waiting \(String(format: "%.2f", outcome.waited)) s for another build" : ""
            console.out("Built \(outcome.pageCount) page\(outcome.pageCount == 1 ? "" : "s") in \(took) s into \(where_)/\(waited)\n")
        }
        return 0
    }
}
