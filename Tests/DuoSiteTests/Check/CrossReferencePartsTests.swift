@testable import DuoSite
import Diagnostics
import Foundation
import Testing

/// On a large site the links are checked in parts, on every core: each
/// broken link is reported once, in page order, whichever part it is in.
@Suite("Links across a large site")
struct CrossReferencePartsTests {
    /// Pages made from one of the repository's, each linking to the next
    /// page's first rule, with broken links in the first, a middle and a
    /// late part: to no page, to an anchor the page lacks, and to a draft.
    @Test func everyBrokenLinkIsFoundOnceInPageOrder() throws {
        let (loaded, _) = SiteLoader(root: TestSite.repositoryRoot).load()
        let model = try #require(loaded.patterns.first)
        let count = 4_321
        func slug(_ index: Int) -> String { "page-\(index)" }
        var patterns: [Pattern] = []
        for index in 0..<count {
            var page = model
            page.file = "Content/patterns/\(slug(index)).md"
            page.slug = slug(index)
            page.anchors = ["rule-1"]
            var target = slug((index + 1) % count), anchor = "rule-1"
            if index == 7 { target = "no-such-page" }
            if index == 2_222 { anchor = "rule-9" }
            if index == 4_000 { target = "a-draft" }
            let location = Diagnostics.SourceLocation(file: page.file, line: 20, column: 5)
            page.crossReferences = [CrossReference(slug: target, anchor: anchor, destination: "\(target).md#\(anchor)", location: location)]
            patterns.append(page)
        }
        var draft = model
        draft.file = "Content/patterns/a-draft.md"
        draft.slug = "a-draft"
        draft.crossReferences = []
        patterns.append(draft)
        var site = loaded
        site.patterns = patterns
        let drafts: Set<String> = ["a-draft"]
        let context = CheckContext(site: site, today: Day("2026-11-29")!, publishedSlugs: Set(patterns.map(\.slug)).subtracting(drafts))

        let found = CrossReferenceChecker().check(context)

        #expect(found.map(\.location.file) == ["Content/patterns/page-7.md", "Content/patterns/page-2222.md", "Content/patterns/page-4000.md"])
        #expect(found.map(\.code) == [.brokenLink, .brokenAnchor, .brokenLink])
        #expect(found[0].message.contains("names no page"))
        #expect(found[1].message.contains("'#rule-9'"))
        #expect(found[2].message.contains("points at a draft"))
    }
}
