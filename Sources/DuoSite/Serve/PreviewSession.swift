import Diagnostics
import Foundation
import HTTP
import Watching

/// A running preview: the site built in memory, an HTTP server answering
/// from it, a watcher on `Content/`, `Theme/` and `Static/`, and the loop
/// that rebuilds after each change — gathered over a quiet moment, one
/// rebuild at a time, at most one waiting — then swaps the new site in
/// whole and only then tells the browsers. `duosite serve` runs one until
/// it is stopped; tests run one on port 0.
final class PreviewSession: @unchecked Sendable {
    // Safe to send: `pending`, `lastChange` and `stopped` are read and
    // changed under `condition`'s lock; `site` is used by the rebuild
    // thread alone after init; the rest is set once.
    /// The port the server listens on.
    let port: Int
    /// The address a person opens.
    let address: String
    private let responder: PreviewResponder
    private var server: HTTPServer?
    private var watcher: FolderWatcher?
    private var site: PreviewSite
    private let console: Console
    private let condition = NSCondition()
    private var pending: Set<FolderChange> = []
    private var lastChange = Date.distantPast
    private var stopped = false
    private var loop: Thread?
    /// Whether the preview polls, asked to or not (told once when it starts to).
    private var polled: Bool
    /// The findings last printed, which the next rebuild's are told apart
    /// from (set in init, then by the rebuild thread alone).
    private var reported: [Diagnostic] = []
    /// Where findings' source lines are read from, when they are shown.
    private let sourceRoot: URL?

    /// How long changes are gathered after the last one before a rebuild.
    static let quietMoment: TimeInterval = 0.015

    /// Why a preview could not start.
    enum StartFailure: Error, Equatable {
        /// The port asked for is taken.
        case portInUse(Int)
        /// No port from 4400 to 4499 is free.
        case noFreePort
        /// Any other reason, in words.
        case other(String)
    }

    /// Builds the site at `options.root` in memory, prints its findings and
    /// a summary to `console`, and serves it on `host` and `port` (nil: 4400
    /// or the next free one; 0: any free one).
    init(options: BuildOptions, host: String, port: Int?, poll: Bool, console: Console, sourceRoot: URL? = nil) throws(StartFailure) {
        self.console = console
        self.sourceRoot = sourceRoot
        polled = poll
        let start = Date()
        site = PreviewSite(options: options)
        reported = Self.report(site.current, took: Date().timeIntervalSince(start), build: nil, previous: nil, console: console, sourceRoot: sourceRoot)

        let listener = try Self.listen(host: host, port: port)
        self.port = listener.port
        address = "http://\(host.contains(":") ? "[\(host)]" : host):\(listener.port)/"
        let responder = PreviewResponder(root: options.root, hosts: HostCheck(host: host, port: listener.port), live: LiveReload(), snapshot: site.snapshot)
        self.responder = responder
        do {
            server = try HTTPServer(listener) { responder.respond($0) }
        } catch {
            throw .other(error.reason)
        }
        watcher = FolderWatcher(root: options.root, folders: [Site.Paths.content, Site.Paths.theme, Site.Paths.staticFiles], poll: poll) { [weak self] changes in
            self?.note(changes)
        }
        let loop = Thread { [weak self] in self?.rebuildLoop() }
        loop.name = "duosite rebuilds"
        self.loop = loop
        loop.start()
    }

    /// A socket listening on `host` and `port`, or on the first free port
    /// from 4400 when `port` is nil.
    private static func listen(host: String, port: Int?) throws(StartFailure) -> HTTPListener {
        for candidate in port.map({ [$0] }) ?? Array(4400..<4500) {
            do {
                return try HTTPListener(host: host, port: candidate)
            } catch {
                switch error {
                case .portInUse where port == nil: continue
                case .portInUse: throw .portInUse(candidate)
                case .other(let reason): throw .other(reason)
                }
            }
        }
        throw .noFreePort
    }

    /// Whether the watcher polls (no inotify, or `--poll`).
    var isPolling: Bool { watcher?.isPolling ?? false }

    /// How many browsers listen for reloads.
    var listeners: Int { responder.live.listeners }

    /// The build being served.
    var build: Int { responder.snapshot.withLock { $0.build } }

    /// Stops watching and rebuilding, ends every live-reload stream, and
    /// stops the server (its connections closed): within a second.
    func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
        watcher?.stop()
        while loop?.isFinished == false { usleep(2_000) }
        responder.live.closeAll()
        server?.stop()
        server = nil
    }

    /// Changes seen by the watcher, for the rebuild loop.
    private func note(_ changes: [FolderChange]) {
        condition.lock()
        pending.formUnion(changes)
        lastChange = Date()
        condition.broadcast()
        condition.unlock()
    }

    private func rebuildLoop() {
        while true {
            condition.lock()
            while pending.isEmpty, !stopped { condition.wait() }
            // A quiet moment: more changes of the same save join this rebuild.
            while !stopped, Date().timeIntervalSince(lastChange) < Self.quietMoment {
                _ = condition.wait(until: lastChange.addingTimeInterval(Self.quietMoment))
            }
            if stopped {
                condition.unlock()
                return
            }
            let changes = pending
            pending = []
            condition.unlock()

            let start = Date()
            guard let outcome = site.apply(changes) else { continue }
            let snapshot = site.snapshot
            responder.snapshot.withLock { $0 = snapshot }
            responder.live.announce(build: snapshot.build, changed: outcome.changed)
            reported = Self.report(outcome, took: Date().timeIntervalSince(start), build: snapshot.build, previous: reported, console: console, sourceRoot: sourceRoot)
            if !polled, watcher?.isPolling == true {
                polled = true
                console.err("warning: the system has no more watches for these folders; looking every half second instead\n")
            }
        }
    }

    /// Prints a build's one-line summary and its findings: every one after
    /// the first build; after a rebuild, only those it brought and those it
    /// mended (`previous` are the findings printed before), so that a save
    /// on a site of ten thousand pages prints what it changed, not every
    /// stale page again. Returns the findings, for the next.
    private static func report(_ outcome: PreviewSite.Rebuild, took: TimeInterval, build: Int?, previous: [Diagnostic]?, console: Console, sourceRoot: URL?) -> [Diagnostic] {
        let changes = previous.map { FindingChanges(from: $0, to: outcome.findings) }
        if let changes {
            DiagnosticWriter.writeText(changes.appeared, to: console, sourceRoot: sourceRoot)
            if !changes.gone.isEmpty {
                console.err(changes.gone.map { "mended: " + $0.formatted }.joined(separator: "\n") + "\n")
            }
        } else {
            DiagnosticWriter.writeText(outcome.findings, to: console, sourceRoot: sourceRoot)
        }
        let errors = outcome.findings.filter { $0.severity == .error }.count
        let warnings = outcome.findings.filter { $0.severity == .warning }.count
        let blocked = outcome.findings.contains { $0.code.blocksBuild && $0.severity == .error }
        let milliseconds = Int((took * 1000).rounded())
        let what = build.map { "Rebuilt (build \($0)) in \(milliseconds) ms" } ?? "Built \(outcome.pages) page\(outcome.pages == 1 ? "" : "s") in memory in \(milliseconds) ms"
        var line = "\(what): \(errors) error\(errors == 1 ? "" : "s"), \(warnings) warning\(warnings == 1 ? "" : "s")"
        if let changes {
            line += changes.isEmpty ? " (no finding came or went)" : " (\(changes.appeared.count) new, \(changes.gone.count) mended)"
        }
        if blocked { line += "; serving the site as it was before, with the errors on every page" }
        if let changed = outcome.changed, build != nil {
            line += changed.isEmpty ? "; no page changed" : "; changed: " + changed.prefix(5).joined(separator: " ") + (changed.count > 5 ? " …" : "")
        }
        console.out(line + "\n")
        return outcome.findings
    }
}
