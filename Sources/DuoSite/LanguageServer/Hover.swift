import Diagnostics

/// `textDocument/hover`: what the thing under the cursor stands for, in
/// Markdown — a cited source (title, publisher, kind, date, address), a
/// moment of a talk (`@ M:SS`: its address at that second), a
/// cross-reference (the text of the rule, or the heading or question, it
/// cites), a demo's item (where the placement engine puts it in each
/// state, in which form, by which rule, as `duosite place` says), and
/// `last_checked:` (the due date and the status).
enum Hover {
    /// The hover at the query's place; null when there is nothing to say.
    static func answer(_ query: DocumentQuery) -> Result<JSONValue, LanguageServer.Failure> {
        guard let page = query.page, let place = query.place else { return .success(.null) }
        let found = citation(page, place, query) ?? crossReference(page, place, query) ?? demoItem(page, place, query) ?? lastChecked(page, place, query)
        guard let (text, range) = found else { return .success(.null) }
        return .success(["contents": ["kind": "markdown", "value": .string(text)], "range": range.json])
    }

    // MARK: Sources

    /// A citation's source id, or its moment (`@ 6:13`).
    private static func citation(_ page: Pattern, _ place: (line: Int, column: Int), _ query: DocumentQuery) -> (String, TextRange)? {
        let sources = query.site.site.sources
        for rule in page.rules {
            for citation in rule.citations?.citations ?? [] where citation.location.line == place.line {
                let idLength = citation.sourceID.unicodeScalars.count
                let source = sources.first { $0.id == citation.sourceID }
                if citation.location.covers(place, length: idLength) {
                    guard let source else { return ("No source `\(citation.sourceID)` in `sources.yml`.", query.range(at: citation.location, length: idLength)) }
                    return (describe(source), query.range(at: citation.location, length: idLength))
                }
                // The moment: `@ M:SS` after the id.
                guard case .time(let seconds, let text)? = citation.locator, let source else { continue }
                let line = query.document.lines.text(ofLine: place.line - 1)
                let after = String(line.unicodeScalars.dropFirst(citation.location.column - 1 + idLength))
                guard let at = after.range(of: "@") else { continue }
                let written = after[at.lowerBound...]
                guard let end = written.range(of: text) else { continue }
                let column = citation.location.column + idLength + after[..<at.lowerBound].unicodeScalars.count
                let length = written[..<end.upperBound].unicodeScalars.count
                let location = SourceLocation(file: citation.location.file, line: citation.location.line, column: column)
                guard location.covers(place, length: length) else { continue }
                let address = source.address(atSecond: seconds)
                return ("**\(source.title)** at \(text)\n\n<\(address)>", query.range(at: location, length: length))
            }
        }
        return nil
    }

    /// A source as a hover shows it.
    static func describe(_ source: Source) -> String {
        var facts = [source.publisher, source.kind]
        if let date = source.date { facts.append(date.value.description) }
        return "**\(source.title)**\n\n" + facts.filter { !$0.isEmpty }.joined(separator: " · ") + "\n\n<\(source.url)>"
    }

    // MARK: Cross-references

    /// A link to another page's rule, heading or question: its text.
    private static func crossReference(_ page: Pattern, _ place: (line: Int, column: Int), _ query: DocumentQuery) -> (String, TextRange)? {
        let lines = query.document.lines
        guard let reference = CrossReferenceTarget.at(place, in: page, lines: lines) else { return nil }
        let text = lines.text(ofLine: reference.location.line - 1)
        let after = String(text.unicodeScalars.dropFirst(reference.location.column - 1))
        let length = after.range(of: "](" + reference.destination).map { after[..<$0.upperBound].unicodeScalars.count + 1 } ?? 1
        let range = query.range(at: reference.location, length: length)
        guard let (target, targetLines) = CrossReferenceTarget.page(of: reference, query) else {
            return ("No page `\(reference.slug)`.", range)
        }
        let title = "**\(target.frontMatter.title.value)**"
        guard let anchor = reference.anchor else { return (title + "\n\n" + target.frontMatter.summary.value, range) }
        if let rule = target.rules.first(where: { $0.anchor == anchor }) {
            let next = target.rules.first { $0.number == rule.number + 1 }?.location.line
            return ("\(title), rule \(rule.number)\n\n" + ruleText(from: rule.location.line, before: next, in: targetLines), range)
        }
        if let section = target.sections.first(where: { $0.anchor == anchor }) {
            return ("\(title) § \(section.title)", range)
        }
        if let entry = target.faq.first(where: { $0.anchor == anchor }) {
            return ("\(title), FAQ: \(entry.question)", range)
        }
        return ("\(title) has no anchor `#\(anchor)`.", range)
    }

    /// A rule's text as written: its list item from `line` up to its
    /// citation block, the next rule or heading, without its number.
    static func ruleText(from line: Int, before next: Int?, in lines: TextLines) -> String {
        var paragraphs: [String] = []
        var index = line - 1
        var afterBlank = false
        while index < lines.count, index < (next ?? Int.max) - 1 {
            let raw = lines.text(ofLine: index)
            let text = raw.trimmed
            if text.hasPrefix("Sources (") || text.hasPrefix("#") || (index > line - 1 && text.hasPrefix("```")) { break }
            // After a blank line, only indented text still belongs to the list item.
            if afterBlank, !text.isEmpty, !(raw.first == " " || raw.first == "\t") { break }
            afterBlank = text.isEmpty
            paragraphs.append(text)
            index += 1
        }
        var text = paragraphs.joined(separator: "\n").trimmed
        if let dot = text.firstIndex(where: { !$0.isNumber }), dot > text.startIndex, text[dot] == "." || text[dot] == ")" {
            text = String(text[text.index(after: dot)...]).trimmed
        }
        return text
    }

    // MARK: Demos

    /// A demo's item: where the engine puts it in each state.
    private static func demoItem(_ page: Pattern, _ place: (line: Int, column: Int), _ query: DocumentQuery) -> (String, TextRange)? {
        for block in page.demos {
            guard let demo = block.demo else { continue }
            // The item written on this line (the last one written before the cursor).
            let written = demo.states.flatMap(\.screen.allItems).filter { $0.location.line == place.line && $0.location.column <= place.column }
            guard let item = written.max(by: { $0.location.column < $1.location.column }) else { continue }
            let range = TextRange(start: query.document.lines.position(line: item.location.line, column: item.location.column, in: query.encoding),
                                  end: query.document.lines.endOfLine(item.location.line - 1, in: query.encoding))
            let site = query.site.site
            guard let engine = query.site.placement, let device = site.device(demo.device.value) else {
                return ("`\(item.id)`: the engine cannot place it (no placement table, or no device `\(demo.device.value)`).", range)
            }
            let placed = PlacedDemo(demo: demo, line: block.location.line, device: device, engine: engine)
            var lines = ["**\(item.id)** on \(device.id) (\(device.name))", ""]
            lines.append("| state | place | form | rule |")
            lines.append("|---|---|---|---|")
            var advice: [String] = []
            for state in placed.states {
                if let placement = state.layout.items.first(where: { $0.item.id == item.id }) {
                    let rule = placement.rule?.description ?? placement.decision.because.map { "(\($0))" } ?? "(row \(placement.decision.id))"
                    var form = placement.form.name
                    if let badge = placement.badge { form += ", badge \(badge)" }
                    lines.append("| \(state.state.name) | \(placement.place.rawValue) | \(form) | \(rule) |")
                } else if state.layout.unplaced.contains(where: { $0.id == item.id }) {
                    lines.append("| \(state.state.name) | – | – | (no row of the table matches) |")
                }
                for note in state.layout.advice where note.item == item.id {
                    let text = "- \(note.message)" + (note.rule.map { " [\($0)]" } ?? "")
                    if !advice.contains(text) { advice.append(text) }
                }
            }
            if !advice.isEmpty { lines += ["", "Advice:"] + advice }
            return (lines.joined(separator: "\n"), range)
        }
        return nil
    }

    // MARK: Front matter

    /// `last_checked:`: the due date and the status.
    private static func lastChecked(_ page: Pattern, _ place: (line: Int, column: Int), _ query: DocumentQuery) -> (String, TextRange)? {
        let front = page.frontMatter
        guard front.hasLastChecked, place.line == front.lastChecked.location.line else { return nil }
        let review = Review(page, settings: query.site.site.settings, today: query.site.today)
        let status: String
        switch review.status {
        case .fresh: status = "fresh"
        case .dueSoon: status = "due soon"
        case .stale: status = "stale"
        }
        let interval = review.interval.spelledOut + (review.isPageInterval ? " (this page's review_every)" : "")
        let text = "Last checked \(review.lastChecked.value): due \(review.due), every \(interval). On \(query.site.today): **\(status)**."
        let lines = query.document.lines
        let range = TextRange(start: Position(line: place.line - 1, character: 0), end: lines.endOfLine(place.line - 1, in: query.encoding))
        return (text, range)
    }
}
