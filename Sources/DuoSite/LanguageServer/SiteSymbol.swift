import Diagnostics

/// A thing of the site that other places name, as references and rename
/// know it: a page, one of its rules, one of its headings or questions (by
/// anchor), a source of `sources.yml`, a tag.
enum SiteSymbol: Sendable, Equatable {
    /// The page of this slug.
    case page(String)
    /// Rule N of the page of this slug.
    case rule(String, Int)
    /// A heading's or a question's anchor on the page of this slug.
    case anchor(String, String)
    /// The source of this id.
    case source(String)
    /// The tag of this address (`Tag.slug`), with one of its spellings.
    case tag(slug: String, spelling: String)

    /// What is at the query's place, and the bytes of the document that
    /// name it there: a citation's source id, a key of `sources.yml`, a
    /// tag of the front matter, a cross-reference (what it cites: a rule,
    /// a heading, a question, a page), the title (the page itself), a
    /// heading, a question, a rule (its number or anywhere in it), a
    /// pattern-rule reference of `placement.yml`.
    static func at(_ query: DocumentQuery) -> (symbol: SiteSymbol, bytes: Range<Int>)? {
        guard let file = query.document.file, let place = query.place else { return nil }
        let lines = query.document.lines
        let site = query.site.site
        func span(_ location: SourceLocation, _ text: String) -> Range<Int> {
            let start = lines.offset(line: location.line, column: location.column)
            return start..<(start + text.utf8.count)
        }
        let cursor = lines.offset(line: place.line, column: place.column)
        if file == Site.Paths.sources {
            guard let source = site.sources.first(where: { $0.location.line == place.line }) else { return nil }
            return (.source(source.id), span(source.location, source.id))
        }
        if file == Site.Paths.placement {
            for reference in site.placement?.citedRules ?? [] where reference.location.line == place.line {
                let start = lines.offset(line: reference.location.line, column: reference.location.column)
                guard let found = lines.find(reference.description, from: start, limit: lines.lineEnd(place.line - 1) - start),
                      found.contains(cursor) || found.upperBound == cursor else { continue }
                return (.rule(reference.slug, reference.number), found)
            }
            return nil
        }
        guard let page = query.page else { return nil }
        for rule in page.rules {
            for citation in rule.citations?.citations ?? [] where citation.location.covers(place, length: citation.sourceID.unicodeScalars.count) {
                return (.source(citation.sourceID), span(citation.location, citation.sourceID))
            }
        }
        let front = page.frontMatter
        for (index, tag) in front.tags.enumerated() where front.tagLocation(index).line == place.line {
            let location = front.tagLocation(index)
            let start = lines.offset(line: location.line, column: location.column)
            guard let found = lines.find(tag, from: start, limit: lines.lineEnd(place.line - 1) - start),
                  found.lowerBound <= cursor, cursor <= found.upperBound, let slug = Tag.slug(tag) else { continue }
            return (.tag(slug: slug, spelling: tag), found)
        }
        if front.title.location.line == place.line, page.frontMatter.location.line < place.line {
            let start = lines.offset(line: front.title.location.line, column: front.title.location.column)
            return (.page(page.slug), start..<max(start, lines.lineEnd(place.line - 1)))
        }
        if let reference = CrossReferenceTarget.at(place, in: page, lines: lines), let written = SitePlaces.link(reference, in: lines) {
            let symbol: SiteSymbol
            if let anchor = reference.anchor, !anchor.isEmpty {
                symbol = PageLinks.ruleNumber(anchor).map { .rule(reference.slug, $0) } ?? .anchor(reference.slug, anchor)
            } else {
                symbol = .page(reference.slug)
            }
            return (symbol, written.whole)
        }
        let headings = page.sections.map { ($0.location, $0.anchor) } + page.faq.map { ($0.location, $0.anchor) }
        for (location, anchor) in headings where location.line == place.line {
            return (.anchor(page.slug, anchor), lines.lineStart(place.line - 1)..<lines.lineEnd(place.line - 1))
        }
        // Inside a rule: from its number up to the next rule, or the next heading.
        let ends = page.sections.map(\.location.line) + page.faq.map(\.location.line)
        for (index, rule) in page.rules.enumerated() where rule.location.line <= place.line {
            let next = index + 1 < page.rules.count ? page.rules[index + 1].location.line : (ends.filter { $0 > rule.location.line }.min() ?? Int.max)
            guard place.line < next else { continue }
            let start = lines.offset(line: rule.location.line, column: rule.location.column)
            let number = String(rule.number)
            return (.rule(page.slug, rule.number), start..<(start + number.utf8.count))
        }
        return nil
    }
}
