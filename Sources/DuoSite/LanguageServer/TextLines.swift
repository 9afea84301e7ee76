import Foundation

/// The units LSP positions count a line's characters in: UTF-16 code
/// units unless client and server agree on another (`positionEncoding`).
enum PositionEncoding: String, Sendable, CaseIterable {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
    case utf32 = "utf-32"
}

/// A place in a document as LSP says it: a 0-based line, and a 0-based
/// column in the session's position encoding.
struct Position: Sendable, Equatable, Comparable {
    /// The 0-based line.
    var line: Int
    /// The 0-based column, in the encoding's units.
    var character: Int

    /// The position as the protocol writes it.
    var json: JSONValue { ["line": .int(line), "character": .int(character)] }

    /// The position a message names, or nil when it names none.
    init?(_ value: JSONValue?) {
        guard let line = value?["line"]?.int, let character = value?["character"]?.int, line >= 0, character >= 0 else { return nil }
        self.line = line
        self.character = character
    }

    /// A position from its line and column.
    init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }

    static func < (lhs: Position, rhs: Position) -> Bool {
        (lhs.line, lhs.character) < (rhs.line, rhs.character)
    }
}

/// A stretch of a document, end excluded, as LSP says it.
struct TextRange: Sendable, Equatable {
    /// Where it starts.
    var start: Position
    /// Where it ends (not included).
    var end: Position

    /// The range as the protocol writes it.
    var json: JSONValue { ["start": start.json, "end": end.json] }

    /// The range a message names, or nil when it names none.
    init?(_ value: JSONValue?) {
        guard let start = Position(value?["start"]), let end = Position(value?["end"]) else { return nil }
        self.start = start
        self.end = end
    }

    /// A range from its ends.
    init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }

    /// Whether `position` is inside, its end included (a cursor just after
    /// a word is on it).
    func contains(_ position: Position) -> Bool {
        start <= position && position <= end
    }
}

/// A document's text split into lines, to turn duosite's places (1-based
/// lines, 1-based columns counted in Unicode scalars) into LSP positions
/// (0-based, in UTF-16 or UTF-8 code units or scalars) and back — exact
/// after any text beyond ASCII. Lines end at LF, CR LF or a lone CR, as
/// LSP and duosite's reading both count them.
struct TextLines: Sendable {
    /// The text's UTF-8 bytes.
    let bytes: [UInt8]
    /// Where each line starts, as an offset into `bytes`.
    private let starts: [Int]

    /// The lines of `text`.
    init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// The lines of UTF-8 `bytes`.
    init(bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // Without a carriage return, each line feed found by memchr.
            if memchr(base, 0x0D, buffer.count) == nil {
                var index = 0
                while index < buffer.count, let found = memchr(base + index, 0x0A, buffer.count - index) {
                    index = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
                    starts.append(index)
                }
                return
            }
            var index = 0
            while index < buffer.count {
                let byte = buffer[index]
                index += 1
                if byte == 0x0A || (byte == 0x0D && (index == buffer.count || buffer[index] != 0x0A)) {
                    starts.append(index)
                }
            }
        }
        self.starts = starts
    }

    /// How many lines there are (a text ending in a line break has an empty last line).
    var count: Int { starts.count }

    /// The text of the 0-based line `line`, without its line break.
    func text(ofLine line: Int) -> String {
        String(decoding: bytes[lineBytes(line)], as: UTF8.self)
    }

    /// The offset in `bytes` where the 0-based line `line` starts.
    func lineStart(_ line: Int) -> Int {
        line >= 0 && line < starts.count ? starts[line] : bytes.count
    }

    /// The offset in `bytes` where the 0-based line `line`'s text ends, before its line break.
    func lineEnd(_ line: Int) -> Int {
        lineBytes(line).upperBound
    }

    /// The byte range of a 0-based line's text, without its line break.
    private func lineBytes(_ line: Int) -> Range<Int> {
        guard line >= 0, line < starts.count else { return bytes.count..<bytes.count }
        var end = line + 1 < starts.count ? starts[line + 1] : bytes.count
        while end > starts[line], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return starts[line]..<end
    }

    /// The LSP position of duosite's place `line`:`column` (1-based, the
    /// column in scalars); a column past the line's end is its end.
    func position(line: Int, column: Int, in encoding: PositionEncoding) -> Position {
        let scalars = text(ofLine: line - 1).unicodeScalars.prefix(max(0, column - 1))
        return Position(line: max(0, line - 1), character: Self.units(of: scalars, in: encoding))
    }

    /// The place of an LSP position, 1-based, the column in scalars; a
    /// character past the line's end (or inside a character) is counted
    /// up to it.
    func place(of position: Position, in encoding: PositionEncoding) -> (line: Int, column: Int) {
        // A line past the last is the text's end, as `offset(of:)` has it:
        // what works from the place then goes no further than the text.
        guard position.line < starts.count else {
            let last = starts.count - 1
            return (last + 1, text(ofLine: last).unicodeScalars.count + 1)
        }
        var units = 0, column = 1
        for scalar in text(ofLine: position.line).unicodeScalars {
            units += Self.units(of: CollectionOfOne(scalar), in: encoding)
            guard units <= position.character else { break }
            column += 1
        }
        return (position.line + 1, column)
    }

    /// The offset in `bytes` of an LSP position: a character past the
    /// line's end is its end, one inside a character its start; a line past
    /// the last is the text's end.
    func offset(of position: Position, in encoding: PositionEncoding) -> Int {
        guard position.line < starts.count else { return bytes.count }
        let line = lineBytes(position.line)
        var units = 0, offset = line.lowerBound
        for scalar in String(decoding: bytes[line], as: UTF8.self).unicodeScalars {
            units += Self.units(of: CollectionOfOne(scalar), in: encoding)
            guard units <= position.character else { break }
            offset += UTF8.width(scalar)
        }
        return offset
    }

    /// The text with the stretch `range` replaced by `text` (an editor's
    /// change, `range` in `encoding`'s units).
    func replacing(_ range: TextRange, with text: String, in encoding: PositionEncoding) -> TextLines {
        let start = offset(of: range.start, in: encoding)
        let end = max(start, offset(of: range.end, in: encoding))
        var changed = bytes
        changed.replaceSubrange(start..<end, with: Array(text.utf8))
        return TextLines(bytes: changed)
    }

    /// The end of the 0-based line `line` as a position.
    func endOfLine(_ line: Int, in encoding: PositionEncoding) -> Position {
        Position(line: line, character: Self.units(of: text(ofLine: line).unicodeScalars, in: encoding))
    }

    /// How many code units of `encoding` the scalars take.
    static func units(of scalars: some Sequence<Unicode.Scalar>, in encoding: PositionEncoding) -> Int {
        var count = 0
        for scalar in scalars {
            switch encoding {
            case .utf8: count += UTF8.width(scalar)
            case .utf16: count += UTF16.width(scalar)
            case .utf32: count += 1
            }
        }
        return count
    }
}
