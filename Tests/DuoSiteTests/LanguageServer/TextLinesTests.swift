import Testing
@testable import DuoSite

/// duosite's places (1-based, columns in Unicode scalars) as LSP positions
/// (0-based, in UTF-16 or UTF-8 code units) and back, exact after text
/// beyond ASCII.
@Suite struct TextLinesTests {
    static let text = "---\ntitle: “Curly” 😀 é x\r\nnext\rlast"

    @Test(arguments: [
        (PositionEncoding.utf16, 20), (.utf8, 27), (.utf32, 19),
    ])
    func aColumnAfterCurlyQuotesAndAnEmojiIsCountedInTheEncodingsUnits(encoding: PositionEncoding, expected: Int) {
        // `x` is the 20th scalar of line 2: after “, ”, 😀 and é.
        let lines = TextLines(Self.text)
        let position = lines.position(line: 2, column: 20, in: encoding)
        #expect(position == Position(line: 1, character: expected))
        #expect(lines.place(of: position, in: encoding) == (2, 20))
    }

    @Test func linesEndAtLFCRLFAndALoneCR() {
        let lines = TextLines(Self.text)
        #expect(lines.count == 4)
        #expect(lines.text(ofLine: 1) == "title: “Curly” 😀 é x")
        #expect(lines.text(ofLine: 2) == "next")
        #expect(lines.text(ofLine: 3) == "last")
        #expect(lines.endOfLine(1, in: .utf16) == Position(line: 1, character: 21))
    }

    @Test func aPositionInsideASurrogatePairIsTheCharacterItSplits() {
        let lines = TextLines("a😀b")
        // UTF-16: a=0, 😀=1…2, b=3.
        #expect(lines.place(of: Position(line: 0, character: 2), in: .utf16) == (1, 2))
        #expect(lines.place(of: Position(line: 0, character: 3), in: .utf16) == (1, 3))
        #expect(lines.place(of: Position(line: 0, character: 99), in: .utf16) == (1, 4))
    }

    @Test(arguments: [(PositionEncoding.utf16, 3, 4), (.utf8, 5, 6)])
    func aChangeAfterAnEmojiReplacesTheStretchItNames(encoding: PositionEncoding, start: Int, end: Int) {
        // "a😀bc": `b` starts after 3 UTF-16 units, 5 UTF-8 bytes.
        let lines = TextLines("x\na😀bc\ny")
        let range = TextRange(start: Position(line: 1, character: start), end: Position(line: 1, character: end))
        #expect(String(decoding: lines.replacing(range, with: "“B”", in: encoding).bytes, as: UTF8.self) == "x\na😀“B”c\ny")
    }

    @Test func aChangeAcrossLinesAndPastTheEndIsApplied() {
        let lines = TextLines("one\r\ntwo\nthree")
        let joined = lines.replacing(TextRange(start: Position(line: 0, character: 3), end: Position(line: 1, character: 0)), with: " ", in: .utf16)
        #expect(String(decoding: joined.bytes, as: UTF8.self) == "one two\nthree")
        let appended = lines.replacing(TextRange(start: Position(line: 2, character: 99), end: Position(line: 9, character: 0)), with: "!\n", in: .utf16)
        #expect(String(decoding: appended.bytes, as: UTF8.self) == "one\r\ntwo\nthree!\n")
    }
}
