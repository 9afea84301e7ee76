import Foundation
import Testing
import Watching
@testable import DuoSite

/// The site-wide files are kept from the previous build, or in a preview
/// from the previous rebuild, only while what they show is unchanged:
/// `api/pages.json` lists each page's rules, so a page whose rules come or
/// go changes it, even when no other page cites them.
@Suite struct SiteWideKeyTests {
    /// A page no other page cites, with one rule.
    static let page = """
        ---
        title: Uncited page
        summary: A page no other page links to.
        status: recommendation
        last_checked: 2026-11-20
        ---

        ## The rules

        1. Keep it short.

           Sources (recommendation): hig § Vertical controls

        """

    static let edits: [(String, @Sendable (String) -> String)] = [
        ("the rules' heading renamed", { $0.replacingOccurrences(of: "## The rules", with: "## Notes") }),
        ("a rule added", { $0 + "2. Keep it clear.\n\n   Sources (recommendation): hig § Vertical controls\n" }),
    ]

    static func rules(_ json: Data?) throws -> [Int] {
        let object = try JSONSerialization.jsonObject(with: try #require(json)) as? [String: Any]
        let pages = try #require(object?["pages"] as? [[String: Any]])
        let page = try #require(pages.first { $0["slug"] as? String == "uncited" })
        return try #require(page["rules"] as? [[String: Any]]).compactMap { $0["number"] as? Int }
    }

    @Test(arguments: 0..<2)
    func aRebuildListsThePageRulesAsAFullBuildDoes(edit: Int) throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(Self.page, to: "Content/patterns/uncited.md")
        site.build()
        #expect(try Self.rules(site.tree()["api/pages.json"]) == [1])
        try site.write(Self.edits[edit].1(Self.page), to: "Content/patterns/uncited.md")
        site.build()
        let fresh = site.freshBuild()
        #expect(try Self.rules(site.tree()["api/pages.json"]) == Self.rules(fresh["api/pages.json"]), "\(Self.edits[edit].0)")
        #expect(site.tree()["api/pages.json"] == fresh["api/pages.json"])
    }

    @Test(arguments: 0..<2)
    func aPreviewListsThePageRulesAsAFullBuildDoes(edit: Int) throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(Self.page, to: "Content/patterns/uncited.md")
        let options = BuildOptions(root: site.root, today: Day("2026-11-29")!)
        var preview = PreviewSite(options: options)
        #expect(try Self.rules(preview.snapshot.file("api/pages.json").map { Data($0) }) == [1])
        try site.write(Self.edits[edit].1(Self.page), to: "Content/patterns/uncited.md")
        _ = preview.apply([.path("Content/patterns/uncited.md")])
        let fresh = PreviewSite(options: options)
        #expect(try Self.rules(preview.snapshot.file("api/pages.json").map { Data($0) }) == Self.rules(fresh.snapshot.file("api/pages.json").map { Data($0) }), "\(Self.edits[edit].0)")
        #expect(preview.snapshot.file("api/pages.json") == fresh.snapshot.file("api/pages.json"))
    }
}
