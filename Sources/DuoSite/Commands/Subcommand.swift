import Foundation

/// One subcommand of `duosite`: parsed from its arguments, validated, then
/// run, as swift-argument-parser's commands are.
protocol Subcommand {
    /// The subcommand's name.
    static var name: String { get }
    /// One line on what it does, for `duosite --help`.
    static var abstract: String { get }
    /// Its usage line and options, for `duosite NAME --help`.
    static var help: String { get }
    /// The options it takes a value for (`--root`), which its usage lists.
    static var options: Set<String> { get }
    /// Its flags (`--drafts`), which its usage lists.
    static var flags: Set<String> { get }
    /// Reads the arguments after the subcommand's name.
    init(arguments: [String], currentDirectory: URL) throws(UsageError)
    /// Checks what parsing alone could not.
    func validate() throws(UsageError)
    /// Does the work; returns the exit status.
    func run(_ console: Console) -> Int32
}

extension Subcommand {
    func validate() throws(UsageError) {}

    /// The usage of its help, every line of it (every option), as a wrong
    /// command line prints it.
    static var usage: String {
        help.components(separatedBy: "\n\n").first ?? help
    }
}

/// Whether findings in text are followed by their source line and a caret:
/// on a terminal (`auto`), or as `--source` and `--no-source` say.
enum SourceDisplay: Sendable {
    case auto, always, never

    /// What `--source` and `--no-source` ask for.
    init(_ arguments: Arguments) throws(UsageError) {
        switch (arguments.has("--source"), arguments.has("--no-source")) {
        case (true, true): throw UsageError("--source and --no-source ask for opposite things; give one")
        case (true, false): self = .always
        case (false, true): self = .never
        case (false, false): self = .auto
        }
    }

    /// The site root to read source lines from when they are shown on `console`.
    func root(_ root: URL, on console: Console) -> URL? {
        switch self {
        case .always: root
        case .never: nil
        case .auto: console.isTerminal ? root : nil
        }
    }
}

/// Options several subcommands share.
enum CommonOptions {
    /// The site root: `--root`, else the nearest folder from the current
    /// one upward that holds `Content/site.yml`, as git finds its
    /// repository, else the current folder (whose findings say there is
    /// no site there).
    static func root(_ arguments: Arguments, currentDirectory: URL) -> URL {
        guard let path = arguments["--root"] else { return SiteRoot.nearest(from: currentDirectory) ?? currentDirectory }
        return SiteRoot.resolve(path, in: currentDirectory)
    }

    /// The day for `--today`, else the machine's date in UTC.
    static func today(_ arguments: Arguments) throws(UsageError) -> Day {
        guard let text = arguments["--today"] else {
            return Day.todayUTC(secondsSince1970: Date().timeIntervalSince1970)
        }
        guard let day = Day(text) else {
            throw UsageError("--today should be a date written YYYY-MM-DD, not '\(text)'" + (Day.meant(by: text).map { "; did you mean '\($0)'?" } ?? ""))
        }
        return day
    }

    /// Checks that the site root is a folder.
    static func validateRoot(_ root: URL) throws(UsageError) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError("--root: no folder at \(root.path)")
        }
    }
}
