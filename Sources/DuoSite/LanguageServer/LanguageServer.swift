import Diagnostics
import Foundation
import Watching

/// The language server's state and answers: a message in, the messages to
/// send back out, with no input or output of its own (`LanguageSession`
/// does that), so that tests drive it message by message.
///
/// It follows the Language Server Protocol 3.17's life cycle: requests
/// before `initialize` are refused (`ServerNotInitialized`), any after
/// `shutdown` too (`InvalidRequest`); `exit` ends it, with status 0 after
/// `shutdown` and 1 otherwise. Open documents are synchronized by their
/// changes (incremental, or whole).
/// Diagnostics are not sent at each change but when asked
/// (`diagnosticsDue`, `publishDiagnostics()`), a moment later, so that a
/// burst of keystrokes is checked once.
struct LanguageServer: Sendable {
    /// JSON-RPC's and LSP's error codes.
    enum ErrorCode: Int {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        case serverNotInitialized = -32002
        case requestCancelled = -32800
        case requestFailed = -32803
    }

    /// The site root `--root` named; nil: the client's workspace folder.
    private let givenRoot: URL?
    /// The folder the server was started in, when neither names a root.
    private let currentDirectory: URL
    /// The day findings are reckoned from.
    let today: Day
    /// The units positions are counted in, agreed at `initialize`.
    private(set) var encoding: PositionEncoding = .utf16
    /// What the client said at `initialize` it can do.
    private var capabilities: JSONValue = .null
    /// The site root, once `initialize` has said it.
    private(set) var root: URL?
    private var loaded: LanguageSite?
    private var documents: [String: OpenDocument] = [:]
    /// What was last published for each open document (to send only changes).
    private var published: [String: [JSONValue]] = [:]
    private var initialized = false
    private var shutDown = false
    /// Whether some change may have changed an open document's diagnostics.
    private(set) var diagnosticsDue = false
    /// Whether some change may have changed any file's diagnostics: the
    /// whole site's are made again, a longer quiet moment later.
    private(set) var siteDiagnosticsDue = false
    /// Whether the client asks for diagnostics (`textDocument/diagnostic`,
    /// `workspace/diagnostic`) rather than being sent them: one that says
    /// it can ask for a document's and for the workspace's.
    private(set) var pullsDiagnostics = false
    /// The generation of the site whose findings the client was last told
    /// to ask for again (`workspace/diagnostic/refresh`).
    private var refreshedGeneration = 0
    /// The number of the server's last request to the client.
    private var requestCount = 0
    /// The status to exit with, once `exit` came.
    private(set) var exitStatus: Int32?

    /// A server for the site at `root` (nil: the client's workspace), whose
    /// findings are reckoned as of `today`.
    init(root: URL?, currentDirectory: URL, today: Day) {
        givenRoot = root
        self.currentDirectory = currentDirectory
        self.today = today
    }

    /// The site, read when first needed.
    private mutating func site() -> LanguageSite? {
        if loaded == nil, let root { loaded = LanguageSite(root: root, today: today) }
        return loaded
    }

    // MARK: Messages

    /// The messages to send in answer to the JSON text `bytes`: a response
    /// to a request (an error one when it cannot be read), nothing for a
    /// notification.
    mutating func receive(_ bytes: [UInt8]) -> [JSONValue] {
        guard let message = JSONValue.parse(bytes) else {
            return [Self.error(id: .null, .parseError, "the message is not JSON")]
        }
        return receive(message)
    }

    /// The messages to send in answer to `message`.
    mutating func receive(_ message: JSONValue) -> [JSONValue] {
        guard case .object = message, message["jsonrpc"]?.string == "2.0" else {
            return [Self.error(id: Self.id(of: message) ?? .null, .invalidRequest, "a message is a JSON-RPC 2.0 object")]
        }
        let id = Self.id(of: message)
        guard let method = message["method"]?.string else {
            // A response to a request of the server's: it sends none.
            if id != nil, message["result"] != nil || message["error"] != nil { return [] }
            return [Self.error(id: id ?? .null, .invalidRequest, "a request or notification has a method")]
        }
        let params = message["params"] ?? .null
        guard let id else {
            notify(method, params)
            return []
        }
        if !initialized, method != "initialize" {
            return [Self.error(id: id, .serverNotInitialized, "the server is not initialized")]
        }
        if shutDown {
            return [Self.error(id: id, .invalidRequest, "the server is shutting down")]
        }
        switch answer(method, params) {
        case .success(let result): return [["jsonrpc": "2.0", "id": id, "result": result]]
        case .failure(let failure): return [Self.error(id: id, failure.code, failure.message)]
        }
    }

    /// A request's id: a number or a string.
    static func id(of message: JSONValue) -> JSONValue? {
        switch message["id"] {
        case .number(let value)?: return .number(value)
        case .string(let value)?: return .string(value)
        default: return nil
        }
    }

    /// An error response.
    static func error(id: JSONValue, _ code: ErrorCode, _ message: String) -> JSONValue {
        ["jsonrpc": "2.0", "id": id, "error": ["code": .int(code.rawValue), "message": .string(message)]]
    }

    /// Why a request failed.
    struct Failure: Error {
        /// The JSON-RPC error code.
        var code: ErrorCode
        /// What went wrong, for the client's log.
        var message: String
    }

    private mutating func answer(_ method: String, _ params: JSONValue) -> Result<JSONValue, Failure> {
        switch method {
        case "initialize":
            return .success(initialize(params))
        case "shutdown":
            shutDown = true
            return .success(.null)
        case "workspace/symbol":
            guard let site = currentSite() else { return .success(.array([])) }
            return .success(WorkspaceSymbols.answer(params, site: site))
        case "workspace/diagnostic":
            return .success(workspaceDiagnostics(params))
        default:
            guard let feature = Self.features[method] else {
                return .failure(Failure(code: .methodNotFound, message: "no method '\(method)'"))
            }
            guard let uri = params["textDocument"]?["uri"]?.string else {
                return .failure(Failure(code: .invalidParams, message: "\(method) names a document (textDocument.uri)"))
            }
            guard let document = documents[uri], let site = currentSite() else { return .success(.null) }
            var texts: [String: TextLines] = [:], versions: [String: Int] = [:]
            for open in documents.values {
                guard let file = open.file else { continue }
                texts[file] = open.lines
                versions[file] = open.version
            }
            return feature(DocumentQuery(document: document, site: site, encoding: encoding, params: params, openTexts: texts, versions: versions, capabilities: capabilities))
        }
    }

    /// The requests about one open document, by method.
    private static let features: [String: @Sendable (DocumentQuery) -> Result<JSONValue, Failure>] = [
        "textDocument/documentSymbol": DocumentSymbols.answer,
        "textDocument/definition": Definition.answer,
        "textDocument/hover": Hover.answer,
        "textDocument/completion": Completion.answer,
        "textDocument/references": References.answer,
        "textDocument/prepareRename": Rename.prepare,
        "textDocument/rename": Rename.answer,
        "textDocument/codeAction": CodeActions.answer,
        "textDocument/codeLens": CodeLenses.answer,
        "textDocument/documentLink": DocumentLinks.answer,
        "textDocument/diagnostic": SiteDiagnostics.document,
    ]

    private mutating func notify(_ method: String, _ params: JSONValue) {
        switch method {
        case "exit":
            exitStatus = shutDown ? 0 : 1
        case _ where !initialized || shutDown:
            // Before initialize, and after shutdown, notifications are dropped.
            return
        case "initialized":
            // The whole site's findings, once it has been read.
            siteDiagnosticsDue = true
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return }
            let file = root.map { DocumentAddress(root: $0).file(of: uri) } ?? nil
            documents[uri] = OpenDocument(uri: uri, file: file, version: item["version"]?.int, lines: TextLines(text))
            if let file { pendingTexts[file] = .some(Array(text.utf8)) }
            diagnosticsDue = true
            siteDiagnosticsDue = true
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, var document = documents[uri],
                  let changes = params["contentChanges"]?.array else { return }
            // Each change in order: a stretch replaced, or (no range) the whole text.
            for change in changes {
                guard let text = change["text"]?.string else { continue }
                if let range = TextRange(change["range"]) {
                    document.lines = document.lines.replacing(range, with: text, in: encoding)
                } else {
                    document.lines = TextLines(text)
                }
            }
            document.version = params["textDocument"]?["version"]?.int
            documents[uri] = document
            if let file = document.file { pendingTexts[file] = .some(document.lines.bytes) }
            diagnosticsDue = true
            siteDiagnosticsDue = true
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string, let document = documents.removeValue(forKey: uri) else { return }
            if let file = document.file { pendingTexts[file] = .some(nil) }
            // Cleared now; the site's next look sends what its file holds.
            published[uri] = document.file == nil ? nil : []
            diagnosticsDue = true
            siteDiagnosticsDue = true
            closed.append(uri)
        case "textDocument/didSave":
            // A site file saved is read again (a page's text is the editor's already).
            if let uri = params["textDocument"]?["uri"]?.string, let file = root.map({ DocumentAddress(root: $0).file(of: uri) }) ?? nil {
                filesChanged([.path(file)])
            }
        case "workspace/didChangeWatchedFiles":
            guard let root else { return }
            let address = DocumentAddress(root: root)
            let files = (params["changes"]?.array ?? []).compactMap { $0["uri"]?.string.flatMap(address.file(of:)) }
            filesChanged(Set(files.map(FolderChange.path)))
        default:
            // Unknown notifications, `$/…` ones included, are passed over.
            return
        }
    }

    /// Documents closed since diagnostics were last published: their
    /// diagnostics are cleared.
    private var closed: [String] = []

    /// The open pages' texts given since the site last took them (nil: a
    /// page closed, its file's text again): taken at once when
    /// diagnostics are made or a request needs the site, so that a burst
    /// of keystrokes runs the page through the pipeline once.
    private var pendingTexts: [String: [UInt8]?] = [:]

    /// The site, with the open pages' latest texts.
    private mutating func currentSite() -> LanguageSite? {
        guard site() != nil else { return nil }
        loaded!.report(Set(documents.values.compactMap(\.file)))
        for (file, text) in pendingTexts.sorted(by: { $0.key < $1.key }) { loaded!.setText(text, of: file) }
        pendingTexts = [:]
        return loaded
    }

    /// Brings the site up to date with files changed on disk (from the
    /// watcher, or the client's `workspace/didChangeWatchedFiles`).
    mutating func filesChanged(_ changes: Set<FolderChange>) {
        guard currentSite() != nil else { return }
        if loaded!.apply(changes) {
            diagnosticsDue = true
            siteDiagnosticsDue = true
        }
    }

    private mutating func initialize(_ params: JSONValue) -> JSONValue {
        initialized = true
        capabilities = params["capabilities"] ?? .null
        // Asked for only by a client that asks for every file's too.
        pullsDiagnostics = capabilities["textDocument"]?["diagnostic"] != nil && capabilities["workspace"]?["diagnostics"] != nil
        let offered = (params["capabilities"]?["general"]?["positionEncodings"]?.array ?? []).compactMap(\.string)
        encoding = offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
        // The folder the editor opened, or the current one: the site root
        // is the nearest folder from there upward with Content/site.yml.
        let opened: URL
        if let givenRoot {
            opened = givenRoot
        } else if let uri = params["workspaceFolders"]?.array?.first?["uri"]?.string ?? params["rootUri"]?.string,
                  let url = URL(string: uri), url.isFileURL {
            opened = url.standardizedFileURL
        } else if let path = params["rootPath"]?.string {
            opened = URL(fileURLWithPath: path).standardizedFileURL
        } else {
            opened = currentDirectory
        }
        root = givenRoot ?? SiteRoot.nearest(from: opened) ?? opened
        return [
            "capabilities": Self.capabilities(encoding, pullsDiagnostics: pullsDiagnostics),
            "serverInfo": ["name": "duosite", "version": .string(DuoSiteVersion.number)],
        ]
    }

    /// What the server offers.
    private static func capabilities(_ encoding: PositionEncoding, pullsDiagnostics: Bool) -> JSONValue {
        var capabilities: JSONValue = [
            "positionEncoding": .string(encoding.rawValue),
            "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
            "documentSymbolProvider": true,
            "definitionProvider": true,
            "hoverProvider": true,
            "completionProvider": ["triggerCharacters": [":", "#", "(", " "]],
            "referencesProvider": true,
            "renameProvider": ["prepareProvider": true],
            "codeActionProvider": ["codeActionKinds": ["quickfix"]],
            "codeLensProvider": ["resolveProvider": false],
            "documentLinkProvider": ["resolveProvider": false],
            "workspaceSymbolProvider": true,
        ]
        if pullsDiagnostics, case .object(var members) = capabilities {
            members["diagnosticProvider"] = ["identifier": "duosite", "interFileDependencies": true, "workspaceDiagnostics": true]
            capabilities = .object(members)
        }
        return capabilities
    }

    // MARK: Diagnostics

    /// The `textDocument/publishDiagnostics` notifications for every open
    /// document whose findings changed since they were last sent, and
    /// empty ones for documents closed since.
    mutating func publishDiagnostics() -> [JSONValue] {
        diagnosticsDue = false
        // A client that asks is not sent them.
        guard !pullsDiagnostics else { return [] }
        var messages: [JSONValue] = closed.map { Self.diagnosticsNotification(uri: $0, version: nil, []) }
        closed = []
        guard let site = currentSite() else { return messages }
        for (uri, document) in documents.sorted(by: { $0.key < $1.key }) {
            guard let file = document.file else { continue }
            let diagnostics = DiagnosticReport.json(site.findings(in: file), in: document.lines, encoding: encoding)
            guard published[uri] != diagnostics else { continue }
            published[uri] = diagnostics
            messages.append(Self.diagnosticsNotification(uri: uri, version: document.version, diagnostics))
        }
        return messages
    }

    /// After a longer quiet moment, the whole site's findings: to a client
    /// that is sent them, `publishDiagnostics` for each file not open
    /// whose findings changed since they were last sent (every file with
    /// findings, the first time); to one that asks, a request to ask again
    /// (`workspace/diagnostic/refresh`), when it can take one.
    mutating func publishSiteDiagnostics() -> [JSONValue] {
        guard let site = siteToCheck() else { return pullsDiagnostics ? askAgain() : [] }
        var copy = site
        return publishSiteDiagnostics(copy.findingsByFile(), of: site.generation)
    }

    /// The site whose every file's findings are to be made (on another
    /// thread, as the session does, then given to
    /// `publishSiteDiagnostics(_:of:)`): nil for a client that asks for
    /// them, which is asked to ask again (`askAgain`).
    mutating func siteToCheck() -> LanguageSite? {
        siteDiagnosticsDue = false
        guard !pullsDiagnostics else { return nil }
        return currentSite()
    }

    /// A request to the client to ask again for every file's diagnostics,
    /// when it can take one and the site changed since it was last asked.
    mutating func askAgain() -> [JSONValue] {
        siteDiagnosticsDue = false
        guard let site = currentSite(), capabilities["workspace"]?["diagnostics"]?["refreshSupport"]?.bool == true,
              refreshedGeneration != site.generation else { return [] }
        refreshedGeneration = site.generation
        requestCount += 1
        return [["jsonrpc": "2.0", "id": .string("duosite-\(requestCount)"), "method": "workspace/diagnostic/refresh"]]
    }

    /// The `publishDiagnostics` of the closed files whose findings changed,
    /// `byFile` being every file's findings in the site's `generation`;
    /// none when the site has changed since (it is due again).
    mutating func publishSiteDiagnostics(_ byFile: [String: [Diagnostic]], of generation: Int) -> [JSONValue] {
        guard let site = loaded, site.generation == generation else {
            siteDiagnosticsDue = true
            return []
        }
        loaded!.adopt(byFile, of: generation)
        let address = DocumentAddress(root: site.root)
        let open = Set(documents.values.compactMap(\.file))
        let texts = FileTexts()
        var messages: [JSONValue] = []
        var files = Set(byFile.keys)
        for uri in published.keys { if let file = address.file(of: uri) { files.insert(file) } }
        for file in files.sorted() where !open.contains(file) {
            let uri = address.uri(of: file)
            let findings = byFile[file] ?? []
            // A file whose findings were never sent and has none is left alone.
            guard !findings.isEmpty || published[uri] != nil else { continue }
            let diagnostics = findings.isEmpty ? [] : DiagnosticReport.json(findings, in: texts.lines(of: file, root: site.root) ?? TextLines(""), encoding: encoding)
            guard published[uri] != diagnostics else { continue }
            published[uri] = diagnostics
            messages.append(Self.diagnosticsNotification(uri: uri, version: nil, diagnostics))
        }
        return messages
    }

    /// The answer to `workspace/diagnostic`: a report for each file with
    /// findings, and for each the client had one of (`previousResultIds`)
    /// — `unchanged` where its findings are those it has.
    private mutating func workspaceDiagnostics(_ params: JSONValue) -> JSONValue {
        guard let site = currentSite() else { return ["items": []] }
        let address = DocumentAddress(root: site.root)
        var previous: [String: String] = [:]
        for item in params["previousResultIds"]?.array ?? [] {
            if let uri = item["uri"]?.string, let value = item["value"]?.string { previous[uri] = value }
        }
        let byFile = loaded!.findingsByFile()
        var open: [String: OpenDocument] = [:]
        for document in documents.values { if let file = document.file { open[file] = document } }
        var files = Set(byFile.keys)
        for uri in previous.keys { if let file = address.file(of: uri) { files.insert(file) } }
        let texts = FileTexts()
        var items: [JSONValue] = []
        for file in files.sorted() {
            let uri = address.uri(of: file)
            let lines = open[file]?.lines ?? texts.lines(of: file, root: site.root) ?? TextLines("")
            var report = SiteDiagnostics.report(byFile[file] ?? [], in: lines, encoding: encoding, previous: previous[uri])
            guard case .object(var members) = report else { continue }
            members["uri"] = .string(uri)
            members["version"] = open[file]?.version.map(JSONValue.int) ?? .null
            report = .object(members)
            items.append(report)
        }
        return ["items": .array(items)]
    }

    private static func diagnosticsNotification(uri: String, version: Int?, _ diagnostics: [JSONValue]) -> JSONValue {
        var params: [String: JSONValue] = ["uri": .string(uri), "diagnostics": .array(diagnostics)]
        if let version { params["version"] = .int(version) }
        return ["jsonrpc": "2.0", "method": "textDocument/publishDiagnostics", "params": .object(params)]
    }
}
