/// `textDocument/codeLens`: over each rule, how many pages cite it and in
/// how many figures the placement engine applies it ("Cited by 2 ·
/// decides 3 figures", what the published page lists under it); over the
/// front matter, when the page was checked and when it is due ("Checked
/// 2026-11-20 · due 2027-05-19"), or since when it is stale, on the
/// server's day.
enum CodeLenses {
    /// The lenses of the query's page; none for a document that is not one.
    static func answer(_ query: DocumentQuery) -> Result<JSONValue, LanguageServer.Failure> {
        guard let page = query.page else { return .success(.array([])) }
        let lines = query.document.lines
        var lenses: [JSONValue] = []
        let front = page.frontMatter
        if front.hasLastChecked {
            let review = Review(page, settings: query.site.site.settings, today: query.site.today)
            let title: String
            switch review.status {
            case .fresh: title = "Checked \(review.lastChecked.value) · due \(review.due)"
            case .dueSoon: title = "Checked \(review.lastChecked.value) · due soon: \(review.due)"
            case .stale: title = "Checked \(review.lastChecked.value) · stale since \(review.due)"
            }
            lenses.append(lens(line: front.location.line - 1, title, lines, query.encoding))
        }
        guard !page.rules.isEmpty else { return .success(.array(lenses)) }
        // Each rule's citing pages and figures, from every other page's facts.
        var citing = Array(repeating: Set<String>(), count: page.rules.count)
        var figures = Array(repeating: 0, count: page.rules.count)
        let slug = page.slug
        for facts in query.site.pages where !facts.page.frontMatter.draft {
            let other = facts.page
            if other.slug != slug {
                for reference in other.crossReferences where reference.slug == slug {
                    guard let anchor = reference.anchor, let number = PageLinks.ruleNumber(anchor), number >= 1, number <= citing.count else { continue }
                    citing[number - 1].insert(other.slug)
                }
            }
            for figure in other.figureRules {
                for rule in figure.rules where rule.slug == slug && rule.number >= 1 && rule.number <= figures.count {
                    figures[rule.number - 1] += 1
                }
            }
        }
        for (index, rule) in page.rules.enumerated() {
            let cited = citing[index].count, decided = figures[index]
            let title = "Cited by \(cited) · decides \(decided) figure\(decided == 1 ? "" : "s")"
            lenses.append(lens(line: rule.location.line - 1, title, lines, query.encoding))
        }
        return .success(.array(lenses))
    }

    /// A lens over the 0-based `line`, showing `title` (a command that does nothing when clicked).
    private static func lens(line: Int, _ title: String, _ lines: TextLines, _ encoding: PositionEncoding) -> JSONValue {
        let range = TextRange(start: Position(line: line, character: 0), end: lines.endOfLine(line, in: encoding))
        return ["range": range.json, "command": ["title": .string(title), "command": ""]]
    }
}
