import Foundation

/// `duosite lsp`: the Language Server Protocol over standard input and
/// output, for the site's content in any editor.
struct LSPCommand: Subcommand {
    static let name = "lsp"
    static let abstract = "Give editors the checks, the engine and the sources as you type (LSP)"
    /// The options it takes a value for, and its flags: what its usage lists.
    static let options: Set<String> = ["--root", "--today"]
    static let flags: Set<String> = ["--stdio"]
    static let help = """
    Usage: duosite lsp [--root DIR] [--today DATE] [--stdio]

    Speaks the Language Server Protocol 3.17 over standard input and output, for
    an editor to start: the findings of duosite check on every open page as you
    type; each page's outline (sections, rules, demos, questions); go to
    definition from a cross-reference, a source id or a device id; hover on a
    source, a moment of a talk, a cross-reference, a demo item (where the
    placement engine puts it) and last_checked; completion of source ids, page
    files and anchors, devices, symbols, item kinds and ids, front matter keys
    and status values. Open pages' unsaved text wins over their files; the rest
    of the site is read from disk and followed as it changes. Standard output
    carries the protocol only; anything else goes to standard error. How to use
    it from VS Code, Neovim and Helix: docs/editors.md.

    Options:
      -r, --root DIR     The site root (default: the nearest folder with
                         Content/site.yml from the editor's workspace folder
                         upward, else from the current folder)
      --today DATE       The date findings are reckoned from, YYYY-MM-DD
                         (default: today, UTC)
      --stdio            Speak over standard input and output (what it always
                         does; editors often ask for it)
      -h, --help         Show this help

    Exit status: 0 after the client's shutdown and exit; 1 when the input ends,
    or exit comes, without shutdown; 64 the command line is wrong.

    """

    let root: URL?
    let today: Day
    let currentDirectory: URL

    init(arguments: [String], currentDirectory: URL) throws(UsageError) {
        // Editors often start servers with --stdio: it is the only transport.
        let parsed = try Arguments(arguments, options: Self.options, flags: Self.flags)
        if let extra = parsed.positionals.first { throw UsageError("unexpected argument '\(extra)'") }
        root = parsed["--root"].map { SiteRoot.resolve($0, in: currentDirectory) }
        today = try CommonOptions.today(parsed)
        self.currentDirectory = currentDirectory
    }

    func validate() throws(UsageError) {
        if let root { try CommonOptions.validateRoot(root) }
    }

    func run(_ console: Console) -> Int32 {
        // The protocol gets standard output's descriptor to itself; anything
        // else written to standard output goes to standard error instead.
        let output = dup(STDOUT_FILENO)
        guard output >= 0 else {
            console.err("error: cannot use standard output: \(String(cString: strerror(errno)))\n")
            return 1
        }
        dup2(STDERR_FILENO, STDOUT_FILENO)
        // A client that goes away is an end of input, not a signal.
        signal(SIGPIPE, SIG_IGN)
        let server = LanguageServer(root: root, currentDirectory: currentDirectory, today: today)
        return LanguageSession(server: server, input: STDIN_FILENO, output: output).run()
    }
}
