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
}
