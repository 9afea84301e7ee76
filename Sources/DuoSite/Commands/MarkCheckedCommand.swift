import Diagnostics
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

    Each file is replaced whole, in one rename, keeping its permissions and
    group, once it is read again and found unchanged. A page that is a link to a
    file inside the site has that file changed. When any page cannot be marked
    (it does not exist, is read-only or a link outside the site, its front
    matter cannot be read, or it changed while being marked), nothing is
    changed.

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
        var edits: [(path: String, edit: LastCheckedEdit, file: PageFileWriter.Original)] = []
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
            // The real file, checked writable, read once under its lease: what the edit is made from.
            let file: PageFileWriter.Original
            do {
                file = try PageFileWriter.writableFile(at: root.appendingPathComponent(path), root: root)
            } catch {
                refusals.append("\(SourceLocation(file: path)): error: \(error.reason)")
                continue
            }
            if edits.contains(where: { $0.file.target == file.target }) { continue }
            switch LastCheckedEdit.make(file.bytes, path: path, date: day) {
            case .failure(let diagnostic):
                refusals.append(diagnostic.formatted)
            case .success(let edit):
                edits.append((path, edit, file))
            }
        }
        guard refusals.isEmpty else {
            console.err(refusals.joined(separator: "\n") + "\nNothing was changed.\n")
            return 1
        }

        // Every draft written before any file is replaced; then each file,
        // read again just before its rename, replaced only as it was read.
        // A failure puts back the files replaced already: all or nothing.
        do {
            try PageFileWriter.replaceAll(edits.filter(\.edit.changesFile).map { ($0.file, $0.edit.bytes) }, while: "marking")
        } catch {
            console.err("error: \(error.reason)\nNothing was changed.\n")
            return 1
        }
        var report = ""
        for (path, edit, _) in edits {
            let due = (edit.reviewEvery ?? settings.reviewEvery).after(day)
            report += "\(path): last checked \(edit.previous ?? "never") → \(day); next due \(due)\n"
        }
        console.out(report)
        return 0
    }
}
