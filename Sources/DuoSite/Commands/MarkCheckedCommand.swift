import Foundation

/// `duosite mark-checked PAGE…`: records that an editor has checked pages
/// against their sources, by setting their `last_checked:` date.
struct MarkCheckedCommand: Subcommand {
    static let name = "mark-checked"
    static let abstract = "Record that pages were checked against their sources today"
    /// The options it takes a value for, and its flags: what its usage lists.
    static let options: Set<String> = ["--date", "--root", "--today"]
    static let flags: Set<String> = []
    static let help = """
    Usage: duosite mark-checked PAGE... [--date DATE] [--root DIR]
                                [--today DATE]

    Sets each page's last_checked: to DATE (default: today), changing no other
    byte of its file: comments, quotes, key order and line endings stay as they
    are. A page with no last_checked: gets the line at the end of its front
    matter. Prints, for each page, the old date, the new one and when the page
    is next due. A PAGE is a slug (where-the-bars-go) or a page file's path,
    from the current folder or from the site root.

    Each file is replaced whole, in one rename, keeping its permissions. When
    any page cannot be marked (it does not exist, or its front matter cannot be
    read), nothing is changed.

    Options:
      --date DATE        The day the pages were checked, YYYY-MM-DD, not after
                         today (default: today)
      -r, --root DIR     The site root (default: the nearest folder from here
                         upward with Content/site.yml)
      --today DATE       Today, YYYY-MM-DD (default: the machine's date, UTC)
      -h, --help         Show this help

    Exit status: 0 every page is marked; 1 none is (a page is refused); 64 the
    command line is wrong (DATE is not a date, or is after today).

    """

    let pages: [String]
    /// The day the pages were checked: `--date`, else today.
    let day: Day
    let root: URL
    let today: Day
    let currentDirectory: URL

    init(arguments: [String], currentDirectory: URL) throws(UsageError) {
        let parsed = try Arguments(arguments, options: Self.options, flags: Self.flags)
        guard !parsed.positionals.isEmpty else { throw UsageError("missing PAGE: a page's slug or file") }
        pages = parsed.positionals
        root = CommonOptions.root(parsed, currentDirectory: currentDirectory)
        today = try CommonOptions.today(parsed)
        self.currentDirectory = currentDirectory
        // A date that cannot be read, or after today, is a wrong command line.
        guard let date = parsed["--date"] else {
            day = today
            return
        }
        guard let day = Day(date) else {
            let meant = Day.meant(by: date).map { "; did you mean '\($0)'?" } ?? ""
            throw UsageError("--date should be a date written YYYY-MM-DD, not '\(date)'\(meant)")
        }
        guard day <= today else {
            throw UsageError("--date \(day) is after today (\(today)); a page is marked checked on the day it was checked")
        }
        self.day = day
    }

    func validate() throws(UsageError) {
        try CommonOptions.validateRoot(root)
    }

    func run(_ console: Console) -> Int32 {
        let (settings, found) = SiteSettings.forEditing(root: root)
        guard let settings else {
            DiagnosticWriter.writeText(found.sortedForOutput(), to: console)
            console.err("Nothing was changed.\n")
            return 1
        }

        // Every page's edit made first: one refusal, and no file changes.
        var edits: [(path: String, edit: LastCheckedEdit)] = []
        var refusals: [String] = []
        for page in pages {
            let path: String
            switch PageLocator(root: root, currentDirectory: currentDirectory).path(of: page) {
            case .failure(let refusal):
                refusals.append("error: \(refusal.reason)")
                continue
            case .success(let found):
                path = found
            }
            if edits.contains(where: { $0.path == path }) { continue }
            guard let raw = FileManager.default.contents(atPath: root.appendingPathComponent(path).path) else {
                refusals.append("\(SourceLocation(file: path)): error: the file cannot be read")
                continue
            }
            switch LastCheckedEdit.make([UInt8](raw), path: path, date: day) {
            case .failure(let diagnostic):
                refusals.append(diagnostic.formatted)
            case .success(let edit):
                edits.append((path, edit))
            }
        }
        guard refusals.isEmpty else {
            console.err(refusals.joined(separator: "\n") + "\nNothing was changed.\n")
            return 1
        }

        var report = ""
        for (path, edit) in edits {
            if edit.changesFile {
                do {
                    try PageFileWriter.replace(edit.bytes, at: root.appendingPathComponent(path))
                } catch {
                    console.out(report)
                    console.err("error: \(path): \(error.reason)\n")
                    return 1
                }
            }
            let due = (edit.reviewEvery ?? settings.reviewEvery).after(day)
            report += "\(path): last checked \(edit.previous ?? "never") → \(day); next due \(due)\n"
        }
        console.out(report)
        return 0
    }
}
