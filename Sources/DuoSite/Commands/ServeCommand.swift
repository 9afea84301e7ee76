import Foundation
import Synchronization

/// `duosite serve`: a live preview of the site, built in memory and
/// rebuilt on every change, until Ctrl-C or SIGTERM.
struct ServeCommand: Subcommand {
    static let name = "serve"
    static let abstract = "Preview the site in a browser, rebuilt as you save"
    /// The options it takes a value for, and its flags: what its usage lists.
    static let options: Set<String> = ["--root", "--host", "--port", "--today"]
    static let flags: Set<String> = ["--no-drafts", "--poll", "--drafts", "--source", "--no-source"]
    static let help = """
    Usage: duosite serve [--root DIR] [--host ADDR] [--port N]
                         [--drafts | --no-drafts] [--today DATE] [--poll]
                         [--source | --no-source]

    Builds the site in memory and serves it at http://127.0.0.1:4400/ (or the
    next free port), with drafts shown and marked. After every change under
    Content/, Theme/ or Static/ it rebuilds what the change touches and prints a
    summary line and the findings that the change brought or mended (all of them
    once, at the start), and the pages open in a browser reload. While the
    content has errors, every page shows them over the last good version.
    Nothing is written: Public/ and its cache stay as they are. Ctrl-C stops it.

    Options:
      -r, --root DIR     The site root (default: the nearest folder from here
                         upward with Content/site.yml)
      -i, --host ADDR    The address to listen on (default: 127.0.0.1; another
                         lets other machines read the preview)
      -p, --port N       The port (default: 4400, or the next free one; 0: any
                         free one)
      -D, --drafts       Show drafts, marked (the default)
      --no-drafts        Leave drafts out, as duosite build does
      --today DATE       The date for stale notices, YYYY-MM-DD (default: today,
                         UTC)
      --poll             Look for changes every half second instead of asking
                         the system (for folders on network or virtual file
                         systems)
      --source           Show each finding's source line and a caret under its
                         column (the default on a terminal)
      --no-source        One line per finding, as tools read them (the default
                         when standard error is not a terminal)
      -h, --help         Show this help

    Exit status: 0 stopped by Ctrl-C or SIGTERM; 1 the server could not start
    (the port is taken); 64 the command line is wrong.

    """

    let options: BuildOptions
    let host: String
    let port: Int?
    let poll: Bool
    /// Whether findings show their source lines.
    let source: SourceDisplay

    init(arguments: [String], currentDirectory: URL) throws(UsageError) {
        let parsed = try Arguments(arguments, options: Self.options, flags: Self.flags)
        if let extra = parsed.positionals.first { throw UsageError("unexpected argument '\(extra)'") }
        // --drafts (Hugo's -D) asks for what the preview does anyway.
        if parsed.has("--drafts"), parsed.has("--no-drafts") { throw UsageError("--drafts and --no-drafts ask for opposite things; give one") }
        let root = CommonOptions.root(parsed, currentDirectory: currentDirectory)
        options = BuildOptions(root: root, output: root.appendingPathComponent("Public"), drafts: !parsed.has("--no-drafts"), today: try CommonOptions.today(parsed))
        let host = parsed["--host"] ?? "127.0.0.1"
        self.host = host == "localhost" ? "127.0.0.1" : host
        guard Self.isAddress(self.host) else {
            throw UsageError("--host should be an IP address of this machine, like 127.0.0.1 or ::1, not '\(host)'")
        }
        if let text = parsed["--port"] {
            guard let port = Int(text), (0...65535).contains(port) else {
                throw UsageError("--port should be a number from 0 to 65535 (0: any free port), not '\(text)'")
            }
            self.port = port
        } else {
            port = nil
        }
        poll = parsed.has("--poll")
        source = try SourceDisplay(parsed)
    }

    func validate() throws(UsageError) {
        try CommonOptions.validateRoot(options.root)
    }

    func run(_ console: Console) -> Int32 {
        // Ctrl-C and SIGTERM wait for sigwait below: blocked in this thread
        // before any other starts, so that every thread inherits the block.
        var signals = sigset_t()
        sigemptyset(&signals)
        sigaddset(&signals, SIGINT)
        sigaddset(&signals, SIGTERM)
        pthread_sigmask(SIG_BLOCK, &signals, nil)

        // A thread of its own waits for them from the start: one during the
        // start (reading the site, watching its folders) ends the process
        // at once, as nothing is written yet; one after it stops the
        // session, its connections closed, below.
        let signalled = DispatchSemaphore(value: 0)
        let phase = Mutex(ServePhase.starting)
        let blocked = signals
        let waiter = Thread {
            var waited = blocked
            var received: Int32 = 0
            sigwait(&waited, &received)
            let starting = phase.withLock { current in
                defer { current = .stopping }
                return current == .starting
            }
            if starting {
                console.out("Stopped.\n")
                exit(0)
            }
            signalled.signal()
        }
        waiter.name = "duosite signals"
        waiter.start()

        if !["127.0.0.1", "::1"].contains(host) {
            console.err("warning: serving on \(host): other machines that can reach this one can read the preview, drafts included\n")
        }
        let session: PreviewSession
        do {
            session = try PreviewSession(options: options, host: host, port: port, poll: poll, console: console, sourceRoot: source.root(options.root, on: console))
        } catch {
            switch error {
            case .portInUse(let port): console.err("error: port \(port) is in use; choose another with --port, or --port 0 for any free one\n")
            case .noFreePort: console.err("error: no port from 4400 to 4499 is free; choose one with --port\n")
            case .other(let reason): console.err("error: cannot serve on \(host): \(reason)\n")
            }
            return 1
        }
        if session.isPolling && !poll {
            console.err("warning: the system cannot watch these folders for changes (no inotify, or no watches left); looking every half second instead\n")
        }
        let started = phase.withLock { current in
            defer { if current == .starting { current = .serving } }
            return current == .starting
        }
        // A signal that came as the start ended exits on its own thread.
        guard started else { while true { pause() } }
        console.out("Serving \(session.address)\n")
        signalled.wait()
        session.stop()
        console.out("Stopped.\n")
        return 0
    }

    /// Whether `text` is an IPv4 or IPv6 address.
    static func isAddress(_ text: String) -> Bool {
        var v4 = in_addr(), v6 = in6_addr()
        return inet_pton(AF_INET, text, &v4) == 1 || inet_pton(AF_INET6, text, &v6) == 1
    }
}

/// Where `duosite serve` is when a signal comes.
private enum ServePhase: Sendable, Equatable {
    case starting, serving, stopping
}
