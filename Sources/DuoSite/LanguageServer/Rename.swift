import Foundation

/// `textDocument/prepareRename` and `textDocument/rename`: a source id (its
/// key in `sources.yml` and every citation of it), a tag (every page's
/// spelling of it, and the links to its tag page), a page's slug (exactly
/// as `duosite mv` moves it, from the same `PageMove`: its file renamed,
/// its old address added to its `aliases:`, every cross-reference to it
/// and every pattern-rule reference of `placement.yml` rewritten), as one
/// `WorkspaceEdit` of text edits — with `documentChanges` and a
/// `RenameFile` when the client says it can take them. A rename whose result would not check clean (an id
/// or a slug already taken, a name that cannot be one) is refused with a
/// message saying why, and nothing changes.
enum Rename {
    /// What can be renamed at the query's place: the symbol, and the bytes of its name there.
    private static func target(_ query: DocumentQuery) -> (symbol: SiteSymbol, bytes: Range<Int>)? {
        let lines = query.document.lines
        // A link to a page renames the page, whatever in it the link cites.
        if let page = query.page, let place = query.place, let reference = CrossReferenceTarget.at(place, in: page, lines: lines),
           reference.slug != page.slug, let written = SitePlaces.link(reference, in: lines), let slug = written.slug {
            return (.page(reference.slug), slug)
        }
        guard let (symbol, bytes) = SiteSymbol.at(query) else { return nil }
        switch symbol {
        case .source, .tag, .page: return (symbol, bytes)
        case .rule, .anchor: return nil
        }
    }

    /// The range of the name at the query's place and the name, or null
    /// when nothing there can be renamed.
    static func prepare(_ query: DocumentQuery) -> Result<JSONValue, LanguageServer.Failure> {
        guard let (symbol, bytes) = target(query) else { return .success(.null) }
        let placeholder: String
        switch symbol {
        case .source(let id): placeholder = id
        case .tag(_, let spelling): placeholder = spelling
        case .page(let slug): placeholder = slug
        default: return .success(.null)
        }
        return .success(["range": query.document.lines.range(ofBytes: bytes, in: query.encoding).json, "placeholder": .string(placeholder)])
    }

    /// The edit renaming what is at the query's place to `newName`.
    static func answer(_ query: DocumentQuery) -> Result<JSONValue, LanguageServer.Failure> {
        guard let newName = query.params["newName"]?.string else {
            return .failure(.init(code: .invalidParams, message: "textDocument/rename needs a newName"))
        }
        guard let (symbol, _) = target(query) else {
            return .failure(.init(code: .requestFailed, message: "nothing here can be renamed: a source id, a tag, or a page (its title, or a link to it) can"))
        }
        if case .page(let slug) = symbol {
            return newName == slug ? .success(.null) : movePage(slug, to: newName, query)
        }
        let places = SitePlaces(site: query.site, openTexts: query.openTexts)
        let site = query.site
        var found = places.references(to: symbol)
        switch symbol {
        case .source(let id):
            guard newName != id else { return .success(.null) }
            guard isSourceID(newName) else {
                return .failure(.init(code: .requestFailed, message: "'\(newName)' cannot be a source id: write it with letters, digits, '-', '_' or '.', as citation blocks cite it"))
            }
            guard !site.site.sources.contains(where: { $0.id == newName }) else {
                return .failure(.init(code: .requestFailed, message: "sources.yml has a source '\(newName)' already: two entries of one id would not check clean"))
            }
            if let definition = places.definition(of: symbol) { found.insert(definition, at: 0) }
        case .tag:
            guard let newSlug = Tag.slug(newName), newName.trimmed == newName, !newName.contains(where: { ",[]{}:#\"'\n".contains($0) }) else {
                return .failure(.init(code: .requestFailed, message: "'\(newName)' cannot be a tag: a tag has a letter or a digit, and none of , [ ] { } : # or quotes"))
            }
            // The spellings become the new name; the links to the tag page follow its new address.
            var edits: [Change] = []
            for place in found {
                guard let name = place.name, let lines = places.lines(of: place.file) else { continue }
                let isLink = lines.bytes[place.whole.lowerBound] == UInt8(ascii: "/")
                edits.append(Change(file: place.file, bytes: name, text: isLink ? newSlug : newName))
            }
            return .success(edit(edits, places: places, query))
        default:
            return .failure(.init(code: .requestFailed, message: "only a source id, a tag or a page can be renamed"))
        }
        let edits = found.compactMap { place in place.name.map { Change(file: place.file, bytes: $0, text: newName) } }
        return .success(edit(edits, places: places, query))
    }

    /// The page `slug` moved to `newSlug` as `duosite mv` moves it (`PageMove`,
    /// from the editor's text of each open file): the page's old address
    /// added to its `aliases:`, every link to it and every `placement.yml`
    /// reference to its rules rewritten — as text edits, the page's own
    /// under its old name, then the page file renamed. Refused as `mv`
    /// refuses, and where the editor cannot rename files.
    private static func movePage(_ slug: String, to newSlug: String, _ query: DocumentQuery) -> Result<JSONValue, LanguageServer.Failure> {
        let site = query.site
        let file = CrossReferenceTarget.file(of: slug)
        let move: PageMove
        if site.page(newSlug) != nil, Pattern.isValidSlug(newSlug) {
            // A page only the editor has (not saved yet) takes the address too.
            return .failure(.init(code: .requestFailed, message: "\(CrossReferenceTarget.file(of: newSlug)) exists already; choose another slug, or remove that page first"))
        }
        // Only the pages whose facts link to the page or claim its new address are read again.
        let newAddress = Alias.pageAddress(newSlug)
        var searching: Set<String> = []
        for facts in site.pages where facts.page.crossReferences.contains(where: { $0.slug == slug })
            || facts.page.frontMatter.aliases.contains(where: { $0.value == newAddress }) {
            searching.insert(facts.page.file)
        }
        switch PageMove.make(root: site.root, from: file, to: newSlug, open: { query.openTexts[$0]?.bytes }, searching: searching) {
        case .failure(let refusal):
            let lines = refusal.reason.split(separator: "\n").map { $0.hasPrefix("error: ") ? $0.dropFirst(7) : $0 }
            return .failure(.init(code: .requestFailed, message: lines.joined(separator: "\n")))
        case .success(let moved): move = moved
        }
        guard query.canRenameFiles else {
            return .failure(.init(code: .requestFailed, message: "this editor cannot rename files through the language server; rename the page with duosite mv \(slug) \(newSlug)"))
        }
        var byFile: [String: [TextEdit]] = [:]
        for edit in [move.page] + move.others where !edit.replacements.isEmpty {
            let lines = TextLines(bytes: edit.original)
            byFile[edit.path] = edit.replacements.map {
                TextEdit(range: lines.range(ofBytes: $0.range, in: query.encoding), newText: String(decoding: $0.bytes, as: UTF8.self))
            }
        }
        return .success(workspaceEdit(byFile, renaming: (move.from, move.to), query))
    }

    /// One stretch of a file to be replaced.
    private struct Change {
        /// The file, relative to the site root.
        var file: String
        /// The bytes of its text replaced.
        var bytes: Range<Int>
        /// What replaces them.
        var text: String
    }

    /// The workspace edit of `changes`, each a stretch of a file's text as `places` reads it.
    private static func edit(_ changes: [Change], places: SitePlaces, _ query: DocumentQuery) -> JSONValue {
        var byFile: [String: [TextEdit]] = [:]
        for change in changes {
            guard let lines = places.lines(of: change.file) else { continue }
            let edit = TextEdit(range: lines.range(ofBytes: change.bytes, in: query.encoding), newText: change.text)
            if !(byFile[change.file]?.contains(edit) ?? false) { byFile[change.file, default: []].append(edit) }
        }
        return workspaceEdit(byFile, renaming: nil, query)
    }

    /// The workspace edit: each file's edits (in order, as `changes` or
    /// `documentChanges`), then the page file renamed.
    private static func workspaceEdit(_ byFile: [String: [TextEdit]], renaming renamed: (old: String, new: String)?, _ query: DocumentQuery) -> JSONValue {
        let address = DocumentAddress(root: query.site.root)
        let files = byFile.keys.sorted()
        guard query.usesDocumentChanges || renamed != nil else {
            return ["changes": .object(Dictionary(uniqueKeysWithValues: files.map { (address.uri(of: $0), JSONValue.array(byFile[$0]!.sorted { $0.range.start < $1.range.start }.map(\.json))) }))]
        }
        var changes: [JSONValue] = files.map { file in
            let version = query.versions[file].map(JSONValue.int) ?? .null
            return ["textDocument": ["uri": .string(address.uri(of: file)), "version": version],
                    "edits": .array(byFile[file]!.sorted { $0.range.start < $1.range.start }.map(\.json))]
        }
        if let renamed {
            changes.append(["kind": "rename", "oldUri": .string(address.uri(of: renamed.old)), "newUri": .string(address.uri(of: renamed.new))])
        }
        return ["documentChanges": .array(changes)]
    }

    /// Whether `text` can be a source id: what a citation block reads as one.
    static func isSourceID(_ text: String) -> Bool {
        !text.isEmpty && text.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0) }
    }
}

