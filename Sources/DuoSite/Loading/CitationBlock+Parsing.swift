import Diagnostics

/// Reads a rule's citation block, `Sources (apple): hig § Vertical controls ·
/// raise-the-bar @ 6:13`, reporting anything it cannot read at its column.
///
/// It reads the text's UTF-8 bytes where they are, decoding a character
/// only where it is not ASCII; a position is the count of Unicode scalars
/// before it, the unit columns are counted in, so that an offset in the
/// text is an offset in the editor's line.
enum CitationParser {
    /// Whether a paragraph's text is meant as a citation block.
    static func isCitationBlock(_ text: String) -> Bool {
        isCitationBlock(utf8: text.utf8.span)
    }

    /// Whether UTF-8 text is meant as a citation block (see ``isCitationBlock(_:)``).
    static func isCitationBlock(utf8 bytes: Span<UInt8>) -> Bool {
        BlockText.starts(bytes, with: "Sources (") || BlockText.starts(bytes, with: "Sources:")
    }

    /// Whether text starts as a citation block does, or as one misspelt:
    /// `Source`, then an `s` or not, in any case, then `(` or `:`
    /// (`Source (apple):`, `sources (apple):`, `SOURCES:`).
    static func mayBeCitationBlock(_ text: String) -> Bool {
        mayBeCitationBlock(text.utf8.span)
    }

    /// Whether UTF-8 text starts as a citation block does, or as one
    /// misspelt (see ``mayBeCitationBlock(_:)``).
    static func mayBeCitationBlock(_ bytes: Span<UInt8>) -> Bool {
        var index = 0
        for expected in "source".utf8 {
            guard index < bytes.count, bytes[index] | 0x20 == expected else { return false }
            index += 1
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "s") { index += 1 }
        while index < bytes.count, bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index < bytes.count && (bytes[index] == UInt8(ascii: "(") || bytes[index] == UInt8(ascii: ":"))
    }

    /// Parses `text`, whose Unicode scalar at offset i stands at `position(i)`.
    /// Each citation of a source in `sourceIDs` (the ids of the site's
    /// sources, in sources.yml's order) notes the source's place there.
    static func parse(_ text: String, file: String, sourceIDs: [String] = [], position: (Int) -> SourceLocation) -> (CitationBlock?, [Diagnostic]) {
        parse(utf8: text.utf8.span, sourceIDs: sourceIDs, position: position)
    }

    /// Parses the UTF-8 text `bytes` (valid UTF-8: a text node's, read where
    /// it lies), as ``parse(_:file:sourceIDs:position:)`` parses a string.
    static func parse(utf8 bytes: Span<UInt8>, sourceIDs: [String] = [], position: (Int) -> SourceLocation) -> (CitationBlock?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let start = position(0)

        // "Sources (basis):"
        guard let colon = BlockText.firstIndex(of: UInt8(ascii: ":"), in: bytes) else {
            return (nil, [Diagnostic(.invalidCitation, "a citation block is written 'Sources (apple): source · source' or 'Sources (recommendation): …'", at: start)])
        }
        let head = BlockText.trimmed(0..<colon, in: bytes)
        let opening = "Sources ("
        let openingCount = opening.utf8.count
        var basisRange = 0..<0
        if head.count > openingCount, bytes[head.upperBound - 1] == UInt8(ascii: ")"),
           BlockText.equals(head.lowerBound..<(head.lowerBound + openingCount), opening, in: bytes) {
            basisRange = BlockText.trimmed((head.lowerBound + openingCount)..<(head.upperBound - 1), in: bytes)
        }
        // The two bases compared as bytes; a string is made only for a finding.
        let basis: CitationBlock.Basis? = BlockText.equals(basisRange, "apple", in: bytes) ? .apple
            : BlockText.equals(basisRange, "recommendation", in: bytes) ? .recommendation : nil
        guard let basis else {
            let basisText = BlockText.string(basisRange, in: bytes)
            let what = basisText.isEmpty ? "no basis" : "the basis '\(basisText)'"
            return (nil, [Diagnostic(.invalidCitation, "a citation block has \(what); write 'Sources (apple):' for a rule Apple gives or 'Sources (recommendation):' for the site's own", at: start)])
        }

        // Nothing but separators and spaces after the colon: one finding.
        var offset = colon + 1
        var onlySeparators = true
        while offset < bytes.count {
            let (scalar, length) = BlockText.scalar(at: offset, in: bytes)
            guard scalar.isSpace || scalar == "·" else {
                onlySeparators = false
                break
            }
            offset += length
        }
        if onlySeparators {
            return (CitationBlock(basis: basis, citations: [], location: start), [Diagnostic(.invalidCitation, "the citation block names no source; list the source ids from sources.yml after the colon", at: start)])
        }

        // The citations between the `·` (C2 B7: no other character's bytes hold that pair).
        var citations: [Citation] = []
        // A block cites a few sources: room for them at once, not grown one by one.
        citations.reserveCapacity(4)
        var pieceStart = colon + 1
        var index = pieceStart
        let count = bytes.count
        // The continuation bytes before `index`, counted on the way, so
        // that a piece's character offset is known without counting again
        // from the start.
        var continuations = BlockText.continuations(in: 0..<index, of: bytes)
        var pieceContinuations = continuations
        while index <= count {
            // ASCII: neither a separator nor a continuation byte.
            while index < count, bytes[index] < 0x80 { index += 1 }
            let isSeparator = index + 1 < count && bytes[index] == 0xC2 && bytes[index + 1] == 0xB7
            guard index == count || isSeparator else {
                if bytes[index] & 0xC0 == 0x80 { continuations += 1 }
                index += 1
                continue
            }
            if let citation = parseCitation(bytes, pieceStart..<index, continuationsBefore: pieceContinuations, sourceIDs: sourceIDs, position: position, diagnostics: &diagnostics) {
                citations.append(citation)
            }
            if isSeparator {
                // `·`'s second byte is a continuation byte.
                continuations += 1
                index += 2
            } else {
                index += 1
            }
            pieceStart = index
            pieceContinuations = continuations
        }
        if citations.isEmpty && diagnostics.isEmpty {
            diagnostics.append(Diagnostic(.invalidCitation, "the citation block names no source; list the source ids from sources.yml after the colon", at: start))
        }
        return (CitationBlock(basis: basis, citations: citations, location: start), diagnostics)
    }

    /// One citation, the bytes `range` of the text (between two `·`), with
    /// `continuationsBefore` continuation bytes before it.
    private static func parseCitation(_ bytes: Span<UInt8>, _ range: Range<Int>, continuationsBefore: Int, sourceIDs: [String], position: (Int) -> SourceLocation, diagnostics: inout [Diagnostic]) -> Citation? {
        let trimmed = BlockText.trimmed(range, in: bytes)
        let lower = trimmed.lowerBound, upper = trimmed.upperBound
        guard lower < upper else {
            // At the piece's first character, or the separator's before it.
            let first = BlockText.scalarOffset(of: range.lowerBound, in: bytes)
            let last = BlockText.scalarOffset(of: range.upperBound, in: bytes) - 1
            diagnostics.append(Diagnostic(.invalidCitation, "an empty citation between two '·'; remove the extra separator or name a source", at: position(min(first, max(last, 0)))))
            return nil
        }
        // Only white space stands between the piece's start and `lower`;
        // `upper` ends the piece's last word, so what is read up to it
        // needs no trimming at its end.
        let location = position(lower - continuationsBefore - BlockText.continuations(in: range.lowerBound..<lower, of: bytes))
        // The citation as written, for findings only.
        var piece: String { BlockText.string(lower..<upper, in: bytes) }
        var idEnd = lower
        while idEnd < upper {
            // Printable ASCII other than `@` goes on the id.
            let byte = bytes[idEnd]
            if byte > 0x20, byte < 0x7F, byte != UInt8(ascii: "@") {
                idEnd += 1
                continue
            }
            let (scalar, length) = BlockText.scalar(at: idEnd, in: bytes)
            if scalar.isSpace || scalar == "§" || scalar == "@" { break }
            idEnd += length
        }
        guard idEnd > lower else {
            diagnostics.append(Diagnostic(.invalidCitation, "the citation '\(piece)' names no source; start it with a source id from sources.yml", at: location))
            return nil
        }
        // A source sources.yml lists is found by its bytes, and its id is the
        // list's own string (a reference, not a new one).
        let sourceIndex = sourceIDs.firstIndex { BlockText.equals(lower..<idEnd, $0, in: bytes) }
        let id = sourceIndex.map { sourceIDs[$0] } ?? BlockText.string(lower..<idEnd, in: bytes)
        let restStart = BlockText.skippingSpaces(idEnd..<upper, in: bytes)
        var locator: Citation.Locator?
        if restStart == upper {
            locator = nil
        } else {
            let (marker, length) = BlockText.scalar(at: restStart, in: bytes)
            if marker == "§" {
                let name = BlockText.string(BlockText.skippingSpaces((restStart + length)..<upper, in: bytes)..<upper, in: bytes)
                guard !name.isEmpty else {
                    diagnostics.append(Diagnostic(.invalidCitation, "'§' in '\(piece)' names no section; write '\(id) § Section name'", at: location))
                    return nil
                }
                // `hig § Vertical controls, talk @ 6:13`: two citations
                // with the wrong separator, read as one section's name.
                if name.unicodeScalars.contains(where: { $0 == "§" || $0 == "@" }) {
                    diagnostics.append(Diagnostic(.invalidCitation, "the section named in '\(piece)' holds another citation; separate citations with ' · ' (a middle dot between spaces)", at: location))
                    return nil
                }
                locator = .section(name)
            } else if marker == "@" {
                let momentRange = BlockText.skippingSpaces((restStart + length)..<upper, in: bytes)..<upper
                let moment = BlockText.string(momentRange, in: bytes)
                guard let seconds = Timestamp.seconds(bytes.extracting(momentRange)) else {
                    diagnostics.append(Diagnostic(.invalidCitation, "'\(moment)' in '\(piece)' is not a moment; write it M:SS or H:MM:SS, like '\(id) @ 6:13'", at: location))
                    return nil
                }
                locator = .time(seconds: seconds, text: moment)
            } else {
                diagnostics.append(Diagnostic(.invalidCitation, "cannot read '\(piece)': after a source id comes '§ Section' or '@ M:SS', and citations are separated by ' · '", at: location))
                return nil
            }
        }
        return Citation(sourceID: id, locator: locator, location: location, sourceIndex: sourceIndex)
    }
}

/// Reading a citation block's UTF-8 bytes (valid UTF-8: a string's) where
/// they lie, by byte offset.
private enum BlockText {
    /// Whether `bytes` start with `prefix`'s UTF-8.
    static func starts(_ bytes: Span<UInt8>, with prefix: String) -> Bool {
        let prefix = prefix.utf8.span
        guard bytes.count >= prefix.count else { return false }
        for index in prefix.indices where bytes[index] != prefix[index] { return false }
        return true
    }

    /// The offset of the first `byte` in `bytes`, or nil.
    static func firstIndex(of byte: UInt8, in bytes: Span<UInt8>) -> Int? {
        for index in bytes.indices where bytes[index] == byte { return index }
        return nil
    }

    /// The scalar starting at byte `offset`, and how many bytes it takes.
    @inline(__always)
    static func scalar(at offset: Int, in bytes: Span<UInt8>) -> (Unicode.Scalar, Int) {
        let lead = bytes[offset]
        if lead < 0x80 { return (Unicode.Scalar(lead), 1) }
        // A lead byte says how many continuation bytes follow it.
        var value: UInt32
        let length: Int
        switch lead {
        case 0xC0..<0xE0: value = UInt32(lead & 0x1F); length = 2
        case 0xE0..<0xF0: value = UInt32(lead & 0x0F); length = 3
        default: value = UInt32(lead & 0x07); length = 4
        }
        for next in 1..<length where offset + next < bytes.count {
            value = value << 6 | UInt32(bytes[offset + next] & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// Where the first scalar of `range` that is not white space starts
    /// (its end when there is none).
    @inline(__always)
    static func skippingSpaces(_ range: Range<Int>, in bytes: Span<UInt8>) -> Int {
        var lower = range.lowerBound
        while lower < range.upperBound {
            let (scalar, length) = scalar(at: lower, in: bytes)
            guard scalar.isSpace else { break }
            lower += length
        }
        return lower
    }

    /// `range` without the white space at either end.
    static func trimmed(_ range: Range<Int>, in bytes: Span<UInt8>) -> Range<Int> {
        let lower = skippingSpaces(range, in: bytes)
        var upper = range.upperBound
        while upper > lower {
            // The last scalar starts at the last byte that is not a continuation byte.
            var start = upper - 1
            while start > lower, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            guard scalar(at: start, in: bytes).0.isSpace else { break }
            upper = start
        }
        return lower..<upper
    }

    /// How many scalars stand before byte `offset`: every byte but a
    /// continuation byte starts one.
    static func scalarOffset(of offset: Int, in bytes: Span<UInt8>) -> Int {
        let end = min(offset, bytes.count)
        return end - continuations(in: 0..<end, of: bytes)
    }

    /// How many continuation bytes (of a character begun before) stand in `range`.
    static func continuations(in range: Range<Int>, of bytes: Span<UInt8>) -> Int {
        var count = 0
        for index in range where bytes[index] & 0xC0 == 0x80 { count += 1 }
        return count
    }

    /// Whether the bytes `range` are `other`'s UTF-8.
    static func equals(_ range: Range<Int>, _ other: String, in bytes: Span<UInt8>) -> Bool {
        guard other.utf8.count == range.count else { return false }
        let piece = bytes.extracting(range), other = other.utf8.span
        for index in piece.indices where piece[index] != other[index] { return false }
        return true
    }

    /// The text of a byte range.
    static func string(_ range: Range<Int>, in bytes: Span<UInt8>) -> String {
        if let text = try? String(copying: UTF8Span(validating: bytes.extracting(range))) { return text }
        // Not valid UTF-8 (a range that does not start and end between
        // scalars): repaired, as `String(decoding:)` does.
        return String(decoding: range.map { bytes[$0] }, as: UTF8.self)
    }
}
