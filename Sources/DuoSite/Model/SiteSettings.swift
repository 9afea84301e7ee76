import Diagnostics

/// The site's settings, from `Content/site.yml`.
public struct SiteSettings: Sendable {
    /// The site's name, shown in every page's header and title.
    public var title: String
    /// Where the site is published, without a trailing slash; canonical URLs,
    /// the sitemap and the feed are built from it.
    public var baseURL: String
    /// The language of the pages (`lang` attribute), default `en`.
    public var language: String
    /// How long a check against Apple's guidance stays valid, default `180d`.
    public var reviewEvery: ReviewInterval
    /// How early before its due date a page counts as due soon, default `14d`.
    public var dueSoon: ReviewInterval
    /// Whether raw HTML in Markdown is kept (default false: left out).
    public var allowRawHTML: Bool
    /// A sentence describing the site, for the home page's meta description
    /// (a duosite addition).
    public var description: String
    /// Who re-checks a new page: the `owner` that `duosite new` writes into
    /// the pages it makes (nil: none).
    public var owner: String?
    /// Hosts (`example.com`, with its subdomains) and address prefixes
    /// (`https://example.com/private/`) that `check --links` does not ask:
    /// sites that refuse robots, or addresses behind a sign-in.
    public var skipLinks: [String] = []
    /// Whether the build writes `_headers` (default true), the file
    /// Netlify and Cloudflare Pages read: fingerprinted assets cached for a
    /// year, pages checked again on each visit. False for a site that
    /// publishes its own (`Static/_headers`) or a host that reads none.
    public var headersFile = true
    /// Whether the build writes a `.gz` and a `.br` beside each text file
    /// over 1 KB (default false; `build --precompress` too), for servers
    /// that send them as they are.
    public var precompress = false
    /// Whether the build writes `_redirects` (default false), the file
    /// Netlify and Cloudflare Pages read for redirects: a line for each
    /// page's alias, answered with a 301 to the page.
    public var redirectsFile = false
    /// The addresses let go on purpose (`gone:`), each made one way
    /// (`Alias.address`), where it is written: each answered with a page
    /// saying the pattern was withdrawn, and left out of everything else.
    public var gone: [Located<String>] = []

    /// The keys site.yml may hold.
    static let keys = ["title", "base_url", "language", "review_every", "due_soon", "allow_raw_html", "description", "owner", "skip_links", "headers_file", "precompress", "redirects_file", "gone"]

    /// Settings used when site.yml cannot be read, so checking can go on.
    static let fallback = SiteSettings(
        title: "DuoApps", baseURL: "", language: "en",
        reviewEvery: ReviewInterval(count: 180, unit: .day), dueSoon: ReviewInterval(count: 14, unit: .day),
        allowRawHTML: false, description: ""
    )
}
