/// `textDocument/documentLink`: a page's cross-references, each address
/// to the file of the page it cites (at the line of the rule, heading or
/// question, `#L12`, which VS Code opens there), and its citations, each
/// (`hig § Vertical controls`, `raise-the-bar @ 6:13`) to the source's
/// address — a talk's at that moment; each with a tooltip (the address,
/// the source's title) for a client that shows one.
enum DocumentLinks {
    /// The links of the query's page; none for a document that is not one.
    static func answer(_ query: DocumentQuery) -> Result<JSONValue, LanguageServer.Failure> {
        guard let page = query.page else { return .success(.array([])) }
        let lines = query.document.lines
        let address = DocumentAddress(root: query.site.root)
        var links: [JSONValue] = []
        // A tooltip for a client that shows one.
        let tooltips = query.capabilities["textDocument"]?["documentLink"]?["tooltipSupport"]?.bool == true
        func link(_ bytes: Range<Int>, _ target: String, _ tooltip: String) {
            var link: [String: JSONValue] = ["range": lines.range(ofBytes: bytes, in: query.encoding).json, "target": .string(target)]
            if tooltips { link["tooltip"] = .string(tooltip) }
            links.append(.object(link))
        }
        for reference in page.crossReferences {
            guard let written = SitePlaces.link(reference, in: lines) else { continue }
            let destination = (written.whole.upperBound - 1 - reference.destination.utf8.count)..<(written.whole.upperBound - 1)
            var target = address.uri(of: CrossReferenceTarget.file(of: reference.slug))
            let cited = reference.slug == page.slug ? page : query.site.page(reference.slug)?.page
            if let cited, let place = CrossReferenceTarget.place(of: reference.anchor, in: cited) { target += "#L\(place.line)" }
            link(destination, target, reference.destination)
        }
        let sources = query.site.site.sources
        for rule in page.rules {
            for citation in rule.citations?.citations ?? [] {
                guard let source = sources.first(where: { $0.id == citation.sourceID }) else { continue }
                let start = lines.offset(line: citation.location.line, column: citation.location.column)
                // To the next citation's `·`, or the line's end.
                let lineEnd = lines.lineEnd(citation.location.line - 1)
                var end = lines.find("·", from: start, limit: lineEnd - start)?.lowerBound ?? lineEnd
                while end > start, lines.bytes[end - 1] == UInt8(ascii: " ") { end -= 1 }
                var target = source.url, tooltip = source.title
                if case .time(let seconds, let text)? = citation.locator {
                    target = source.address(atSecond: seconds)
                    tooltip += " at \(text)"
                }
                link(start..<end, target, tooltip)
            }
        }
        return .success(.array(links))
    }
}
