/// Reads a rule's citation block, `Sources (apple): hig § Vertical controls ·
/// raise-the-bar @ 6:13`, reporting anything it cannot read at its column.
///
/// It works on Unicode scalars, the unit columns are counted in, so that an
/// offset in the text is an offset in the editor's line.
enum CitationParser {
    /// Whether a paragraph's text is meant as a citation block.
    static func isCitationBlock(_ text: String) -> Bool {
        text.hasBytePrefix("Sources (") || text.hasBytePrefix("Sources:")
    }

    /// Parses `text`, whose Unicode scalar at offset i stands at `position(i)`.
    static func parse(_ text: String, file: String, position: (Int) -> SourceLocation) -> (CitationBlock?, [Diagnostic]) {
        let scalars = ScalarText(text)
        var diagnostics: [Diagnostic] = []
        let start = position(0)

        // "Sources (basis):"
        guard let colon = scalars.firstIndex(of: ":") else {
            return (nil, [Diagnostic(.invalidCitation, "a citation block is written 'Sources (apple): source · source' or 'Sources (recommendation): …'", at: start)])
        }
        let head = trimmed(scalars, 0..<colon)
        let basisText: String
        if head.hasBytePrefix("Sources ("), head.hasByteSuffix(")") {
            basisText = String(decoding: head.utf8.dropFirst("Sources (".utf8.count).dropLast(), as: UTF8.self).trimmed
        } else {
            basisText = ""
        }
        guard let basis = CitationBlock.Basis(rawValue: basisText) else {
            let what = basisText.isEmpty ? "no basis" : "the basis '\(basisText)'"
            return (nil, [Diagnostic(.invalidCitation, "a citation block has \(what); write 'Sources (apple):' for a rule Apple gives or 'Sources (recommendation):' for the site's own", at: start)])
        }

        // Nothing but separators and spaces after the colon: one finding.
        if ((colon + 1)..<scalars.count).allSatisfy({ scalars[$0].isSpace || scalars[$0] == "·" }) {
            return (CitationBlock(basis: basis, citations: [], location: start), [Diagnostic(.invalidCitation, "the citation block names no source; list the source ids from sources.yml after the colon", at: start)])
        }

        var citations: [Citation] = []
        var pieceStart = colon + 1
        for index in (colon + 1)...scalars.count where index == scalars.count || scalars[index] == "·" {
            if let citation = parseCitation(scalars, pieceStart..<index, position: position, diagnostics: &diagnostics) {
                citations.append(citation)
            }
            pieceStart = index + 1
        }
        if citations.isEmpty && diagnostics.isEmpty {
            diagnostics.append(Diagnostic(.invalidCitation, "the citation block names no source; list the source ids from sources.yml after the colon", at: start))
        }
        return (CitationBlock(basis: basis, citations: citations, location: start), diagnostics)
    }

    private static func parseCitation(_ scalars: ScalarText, _ range: Range<Int>, position: (Int) -> SourceLocation, diagnostics: inout [Diagnostic]) -> Citation? {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, scalars[lower].isSpace { lower += 1 }
        while upper > lower, scalars[upper - 1].isSpace { upper -= 1 }
        guard lower < upper else {
            diagnostics.append(Diagnostic(.invalidCitation, "an empty citation between two '·'; remove the extra separator or name a source", at: position(min(range.lowerBound, max(range.upperBound - 1, 0)))))
            return nil
        }
        let location = position(lower)
        // The citation as written, for findings only.
        var piece: String { string(scalars, lower..<upper) }
        var idEnd = lower
        while idEnd < upper, !scalars[idEnd].isSpace, scalars[idEnd] != "§", scalars[idEnd] != "@" {
            idEnd += 1
        }
        let id = string(scalars, lower..<idEnd)
        guard !id.isEmpty else {
            diagnostics.append(Diagnostic(.invalidCitation, "the citation '\(piece)' names no source; start it with a source id from sources.yml", at: location))
            return nil
        }
        var restStart = idEnd
        while restStart < upper, scalars[restStart].isSpace { restStart += 1 }
        var locator: Citation.Locator?
        if restStart == upper {
            locator = nil
        } else if scalars[restStart] == "§" {
            let name = trimmed(scalars, (restStart + 1)..<upper)
            guard !name.isEmpty else {
                diagnostics.append(Diagnostic(.invalidCitation, "'§' in '\(piece)' names no section; write '\(id) § Section name'", at: location))
                return nil
            }
            locator = .section(name)
        } else if scalars[restStart] == "@" {
            let moment = trimmed(scalars, (restStart + 1)..<upper)
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

    private static func string(_ scalars: ScalarText, _ range: Range<Int>) -> String {
        scalars.string(range)
    }

    private static func trimmed(_ scalars: ScalarText, _ range: Range<Int>) -> String {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper, scalars[lower].isSpace { lower += 1 }
        while upper > lower, scalars[upper - 1].isSpace { upper -= 1 }
        return string(scalars, lower..<upper)
    }
}

/// A text's Unicode scalars, addressable by offset, and its substrings.
struct ScalarText {
    private let bytes: [UInt8]
    private let scalars: [Unicode.Scalar]
    /// The UTF-8 offset each scalar starts at, and one for the end.
    private let offsets: [Int32]

    init(_ text: String) {
        let bytes = Array(text.utf8)
        self.bytes = bytes
        // Both arrays filled in one pass, with no check of capacity a scalar:
        // there are never more scalars than bytes.
        var count = 0
        var offsets: [Int32] = []
        scalars = bytes.withUnsafeBufferPointer { utf8 in
            [Unicode.Scalar](unsafeUninitializedCapacity: utf8.count) { scalars, scalarCount in
                offsets = [Int32](unsafeUninitializedCapacity: utf8.count + 1) { starts, startCount in
                    var offset = 0
                    while offset < utf8.count {
                        let (scalar, length) = Unicode.Scalar.decode(utf8, at: offset)
                        (scalars.baseAddress! + count).initialize(to: scalar)
                        (starts.baseAddress! + count).initialize(to: Int32(offset))
                        count += 1
                        offset += length
                    }
                    (starts.baseAddress! + count).initialize(to: Int32(utf8.count))
                    startCount = count + 1
                }
                scalarCount = count
            }
        }
        self.offsets = offsets
    }

    /// How many scalars.
    var count: Int { scalars.count }

    /// The scalar at an offset.
    subscript(offset: Int) -> Unicode.Scalar { scalars[offset] }

    /// The first offset of a scalar.
    func firstIndex(of scalar: Unicode.Scalar) -> Int? { scalars.firstIndex(of: scalar) }

    /// The text of a range of offsets.
    func string(_ range: Range<Int>) -> String {
        String(decoding: bytes[Int(offsets[range.lowerBound])..<Int(offsets[range.upperBound])], as: UTF8.self)
    }
}
