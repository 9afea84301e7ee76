/// `textDocument/references`: every place of the site that names what is
/// under the cursor — on a rule (its number, anywhere in it, or a link to
/// it), the cross-references citing it (what its "cited by" lists) and
/// `placement.yml`'s rows and advice standing for it; on a heading or a
/// question, the links to its anchor; on the title, the links to the
/// page; on a source id (in a citation block or in `sources.yml`), every
/// citation of it; on a tag, every page carrying it (and the links to
/// its tag page).
enum References {
    /// The locations naming the thing at the query's place (its own
    /// place too when `context.includeDeclaration`); null when nothing
    /// there is named elsewhere.
    static func answer(_ query: DocumentQuery) -> Result<JSONValue, LanguageServer.Failure> {
        guard let (symbol, _) = SiteSymbol.at(query) else { return .success(.null) }
        let places = SitePlaces(site: query.site, openTexts: query.openTexts)
        var locations: [JSONValue] = []
        if query.params["context"]?["includeDeclaration"]?.bool == true, let definition = places.definition(of: symbol) {
            locations += [places.location(definition, encoding: query.encoding)].compactMap { $0 }
        }
        if case .source(let id) = symbol {
            // Where the pages' facts say each citation is, no file read: a source may be cited on every page.
            return .success(.array(locations + citations(of: id, query)))
        }
        return .success(.array(locations + places.references(to: symbol).compactMap { places.location($0, encoding: query.encoding) }))
    }

    /// The locations of every citation of `id`, from every page's facts.
    private static func citations(of id: String, _ query: DocumentQuery) -> [JSONValue] {
        let address = DocumentAddress(root: query.site.root)
        let length = TextLines.units(of: id.unicodeScalars, in: query.encoding)
        var locations: [JSONValue] = []
        for facts in query.site.pages where facts.page.citedSources.contains(id) {
            let uri = JSONValue.string(address.uri(of: facts.page.file))
            for citation in facts.editor?.citations ?? [] where citation.sourceID == id {
                let column: Int
                switch query.encoding {
                case .utf8: column = Int(citation.utf8Column)
                case .utf16: column = Int(citation.utf16Column)
                case .utf32: column = Int(citation.column) - 1
                }
                let start = Position(line: Int(citation.line) - 1, character: column)
                let range = TextRange(start: start, end: Position(line: start.line, character: column + length))
                locations.append(["uri": uri, "range": range.json])
            }
        }
        return locations
    }
}
