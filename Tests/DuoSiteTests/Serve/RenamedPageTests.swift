import Diagnostics
import Foundation
import Testing
import Watching
@testable import DuoSite

/// A page renamed while the preview or the language server follows the
/// site: one page gone and one added, the old address served as the
/// alias the renamed page gives, and, without one, the finding `build`
/// would stop on (`address-removed`), as a fresh read of the site finds it.
@Suite struct RenamedPageTests {
    static let today = Day("2026-11-29")!
    static let extra = "---\ntitle: Extra\nsummary: An extra page.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\nSome text.\n"

    /// The repository's site with an extra page no other cites, built.
    static func published() throws -> TestSite {
        let site = try TestSite()
        try site.write(extra, to: "Content/patterns/extra.md")
        let built = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(built.status == 0, "\(built.err)")
        return site
    }

    static func options(_ site: TestSite) -> BuildOptions {
        BuildOptions(root: site.root, output: site.root.appendingPathComponent("Public"), drafts: true, today: today)
    }

    static let changes: Set<FolderChange> = [.path("Content/patterns/extra.md"), .path("Content/patterns/extra-renamed.md")]

    @Test func thePreviewServesTheAliasAtTheOldAddress() throws {
        let site = try Self.published()
        defer { site.remove() }
        var preview = PreviewSite(options: Self.options(site))
        #expect(preview.snapshot.file("patterns/extra/index.html").map { String(decoding: $0, as: UTF8.self).contains("<h1") } == true)

        try site.delete("Content/patterns/extra.md")
        try site.write(Self.extra.replacingOccurrences(of: "title: Extra\n", with: "title: Extra\naliases: [extra]\n"), to: "Content/patterns/extra-renamed.md")
        let applied = preview.apply(Self.changes)
        let outcome = try #require(applied)
        #expect(outcome.findings.filter { $0.severity == .error }.isEmpty, "\(outcome.findings.map(\.formatted))")
        #expect(outcome.pages == 3)
        // Both addresses changed: the old one now the alias's page, the new one the page.
        #expect(Set(outcome.changed ?? []).isSuperset(of: ["/patterns/extra/", "/patterns/extra-renamed/"]))
        let old = String(decoding: try #require(preview.snapshot.file("patterns/extra/index.html")), as: UTF8.self)
        #expect(old.contains("<meta http-equiv=\"refresh\" content=\"0; url=/patterns/extra-renamed/\">"))
        #expect(preview.snapshot.file("patterns/extra-renamed/index.html") != nil)
        // What build publishes of it, byte for byte.
        let built = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(built.status == 0, "\(built.err)")
        #expect(preview.snapshot.file("patterns/extra/index.html") == [UInt8](site.tree()["patterns/extra/index.html"] ?? Data()))
    }

    @Test func withoutAnAliasThePreviewFindsWhatBuildWouldStopOn() throws {
        let site = try Self.published()
        defer { site.remove() }
        var preview = PreviewSite(options: Self.options(site))
        try site.move("Content/patterns/extra.md", to: "Content/patterns/extra-renamed.md")
        let applied = preview.apply(Self.changes)
        let outcome = try #require(applied)
        let removed = outcome.findings.filter { $0.code == .addressRemoved }
        #expect(removed.map(\.location) == [SourceLocation(file: "Content/patterns/extra-renamed.md", line: 2, column: 8)])
        // The error panel over the last good site, as for any error.
        #expect(preview.snapshot.overlay != nil)
        // The same findings as the preview reading the site afresh.
        #expect(PreviewSite(options: Self.options(site)).current.findings.map(\.formatted) == outcome.findings.map(\.formatted))
    }

    @Test func theLanguageServerSeesOnePageGoneAndOneAdded() throws {
        let site = try Self.published()
        defer { site.remove() }
        var language = LanguageSite(root: site.root, today: Self.today)
        language.report(["Content/patterns/extra-renamed.md"])
        try site.move("Content/patterns/extra.md", to: "Content/patterns/extra-renamed.md")
        let changed = language.apply(Self.changes)
        #expect(changed)
        #expect(language.pages.map(\.page.slug).sorted() == ["extra-renamed", "symbols-not-labels", "where-the-bars-go"])
        #expect(language.findings(in: "Content/patterns/extra-renamed.md").map(\.code) == [.addressRemoved])
        // The alias added in the editor, not yet saved: the finding goes.
        language.setText(Array(Self.extra.replacingOccurrences(of: "title: Extra\n", with: "title: Extra\naliases: [extra]\n").utf8), of: "Content/patterns/extra-renamed.md")
        #expect(language.findings(in: "Content/patterns/extra-renamed.md").isEmpty)
    }
}
