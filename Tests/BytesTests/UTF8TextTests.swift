import Bytes
import Testing

@Suite("UTF-8 as the Unicode standard defines it, and where an offset falls")
struct UTF8TextTests {
    /// Bytes and where the first invalid sequence starts (nil: all valid).
    @Test(arguments: [
        ([], nil),
        (Array("plain ASCII text, longer than one word of eight bytes".utf8), nil),
        (Array("Déjà vu — “quoted” · § 日本語 👍".utf8), nil),
        ([0x80], 0),                              // a continuation byte alone
        ([0x61, 0xC0, 0xAF], 1),                  // an overlong '/'
        ([0xC1, 0xBF], 0),                        // overlong, two bytes
        ([0xE0, 0x80, 0xAF], 0),                  // overlong, three bytes
        ([0xF0, 0x80, 0x80, 0xAF], 0),            // overlong, four bytes
        ([0xED, 0xA0, 0x80], 0),                  // a surrogate (U+D800)
        ([0xED, 0x9F, 0xBF], nil),                // U+D7FF, just below the surrogates
        ([0xF4, 0x90, 0x80, 0x80], 0),            // past U+10FFFF
        ([0xF4, 0x8F, 0xBF, 0xBF], nil),          // U+10FFFF
        ([0xF5, 0x80, 0x80, 0x80], 0),            // a lead byte no sequence has
        ([0xFF], 0),
        ([0x61, 0x62, 0xC3], 2),                  // cut short at the end
        ([0x61, 0xE2, 0x80], 1),
        ([0xE2, 0x80, 0x61], 0),                  // cut short by ASCII
        ([0xC3, 0xA9, 0xC3, 0x28], 2),            // valid, then a bad second byte
        ([0xF0, 0x9F, 0x41], 0),                  // four bytes cut short
    ] as [([UInt8], Int?)])
    func theFirstInvalidSequenceIsFound(bytes: [UInt8], expected: Int?) {
        #expect(UTF8Text.firstInvalidOffset(in: bytes.span) == expected)
        #expect(UTF8Text.isValid(bytes.span) == (expected == nil))
    }

    /// A bad byte is found wherever it falls: before, inside or after a run
    /// of ASCII, after a multi-byte character.
    @Test func aBadByteIsFoundAtEveryOffset() {
        let text = Array("A page’s text, with plain words long enough to be read eight bytes at a time · §".utf8)
        for offset in 0...text.count where offset == text.count || text[offset] & 0xC0 != 0x80 {
            var bytes = text
            bytes.insert(0xFE, at: offset)
            #expect(UTF8Text.firstInvalidOffset(in: bytes.span) == offset, "at \(offset)")
        }
    }

    /// Lines counted by line feeds, columns by scalars, both from 1.
    @Test(arguments: [
        ("", 0, 1, 1), ("abc", 2, 1, 3), ("abc", 3, 1, 4), ("a\nbc", 2, 2, 1), ("a\nbc", 3, 2, 2),
        ("é\nèé!", 7, 2, 3), ("👍x", 4, 1, 2), ("x\n\n\ny", 4, 4, 1), ("abc", 10, 1, 4),
    ] as [(String, Int, Int, Int)])
    func anOffsetFallsOnALineAndAColumn(text: String, offset: Int, line: Int, column: Int) {
        let bytes = Array(text.utf8)
        let position = UTF8Text.position(of: offset, in: bytes.span)
        #expect(position.line == line)
        #expect(position.column == column)
    }

    /// Each scalar of a text read at its offset, with its length.
    @Test(arguments: ["", "a", "Déjà vu — “quoted”", "日本語", "👍 × ½", "\u{10FFFF}\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}"])
    func scalarsAreReadWhereTheyStart(text: String) {
        let bytes = Array(text.utf8)
        var offset = 0
        var scalars: [Unicode.Scalar] = []
        while offset < bytes.count {
            let (scalar, length) = UTF8Text.scalar(at: offset, in: bytes.span)
            #expect(length == String(scalar).utf8.count)
            scalars.append(scalar)
            offset += length
        }
        #expect(scalars == Array(text.unicodeScalars))
    }

    @Test func aScalarCutShortReadsAsWhatItsBytesGive() {
        let bytes: [UInt8] = [0x61, 0xE2, 0x80]
        let (scalar, length) = UTF8Text.scalar(at: 1, in: bytes.span)
        #expect(length == 3)
        #expect(scalar == Unicode.Scalar(0x2 << 6 | 0x00))
    }

    @Test(arguments: [
        "", "a", "plain ASCII text longer than eight bytes", "é", "Déjà vu — “quoted” and more",
        "日本語のテスト", "👍 works × well", "abcdefg👍", "abcdefgh👍ijklmnopé", String(repeating: "ü·", count: 40),
    ])
    func scalarsAreCounted(text: String) {
        #expect(UTF8Text.scalarCount(of: Array(text.utf8).span) == text.unicodeScalars.count)
    }
}

@Suite("UTF-8 checked in runs gives the standard library's answer")
struct UTF8RunTests {
    /// Bytes made of every kind of sequence, good and bad, between runs of
    /// ASCII long and short: the first invalid offset is the one the
    /// standard library finds checking them all at once.
    @Test func agreesWithTheStandardLibrary() {
        var state: UInt64 = 0x5EED
        func next() -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var value = state
            value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
            value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int(truncatingIfNeeded: (value ^ (value >> 31)) >> 1)
        }
        let pieces: [[UInt8]] = [
            Array("plain".utf8), Array(" words, eight or more ".utf8), Array("é".utf8), Array("’".utf8), Array("👍".utf8),
            [0x80], [0xC2], [0xE0, 0xA0], [0xE0, 0x80, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xC0, 0x80], [0xF0, 0x9F], [0xF4], [0xF0, 0x9F, 0x98], [0xBF], [0xFE],
        ]
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<(next() % 12) { bytes += pieces[next() % pieces.count] }
            var expected: Int?
            do { _ = try UTF8Span(validating: bytes.span) } catch { expected = error.byteOffsets.lowerBound }
            #expect(UTF8Text.firstInvalidOffset(in: bytes.span) == expected, "\(bytes)")
        }
    }
}
