/// `textDocument/documentSymbol`: a page's outline — its `##` sections,
/// and in them its rules, demos and FAQ questions — each with the range it
/// spans and the line that names it.
enum DocumentSymbols {
    /// The kinds of symbol (LSP's `SymbolKind`) each part is shown as.
    enum Kind: Int {
        case section = 3  // Namespace
        case demo = 19  // Object
        case rule = 22  // EnumMember
        case question = 24  // Event
    }

    /// The outline of the query's page; null for a document that is not one.
    static func answer(_ query: DocumentQuery) -> Result<JSONValue, LanguageServer.Failure> {
        guard let page = query.page else { return .success(.null) }
        let lines = query.document.lines
        let lastLine = max(1, lines.count)
        // Each part: where it starts, its name, its kind; a part ends where the next of its level starts.
        let sections = page.sections.map { (line: $0.location.line, name: $0.title, kind: Kind.section) }
        var parts: [(line: Int, end: Int?, name: String, kind: Kind)] = []
        for (index, rule) in page.rules.enumerated() {
            let next = index + 1 < page.rules.count ? page.rules[index + 1].location.line : nil
            parts.append((rule.location.line, next, "Rule \(rule.number)" + RuleTitle.suffix(RuleTitle.words(of: lines.text(ofLine: rule.location.line - 1))), .rule))
        }
        for entry in page.faq {
            parts.append((entry.location.line, nil, entry.question, .question))
        }
        for block in page.demos {
            let name = "Demo" + (block.demo.map { " on \($0.device.value)" + ($0.caption.map { ": " + $0 } ?? "") } ?? "")
            parts.append((block.location.line, closingFence(after: block.location.line, in: lines), name, .demo))
        }
        parts.sort { $0.line < $1.line }

        func symbol(_ name: String, _ kind: Kind, from start: Int, to end: Int, children: [JSONValue]) -> JSONValue {
            let range = TextRange(start: Position(line: start - 1, character: 0), end: lines.endOfLine(max(start, end) - 1, in: query.encoding))
            let selection = TextRange(start: Position(line: start - 1, character: 0), end: lines.endOfLine(start - 1, in: query.encoding))
            var value: [String: JSONValue] = ["name": .string(name.isEmpty ? "(untitled)" : name), "kind": .int(kind.rawValue), "range": range.json, "selectionRange": selection.json]
            if !children.isEmpty { value["children"] = .array(children) }
            return .object(value)
        }
        /// The parts from `start` up to (not including) line `limit`, as symbols.
        func symbols(from start: Int, before limit: Int) -> [JSONValue] {
            let inside = parts.filter { $0.line >= start && $0.line < limit }
            return inside.enumerated().map { index, part in
                // A rule ends where the next rule starts; a question where the next part does; a demo at its fence.
                let following = inside.dropFirst(index + 1).first { $0.kind == part.kind || part.kind == .question }?.line
                let end = part.end.map { min($0 - (part.kind == .demo ? 0 : 1), limit - 1) } ?? ((following ?? limit) - 1)
                return symbol(part.name, part.kind, from: part.line, to: max(part.line, end), children: [])
            }
        }

        var result = symbols(from: 1, before: sections.first?.line ?? lastLine + 1)
        for (index, section) in sections.enumerated() {
            let limit = index + 1 < sections.count ? sections[index + 1].line : lastLine + 1
            result.append(symbol(section.name, .section, from: section.line, to: limit - 1, children: symbols(from: section.line + 1, before: limit)))
        }
        return .success(.array(result))
    }

    /// The line of the fence closing a demo opened on `line` (1-based),
    /// or nil when it has none.
    static func closingFence(after line: Int, in lines: TextLines) -> Int? {
        let opening = lines.text(ofLine: line - 1).drop { $0 == " " }
        let mark = opening.first ?? "`"
        let length = opening.prefix { $0 == mark }.count
        var index = line
        while index < lines.count {
            let text = lines.text(ofLine: index).drop { $0 == " " }
            let run = text.prefix { $0 == mark }.count
            if run >= length, text.dropFirst(run).allSatisfy({ $0 == " " || $0 == "\t" }) { return index + 1 }
            index += 1
        }
        return nil
    }
}
