import Diagnostics

/// Finds links and images to addresses of the site that the build does not
/// publish (`broken-link`): a theme file that is not in `Theme/assets/`
/// (`/assets/fold.png` for `fold.svg`), or an address the site has no page
/// or file at (`/about/`). Readers would get the site's 404 page, or a
/// missing image.
public struct SiteAddressChecker: PageChecker {
    public init() {}

    public func check(_ pattern: Pattern, _ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for address in pattern.siteAddresses {
            if let diagnostic = Self.finding(address, assets: context.site.assets, staticFiles: context.site.staticFiles) {
                diagnostics.append(diagnostic)
            }
        }
        return diagnostics
    }

    /// The finding about one address, when the build publishes nothing there.
    static func finding(_ address: SiteAddress, assets: Set<String>, staticFiles: Set<String> = []) -> Diagnostic? {
        let destination = address.destination
        // A page's address is a cross-reference, checked against the pages.
        guard CrossReference.publishedTarget(of: destination) == nil else { return nil }
        var path = Substring(destination.dropFirst())
        if let end = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = path[..<end] }
        let file = String(path).removingPercentEncodingIfPossible
        let what = address.isImage ? "the image '\(destination)'" : "the link to '\(destination)'"
        if file.hasPrefix("assets/") {
            let asset = String(file.dropFirst("assets/".count))
            guard !assets.contains(asset) else { return nil }
            let missing = asset.isEmpty || asset.hasSuffix("/") ? "names a folder of the theme, and the build publishes no page for a folder" : "names no file of the theme: there is no \(Site.Paths.assets)/\(asset)"
            var message = "\(what) \(missing), so readers would \(address.isImage ? "see the image missing" : "get the page that is not found")"
            if let suggestion = Suggestion.nearest(to: asset, in: assets.sorted()) {
                message += "; did you mean '/assets/\(suggestion)'?"
            }
            return Diagnostic(.brokenLink, message, at: address.location)
        }
        // A folder's address (`/about/`) is its index.html's.
        let staticFile = file.hasSuffix("/") ? file + "index.html" : file
        guard !(file.isEmpty || Site.Paths.publishedFiles.contains(file) || staticFiles.contains(staticFile)) else { return nil }
        var message = "\(what) names nothing the build publishes, so readers would \(address.isImage ? "see the image missing" : "get the page that is not found"); the site's addresses are '/', pages' ('/patterns/<page>/', or better the page's file, 'other.md'), the theme's files ('/assets/…'), the files of \(Site.Paths.staticFiles)/ and \(Site.Paths.publishedFiles.dropFirst().map { "'/\($0)'" }.joined(separator: ", "))"
        if let suggestion = Suggestion.nearest(to: file, in: Site.Paths.publishedFiles + assets.sorted().map { "assets/\($0)" } + staticFiles.sorted()) {
            message += "; did you mean '/\(suggestion)'?"
        }
        return Diagnostic(.brokenLink, message, at: address.location)
    }
}

extension SiteAddress {
    /// Whether a link is to the site's own root (`/…`), not to another host (`//…`).
    static func isOnSite(_ destination: String) -> Bool {
        destination.hasBytePrefix("/") && !destination.hasBytePrefix("//")
    }
}
