import Foundation
@testable import DuoSite

/// An editor as the tests play it, talking to a `LanguageServer` message by
/// message (no streams): it opens and changes documents of a `TestSite`
/// and keeps the diagnostics the server publishes.
struct LanguageClient {
    var server: LanguageServer
    let site: TestSite
    private var nextID = 1
    /// The diagnostics last published, by URI.
    private(set) var diagnostics: [String: [JSONValue]] = [:]
    /// Every message the server sent, in order.
    private(set) var received: [JSONValue] = []

    /// A client of a server for `site`, initialized, offering `encodings`
    /// (none: the server counts in UTF-16), with the editor's workspace
    /// folder the site root, or the folder `opened` under it.
    init(site: TestSite, encodings: [String] = [], today: String = "2026-11-29", opened: String? = nil, capabilities: JSONValue = [:]) {
        self.site = site
        server = LanguageServer(root: nil, currentDirectory: URL(fileURLWithPath: "/"), today: Day(today)!)
        let general: JSONValue = ["positionEncodings": .array(encodings.map(JSONValue.string))]
        let workspace = opened.map { site.root.appendingPathComponent($0, isDirectory: true) } ?? site.root
        var offered = capabilities
        if case .object(var members) = offered {
            members["general"] = general
            offered = .object(members)
        }
        _ = request("initialize", ["capabilities": offered, "rootUri": .string(workspace.absoluteString)])
        notify("initialized", [:])
    }

    /// The URI of a file of the site.
    func uri(_ file: String) -> String {
        DocumentAddress(root: site.root).uri(of: file)
    }

    /// Sends a request and returns its response.
    mutating func request(_ method: String, _ params: JSONValue) -> JSONValue {
        let id = nextID
        nextID += 1
        let answers = server.receive(["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params])
        received += answers
        return answers.first { $0["id"]?.int == id } ?? .null
    }

    /// Sends a notification.
    mutating func notify(_ method: String, _ params: JSONValue) {
        received += server.receive(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// Opens `file` with `text` (default: its text on disk).
    mutating func open(_ file: String, _ text: String? = nil) throws {
        let text = try text ?? site.read(file)
        notify("textDocument/didOpen", ["textDocument": ["uri": .string(uri(file)), "languageId": "markdown", "version": 1, "text": .string(text)]])
    }

    /// Replaces the text of the open `file`.
    mutating func change(_ file: String, _ text: String, version: Int = 2) {
        notify("textDocument/didChange", ["textDocument": ["uri": .string(uri(file)), "version": .int(version)], "contentChanges": [["text": .string(text)]]])
    }

    /// Changes the open `file` by its `edits`, each a stretch (0-based
    /// lines and columns in the agreed units) and its new text, in order.
    mutating func edit(_ file: String, _ edits: [(from: (Int, Int), to: (Int, Int), text: String)], version: Int) {
        let changes: [JSONValue] = edits.map { edit in
            ["range": ["start": ["line": .int(edit.from.0), "character": .int(edit.from.1)], "end": ["line": .int(edit.to.0), "character": .int(edit.to.1)]], "text": .string(edit.text)]
        }
        notify("textDocument/didChange", ["textDocument": ["uri": .string(uri(file)), "version": .int(version)], "contentChanges": .array(changes)])
    }

    /// Closes `file`.
    mutating func close(_ file: String) {
        notify("textDocument/didClose", ["textDocument": ["uri": .string(uri(file))]])
    }

    /// Lets the quiet moment pass: the server publishes what changed.
    @discardableResult
    mutating func settle() -> [JSONValue] {
        let published = server.publishDiagnostics()
        received += published
        for message in published {
            if let uri = message["params"]?["uri"]?.string { diagnostics[uri] = message["params"]?["diagnostics"]?.array ?? [] }
        }
        return published
    }

    /// Lets the longer quiet moment pass: the server sends the whole
    /// site's diagnostics that changed (or asks the client to ask again).
    @discardableResult
    mutating func settleSite() -> [JSONValue] {
        let published = server.publishSiteDiagnostics()
        received += published
        for message in published {
            if let uri = message["params"]?["uri"]?.string { diagnostics[uri] = message["params"]?["diagnostics"]?.array ?? [] }
        }
        return published
    }

    /// The diagnostics of `file` last published.
    func diagnostics(of file: String) -> [JSONValue] {
        diagnostics[uri(file)] ?? []
    }

    /// The codes of `file`'s diagnostics.
    func codes(of file: String) -> [String] {
        diagnostics(of: file).compactMap { $0["code"]?.string }
    }

    /// A request about a place in `file`: `textDocument/<method>` at the
    /// `line` (0-based) and `character` given.
    mutating func ask(_ method: String, _ file: String, line: Int, character: Int, _ extra: [String: JSONValue] = [:]) -> JSONValue {
        var params: [String: JSONValue] = ["textDocument": ["uri": .string(uri(file))], "position": ["line": .int(line), "character": .int(character)]]
        params.merge(extra) { $1 }
        return request("textDocument/" + method, .object(params))["result"] ?? .null
    }
}

extension String {
    /// The 0-based line and UTF-16 column where `needle` first occurs (after
    /// `skipping` occurrences), as an editor counts them.
    func utf16Position(of needle: String, skipping: Int = 0) -> (line: Int, character: Int) {
        var range = self.range(of: needle)!
        for _ in 0..<skipping { range = self.range(of: needle, range: range.upperBound..<endIndex)! }
        let before = self[..<range.lowerBound]
        let line = before.filter { $0 == "\n" }.count
        let lineStart = before.lastIndex(of: "\n").map { index(after: $0) } ?? startIndex
        return (line, self[lineStart..<range.lowerBound].utf16.count)
    }

    /// The same in UTF-8 bytes.
    func utf8Position(of needle: String) -> (line: Int, character: Int) {
        let range = self.range(of: needle)!
        let before = self[..<range.lowerBound]
        let lineStart = before.lastIndex(of: "\n").map { index(after: $0) } ?? startIndex
        return (before.filter { $0 == "\n" }.count, self[lineStart..<range.lowerBound].utf8.count)
    }
}

extension LanguageClient {
    /// The encoding the server agreed at `initialize`.
    var encoding: PositionEncoding { server.encoding }

    /// Applies a `WorkspaceEdit` to the site's files on disk, as an editor
    /// applies it: each document's edits (`changes`, or `documentChanges`
    /// in order, files renamed among them).
    func apply(_ edit: JSONValue) throws {
        var steps: [JSONValue] = edit["documentChanges"]?.array ?? []
        if case .object(let changes)? = edit["changes"] {
            for (uri, edits) in changes.sorted(by: { $0.key < $1.key }) { steps.append(["textDocument": ["uri": .string(uri)], "edits": edits]) }
        }
        let address = DocumentAddress(root: site.root)
        for step in steps {
            if step["kind"]?.string == "rename" {
                try site.move(address.file(of: step["oldUri"]!.string!)!, to: address.file(of: step["newUri"]!.string!)!)
                continue
            }
            let file = address.file(of: step["textDocument"]!["uri"]!.string!)!
            try site.write(applying(step["edits"]!.array!, to: try site.read(file)), to: file)
        }
    }

    /// `text` with `edits` (LSP text edits in the agreed encoding) applied.
    func applying(_ edits: [JSONValue], to text: String) -> String {
        let lines = TextLines(text)
        var bytes = lines.bytes
        let ranges = edits.map { (TextRange($0["range"])!, $0["newText"]!.string!) }
        for (range, newText) in ranges.sorted(by: { $0.0.start > $1.0.start }) {
            let start = lines.offset(of: range.start, in: encoding), end = lines.offset(of: range.end, in: encoding)
            bytes.replaceSubrange(start..<end, with: Array(newText.utf8))
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A request about a place in `file` given by `needle` (its first
    /// occurrence, `offset` characters in), counted as the server agreed.
    mutating func ask(_ method: String, _ file: String, at needle: String, offset: Int = 0, skipping: Int = 0, _ extra: [String: JSONValue] = [:]) throws -> JSONValue {
        let text = try site.read(file)
        let place = encoding == .utf8 ? text.utf8Position(of: needle) : text.utf16Position(of: needle, skipping: skipping)
        return ask(method, file, line: place.line, character: place.character + offset, extra)
    }

    /// The answer to `method` about `file` as a whole (no position).
    mutating func askDocument(_ method: String, _ file: String, _ extra: [String: JSONValue] = [:]) -> JSONValue {
        var params: [String: JSONValue] = ["textDocument": ["uri": .string(uri(file))]]
        params.merge(extra) { $1 }
        return request("textDocument/" + method, .object(params))
    }
}
