import Diagnostics

/// Checks a page's images: one with no description, which readers who
/// cannot see it get nothing of (`missing-alt`), and one whose address is
/// relative, which no file published from `Content/` can answer
/// (`broken-link`). Images of the site's own addresses are checked against
/// what the build publishes (`SiteAddressChecker`).
public struct ImageChecker: PageChecker {
    public init() {}

    public func check(_ pattern: Pattern, _ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for image in pattern.outline.images {
            let url = image.url
            if !image.hasAlt {
                diagnostics.append(Diagnostic(.missingAlt, "the image '\(url)' has no description, so readers who cannot see it (with a screen reader, or with images off) get nothing of it; describe it between the brackets: ![What it shows](\(url))", at: image.location))
            }
            // An image is shown from its address: files are not published from Content/.
            if CrossReference.isRelative(url) {
                diagnostics.append(Diagnostic(.brokenLink, url.isEmpty ? "an image with no address; give it one, or remove the image" : "the image '\(url)' is relative, but no file is published from Content/, so readers would see it missing; put it in Theme/assets/ and write its address, '/assets/\(url.split(separator: "/").last ?? "")'", at: image.location))
            }
        }
        return diagnostics
    }
}
