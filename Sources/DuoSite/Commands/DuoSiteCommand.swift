import Diagnostics
import Foundation

/// The `duosite` command: reads its arguments and runs a subcommand. The
/// executable's `main.swift` only calls `run`; tests call it the same way with
/// their own folder and console.
public enum DuoSiteCommand {
    static var subcommands: [any Subcommand.Type] { [BuildCommand.self, CheckCommand.self, PlaceCommand.self, NewCommand.self, MarkCheckedCommand.self, MoveCommand.self, ServeCommand.self, LSPCommand.self] }

    /// The overview `duosite --help` prints.
    static var overview: String {
        var text = """
        duosite \(DuoSiteVersion.number) — publishes DuoApps, design patterns for iPhone Duo.

        Usage: duosite COMMAND [OPTIONS]

        Commands:

        """
        for command in subcommands {
            text += "  " + command.name.padding(toLength: 14, withPad: " ", startingAt: 0) + command.abstract + "\n"
        }
        text += """

        Options:
          --help      Show help (also: duosite COMMAND --help)
          --version   Show the version

        Exit status: 0 success; 1 the content has errors; 64 the command line is wrong.

        """
        return text
    }

    /// Runs `duosite` with `arguments` (without the program name) in
    /// `currentDirectory`, writing to `console`; returns the exit status.
    public static func run(arguments: [String], currentDirectory: URL, console: Console) -> Int32 {
        guard let first = arguments.first else {
            console.err("error: missing command\nUsage: duosite COMMAND [OPTIONS]\nSee 'duosite --help'.\n")
            return 64
        }
        switch first {
        case "--help", "-h", "help":
            if first == "help", arguments.count > 1, let command = subcommands.first(where: { $0.name == arguments[1] }) {
                console.out(command.help)
            } else {
                console.out(overview)
            }
            return 0
        case "--version", "-V":
            console.out("duosite \(DuoSiteVersion.number)\n")
            return 0
        default:
            break
        }
        guard let command = subcommands.first(where: { $0.name == first }) else {
            var reason = "unknown command '\(first)'"
            if let suggestion = Suggestion.nearest(to: first, in: subcommands.map { $0.name }) {
                reason += "; did you mean '\(suggestion)'?"
            }
            console.err("error: \(reason)\nUsage: duosite COMMAND [OPTIONS]\nSee 'duosite --help'.\n")
            return 64
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            console.out(command.help)
            return 0
        }
        do {
            let instance = try command.init(arguments: rest, currentDirectory: currentDirectory)
            try instance.validate()
            return instance.run(console)
        } catch {
            console.err("error: \(error.reason)\n\(command.usage)\nSee 'duosite \(command.name) --help'.\n")
            return 64
        }
    }
}
