import Diagnostics
import Foundation
import Watching

/// A running language server: a thread reading messages from the input,
/// the loop that answers them one at a time in order (on the thread that
/// calls `run`), the diagnostics published a quiet moment after the last
/// change, every file's a pause later (made on a thread of their own, of a
/// copy of the site, while the loop answers), and a watcher on the site's
/// folders. Reading never holds the
/// process up: `exit` ends the loop however the reading thread waits.
final class LanguageSession: @unchecked Sendable {
    // Safe to send: `incoming`, `cancelled`, `changes` and `lastChange`
    // are read and changed under `condition`'s lock; `server`, `watcher`
    // and `checkingSite` are used by the loop's thread alone.
    private var server: LanguageServer
    private let input: Int32
    private let writer: MessageWriter
    private let condition = NSCondition()
    private var incoming: [Incoming] = []
    /// The ids of requests waiting in `incoming` that the client cancelled.
    private var cancelled: Set<JSONValue> = []
    private var changes: Set<FolderChange> = []
    private var lastChange = Date.distantPast
    /// When the last message came: the whole site's diagnostics wait for a
    /// pause in the messages, not only in the changes.
    private var lastMessage = Date.distantPast
    private var watcher: FolderWatcher?
    /// Whether to watch the site's folders (tests may rely on the client's
    /// notifications alone).
    private let watches: Bool

    /// How long after the last change the open documents' diagnostics are
    /// made and sent.
    static let quietMoment: TimeInterval = 0.005
    /// How long after the last change the whole site's are: a pause in the
    /// typing, so that keystrokes wait for no work on other files.
    static let siteQuietMoment: TimeInterval = 0.3

    /// What the reading thread hands the loop.
    private enum Incoming {
        case message(JSONValue)
        /// A header with no length to go by.
        case badHeader
        /// A body that is not JSON.
        case notJSON
        case end
        /// Every file's findings, made on another thread, of the site's generation.
        case siteFindings(Int, [String: [Diagnostic]])
    }

    /// Whether every file's findings are being made on another thread.
    private var checkingSite = false

    /// A session of `server`, reading from `input` and writing to `output`
    /// (descriptors; `output` is closed with the session).
    init(server: LanguageServer, input: Int32, output: Int32, watches: Bool = true) {
        self.server = server
        self.input = input
        writer = MessageWriter(descriptor: output)
        self.watches = watches
    }

    /// Answers messages until `exit` or the end of the input; returns the
    /// exit status (0 after `shutdown`, 1 otherwise).
    func run() -> Int32 {
        let reader = Thread { [self] in read() }
        reader.name = "duosite lsp input"
        reader.start()
        defer { watcher?.stop() }
        while true {
            condition.lock()
            while incoming.isEmpty, changes.isEmpty {
                let due: Date? = server.diagnosticsDue ? lastChange.addingTimeInterval(Self.quietMoment)
                    : server.siteDiagnosticsDue && !checkingSite ? max(lastChange, lastMessage).addingTimeInterval(Self.siteQuietMoment) : nil
                if let due {
                    if Date() >= due || !condition.wait(until: due) { break }
                } else {
                    condition.wait()
                }
            }
            let next = incoming.isEmpty ? nil : incoming.removeFirst()
            var isCancelled = false
            if case .message(let message)? = next, let id = LanguageServer.id(of: message), cancelled.remove(id) != nil {
                isCancelled = true
            }
            let changed = changes
            changes = []
            condition.unlock()

            if !changed.isEmpty {
                server.filesChanged(changed)
                noteChange()
            }
            switch next {
            case nil:
                if changed.isEmpty, server.diagnosticsDue {
                    for message in server.publishDiagnostics() { writer.send(message) }
                } else if changed.isEmpty, server.siteDiagnosticsDue, !checkingSite {
                    // Made on another thread, of a copy of the site: the loop answers meanwhile.
                    if let site = server.siteToCheck() {
                        checkingSite = true
                        let thread = Thread { [self] in
                            var site = site
                            let found = site.findingsByFile()
                            hand([.siteFindings(site.generation, found)], cancelling: [])
                        }
                        thread.name = "duosite lsp site check"
                        thread.start()
                    } else {
                        for message in server.askAgain() { writer.send(message) }
                    }
                }
            case .siteFindings(let generation, let found)?:
                checkingSite = false
                for message in server.publishSiteDiagnostics(found, of: generation) { writer.send(message) }
            case .end?:
                return server.exitStatus ?? 1
            case .badHeader?:
                writer.send(LanguageServer.error(id: .null, .parseError, "the message's header has no Content-Length"))
            case .notJSON?:
                writer.send(LanguageServer.error(id: .null, .parseError, "the message is not JSON"))
            case .message(let message)?:
                noteMessage()
                if isCancelled, let id = LanguageServer.id(of: message) {
                    writer.send(LanguageServer.error(id: id, .requestCancelled, "the request was cancelled"))
                    continue
                }
                let hadRoot = server.root != nil
                for answer in server.receive(message) { writer.send(answer) }
                if let status = server.exitStatus { return status }
                if server.diagnosticsDue || server.siteDiagnosticsDue { noteChange() }
                if !hadRoot, let root = server.root, watches { watch(root) }
            }
        }
    }

    private func noteMessage() {
        condition.lock()
        lastMessage = Date()
        condition.unlock()
    }

    private func noteChange() {
        condition.lock()
        lastChange = Date()
        condition.unlock()
    }

    /// Watches the site's folders for changes made on disk.
    private func watch(_ root: URL) {
        watcher = FolderWatcher(root: root, folders: [Site.Paths.content, Site.Paths.theme]) { [weak self] found in
            guard let self else { return }
            condition.lock()
            changes.formUnion(found)
            condition.broadcast()
            condition.unlock()
        }
    }

    /// The reading thread: messages framed on the input, handed to the
    /// loop as they come, those of one read together; a cancellation marks
    /// the request it names while it waits (one read with both: before the
    /// loop sees it).
    private func read() {
        var framing = MessageFraming()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Foundation.read(input, $0.baseAddress!, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                hand([.end], cancelling: [])
                return
            }
            framing.append(buffer[..<count])
            var items: [Incoming] = []
            var cancels: [JSONValue] = []
            while let item = framing.next() {
                switch item {
                case .badHeader:
                    items.append(.badHeader)
                case .message(let bytes):
                    guard let message = JSONValue.parse(bytes) else {
                        items.append(.notJSON)
                        continue
                    }
                    if message["method"]?.string == "$/cancelRequest", let id = LanguageServer.id(of: message["params"] ?? .null) {
                        cancels.append(id)
                    } else {
                        items.append(.message(message))
                    }
                }
            }
            hand(items, cancelling: cancels)
        }
    }

    /// Hands `items` to the loop, and marks the requests of `ids` that still wait.
    private func hand(_ items: [Incoming], cancelling ids: [JSONValue]) {
        guard !items.isEmpty || !ids.isEmpty else { return }
        condition.lock()
        incoming += items
        for id in ids {
            let waiting = incoming.contains { if case .message(let message) = $0 { return LanguageServer.id(of: message) == id } else { return false } }
            if waiting { cancelled.insert(id) }
        }
        condition.broadcast()
        condition.unlock()
    }
}
