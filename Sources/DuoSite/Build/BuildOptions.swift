import Foundation

/// What `duosite build` was asked to do.
public struct BuildOptions: Sendable {
    /// The site root.
    public var root: URL
    /// Where the site is written (default `Public/` under the root).
    public var output: URL
    /// Overrides site.yml's `base_url`.
    public var baseURL: String?
    /// Whether drafts are published.
    public var drafts: Bool
    /// The build's date: which pages are stale, the footer's year.
    public var today: Day
    /// Pages rendered at once (1 renders one after another).
    public var parallel: Bool
    /// Whether a `.gz` and a `.br` are written beside each text file over
    /// 1 KB (`--precompress`), whatever site.yml's `precompress` says.
    public var precompress = false
    /// For tests: page writes made to fail half-way through, as a disk that
    /// fills would (`PageWriteFault`); nil in every real build.
    var pageWriteFault: PageWriteFault?

    /// Creates options; `output` defaults to `root/Public`.
    public init(root: URL, output: URL? = nil, baseURL: String? = nil, drafts: Bool = false, today: Day, parallel: Bool = true) {
        self.root = root
        self.output = output ?? root.appendingPathComponent("Public")
        self.baseURL = baseURL
        self.drafts = drafts
        self.today = today
        self.parallel = parallel
    }
}

extension BuildOptions {
    /// The address `site` is published at: `--base-url`, else site.yml's.
    func siteBaseURL(_ site: Site) -> String {
        guard var url = baseURL else { return site.settings.baseURL }
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }
}
