@testable import DuoSite
import Testing

@Suite("Slugs: the anchors and ids made from titles, headings and questions")
struct SlugTests {
    @Test(arguments: [
        ("Why do buttons stay?", "why-do-buttons-stay"),
        ("Symbols, not labels", "symbols-not-labels"),
        ("Don’t hide the title", "dont-hide-the-title"),
        ("Don't hide the title", "dont-hide-the-title"),
        ("  Leading and trailing  ", "leading-and-trailing"),
        ("iPhone Duo’s column — closed", "iphone-duos-column-closed"),
        ("Rule 2: keep 44 pt", "rule-2-keep-44-pt"),
        ("Café au lait", "café-au-lait"),
        ("ÉCOLE ÜBER", "école-über"),
        ("日本語のテスト", "日本語のテスト"),
        ("Ünïcödé 42!", "ünïcödé-42"),
        ("👍 works × well", "works-well"),
        ("Ⅻ and ½", "ⅻ-and-½"),
        // Lower case longer than the capital: İ is two bytes, i̇ three; Ⱥ two, ⱥ three.
        ("İSTANBUL", "i̇stanbul"),
        ("Ⱥ Ⱦ", "ⱥ-ⱦ"),
        ("K Ω ẞ", "k-ω-ß"),
    ])
    func slug(text: String, expected: String) {
        #expect(Slug.make(text) == expected)
    }

    /// Every ASCII character between two letters: a letter kept in lower
    /// case, a digit kept, an apostrophe left out, anything else a dash.
    @Test func everyASCIICharacterBetweenTwoLetters() {
        for byte in UInt8(0)..<0x80 {
            let character = Character(Unicode.Scalar(byte))
            let expected: String
            if character.isASCII, character.isLetter { expected = "a\(character.lowercased())b" }
            else if character.isASCII, character.isNumber { expected = "a\(character)b" }
            else if character == "'" { expected = "ab" }
            else { expected = "a-b" }
            #expect(Slug.make("a\(character)b") == expected, "\(byte)")
        }
    }

    @Test("a text of capitals whose lower case is longer, all of it kept")
    func aLongTextOfLongerLowerCase() {
        let text = String(repeating: "İȺ", count: 2_000) + "!" + String(repeating: "Ⱦ", count: 2_000)
        let expected = String(repeating: "i̇ⱥ", count: 2_000) + "-" + String(repeating: "ⱦ", count: 2_000)
        #expect(Slug.make(text) == expected)
        let length: Int = 3 * 2 * 2_000 + 1 + 3 * 2_000
        #expect(Slug.make(text)?.utf8.count == length)
    }

    @Test(arguments: ["", "   ", "—?!", "👍", "’'"])
    func noLetterOrDigitGivesNoSlug(text: String) {
        #expect(Slug.make(text) == nil)
    }

    @Test(arguments: [
        ("Content/patterns/where-the-bars-go.md", "where-the-bars-go"),
        ("a.md", "a"),
        ("Content/patterns/école.md", "école"),
        ("Content/patterns/.md", ""),
    ])
    func aPageFileNamesItsSlug(path: String, expected: String) {
        #expect(SiteLoader.slug(ofFile: path) == expected)
    }
}
