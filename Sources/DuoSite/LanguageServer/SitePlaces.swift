import Diagnostics
import Foundation

/// Every place of the site that names a `SiteSymbol`, found in every
/// page's facts (each page read once, as the site is) and in the site's
/// own files: where references point, and what rename rewrites. Each
/// place is a stretch of a file's text, with the part of it that spells
/// the name.
struct SitePlaces {
    /// One place that names the symbol.
    struct Place {
        /// The file, relative to the site root.
        var file: String
        /// The bytes of the file's text that name it (a link from `[` to `)`, a source id, a tag).
        var whole: Range<Int>
        /// The bytes of the name itself inside it (a page's slug, a source's id, a tag as spelt), when it can be rewritten.
        var name: Range<Int>?
    }

    /// The site, with the open documents' text.
    let site: LanguageSite
    /// The open documents' text, by file.
    let openTexts: [String: TextLines]
    private let texts = FileTexts()

    /// Places of `site`, reading the open files from `openTexts`.
    init(site: LanguageSite, openTexts: [String: TextLines]) {
        self.site = site
        self.openTexts = openTexts
    }

    /// The text of `file`: the editor's when it is open, else its file's.
    func lines(of file: String) -> TextLines? {
        if let open = openTexts[file] { return open }
        return texts.lines(of: file, root: site.root)
    }

    /// Every place that names `symbol` (its definition not included).
    func references(to symbol: SiteSymbol) -> [Place] {
        var places: [Place] = []
        let pages = site.pages
        switch symbol {
        case .page(let slug), .rule(let slug, _), .anchor(let slug, _):
            for facts in pages {
                for reference in facts.page.crossReferences where reference.slug == slug && Self.names(reference, symbol) {
                    guard let lines = lines(of: facts.page.file) else { continue }
                    if let written = Self.link(reference, in: lines) {
                        places.append(Place(file: facts.page.file, whole: written.whole, name: written.slug))
                    } else {
                        let start = lines.offset(line: reference.location.line, column: reference.location.column)
                        places.append(Place(file: facts.page.file, whole: start..<(start + 1), name: nil))
                    }
                }
            }
            if case .anchor = symbol { break }
            for reference in site.site.placement?.citedRules ?? [] where reference.slug == slug {
                if case .rule(_, let number) = symbol, reference.number != number { continue }
                guard let lines = lines(of: Site.Paths.placement) else { continue }
                let start = lines.offset(line: reference.location.line, column: reference.location.column)
                guard let found = lines.find(reference.description, from: start, limit: 256) else { continue }
                places.append(Place(file: Site.Paths.placement, whole: found, name: found.lowerBound..<(found.lowerBound + slug.utf8.count)))
            }
        case .source(let id):
            for facts in pages where facts.page.citedSources.contains(id) {
                guard let lines = lines(of: facts.page.file) else { continue }
                for citation in facts.editor?.citations ?? [] where citation.sourceID == id {
                    let start = lines.offset(line: Int(citation.line), column: Int(citation.column))
                    places.append(Place(file: facts.page.file, whole: start..<(start + id.utf8.count), name: start..<(start + id.utf8.count)))
                }
            }
        case .tag(let slug, _):
            for facts in pages {
                let front = facts.page.frontMatter
                let tagged = front.tags.indices.filter { Tag.slug(front.tags[$0]) == slug }
                let linked = facts.page.tagAddresses.filter { $0.destination.hasPrefix(Tag.path(slug)) }
                guard !tagged.isEmpty || !linked.isEmpty, let lines = lines(of: facts.page.file) else { continue }
                for index in tagged {
                    let location = front.tagLocation(index)
                    let start = lines.offset(line: location.line, column: location.column)
                    guard let found = lines.find(front.tags[index], from: start, limit: 512) else { continue }
                    places.append(Place(file: facts.page.file, whole: found, name: found))
                }
                for address in linked {
                    let start = lines.offset(line: address.location.line, column: address.location.column)
                    guard let found = lines.find(Tag.path(slug), from: start) else { continue }
                    let name = (found.lowerBound + "/tags/".utf8.count)..<(found.upperBound - 1)
                    places.append(Place(file: facts.page.file, whole: found, name: name))
                }
            }
        }
        return places
    }

    /// Where `symbol` itself is: the rule's list item, the heading or
    /// question, the source's entry in `sources.yml`, the page's title.
    func definition(of symbol: SiteSymbol) -> Place? {
        switch symbol {
        case .source(let id):
            guard let source = site.site.sources.first(where: { $0.id == id }), let lines = lines(of: Site.Paths.sources) else { return nil }
            // The key as written: in quotes, the id after the quote.
            let start = lines.offset(line: source.location.line, column: source.location.column)
            guard let found = lines.find(id, from: start, limit: lines.lineEnd(source.location.line - 1) - start) else { return nil }
            return Place(file: Site.Paths.sources, whole: found, name: found)
        case .page(let slug), .rule(let slug, _), .anchor(let slug, _):
            guard let facts = site.page(slug), let lines = lines(of: facts.page.file) else { return nil }
            let location: SourceLocation?
            switch symbol {
            case .rule(_, let number): location = facts.page.rules.first { $0.number == number }?.location
            case .anchor(_, let anchor): location = CrossReferenceTarget.place(of: anchor, in: facts.page)
            default: location = facts.page.frontMatter.title.location
            }
            guard let location else { return nil }
            let start = lines.offset(line: location.line, column: location.column)
            return Place(file: facts.page.file, whole: start..<lines.lineEnd(location.line - 1), name: nil)
        case .tag:
            return nil
        }
    }

    /// Whether `reference` (to the symbol's page) names the symbol itself.
    private static func names(_ reference: CrossReference, _ symbol: SiteSymbol) -> Bool {
        switch symbol {
        case .page: return true
        case .rule(_, let number): return reference.anchor == .numbered("rule-", number)
        case .anchor(_, let anchor): return reference.anchor == anchor
        default: return false
        }
    }

    /// A cross-reference as written in `lines`: the bytes from its `[` to
    /// the `)` closing its address, and those of the page's slug in the
    /// address (nil when the link is not written `[…](address)`).
    static func link(_ reference: CrossReference, in lines: TextLines) -> (whole: Range<Int>, slug: Range<Int>?)? {
        let start = lines.offset(line: reference.location.line, column: reference.location.column)
        let destination = reference.destination
        guard let found = lines.find("](" + destination, from: start) else { return nil }
        let address = (found.lowerBound + 2)..<found.upperBound
        let whole = start..<min(lines.bytes.count, found.upperBound + 1)
        // The slug in the address: `slug.md…`, `./slug.md`, `/patterns/slug/…`.
        let text = Array(destination.utf8), slug = Array(reference.slug.utf8)
        var index = 0
        while index + slug.count <= text.count {
            if text[index..<(index + slug.count)].elementsEqual(slug) {
                let before = index == 0 ? nil : text[index - 1]
                let after = index + slug.count < text.count ? text[index + slug.count] : nil
                if before == nil || before == UInt8(ascii: "/"), after == nil || after == UInt8(ascii: ".") || after == UInt8(ascii: "/") || after == UInt8(ascii: "#") {
                    return (whole, (address.lowerBound + index)..<(address.lowerBound + index + slug.count))
                }
            }
            index += 1
        }
        return (whole, nil)
    }

    /// `place` as an LSP location.
    func location(_ place: Place, encoding: PositionEncoding) -> JSONValue? {
        guard let lines = lines(of: place.file) else { return nil }
        return ["uri": .string(DocumentAddress(root: site.root).uri(of: place.file)), "range": lines.range(ofBytes: place.whole, in: encoding).json]
    }
}

/// Files read from disk once for a request.
final class FileTexts {
    private var read: [String: TextLines?] = [:]

    /// The text of `file` under `root`, or nil when it cannot be read.
    func lines(of file: String, root: URL) -> TextLines? {
        if let known = read[file] { return known }
        let lines = FileManager.default.contents(atPath: root.appendingPathComponent(file).path).map { TextLines(bytes: [UInt8]($0)) }
        read[file] = lines
        return lines
    }
}
