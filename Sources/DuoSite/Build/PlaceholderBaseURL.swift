import Diagnostics
import Foundation
import YAML

/// A build published with `site.yml`'s `base_url` still at an address kept
/// for examples (`https://duoapps.example`, `example.com`): every
/// canonical link, the sitemap and the feed point there. A warning
/// (`placeholder-base-url`), at the value, until it is set or `--base-url`
/// names the real address.
enum PlaceholderBaseURL {
    /// Whether `url`'s host is one kept for examples and tests (RFC 2606,
    /// RFC 6761): `example.com`, `.net`, `.org`, or a name under
    /// `.example`, `.invalid`, `.test` or `.localhost`.
    static func isPlaceholder(_ url: String) -> Bool {
        guard let host = URLComponents(string: url)?.host?.lowercased(), !host.isEmpty else { return false }
        if ["example.com", "example.net", "example.org"].contains(where: { host == $0 || host.hasSuffix("." + $0) }) { return true }
        return ["example", "invalid", "test", "localhost"].contains(where: { host == $0 || host.hasSuffix("." + $0) })
    }

    /// The warning about the site at `root` built with `options`, if its
    /// base URL is a placeholder.
    static func finding(root: URL, options: BuildOptions) -> Diagnostic? {
        guard options.baseURL == nil else { return nil }
        var ignored: [Diagnostic] = []
        guard let node = YAMLDocument.read(Site.Paths.settings, root: root, diagnostics: &ignored),
              let value = node["base_url"], let url = value.string, isPlaceholder(url) else { return nil }
        return Diagnostic(.placeholderBaseURL, "base_url is '\(url)', an address kept for examples: the pages' canonical links, the sitemap and the feed point there; set base_url to the address the site is published at, or build with --base-url", at: SourceLocation(file: Site.Paths.settings, line: value.mark.line, column: value.mark.column))
    }
}
