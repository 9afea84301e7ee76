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
    /// Reads the arguments after the subcommand's name.
    init(arguments: [String], currentDirectory: URL) throws(UsageError)
    /// Checks what parsing alone could not.
    func validate() throws(UsageError)
    /// Does the work; returns the exit status.
    func run(_ console: Console) -> Int32
}

extension Subcommand {
    func validate() throws(UsageError) {}
}

/// Options several subcommands share.
enum CommonOptions {
    /// The site root: `--root`, else the current folder.
    static func root(_ arguments: Arguments, currentDirectory: URL) -> URL {
        guard let path = arguments["--root"] else { return currentDirectory }
        return resolve(path, in: currentDirectory)
    }

    /// A path from the command line, absolute or relative to the current folder.
    static func resolve(_ path: String, in currentDirectory: URL) -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : currentDirectory.appendingPathComponent(path)
        return url.standardizedFileURL
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
