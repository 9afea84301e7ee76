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
}
