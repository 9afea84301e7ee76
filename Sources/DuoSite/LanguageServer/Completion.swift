import Diagnostics

/// `textDocument/completion`: what may be written where the cursor is,
/// from the site's own files — in a citation block, the source ids of
/// `sources.yml` (with their titles); in a link's target, the page files
/// and, after `#`, their anchors (`rule-N`, headings, questions); in a demo
/// block, the device ids after `device:`, the theme's symbol names after
/// `symbol:`, the item kinds after `kind:` and the demo's item ids under
/// `change:`; in the front matter, its keys and the `status` values.
///
/// The context is read from the line's text up to the cursor, so that it
/// works while the line is half written; each item replaces the word
/// being typed (`textEdit`).
enum Completion {
    /// LSP's `CompletionItemKind`s used.
    enum Kind: Int {
        case property = 10
        case value = 12
        case enumMember = 20
        case reference = 18
        case file = 17
    }

    /// The most items sent at once; past it the list is marked incomplete,
    /// so that the editor asks again as more is typed.
    static let limit = 200

    /// The completions at the query's place.
    static func answer(_ query: DocumentQuery) -> Result<JSONValue, LanguageServer.Failure> {
        guard let file = query.document.file, SiteLoader.isPageFile(file), let place = query.place else { return .success(.null) }
        let lines = query.document.lines
        let line = lines.text(ofLine: place.line - 1)
        let before = String(String.UnicodeScalarView(line.unicodeScalars.prefix(place.column - 1)))
        let candidates: [(label: String, detail: String?, kind: Kind)]?
        if isInFrontMatter(place.line, lines) {
            candidates = frontMatter(before)
        } else if let fence = demoFence(around: place.line, lines) {
            candidates = demo(before, place: place, fence: fence, query)
        } else if let target = linkTarget(before) {
            candidates = link(target, query)
        } else if isInCitationBlock(before) {
            candidates = query.site.site.sources.map { ($0.id, $0.title, .reference) }
        } else {
            candidates = nil
        }
        guard let candidates else { return .success(.null) }
        // The word being typed, which an item replaces.
        let word = String(before.unicodeScalars.reversed().prefix { !$0.properties.isWhitespace && !"(:·{},[#/".unicodeScalars.contains($0) }.reversed().map(Character.init))
        let start = SourceLocation(file: file, line: place.line, column: place.column - word.unicodeScalars.count)
        let range = query.range(at: start, length: word.unicodeScalars.count)
        let matching = word.isEmpty ? candidates : candidates.filter { $0.label.lowercased().hasPrefix(word.lowercased()) }
        let items: [JSONValue] = matching.prefix(limit).map { candidate in
            var item: [String: JSONValue] = [
                "label": .string(candidate.label), "kind": .int(candidate.kind.rawValue),
                "textEdit": ["range": range.json, "newText": .string(candidate.label)],
            ]
            if let detail = candidate.detail { item["detail"] = .string(detail) }
            return .object(item)
        }
        return .success(["isIncomplete": .bool(matching.count > limit), "items": .array(items)])
    }

    // MARK: Front matter

    /// Whether the 1-based `line` is between the front matter's `---` lines.
    private static func isInFrontMatter(_ line: Int, _ lines: TextLines) -> Bool {
        guard line > 1, lines.text(ofLine: 0).trimmed == "---" else { return false }
        for index in 1..<(line - 1) where lines.text(ofLine: index).trimmed == "---" { return false }
        return true
    }

    private static func frontMatter(_ before: String) -> [(label: String, detail: String?, kind: Kind)]? {
        guard let colon = before.firstIndex(of: ":") else {
            // A key, at the line's start.
            guard !before.hasPrefix(" "), !before.hasPrefix("-") else { return nil }
            return FrontMatter.keys.map { ($0, nil, .property) }
        }
        guard before[..<colon].trimmed == "status" else { return nil }
        return [Pattern.Status.apple, .recommendation].map { ($0.rawValue, $0.label, .enumMember) }
    }

    // MARK: Citation blocks

    /// Whether the text before the cursor is a citation block's, where a
    /// source id goes: after `Sources (…):` or a `·`, before any `§` or `@`.
    private static func isInCitationBlock(_ before: String) -> Bool {
        let text = before.trimmed
        guard text.hasPrefix("Sources ("), let close = text.range(of: "):") else { return false }
        let last = text[close.upperBound...].split(separator: "·", omittingEmptySubsequences: false).last ?? ""
        return !last.contains("§") && !last.contains("@")
    }

    // MARK: Links

    /// A link's target typed so far, when the cursor is in one: after `](`
    /// with no `)` yet.
    private static func linkTarget(_ before: String) -> String? {
        guard let open = before.range(of: "](", options: .backwards) else { return nil }
        let target = before[open.upperBound...]
        guard !target.contains(")"), !target.contains(" ") else { return nil }
        return String(target)
    }

    private static func link(_ target: String, _ query: DocumentQuery) -> [(label: String, detail: String?, kind: Kind)] {
        let pages = query.site.pages.map(\.page)
        guard let hash = target.firstIndex(of: "#") else {
            return pages.map { ($0.slug + ".md", $0.frontMatter.title.value, .file) }
        }
        let name = target[..<hash]
        let slug = name.isEmpty ? query.document.file.map(SiteLoader.slug(ofFile:)) : name.hasSuffix(".md") ? String(name.dropLast(3)) : nil
        guard let slug, let page = pages.first(where: { $0.slug == slug }) else { return [] }
        var anchors: [(label: String, detail: String?, kind: Kind)] = page.rules.map { ($0.anchor, "Rule \($0.number)", .reference) }
        anchors += page.faq.map { ($0.anchor, $0.question, .reference) }
        let listed = Set(anchors.map(\.label))
        anchors += page.anchors.sorted.filter { !listed.contains($0) }.map { ($0, nil, .reference) }
        return anchors
    }

    // MARK: Demos

    /// The 1-based line of the ```` ```demo ```` fence the 1-based `line` is inside, if any.
    private static func demoFence(around line: Int, _ lines: TextLines) -> Int? {
        var index = line - 2
        while index >= 0 {
            let text = lines.text(ofLine: index).trimmed
            if text.hasPrefix("```") || text.hasPrefix("~~~") {
                let info = text.drop { $0 == "`" || $0 == "~" }.trimmed
                guard info == "demo" else { return nil }
                // Inside only when the fence closes after the cursor's line, or not at all.
                let closing = DocumentSymbols.closingFence(after: index + 1, in: lines)
                return closing.map { $0 > line } ?? true ? index + 1 : nil
            }
            index -= 1
        }
        return nil
    }

    private static func demo(_ before: String, place: (line: Int, column: Int), fence: Int, _ query: DocumentQuery) -> [(label: String, detail: String?, kind: Kind)]? {
        let site = query.site.site
        // The last `key:` before the cursor on this line.
        let key = lastKey(before)
        switch key {
        case "device":
            return site.devices.map { ($0.id, $0.name, .value) }
        case "symbol":
            return (site.symbols ?? []).sorted().map { ($0, nil, .value) }
        case "kind":
            return BarItem.Kind.allCases.map { ($0.rawValue, nil, .enumMember) }
        default:
            break
        }
        // An item id, as a key of `change:`.
        guard !before.contains(":"), isUnderChange(place.line, fence: fence, query.document.lines) else { return nil }
        // The demo read without the line being typed, which leaves its YAML unreadable.
        let lines = query.document.lines
        let text = (0..<lines.count).map { $0 == place.line - 1 ? "" : lines.text(ofLine: $0) }.joined(separator: "\n")
        let page = DocumentQuery.read(query.document.file ?? "", Array(text.utf8), site: site)
        let demo = page?.demos.first { $0.location.line == fence }?.demo
        let ids = demo?.states.first?.screen.allItems.map { ($0.id, $0.title) } ?? []
        return ids.map { ($0.0, $0.1, .value) }
    }

    /// The key whose value the cursor is in: the last `name:` before it,
    /// with nothing but the value being typed after it.
    private static func lastKey(_ before: String) -> String? {
        guard let colon = before.lastIndex(of: ":") else { return nil }
        let value = before[before.index(after: colon)...]
        guard !value.contains(","), !value.contains("}") else { return nil }
        let name = before[..<colon].reversed().prefix { $0.isLetter || $0 == "-" || $0 == "_" }
        return String(name.reversed())
    }

    /// Whether the 1-based `line` is a key of a `change:` map: indented
    /// more than the nearest `change:` above it, inside the demo.
    private static func isUnderChange(_ line: Int, fence: Int, _ lines: TextLines) -> Bool {
        let text = lines.text(ofLine: line - 1)
        let indent = text.prefix { $0 == " " }.count
        var index = line - 2
        while index >= fence {
            let above = lines.text(ofLine: index)
            let aboveIndent = above.prefix { $0 == " " }.count
            if !above.trimmed.isEmpty, aboveIndent < indent {
                return above.trimmed == "change:"
            }
            index -= 1
        }
        return false
    }
}
