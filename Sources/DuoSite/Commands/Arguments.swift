import Diagnostics

/// A command line that is wrong: the reason, printed with the usage, and
/// exit status 64 (`EX_USAGE`).
public struct UsageError: Error, Sendable, Equatable {
    /// What is wrong, in one line.
    public var reason: String

    /// Creates a usage error.
    public init(_ reason: String) {
        self.reason = reason
    }
}

/// The arguments of one subcommand, read against the options it declares:
/// `--name VALUE`, `--name=VALUE`, flags, and positional arguments. The
/// common options have the short forms Hugo and Zola users type
/// (`shortForms`: `-r DIR`, `-o DIR`, `-p N`, `-D`); an option spelt as
/// Hugo or Zola spell theirs (`--buildDrafts`, `--bind`, `--baseURL`) is
/// named with duosite's own.
struct Arguments {
    /// Each short option and the option it stands for, where the command
    /// has that option: Zola's `-r`/`-o`/`-u`/`-i`/`-p` and Hugo's
    /// `-s`/`-d`/`-b`/`-p`/`-D`.
    static let shortForms: [String: String] = [
        "-r": "--root", "-s": "--root",
        "-o": "--output", "-d": "--output",
        "-b": "--base-url", "-u": "--base-url",
        "-p": "--port", "-i": "--host",
        "-D": "--drafts", "-q": "--quiet", "-f": "--format",
    ]

    /// Hugo's and Zola's names of options that duosite has under another,
    /// compared without case, `-` or `_`: what "did you mean" names.
    static let foreignSpellings: [String: String] = [
        "builddrafts": "--drafts", "draft": "--drafts",
        "bind": "--host", "interface": "--host",
        "destination": "--output", "outputdir": "--output", "out": "--output",
        "source": "--root", "contentdir": "--root", "baseurl": "--base-url",
    ]

    /// The option `name` stands for in Hugo's or Zola's spelling, or
    /// written with another case or `_` for `-`, if the command has it.
    static func foreignMeaning(of name: String, among known: Set<String>) -> String? {
        func plain(_ text: String) -> String { String(text.lowercased().filter { $0 != "-" && $0 != "_" }) }
        let key = plain(name)
        if let meant = known.first(where: { plain($0) == key }) { return meant }
        if let meant = foreignSpellings[key], known.contains(meant) { return meant }
        return nil
    }

    private(set) var values: [String: String] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// Reads `arguments`, accepting only the options and flags named.
    init(_ arguments: [String], options: Set<String>, flags allowedFlags: Set<String>) throws(UsageError) {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if let long = Self.shortForms[name], options.contains(long) || allowedFlags.contains(long) {
                name = long
            }
            if options.contains(name) {
                if let inlineValue {
                    values[name] = inlineValue
                } else if index < arguments.count {
                    values[name] = arguments[index]
                    index += 1
                } else {
                    throw UsageError("\(name) needs a value")
                }
            } else if allowedFlags.contains(name) {
                guard inlineValue == nil else { throw UsageError("\(name) takes no value") }
                flags.insert(name)
            } else {
                var reason = "unknown option '\(name)'"
                let known = options.union(allowedFlags)
                if let suggestion = Self.foreignMeaning(of: name, among: known) ?? Suggestion.nearest(to: name, in: known.sorted()) {
                    reason += "; did you mean '\(suggestion)'?"
                }
                throw UsageError(reason)
            }
        }
    }

    /// The value of an option.
    subscript(option: String) -> String? { values[option] }

    /// Whether a flag was given.
    func has(_ flag: String) -> Bool { flags.contains(flag) }
}
