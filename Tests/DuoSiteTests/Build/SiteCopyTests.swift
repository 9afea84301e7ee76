import Foundation
import Testing
@testable import DuoSite

/// A worker's copy of the site, read again from its files: the same site,
/// or none when a file changed since the build began.
struct SiteCopyTests {
    @Test func aCopyReadAgainHoldsTheSameSite() throws {
        let site = try TestSite()
        defer { site.remove() }
        let options = BuildOptions(root: site.root, today: Day("2026-11-29")!)
        let fingerprint = BuildCache.fingerprints(root: site.root, options: options).build
        var loader = SiteLoader(root: site.root)
        loader.files = []
        let (original, _) = loader.load()
        let copy = try #require(SiteCopy(readingAgain: options, fingerprint: fingerprint))
        #expect(copy.pages.site.settings.title == original.settings.title)
        #expect(copy.pages.site.sources.map(\.id) == original.sources.map(\.id))
        #expect(copy.pages.site.devices.map(\.id) == original.devices.map(\.id))
        #expect(copy.pages.site.placement?.rules.count == original.placement?.rules.count)
        #expect(copy.pages.site.assets == original.assets)
        #expect(copy.templates?["pattern"] != nil)
    }

    /// A site file changed after the build took its fingerprint: the copy
    /// would not be the site the build read, and there is none.
    @Test func aFileChangedSinceTheBuildBeganGivesNoCopy() throws {
        let site = try TestSite()
        defer { site.remove() }
        let options = BuildOptions(root: site.root, today: Day("2026-11-29")!)
        let fingerprint = BuildCache.fingerprints(root: site.root, options: options).build
        let sources = try String(contentsOf: site.root.appendingPathComponent("Content/sources.yml"), encoding: .utf8)
        try site.write(sources + "\n# edited\n", to: "Content/sources.yml")
        #expect(SiteCopy(readingAgain: options, fingerprint: fingerprint) == nil)
    }
}
