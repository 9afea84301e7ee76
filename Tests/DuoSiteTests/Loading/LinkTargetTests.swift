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

    /// A link to a page's published address, and the page and anchor it names.
    @Test(arguments: [
        ("/patterns/other/", "other", nil),
        ("/patterns/other", "other", nil),
        ("/patterns/other/#rule-1", "other", "rule-1"),
        ("/patterns/other/index.html#faq", "other", "faq"),
        ("/patterns/d%C3%A9j%C3%A0-vu/", "déjà-vu", nil),
    ] as [(String, String, String?)])
    func aPublishedAddressNamesItsPage(link: String, slug: String, anchor: String?) throws {
        let target = try #require(CrossReference.publishedTarget(of: link))
        #expect(target.slug == slug)
        #expect(target.anchor == anchor)
    }

    @Test(arguments: ["/patterns/", "/patterns/a/b/", "/feed.xml", "/assets/site.css", "patterns/other/", "/patterns/other/?x=1"])
    func otherAddressesNameNoPage(link: String) {
        #expect(CrossReference.publishedTarget(of: link) == nil)
    }

    /// Which links are relative to the page (kept as written, so reported
    /// unless they are to a page's file).
    @Test(arguments: [
        ("other", true), ("other#rule-1", true), ("../other/", true), ("images/a.png", true), ("", true), ("a b:c", true),
        ("#faq", false), ("/patterns/other/", false), ("//cdn.example/a", false),
        ("https://example.com/", false), ("mailto:editors@duoapps.example", false), ("tel:+15550100", false),
    ])
    func relativeOrNot(link: String, relative: Bool) {
        #expect(CrossReference.isRelative(link) == relative)
    }

    /// A relative link that is surely to a page is named with the page's file.
    @Test(arguments: [
        ("where-the-bars-go#rule-1", "did you mean 'where-the-bars-go.md#rule-1'?"),
        ("../where-the-bars-go/", "did you mean 'where-the-bars-go.md'?"),
        ("where-the-bars-go.html", "did you mean 'where-the-bars-go.md'?"),
        ("../where-the-bars-go/index.html#faq", "did you mean 'where-the-bars-go.md#faq'?"),
    ])
    func aRelativeLinkToAPageIsNamedWithItsFile(link: String, suggestion: String) {
        #expect(RelativeLinkChecker.message(link).hasSuffix(suggestion))
    }

    @Test func aRelativeLinkToAFileIsNotTakenForAPage() {
        #expect(!RelativeLinkChecker.message("images/Photo 1.PNG").contains("did you mean"))
    }
}
