/// A change to a document as LSP says it: a stretch replaced by new text.
struct TextEdit: Sendable, Equatable {
    /// The stretch replaced.
    var range: TextRange
    /// What replaces it.
    var newText: String

    /// The edit as the protocol writes it.
    var json: JSONValue { ["range": range.json, "newText": .string(newText)] }

    /// The one edit that turns `lines` into `bytes`: the stretch between
    /// what they share at the start and at the end (whole characters),
    /// or nil when they are the same. What `mark-checked` writes to a file
    /// becomes an editor's edit so, touching nothing else.
    static func between(_ lines: TextLines, _ bytes: [UInt8], in encoding: PositionEncoding) -> TextEdit? {
        let old = lines.bytes
        guard old != bytes else { return nil }
        var prefix = 0
        while prefix < old.count, prefix < bytes.count, old[prefix] == bytes[prefix] { prefix += 1 }
        // Not inside a character: back to the start of the one that differs.
        while prefix > 0, prefix < old.count, old[prefix] & 0xC0 == 0x80 { prefix -= 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < bytes.count - prefix, old[old.count - 1 - suffix] == bytes[bytes.count - 1 - suffix] { suffix += 1 }
        while suffix > 0, old.count - suffix < old.count, old[old.count - suffix] & 0xC0 == 0x80 { suffix -= 1 }
        let range = TextRange(start: lines.position(atOffset: prefix, in: encoding), end: lines.position(atOffset: old.count - suffix, in: encoding))
        return TextEdit(range: range, newText: String(decoding: bytes[prefix..<(bytes.count - suffix)], as: UTF8.self))
    }
}

extension TextLines {
    /// The offset in `bytes` of duosite's place `line`:`column` (1-based,
    /// the column in scalars); a column past the line's end is its end.
    func offset(line: Int, column: Int) -> Int {
        guard line >= 1, line <= count else { return bytes.count }
        var offset = lineStart(line - 1)
        let end = lineEnd(line - 1)
        var scalars = 1
        while scalars < column, offset < end {
            offset += 1
            while offset < end, bytes[offset] & 0xC0 == 0x80 { offset += 1 }
            scalars += 1
        }
        return offset
    }

    /// duosite's place (1-based line, column in scalars) of the byte offset `offset`.
    func place(atOffset offset: Int) -> (line: Int, column: Int) {
        let line = lineIndex(of: offset)
        var column = 1
        var index = lineStart(line)
        while index < min(offset, bytes.count) {
            if bytes[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        return (line + 1, column)
    }

    /// The LSP position of the byte offset `offset`.
    func position(atOffset offset: Int, in encoding: PositionEncoding) -> Position {
        let line = lineIndex(of: offset)
        let start = lineStart(line)
        let text = String(decoding: bytes[start..<max(start, min(offset, bytes.count))], as: UTF8.self)
        return Position(line: line, character: Self.units(of: text.unicodeScalars, in: encoding))
    }

    /// The range in `encoding`'s units of the bytes `range`.
    func range(ofBytes range: Range<Int>, in encoding: PositionEncoding) -> TextRange {
        TextRange(start: position(atOffset: range.lowerBound, in: encoding), end: position(atOffset: range.upperBound, in: encoding))
    }

    /// Where `needle` first is at or after `start`, looking at most
    /// `limit` bytes on; nil when it is not there.
    func find(_ needle: some StringProtocol, from start: Int, limit: Int = 4096) -> Range<Int>? {
        let wanted = Array(needle.utf8)
        guard !wanted.isEmpty else { return nil }
        let last = min(bytes.count, start + limit) - wanted.count
        guard start >= 0, last >= start else { return nil }
        var index = start
        while index <= last {
            if bytes[index] == wanted[0], bytes[index..<(index + wanted.count)].elementsEqual(wanted) { return index..<(index + wanted.count) }
            index += 1
        }
        return nil
    }

    /// The 0-based line the byte offset `offset` is on.
    func lineIndex(of offset: Int) -> Int {
        var low = 0, high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStart(middle) <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }
}
