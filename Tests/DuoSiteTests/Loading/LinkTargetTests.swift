import Testing
@testable import DuoSite

/// Which links in a page point to another page's file, and the address each
/// is published at.
struct LinkTargetTests {
    /// A link as written, and the address it is published at (nil: left as written).
    static let links: [(String, String?)] = [
        ("other.md", "/patterns/other/"),
        ("other.md#rule-1", "/patterns/other/#rule-1"),
        ("./other.md#rule-1", "/patterns/other/#rule-1"),
        ("../patterns/other.md", "/patterns/other/"),
        ("other.md#", "/patterns/other/#"),
        ("d%C3%A9j%C3%A0-vu.md#r%C3%A8gle", "/patterns/déjà-vu/#règle"),
        ("déjà-vu.md#règle-1", "/patterns/déjà-vu/#règle-1"),
        (".md", "/patterns//"),
        ("#rule-2", nil),
        ("/patterns/other/", nil),
        ("/other.md", nil),
        ("https://example.com/other.md", nil),
        ("ftp://example.com/a.md#b", nil),
        ("mailto:editors@duoapps.example.md", nil),
        ("other.mdx", nil),
        ("other.md/", nil),
        ("notes.txt#a.md", nil),
        ("", nil),
    ]

    @Test(arguments: links)
    func aLinkToAPageFileIsPublishedAtThePagesAddress(link: String, published: String?) {
        #expect(CrossReference.publishedURL(for: link, from: "this-page") == published)
    }

    @Test func theTargetKeepsTheSlugAndAnchorApart() throws {
        let target = try #require(CrossReference.target(of: "../patterns/where-the-bars-go.md#rule-3"))
        #expect(target.slug == "where-the-bars-go")
        #expect(target.anchor == "rule-3")
        #expect(CrossReference.target(of: "where-the-bars-go.md")?.anchor == nil)
    }
}
