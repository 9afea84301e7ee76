import Diagnostics

/// `textDocument/definition`: a cross-reference goes to the rule, heading
/// or question it cites (or its page), a source id of a citation block to
/// its entry in `sources.yml`, a demo's device id to its profile in
/// `devices.yml`.
enum Definition {
    /// Where the thing at the query's place is defined; null when nothing
    /// there has a definition.
    static func answer(_ query: DocumentQuery) -> Result<JSONValue, LanguageServer.Failure> {
        guard let page = query.page, let place = query.place else { return .success(.null) }
        let site = query.site.site
        for rule in page.rules {
            for citation in rule.citations?.citations ?? [] where citation.location.covers(place, length: citation.sourceID.unicodeScalars.count) {
                guard let source = site.sources.first(where: { $0.id == citation.sourceID }) else { return .success(.null) }
                return .success(query.link(to: source.location, length: source.id.unicodeScalars.count) ?? .null)
            }
        }
        for block in page.demos {
            guard let demo = block.demo, demo.device.location.covers(place, length: demo.device.value.unicodeScalars.count) else { continue }
            guard let device = site.device(demo.device.value) else { return .success(.null) }
            return .success(query.link(to: device.location, length: device.id.unicodeScalars.count) ?? .null)
        }
        if let reference = CrossReferenceTarget.at(place, in: page, lines: query.document.lines) {
            return .success(CrossReferenceTarget.location(of: reference, query) ?? .null)
        }
        return .success(.null)
    }
}

/// The page, rule, heading or question a cross-reference cites.
enum CrossReferenceTarget {
    /// The cross-reference of `page` at `place`: from its `[` to the `)`
    /// that closes its address.
    static func at(_ place: (line: Int, column: Int), in page: Pattern, lines: TextLines) -> CrossReference? {
        page.crossReferences.first { reference in
            let text = lines.text(ofLine: reference.location.line - 1)
            let after = String(text.unicodeScalars.dropFirst(reference.location.column - 1))
            let length = after.range(of: "](" + reference.destination).map { after[..<$0.upperBound].unicodeScalars.count + 1 } ?? 1
            return reference.location.covers(place, length: length)
        }
    }

    /// The file of the page `slug`.
    static func file(of slug: String) -> String {
        Site.Paths.patterns + "/" + slug + ".md"
    }

    /// The page `reference` cites, read from the editor's text or its file.
    static func page(of reference: CrossReference, _ query: DocumentQuery) -> (Pattern, TextLines)? {
        let file = file(of: reference.slug)
        guard let lines = query.lines(of: file), let page = DocumentQuery.read(file, lines.bytes, site: query.site.site) else { return nil }
        return (page, lines)
    }

    /// Where what `reference` cites is: its rule, heading or question, or
    /// the start of its page.
    static func location(of reference: CrossReference, _ query: DocumentQuery) -> JSONValue? {
        guard let (page, _) = page(of: reference, query) else { return nil }
        let target = place(of: reference.anchor, in: page) ?? SourceLocation(file: page.file)
        return query.link(to: target, length: 0)
    }

    /// Where `anchor` is in `page`: a rule's list item, a heading, a question.
    static func place(of anchor: String?, in page: Pattern) -> SourceLocation? {
        guard let anchor else { return nil }
        return page.rules.first { $0.anchor == anchor }?.location
            ?? page.sections.first { $0.anchor == anchor }?.location
            ?? page.faq.first { $0.anchor == anchor }?.location
    }
}
