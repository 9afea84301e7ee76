import Foundation

/// Everything a site root holds, read and parsed: settings, sources, devices,
/// the placement table, the theme's symbols, and every pattern page.
public struct Site: Sendable {
    /// The site root folder.
    public var root: URL
    /// `Content/site.yml`.
    public var settings: SiteSettings
    /// `Content/sources.yml`, in file order.
    public var sources: [Source]
    /// `Content/devices.yml`, in file order.
    public var devices: [Device]
    /// The pattern pages, ordered by file name.
    public var patterns: [Pattern]
    /// The symbol drawings the theme has (`Theme/assets/symbols/*.svg`), or
    /// nil when the site has no theme to check symbols against.
    public var symbols: Set<String>?
    /// `Content/placement.yml`, when the site has one.
    public var placement: PlacementTable?
    /// The theme's files, which the build publishes under `/assets/`: their
    /// paths within `Theme/assets/` (`site.css`, `symbols/cart.svg`).
    public var assets: Set<String> = []
    /// The site's own files, which the build publishes as they are at the
    /// output's root (`CNAME`, `.well-known/security.txt`): their paths
    /// within `Static/`.
    public var staticFiles: Set<String> = []
    /// The slugs of page files that exist but could not be read (a finding
    /// says why): links to them are not reported again as broken.
    public var unreadablePages: Set<String> = []
    /// The site's files (`Content/sources.yml`, `Content/devices.yml`,
    /// `Content/placement.yml`) that exist but could not be read (a finding
    /// says why): what pages name in them is not reported again as missing.
    public var unreadableFiles: Set<String> = []

    /// A device by id.
    public func device(_ id: String) -> Device? {
        devices.first { $0.id == id }
    }

    /// A page by slug.
    public func pattern(_ slug: String) -> Pattern? {
        patterns.first { $0.slug == slug }
    }

    /// Where the site's files are, relative to its root.
    public enum Paths {
        public static let content = "Content"
        public static let settings = "Content/site.yml"
        public static let sources = "Content/sources.yml"
        public static let devices = "Content/devices.yml"
        public static let placement = "Content/placement.yml"
        public static let patterns = "Content/patterns"
        public static let theme = "Theme"
        public static let templates = "Theme/templates"
        public static let assets = "Theme/assets"
        public static let symbols = "Theme/assets/symbols"
        /// Files published as they are, at the output's root.
        public static let staticFiles = "Static"
        /// The files the build writes at the output's root, besides the
        /// pages (`patterns/<slug>/index.html`) and the theme's assets
        /// (`assets/…`); the first is the home page.
        public static let publishedFiles = ["index.html", "404.html", "sitemap.xml", "feed.xml", "robots.txt", "api/pages.json"]
        /// The headers file a build writes with `headers_file` (`HeadersFile`).
        public static let headersFile = "_headers"
        /// The redirects file a build writes with `redirects_file` (`RedirectsFile`).
        public static let redirectsFile = "_redirects"
    }
}

extension [Source] {
    /// The place of the source `citation` cites: where the page's reading
    /// found it, when that place still holds that id (one comparison), or
    /// else where a search by id finds it.
    public func index(of citation: Citation) -> Int? {
        if let index = citation.sourceIndex, indices.contains(index), self[index].id == citation.sourceID {
            return index
        }
        return firstIndex { $0.id == citation.sourceID }
    }
}
