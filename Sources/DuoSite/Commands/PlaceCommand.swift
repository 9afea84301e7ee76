import Foundation

/// `duosite place FILE`: runs the placement engine on a page's demos.
struct PlaceCommand: Subcommand {
    static let name = "place"
    static let abstract = "Show where iPhone Duo puts each bar item of a demo, and why"
    static let help = """
    Usage: duosite place FILE [--root DIR] [--device ID] [--format text|json]

    Runs the placement engine on every demo block of a pattern page (or on a
    bare demo YAML file) and prints, for each state, where each item goes, in
    what form, by which rule, and the advice.

    Options:
      --root DIR       The site root (default: the current folder)
      --device ID      Lay the demos out on this device instead of their own
      --format FORMAT  text (default: the screen drawn in the terminal) or json
      --help           Show this help

    Exit status: 0 success; 1 the file or the table has errors; 64 the command
    line is wrong.

    """

    let file: String
    let root: URL
    let device: String?
    let format: String
    let currentDirectory: URL

    init(arguments: [String], currentDirectory: URL) throws(UsageError) {
        let parsed = try Arguments(arguments, options: ["--root", "--device", "--format"], flags: [])
        guard let file = parsed.positionals.first else { throw UsageError("missing FILE: a pattern page or a demo YAML file") }
        if parsed.positionals.count > 1 { throw UsageError("unexpected argument '\(parsed.positionals[1])'") }
        self.file = file
        root = CommonOptions.root(parsed, currentDirectory: currentDirectory)
        device = parsed["--device"]
        format = parsed["--format"] ?? "text"
        self.currentDirectory = currentDirectory
        guard ["text", "json"].contains(format) else { throw UsageError("--format should be text or json, not '\(format)'") }
    }

    func validate() throws(UsageError) {
        try CommonOptions.validateRoot(root)
    }

    func run(_ console: Console) -> Int32 {
        console.err("error: the placement engine is not built yet\n")
        return 1
    }
}
