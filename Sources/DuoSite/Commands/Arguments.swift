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
/// `--name VALUE`, `--name=VALUE`, flags, and positional arguments.
struct Arguments {
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
                if let suggestion = Suggestion.nearest(to: name, in: options.union(allowedFlags).sorted()) {
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
