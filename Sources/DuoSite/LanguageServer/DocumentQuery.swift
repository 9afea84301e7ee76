import Diagnostics
import Foundation

/// What a request about one open document is given — the document, the
/// site, the position encoding, the request's parameters and the other
/// open documents' text — and what every such request needs of them: the
/// page read, the place asked about, a place of another file as a
/// location.
struct DocumentQuery: Sendable {
    /// The document the request is about.
    let document: OpenDocument
    /// The site, with the open documents' text.
    let site: LanguageSite
    /// The units positions are counted in.
    let encoding: PositionEncoding
    /// The request's parameters.
    let params: JSONValue
    /// The open documents' text, by path relative to the site root.
    let openTexts: [String: TextLines]
    /// The open documents' versions, by path relative to the site root.
    var versions: [String: Int] = [:]
    /// What the client said at `initialize` it can do (`capabilities`).
    var capabilities: JSONValue = .null

    /// Whether the client takes a workspace edit as `documentChanges`.
    var usesDocumentChanges: Bool {
        capabilities["workspace"]?["workspaceEdit"]?["documentChanges"]?.bool == true
    }

    /// Whether the client can rename a file as part of a workspace edit
    /// (given as `documentChanges`, which a client that renames files
    /// takes whether it says so or not, as Neovim does).
    var canRenameFiles: Bool {
        (capabilities["workspace"]?["workspaceEdit"]?["resourceOperations"]?.array ?? []).contains("rename")
    }

    /// The document read as a page (nil when it is not one, or has no
    /// front matter to read).
    var page: Pattern? {
        guard let file = document.file, SiteLoader.isPageFile(file) else { return nil }
        return Self.read(file, document.lines.bytes, site: site.site)
    }

    /// The page file `file` read from `bytes`, as `check` reads it.
    static func read(_ file: String, _ bytes: [UInt8], site: Site) -> Pattern? {
        PageReader(allowRawHTML: site.settings.allowRawHTML, sourceIDs: site.sources.map { $0.id }).read(file: file, bytes: bytes).0?.pattern
    }

    /// The place the request names (`position`): 1-based line, column in scalars.
    var place: (line: Int, column: Int)? {
        Position(params["position"]).map { document.lines.place(of: $0, in: encoding) }
    }

    /// The text of `file`: the editor's when it is open, else the file's.
    func lines(of file: String) -> TextLines? {
        if let open = openTexts[file] { return open }
        guard let data = FileManager.default.contents(atPath: site.root.appendingPathComponent(file).path) else { return nil }
        return TextLines(bytes: [UInt8](data))
    }

    /// The range in this document of `length` scalars from `location`.
    func range(at location: SourceLocation, length: Int) -> TextRange {
        Self.range(at: location, length: length, in: document.lines, encoding: encoding)
    }

    /// The range in `lines` of `length` scalars from `location`.
    static func range(at location: SourceLocation, length: Int, in lines: TextLines, encoding: PositionEncoding) -> TextRange {
        let start = lines.position(line: location.line, column: location.column, in: encoding)
        let end = lines.position(line: location.line, column: location.column + length, in: encoding)
        return TextRange(start: start, end: end)
    }

    /// The LSP location of `length` scalars at `location`, a place of any
    /// file of the site (nil when that file cannot be read).
    func link(to location: SourceLocation, length: Int) -> JSONValue? {
        guard let lines = lines(of: location.file) else { return nil }
        let range = Self.range(at: location, length: length, in: lines, encoding: encoding)
        return ["uri": .string(DocumentAddress(root: site.root).uri(of: location.file)), "range": range.json]
    }
}

extension SourceLocation {
    /// Whether `place` is on this location's line, within `length` scalars
    /// from it (its end included: a cursor just after a word is on it).
    func covers(_ place: (line: Int, column: Int), length: Int) -> Bool {
        place.line == line && place.column >= column && place.column <= column + length
    }
}
