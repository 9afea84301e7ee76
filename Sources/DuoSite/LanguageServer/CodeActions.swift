/// `textDocument/codeAction`: quick fixes, each attached to the diagnostic
/// it mends (those the client sends back in `context.diagnostics`) —
/// "Mark checked today" on `stale` and `due-soon` (the one edit
/// `duosite mark-checked` makes); each "did you mean" of a finding as its
/// fix (`unknown-source`, `broken-anchor`, `broken-link`, `unknown-device`,
/// `unknown-symbol`, `unknown-key`); a section or question written another
/// way made the `###` question it was meant to be (`misnamed-section`);
/// "Add to sources.yml" for an unknown source id (an entry with the keys a
/// source needs, left empty for the editor to fill in); "Add alias" on
/// `address-removed`, at the page that took the removed address's place.
enum CodeActions {
    /// The codes whose "did you mean" is offered as a fix.
    static let suggesting: Set<String> = ["unknown-source", "broken-anchor", "broken-link", "unknown-device", "unknown-symbol", "unknown-key"]

    /// The quick fixes for the diagnostics of the query's context.
    static func answer(_ query: DocumentQuery) -> Result<JSONValue, LanguageServer.Failure> {
        guard let file = query.document.file else { return .success(.array([])) }
        var actions: [JSONValue] = []
        for diagnostic in query.params["context"]?["diagnostics"]?.array ?? [] where diagnostic["source"]?.string == "duosite" {
            guard let code = diagnostic["code"]?.string, let message = diagnostic["message"]?.string,
                  let range = TextRange(diagnostic["range"]) else { continue }
            switch code {
            case "stale", "due-soon":
                if let edit = markChecked(file, query) { actions.append(action("Mark checked today (\(query.site.today))", diagnostic, [file: [edit]], query, preferred: true)) }
            case "address-removed":
                if let (address, edit) = alias(file, message, query) {
                    actions.append(action("Add alias \(address)", diagnostic, [file: [edit]], query, preferred: true))
                }
            case "misnamed-section":
                if let edit = question(message, range, query) { actions.append(action("Make it a question: \(edit.newText)", diagnostic, [file: [edit]], query, preferred: true)) }
            default:
                break
            }
            if suggesting.contains(code), let (meant, edit) = suggestion(code, message, range, query) {
                actions.append(action("Change to '\(meant)'", diagnostic, [file: [edit]], query, preferred: true))
            }
            if code == "unknown-source", let id = quoted(message).first, Rename.isSourceID(id), let edit = sourceEntry(id, query) {
                actions.append(action("Add '\(id)' to sources.yml", diagnostic, [Site.Paths.sources: [edit]], query, preferred: false))
            }
        }
        return .success(.array(actions))
    }

    /// A quick fix of `diagnostic` made of `edits`, by file.
    private static func action(_ title: String, _ diagnostic: JSONValue, _ edits: [String: [TextEdit]], _ query: DocumentQuery, preferred: Bool) -> JSONValue {
        let address = DocumentAddress(root: query.site.root)
        let edit: JSONValue
        if query.usesDocumentChanges {
            edit = ["documentChanges": .array(edits.keys.sorted().map { file in
                ["textDocument": ["uri": .string(address.uri(of: file)), "version": query.versions[file].map(JSONValue.int) ?? .null],
                 "edits": .array(edits[file]!.map(\.json))]
            })]
        } else {
            edit = ["changes": .object(Dictionary(uniqueKeysWithValues: edits.map { (address.uri(of: $0.key), JSONValue.array($0.value.map(\.json))) }))]
        }
        return ["title": .string(title), "kind": "quickfix", "diagnostics": [diagnostic], "isPreferred": .bool(preferred), "edit": edit]
    }

    /// The texts between single quotes in a finding's message, in order.
    static func quoted(_ message: String) -> [String] {
        var found: [String] = []
        var rest = Substring(message)
        while let open = rest.firstIndex(of: "'") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(where: { $0 == "'" }) else { break }
            // An apostrophe inside a word (`page's`) opens nothing.
            if open > rest.startIndex, rest[rest.index(before: open)].isLetter {
                rest = after
                continue
            }
            found.append(String(after[..<close]))
            rest = after[after.index(after: close)...]
        }
        return found
    }

    /// `last_checked:` set to today, as `mark-checked` sets it.
    private static func markChecked(_ file: String, _ query: DocumentQuery) -> TextEdit? {
        guard case .success(let edit) = LastCheckedEdit.make(query.document.lines.bytes, path: file, date: query.site.today), edit.changesFile else { return nil }
        return TextEdit.between(query.document.lines, edit.bytes, in: query.encoding)
    }

    /// The finding's "did you mean" put in place of what it names, on the
    /// finding's line or just after.
    private static func suggestion(_ code: String, _ message: String, _ range: TextRange, _ query: DocumentQuery) -> (String, TextEdit)? {
        guard let mark = message.range(of: "; did you mean '", options: .backwards) else { return nil }
        let tail = message[mark.upperBound...]
        guard let end = tail.range(of: "'?") else { return nil }
        let meant = String(tail[..<end.lowerBound])
        let named = quoted(String(message[..<mark.lowerBound]))
        let wrong: String?
        switch code {
        case "unknown-symbol": wrong = named.dropFirst().first
        case "broken-anchor": wrong = named.first { $0.hasPrefix("#") }
        case "broken-link": wrong = named.first.map { meant.contains("#") ? $0 : String($0.prefix { $0 != "#" }) }
        default: wrong = named.first
        }
        guard let wrong, !wrong.isEmpty, wrong != meant else { return nil }
        let lines = query.document.lines
        let start = lines.offset(of: range.start, in: query.encoding)
        guard let found = lines.find(wrong, from: start, limit: lines.lineEnd(range.start.line + 2) - start) else { return nil }
        return (meant, TextEdit(range: lines.range(ofBytes: found, in: query.encoding), newText: meant))
    }

    /// The removed address of an `address-removed` finding added to the
    /// `aliases:` of the page it stands on (the page that took the
    /// address's place), as `duosite mv` adds one (`AliasEdit`); nil on a
    /// draft whose own address it is (an alias cannot be the page's own).
    private static func alias(_ file: String, _ message: String, _ query: DocumentQuery) -> (String, TextEdit)? {
        guard SiteLoader.isPageFile(file), let open = message.range(of: "`aliases: ["),
              let close = message[open.upperBound...].range(of: "]`") else { return nil }
        let address = String(message[open.upperBound..<close.lowerBound])
        let own = Alias.pageAddress(SiteLoader.slug(ofFile: file))
        guard address != own, case .success(let edit) = AliasEdit.make(query.document.lines.bytes, path: file, adding: address, replacing: own),
              let change = TextEdit.between(query.document.lines, edit.bytes, in: query.encoding) else { return nil }
        return (address, change)
    }

    /// The line of a misnamed section or question made a `###` question.
    private static func question(_ message: String, _ range: TextRange, _ query: DocumentQuery) -> TextEdit? {
        guard var text = quoted(message).first else { return nil }
        text = String(text.drop { $0 == "#" }).trimmed
        guard !text.isEmpty else { return nil }
        let lines = query.document.lines
        let line = range.start.line
        let whole = TextRange(start: Position(line: line, character: 0), end: lines.endOfLine(line, in: query.encoding))
        let heading = "### " + text
        guard lines.text(ofLine: line) != heading else { return nil }
        return TextEdit(range: whole, newText: heading)
    }

    /// An entry for `id` at the end of `sources.yml`, with the keys a source needs.
    private static func sourceEntry(_ id: String, _ query: DocumentQuery) -> TextEdit? {
        guard !query.site.site.sources.contains(where: { $0.id == id }), let lines = query.lines(of: Site.Paths.sources) else { return nil }
        let ending = lines.bytes.last.map { $0 == 0x0A || $0 == 0x0D } ?? true ? "" : "\n"
        let entry = ending + "\n\(id):\n  title: \n  publisher: \n  kind: \n  url: \n  short: \n"
        let end = lines.position(atOffset: lines.bytes.count, in: query.encoding)
        return TextEdit(range: TextRange(start: end, end: end), newText: entry)
    }
}
