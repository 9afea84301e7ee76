@testable import DuoSite
import Testing

@Suite("Text counted by Unicode scalars, the unit of editors' columns")
struct TextTests {
    @Test(arguments: [
        "", "a", "plain ASCII text longer than eight bytes", "é", "Déjà vu — “quoted” and more",
        "日本語のテスト", "👍 works × well", "abcdefg👍", "abcdefgh👍ijklmnopé", String(repeating: "ü·", count: 40),
    ])
    func scalarsAreCounted(text: String) {
        #expect(text.scalarCount == text.unicodeScalars.count)
        let inner = text.dropFirst()
        #expect(inner.scalarCount == inner.unicodeScalars.count)
    }

    /// Pieces joined give what `+` gives, short (a small string) or long,
    /// ASCII or not.
    @Test(arguments: [
        ["", ""], ["a", "b"], ["/patterns/", "x", "/"], ["/patterns/", "where-the-bars-go", "/#", "rule-1"],
        ["Déjà", " vu", " — ", "“quoted”", " 👍"], ["ab", "cd", "ef", "gh", "ij"], ["", "", "", "", "fifteen bytes!!"],
    ])
    func piecesAreJoinedAsPlusJoinsThem(pieces: [String]) {
        let padded = pieces + Array(repeating: "", count: 5 - pieces.count)
        let joined = String.joining(padded[0], padded[1], padded[2], padded[3], padded[4])
        #expect(joined == pieces.joined())
        #expect(joined.utf8.count == pieces.map(\.utf8.count).reduce(0, +))
    }

    /// Byte prefixes and byte searches answer as `hasPrefix` and
    /// `contains` do, for the ASCII marks they are asked for.
    @Test(arguments: [
        ("", ""), ("a", ""), ("", "a"), ("/patterns/x", "/patterns/"), ("/patterns", "/patterns/"), ("//evil", "/"),
        ("mailto:a@b", "mailto:"), ("Mailto:a@b", "mailto:"), ("<!-- x -->", "<!--"), ("é/", "é"), ("https://e.org", "://"),
        ("a://b", "://"), ("a:/b", "://"), ("::////", "://"), ("abc", "abcd"), ("xxabcabd", "abd"),
    ])
    func bytesAreFoundAsStringsFindThem(text: String, mark: String) {
        #expect(text.hasBytePrefix(mark) == text.hasPrefix(mark))
        #expect(text.containsBytes(mark) == (mark.isEmpty || text.contains(mark)))
    }
}
