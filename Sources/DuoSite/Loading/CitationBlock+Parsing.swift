import Foundation

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
        ByteScan.withUTF8(of: text) { isCitationBlock(utf8: $0) }
    }

    /// Whether UTF-8 text is meant as a citation block (see ``isCitationBlock(_:)``).
    static func isCitationBlock(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        func starts(with prefix: StaticString) -> Bool {
            bytes.count >= prefix.utf8CodeUnitCount
                && UnsafeBufferPointer(start: prefix.utf8Start, count: prefix.utf8CodeUnitCount).elementsEqual(bytes[..<prefix.utf8CodeUnitCount])
        }
        return starts(with: "Sources (") || starts(with: "Sources:")
    }

    /// Whether text starts as a citation block does, or as one misspelt:
    /// `Source`, then an `s` or not, in any case, then `(` or `:`
    /// (`Source (apple):`, `sources (apple):`, `SOURCES:`).
    static func mayBeCitationBlock(_ text: String) -> Bool {
        mayBeCitationBlock(utf8: text.utf8)
    }

    /// Whether UTF-8 text starts as a citation block does, or as one
    /// misspelt (see ``mayBeCitationBlock(_:)``).
    static func mayBeCitationBlock(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        mayBeCitationBlock(utf8: bytes)
    }

    private static func mayBeCitationBlock(utf8: some Sequence<UInt8>) -> Bool {
        var bytes = utf8.makeIterator()
        for expected in "source".utf8 {
            guard let byte = bytes.next(), byte | 0x20 == expected else { return false }
        }
        var next = bytes.next()
        if let byte = next, byte | 0x20 == UInt8(ascii: "s") { next = bytes.next() }
        while next == UInt8(ascii: " ") { next = bytes.next() }
        return next == UInt8(ascii: "(") || next == UInt8(ascii: ":")
    }

    /// Parses `text`, whose Unicode scalar at offset i stands at `position(i)`.
    /// Each citation of a source in `sourceIDs` (the ids of the site's
    /// sources, in sources.yml's order) notes the source's place there.
    static func parse(_ text: String, file: String, sourceIDs: [String] = [], position: (Int) -> SourceLocation) -> (CitationBlock?, [Diagnostic]) {
        ByteScan.withUTF8(of: text) { bytes in
            parse(BlockText(bytes), sourceIDs: sourceIDs, position: position)
        }
    }

    /// Parses the UTF-8 text `bytes` (valid UTF-8: a text node's, read where
    /// it lies), as ``parse(_:file:sourceIDs:position:)`` parses a string.
    static func parse(utf8 bytes: UnsafeBufferPointer<UInt8>, sourceIDs: [String] = [], position: (Int) -> SourceLocation) -> (CitationBlock?, [Diagnostic]) {
        parse(BlockText(bytes), sourceIDs: sourceIDs, position: position)
    }

    private static func parse(_ text: BlockText, sourceIDs: [String], position: (Int) -> SourceLocation) -> (CitationBlock?, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let start = position(0)

        // "Sources (basis):"
        guard let colon = text.bytes.firstIndex(of: UInt8(ascii: ":")) else {
            return (nil, [Diagnostic(.invalidCitation, "a citation block is written 'Sources (apple): source · source' or 'Sources (recommendation): …'", at: start)])
        }
        let head = text.trimmed(0..<colon)
        let opening: StaticString = "Sources ("
        var basisRange = 0..<0
        if head.count > opening.utf8CodeUnitCount, text.bytes[head.upperBound - 1] == UInt8(ascii: ")"),
           text.bytes[head.lowerBound..<(head.lowerBound + opening.utf8CodeUnitCount)].elementsEqual(UnsafeBufferPointer(start: opening.utf8Start, count: opening.utf8CodeUnitCount)) {
            basisRange = text.trimmed((head.lowerBound + opening.utf8CodeUnitCount)..<(head.upperBound - 1))
        }
        // The two bases compared as bytes; a string is made only for a finding.
        let basis: CitationBlock.Basis? = text.equals(basisRange, "apple") ? .apple : text.equals(basisRange, "recommendation") ? .recommendation : nil
        guard let basis else {
            let basisText = text.string(basisRange)
            let what = basisText.isEmpty ? "no basis" : "the basis '\(basisText)'"
            return (nil, [Diagnostic(.invalidCitation, "a citation block has \(what); write 'Sources (apple):' for a rule Apple gives or 'Sources (recommendation):' for the site's own", at: start)])
        }

        // Nothing but separators and spaces after the colon: one finding.
        var offset = colon + 1
        var onlySeparators = true
        while offset < text.bytes.count {
            let (scalar, length) = text.scalar(at: offset)
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
        // Room for every citation at once, one more than the separators.
        citations.reserveCapacity(1 + text.separators(from: colon + 1))
        var pieceStart = colon + 1
        var index = pieceStart
        let count = text.bytes.count
        // The continuation bytes before `index`, counted on the way, so
        // that a piece's character offset is known without counting again
        // from the start (see `BlockText.scalarOffset(of:)`).
        var continuations = text.continuations(before: index)
        var pieceContinuations = continuations
        while index <= count {
            // Eight ASCII bytes at a time: neither a separator nor a continuation byte among them.
            index = text.skippingASCII(from: index)
            let isSeparator = index + 1 < count && text.bytes[index] == 0xC2 && text.bytes[index + 1] == 0xB7
            guard index == count || isSeparator else {
                if text.bytes[index] & 0xC0 == 0x80 { continuations += 1 }
                index += 1
                continue
            }
            if let citation = parseCitation(text, pieceStart..<index, continuationsBefore: pieceContinuations, sourceIDs: sourceIDs, position: position, diagnostics: &diagnostics) {
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
    private static func parseCitation(_ text: BlockText, _ range: Range<Int>, continuationsBefore: Int, sourceIDs: [String], position: (Int) -> SourceLocation, diagnostics: inout [Diagnostic]) -> Citation? {
        let trimmed = text.trimmed(range)
        let lower = trimmed.lowerBound, upper = trimmed.upperBound
        guard lower < upper else {
            // At the piece's first character, or the separator's before it.
            let first = text.scalarOffset(of: range.lowerBound), last = text.scalarOffset(of: range.upperBound) - 1
            diagnostics.append(Diagnostic(.invalidCitation, "an empty citation between two '·'; remove the extra separator or name a source", at: position(min(first, max(last, 0)))))
            return nil
        }
        // Only white space stands between the piece's start and `lower`.
        let location = position(lower - continuationsBefore - text.continuations(in: range.lowerBound..<lower))
        // The citation as written, for findings only.
        var piece: String { text.string(lower..<upper) }
        var idEnd = lower
        while idEnd < upper {
            let (scalar, length) = text.scalar(at: idEnd)
            if scalar.isSpace || scalar == "§" || scalar == "@" { break }
            idEnd += length
        }
        guard idEnd > lower else {
            diagnostics.append(Diagnostic(.invalidCitation, "the citation '\(piece)' names no source; start it with a source id from sources.yml", at: location))
            return nil
        }
        // A source sources.yml lists is found by its bytes, and its id is the
        // list's own string (a reference, not a new one).
        let sourceIndex = sourceIDs.firstIndex { text.equals(lower..<idEnd, $0) }
        let id = sourceIndex.map { sourceIDs[$0] } ?? text.string(lower..<idEnd)
        let restStart = text.trimmed(idEnd..<upper).lowerBound
        var locator: Citation.Locator?
        if restStart == upper {
            locator = nil
        } else {
            let (marker, length) = text.scalar(at: restStart)
            if marker == "§" {
                let name = text.string(text.trimmed((restStart + length)..<upper))
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
                let momentRange = text.trimmed((restStart + length)..<upper)
                let moment = text.string(momentRange)
                guard let seconds = Timestamp.seconds(UnsafeBufferPointer(rebasing: text.bytes[momentRange])) else {
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

/// A citation block's UTF-8 bytes (valid UTF-8: a string's), read in place.
private struct BlockText {
    let bytes: UnsafeBufferPointer<UInt8>

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// The scalar starting at byte `offset`, and how many bytes it takes.
    @inline(__always)
    func scalar(at offset: Int) -> (Unicode.Scalar, Int) {
        let byte = bytes[offset]
        if byte < 0x80 { return (Unicode.Scalar(byte), 1) }
        return Unicode.Scalar.decode(bytes, at: offset)
    }

    /// `range` without the white space at either end.
    func trimmed(_ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper {
            let (scalar, length) = scalar(at: lower)
            guard scalar.isSpace else { break }
            lower += length
        }
        while upper > lower {
            // The last scalar starts at the last byte that is not a continuation byte.
            var start = upper - 1
            while start > lower, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            guard scalar(at: start).0.isSpace else { break }
            upper = start
        }
        return lower..<upper
    }

    /// How many `·` separators stand from byte `offset` on.
    func separators(from offset: Int) -> Int {
        var count = 0
        var index = offset
        while index + 1 < bytes.count {
            index = skippingASCII(from: index)
            guard index + 1 < bytes.count else { break }
            if bytes[index] == 0xC2 && bytes[index + 1] == 0xB7 { count += 1 }
            index += 1
        }
        return count
    }

    /// `offset`, moved past every whole eight-byte word of ASCII from it:
    /// the first byte from `offset` that may not be ASCII, or one of the
    /// last seven.
    @inline(__always)
    func skippingASCII(from offset: Int) -> Int {
        guard let base = bytes.baseAddress else { return offset }
        var index = offset
        while index + 8 <= bytes.count,
              UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
            index += 8
        }
        return index
    }

    /// How many scalars stand before byte `offset`: every byte but a
    /// continuation byte starts one.
    func scalarOffset(of offset: Int) -> Int {
        offset - continuations(before: offset)
    }

    /// How many continuation bytes (of a character begun before) stand
    /// before byte `offset`.
    func continuations(before offset: Int) -> Int {
        continuations(in: 0..<min(offset, bytes.count))
    }

    /// How many continuation bytes stand in `range`.
    func continuations(in range: Range<Int>) -> Int {
        var count = 0
        var index = range.lowerBound
        while index < range.upperBound {
            // Whole words of ASCII hold none.
            if index + 8 <= range.upperBound, let base = bytes.baseAddress,
               UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                index += 8
                continue
            }
            if bytes[index] & 0xC0 == 0x80 { count += 1 }
            index += 1
        }
        return count
    }

    /// Whether the bytes `range` are `other`'s UTF-8, compared where both lie.
    func equals(_ range: Range<Int>, _ other: String) -> Bool {
        ByteScan.withUTF8(of: other) { utf8 in
            utf8.count == range.count && (range.isEmpty || memcmp(bytes.baseAddress! + range.lowerBound, utf8.baseAddress!, range.count) == 0)
        }
    }

    /// Whether the bytes `range` are `other`'s.
    func equals(_ range: Range<Int>, _ other: StaticString) -> Bool {
        other.utf8CodeUnitCount == range.count && (range.isEmpty || memcmp(bytes.baseAddress! + range.lowerBound, other.utf8Start, range.count) == 0)
    }

    /// The text of a byte range.
    func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
