import Foundation
import Testing
import Watching
@testable import DuoSite

/// What a change to one of the theme's assets calls for: an asset
/// published under a name of its bytes (the stylesheet, what the templates
/// name) is linked by every page, which must be made again with its new
/// name; any other asset is served as it is, and the pages only reload.
@Suite struct SiteChangeTests {
    @Test func aFingerprintedAssetChangedInPlaceRebuildsEverythingAnotherReloads() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("not really a font\n", to: "Theme/assets/fonts/body.woff2")
        var listing = SiteChange.Listing(root: site.root)
        let assets = ThemeTemplates.loadPublished(root: site.root).assets
        for path in ["site.css", "figure.css", "favicon.svg"] {
            let change = SiteChange.of([.path("Theme/assets/" + path)], root: site.root, listing: &listing, assets: assets)
            #expect(change.everything && !change.restyled, "\(path)")
        }
        let font = SiteChange.of([.path("Theme/assets/fonts/body.woff2")], root: site.root, listing: &listing, assets: assets)
        #expect(!font.everything && font.restyled)
        // With every asset under its own name (a site not rendered, as the
        // language server reads it), the stylesheet is only reloaded.
        let unnamed = SiteChange.of([.path("Theme/assets/site.css")], root: site.root, listing: &listing)
        #expect(!unnamed.everything && unnamed.restyled)
    }
}
