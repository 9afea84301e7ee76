@testable import DuoSite
import Testing

@Suite("A page's bytes are UTF-8, as the Unicode standard defines it")
struct UTF8ValidationTests {
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
    ] as [([UInt8], Int?)])
    func firstInvalidSequenceIsFound(bytes: [UInt8], expected: Int?) {
        #expect(bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(in: $0) } == expected)
    }

    /// A bad byte is found wherever it falls: before, inside or after a run
    /// of ASCII words, after a multi-byte character.
    @Test func aBadByteIsFoundAtEveryOffset() {
        let text = Array("A page’s text, with plain words long enough to be read eight bytes at a time · §".utf8)
        for offset in 0...text.count {
            var bytes = text
            // Never inside a character: insert between two whole ones.
            guard offset == text.count || text[offset] & 0xC0 != 0x80 else { continue }
            bytes.insert(0xFE, at: offset)
            #expect(bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(in: $0) } == offset, "at \(offset)")
        }
        #expect(UTF8Validation.isValid(text))
    }

    /// The same answer as the standard library's own check, on bytes made
    /// to hold every kind of sequence, good and bad.
    @Test func agreesWithTheStandardLibrary() {
        var generator = SplitMix(seed: 0x5EED)
        let pieces: [[UInt8]] = [
            Array("plain".utf8), Array(" words ".utf8), Array("é".utf8), Array("’".utf8), Array("👍".utf8),
            [0x80], [0xC2], [0xE0, 0xA0], [0xE0, 0x80, 0x80], [0xF0, 0x80, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xC0, 0x80], [0xF0, 0x9F],
        ]
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int(generator.next() % 12) {
                bytes += pieces[Int(generator.next() % UInt64(pieces.count))]
            }
            let standard = String(validating: bytes, as: UTF8.self) != nil
            #expect(UTF8Validation.isValid(bytes) == standard, "\(bytes)")
        }
    }
}
