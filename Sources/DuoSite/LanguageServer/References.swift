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
        var found = places.references(to: symbol)
        if query.params["context"]?["includeDeclaration"]?.bool == true, let definition = places.definition(of: symbol) {
            found.insert(definition, at: 0)
        }
        return .success(.array(found.compactMap { places.location($0, encoding: query.encoding) }))
    }
}
