import Foundation

/// Reads a rule's citation block, `Sources (apple): hig § Vertical controls ·
/// raise-the-bar @ 6:13`, reporting anything it cannot read at its column.
enum CitationParser {
    /// The text that opens a citation block.
    static let prefix = "Sources"

    /// Whether a paragraph's text is meant as a citation block.
    static func isCitationBlock(_ text: String) -> Bool {
        text.hasPrefix(prefix + " (") || text.hasPrefix(prefix + ":")
    }

    /// Parses `text`, whose character at offset i stands at `position(i)`.
    static func parse(_ text: String, file: String, position: (Int) -> SourceLocation) -> (CitationBlock?, [Diagnostic]) {
        let characters = Array(text)
        var diagnostics: [Diagnostic] = []
        let start = position(0)

        // "Sources (basis):"
        guard let colon = characters.firstIndex(of: ":") else {
            return (nil, [Diagnostic(.invalidCitation, "a citation block is written 'Sources (apple): source · source' or 'Sources (recommendation): …'", at: start)])
        }
        let head = String(characters[0..<colon]).trimmingCharacters(in: .whitespaces)
        let basisText: String
        if head.hasPrefix(prefix + " ("), head.hasSuffix(")") {
            basisText = String(head.dropFirst(prefix.count + 2).dropLast()).trimmingCharacters(in: .whitespaces)
        } else {
            basisText = ""
        }
        guard let basis = CitationBlock.Basis(rawValue: basisText) else {
            let what = basisText.isEmpty ? "no basis" : "the basis '\(basisText)'"
            return (nil, [Diagnostic(.invalidCitation, "a citation block has \(what); write 'Sources (apple):' for a rule Apple gives or 'Sources (recommendation):' for the site's own", at: start)])
        }

        // Nothing but separators after the colon: one finding, not one per gap.
        if characters[(colon + 1)...].allSatisfy({ $0.isWhitespace || $0 == "·" }) {
            return (CitationBlock(basis: basis, citations: [], location: start), [Diagnostic(.invalidCitation, "the citation block names no source; list the source ids from sources.yml after the colon", at: start)])
        }

        var citations: [Citation] = []
        var pieceStart = colon + 1
        var index = colon + 1
        while index <= characters.count {
            if index == characters.count || characters[index] == "·" {
                if let citation = parseCitation(characters, pieceStart..<index, position: position, diagnostics: &diagnostics) {
                    citations.append(citation)
                }
                pieceStart = index + 1
            }
            index += 1
        }
        if citations.isEmpty && diagnostics.isEmpty {
            diagnostics.append(Diagnostic(.invalidCitation, "the citation block names no source; list the source ids from sources.yml after the colon", at: start))
        }
        return (CitationBlock(basis: basis, citations: citations, location: start), diagnostics)
    }

    private static func parseCitation(_ characters: [Character], _ range: Range<Int>, position: (Int) -> SourceLocation, diagnostics: inout [Diagnostic]) -> Citation? {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, characters[lower].isWhitespace { lower += 1 }
        while upper > lower, characters[upper - 1].isWhitespace { upper -= 1 }
        let location = position(lower)
        guard lower < upper else {
            diagnostics.append(Diagnostic(.invalidCitation, "an empty citation between two '·'; remove the extra separator or name a source", at: position(min(range.lowerBound, max(range.upperBound - 1, 0)))))
            return nil
        }
        let piece = String(characters[lower..<upper])
        var idEnd = piece.startIndex
        while idEnd < piece.endIndex, !piece[idEnd].isWhitespace, piece[idEnd] != "§", piece[idEnd] != "@" {
            idEnd = piece.index(after: idEnd)
        }
        let id = String(piece[..<idEnd])
        let rest = piece[idEnd...].trimmingCharacters(in: .whitespaces)
        guard !id.isEmpty else {
            diagnostics.append(Diagnostic(.invalidCitation, "the citation '\(piece)' names no source; start it with a source id from sources.yml", at: location))
            return nil
        }
        var locator: Citation.Locator?
        if rest.isEmpty {
            locator = nil
        } else if rest.hasPrefix("§") {
            let name = rest.dropFirst().trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else {
                diagnostics.append(Diagnostic(.invalidCitation, "'§' in '\(piece)' names no section; write '\(id) § Section name'", at: location))
                return nil
            }
            locator = .section(name)
        } else if rest.hasPrefix("@") {
            let moment = rest.dropFirst().trimmingCharacters(in: .whitespaces)
            guard let seconds = Timestamp.seconds(moment) else {
                diagnostics.append(Diagnostic(.invalidCitation, "'\(moment)' in '\(piece)' is not a moment; write it M:SS or H:MM:SS, like '\(id) @ 6:13'", at: location))
                return nil
            }
            locator = .time(seconds: seconds, text: moment)
        } else {
            diagnostics.append(Diagnostic(.invalidCitation, "cannot read '\(piece)': after a source id comes '§ Section' or '@ M:SS', and citations are separated by ' · '", at: location))
            return nil
        }
        return Citation(sourceID: id, locator: locator, location: location)
    }
}
