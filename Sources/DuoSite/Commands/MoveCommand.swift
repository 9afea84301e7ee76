import Foundation

/// `duosite mv OLD NEW`: renames a page, keeping its old address as an
/// alias and every link to it working (`PageMove`).
struct MoveCommand: Subcommand {
    static let name = "mv"
    static let abstract = "Rename a page, keeping its old address and every link to it"
    /// The options it takes a value for, and its flags: what its usage lists.
    static let options: Set<String> = ["--root"]
    static let flags: Set<String> = ["--dry-run"]
    static let help = """
    Usage: duosite mv OLD NEW [--dry-run] [--root DIR]

    Renames the page OLD (a slug, or a page file's path from the current folder
    or the site root) to the slug NEW: its file becomes Content/patterns/NEW.md,
    its old address is added to its aliases: (so /patterns/OLD/ still leads to
    it), and every link to it in the other pages (OLD.md, OLD.md#rule-3,
    /patterns/OLD/) and every reference to its rules in placement.yml
    (OLD#rule-3) is written with its new name. No other byte of any file
    changes: comments, quoting and line endings stay as they are. Prints each
    change, file by line.

    Nothing is changed when NEW is not a slug, Content/patterns/NEW.md exists,
    NEW's address is another page's alias or let go in site.yml, a link cannot
    be rewritten where it stands, or a file cannot be written.

    Options:
      --dry-run          Print what would change, and change nothing
      -r, --root DIR     The site root (default: the nearest folder from here
                         upward with Content/site.yml)
      -h, --help         Show this help

    Exit status: 0 the page is renamed (or, with --dry-run, could be); 1 it is
    refused, and nothing changed; 64 the command line is wrong.

    """

    let page: String
    let newSlug: String
    let dryRun: Bool
    let root: URL
    let currentDirectory: URL

    init(arguments: [String], currentDirectory: URL) throws(UsageError) {
        let parsed = try Arguments(arguments, options: Self.options, flags: Self.flags)
        guard parsed.positionals.count == 2 else {
            throw UsageError(parsed.positionals.count < 2 ? "missing \(parsed.positionals.isEmpty ? "OLD and NEW" : "NEW"): the page, and its new slug"
                                                          : "too many arguments: duosite mv OLD NEW renames one page")
        }
        page = parsed.positionals[0]
        newSlug = parsed.positionals[1]
        dryRun = parsed.has("--dry-run")
        root = CommonOptions.root(parsed, currentDirectory: currentDirectory)
        self.currentDirectory = currentDirectory
    }

    func validate() throws(UsageError) {
        try CommonOptions.validateRoot(root)
    }

    func run(_ console: Console) -> Int32 {
        let from: String
        switch PageLocator(root: root, currentDirectory: currentDirectory).path(of: page) {
        case .failure(let refusal):
            console.err("error: \(refusal.reason)\nNothing was changed.\n")
            return 1
        case .success(let path):
            from = path
        }
        let move: PageMove
        switch PageMove.make(root: root, from: from, to: newSlug) {
        case .failure(let refusal):
            console.err(refusal.reason + "\nNothing was changed.\n")
            return 1
        case .success(let planned):
            move = planned
        }
        var report = "\(move.from) → \(move.to)\n"
        for edit in [move.page] + move.others {
            let path = edit.path == move.from ? move.to : edit.path
            for change in edit.changes {
                report += "\(path):\(change.line): \(change.before) → \(change.after)\n"
            }
        }
        if dryRun {
            console.out(report + "Nothing was changed (--dry-run).\n")
            return 0
        }
        do {
            try PageMoveWriter.write(move, root: root)
        } catch {
            console.err("error: \(error.reason)\nNothing was changed.\n")
            return 1
        }
        let links = move.others.reduce(0) { $0 + $1.changes.count } + move.page.changes.count - 1
        console.out(report + "Renamed; /patterns/\(move.oldSlug)/ now leads to /patterns/\(move.newSlug)/ (\(links) link\(links == 1 ? "" : "s") rewritten).\n")
        return 0
    }
}
