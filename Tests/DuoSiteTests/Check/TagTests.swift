import Diagnostics
import Foundation
import Testing
@testable import DuoSite

/// Tags and their addresses: a tag's slug (`Tag.slug`), and the tags that
/// cannot have a page of their own (`invalid-tag`): none, or another's.
@Suite struct TagTests {
    @Test(arguments: [
        ("bars", "bars"), ("Tab bar", "tab-bar"), ("tab-bar", "tab-bar"), ("  Tab   bar ", "tab-bar"), ("Écran", "ecran"),
        ("ümlaut & co", "umlaut-co"), ("<script>", "script"), ("日本語 Nihongo", "nihongo"), ("iPhone 17", "iphone-17"),
        ("don't", "dont"), ("A/B", "a-b"),
    ])
    func aTagsSlugIsItsLatinLettersAndDigits(tag: String, slug: String) {
        #expect(Tag.slug(tag) == slug)
        #expect(Tag.path(slug) == "/tags/\(slug)/")
    }

    @Test(arguments: ["日本語", "!!", "<!-- -->", "—", "ß"])
    func aTagWithNoLatinLetterOrDigitHasNoSlug(tag: String) {
        #expect(Tag.slug(tag) == nil)
    }

    /// A page of the repository's, as `file`, with `tags` each written on line 6.
    static func page(_ file: String, tags: [String]) throws -> Pattern {
        let (loaded, _) = SiteLoader(root: TestSite.repositoryRoot).load()
        var pattern = try #require(loaded.patterns.first)
        pattern.file = file
        pattern.frontMatter.tags = tags
        pattern.frontMatter.tagLocations = tags.indices.map { Diagnostics.SourceLocation(file: file, line: 6, column: 8 + 10 * $0) }
        return pattern
    }

    @Test func oneTagWrittenAlikeOnEveryPageIsNoFinding() throws {
        let pages = [try Self.page("a.md", tags: ["Tab bar", "bars"]), try Self.page("b.md", tags: ["Tab bar"]), try Self.page("c.md", tags: ["bars", "bars"])]
        #expect(TagChecker.findings(in: pages).isEmpty)
    }

    @Test func twoWaysOfWritingOneAddressAreReportedAtTheFirstPageToWriteEach() throws {
        let pages = [
            try Self.page("a.md", tags: ["Tab bar"]), try Self.page("b.md", tags: ["tab-bar", "ok"]),
            try Self.page("c.md", tags: ["Tab bar", "tab bar"]),
        ]
        let findings = TagChecker.findings(in: pages)
        #expect(findings.allSatisfy { $0.code == .invalidTag && $0.severity == .error })
        #expect(findings.map { "\($0.location.file):\($0.location.column)" } == ["a.md:8", "b.md:8", "c.md:18"])
        #expect(findings[0].message.contains("'Tab bar' makes the same address, /tags/tab-bar/, as 'tab-bar' (b.md:6), 'tab bar' (c.md:6)"))
    }

    @Test func aLinkToATagPageIsCheckedAgainstThePublishedPagesTags() throws {
        var linking = try Self.page("l.md", tags: [])
        linking.tagAddresses = ["/tags/", "/tags/index.html", "/tags/bars/", "/tags/bars/index.html#main", "/tags/Bars/", "/tags/drafted/", "/tags/bars/x/"].enumerated().map {
            SiteAddress(destination: $0.element, isImage: false, location: Diagnostics.SourceLocation(file: "l.md", line: 9 + $0.offset, column: 1))
        }
        var draft = try Self.page("d.md", tags: ["drafted"])
        draft.slug = "d"
        var carrier = try Self.page("c.md", tags: ["bars"])
        carrier.slug = "c"
        linking.slug = "l"
        let findings = TagChecker.links(in: [linking, carrier, draft], published: ["l", "c"])
        #expect(findings.map(\.location.line) == [13, 14, 15])
        #expect(findings.allSatisfy { $0.code == .brokenLink })
        #expect(findings[0].message.contains("did you mean '/tags/bars/'?"))
        #expect(TagChecker.links(in: [linking, carrier, draft], published: ["l", "c", "d"]).map(\.location.line) == [13, 15])
    }

    @Test func aTagWithNoAddressIsReportedWhereItIsWritten() throws {
        let findings = TagChecker.findings(in: [try Self.page("a.md", tags: ["fine", "!!"])])
        #expect(findings.map(\.location.column) == [18])
        #expect(findings.first?.message.contains("'!!' has no Latin letter or digit") == true)
    }
}
