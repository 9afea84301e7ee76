@testable import DuoSite
import Diagnostics
import Files
import Testing

/// A page file is read only when it is text: UTF-8, with no NUL, not
/// blank. What is wrong is a finding at the first byte at fault, at the
/// line and column an editor shows (columns counted in characters).
@Suite("A page's bytes are checked as they are read")
struct SourceFileTests {
    /// The failure `SourceFile.decode` gives `bytes`, or nil when they are read.
    static func failure(_ bytes: [UInt8]) -> Diagnostic? {
        guard case .failure(let diagnostic) = SourceFile.decode(bytes, path: "p.md") else { return nil }
        return diagnostic
    }

    /// Bytes and where the first invalid sequence starts (nil: all valid).
    @Test(arguments: [
        (Array("plain ASCII text, longer than one word of eight bytes".utf8), nil),
        (Array("Déjà vu — “quoted” · § 日本語 👍".utf8), nil),
        ([0x80], "1:1"),                                  // a continuation byte alone
        ([0x61, 0xC0, 0xAF], "1:2"),                      // an overlong '/'
        ([0x61, 0x0A, 0xE0, 0x80, 0xAF], "2:1"),          // overlong, three bytes, on line 2
        ([0x61, 0x0A, 0xED, 0xA0, 0x80], "2:1"),          // a surrogate (U+D800)
        ([0xC3, 0xA9, 0xF4, 0x90, 0x80, 0x80], "1:2"),    // past U+10FFFF, after a character
        ([0x61, 0x62, 0xC3], "1:3"),                      // cut short at the end
        ([0xE2, 0x80, 0x0A, 0x61], "1:1"),                // cut short by a line feed
        ([0xC3, 0xA9, 0xC3, 0x28], "1:2"),                // valid, then a bad second byte
    ] as [([UInt8], String?)])
    func anInvalidSequenceIsAFindingWhereItStarts(bytes: [UInt8], position: String?) {
        let diagnostic = Self.failure(bytes)
        #expect(diagnostic.map { "\($0.location.line):\($0.location.column)" } == position)
        if position != nil { #expect(diagnostic?.message == "the file is not valid UTF-8; save it as UTF-8") }
    }

    /// A bad byte is found wherever it falls: before, inside or after a run
    /// of ASCII words, after a multi-byte character, on a later line.
    @Test func aBadByteIsFoundAtEveryOffset() {
        let text = Array("A page’s text, with plain words\nlong enough to be read eight bytes at a time · §".utf8)
        for offset in 0...text.count where offset == text.count || text[offset] & 0xC0 != 0x80 {
            var bytes = text
            bytes.insert(0xFE, at: offset)
            let before = String(decoding: text[..<offset], as: UTF8.self)
            let line = before.split(separator: "\n", omittingEmptySubsequences: false).count
            let column = (before.split(separator: "\n", omittingEmptySubsequences: false).last?.unicodeScalars.count ?? 0) + 1
            let location = Self.failure(bytes)?.location
            #expect(location?.line == line, "at \(offset)")
            #expect(location?.column == column, "at \(offset)")
        }
        #expect(Self.failure(text) == nil)
    }

    /// A NUL byte makes the file binary, at the NUL; a file of white space
    /// is empty; CR LF and CR become LF.
    @Test func binaryBlankAndLineEndsAreFound() throws {
        let nul = try #require(Self.failure(Array("---\ntitle: é\0".utf8)))
        #expect(nul.message == "the file looks binary (it holds a NUL byte), not text")
        #expect("\(nul.location.line):\(nul.location.column)" == "2:9")
        for blank in [" \n\t\r\n ", "", String(repeating: " ", count: 40)] {
            #expect(Self.failure(Array(blank.utf8))?.message == "the file is empty", "\(Array(blank.utf8))")
        }
        for text in [" \n\t!", String(repeating: " ", count: 17) + "!", "!" + String(repeating: " ", count: 17)] {
            #expect(Self.failure(Array(text.utf8)) == nil, "\(text)")
        }
        guard case .success(let file) = SourceFile.decode(Array("\u{FEFF}a\r\nb\rc\n".utf8), path: "p.md") else {
            Issue.record("not read")
            return
        }
        #expect(file.text == "a\nb\nc\n")
    }
}
