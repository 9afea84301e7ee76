import Foundation
import Watching

/// The site as the preview builds it, in memory, with the same stages as
/// `build` (`MemorySite`): made once, then brought up to date after each
/// change by re-running only what the change touches — a page file through
/// the page pipeline, then the checks across pages and the site-wide files
/// — or, after a change to the site's own files or its theme, all of it.
/// Used by one thread at a time (the preview's rebuild loop).
struct PreviewSite {
    /// What the site's pages and files are now.
    private var memory: MemorySite
    /// What is served.
    private(set) var snapshot: PreviewSnapshot
    /// How the site is built (`--no-drafts`, `--today`).
    let options: BuildOptions
    /// The files of `Static/` the site was built with: links to them are
    /// checked, and one where the build writes its own is an error, so a
    /// file added or removed there is a change to the site.
    private var staticFiles: Set<String>

    /// What one build or rebuild found and changed.
    struct Outcome {
        /// Every finding, as `build` reports them.
        let findings: [Diagnostic]
        /// The addresses whose content changed (`/`, `/patterns/x/`,
        /// `/CNAME`), or nil for every page.
        let changed: [String]?
        /// How many pages the site has.
        let pages: Int
    }

    /// The site at `options.root`, built.
    init(options: BuildOptions) {
        self.options = options
        staticFiles = Set(SiteLoader.staticPaths(root: options.root))
        memory = MemorySite(options: options)
        snapshot = PreviewSnapshot(build: 0, files: [:], overlay: nil)
        _ = publish(changed: nil)
    }

    /// The outcome of the first build.
    var current: Outcome {
        Outcome(findings: memory.findings, changed: nil, pages: Self.pageCount(memory.files))
    }

    /// Brings the site up to date with `changes`, and says what changed;
    /// nil when none of them is a file the site reads (a tool's temporary
    /// file), and nothing was rebuilt.
    mutating func apply(_ changes: Set<FolderChange>) -> Outcome? {
        var pageFiles: [String] = []
        var staticAddresses: [String] = []
        var everything = false
        for change in changes {
            switch change {
            case .everything:
                everything = true
            case .path(let path):
                if path.hasPrefix(Site.Paths.staticFiles + "/") {
                    staticAddresses.append("/" + path.dropFirst(Site.Paths.staticFiles.count + 1))
                } else if path == Site.Paths.patterns || path == Site.Paths.content {
                    everything = true
                } else if path.hasPrefix(Site.Paths.patterns + "/") {
                    // A page file; anything else there (a tool's temporary file) is not the site's.
                    if PageSource.isPageFile(path) { pageFiles.append(path) }
                } else if path.hasPrefix(Site.Paths.content + "/") {
                    // The site's own files; any other file in Content/ is not read.
                    if Self.siteFiles.contains(path) { everything = true }
                } else {
                    // The theme, a folder made or removed: all of it again.
                    everything = true
                }
            }
        }
        if !staticAddresses.isEmpty, Set(SiteLoader.staticPaths(root: options.root)) != staticFiles {
            // A file of Static/ added or removed: what links may reach has changed.
            everything = true
        }
        if everything {
            staticFiles = Set(SiteLoader.staticPaths(root: options.root))
            memory = MemorySite(options: options)
            return publish(changed: nil)
        }
        guard !pageFiles.isEmpty else {
            return staticAddresses.isEmpty ? nil : publish(changed: staticAddresses.sorted(), pagesChanged: false)
        }
        for file in pageFiles.sorted() { memory.refresh(file) }
        // Every file may have changed: a page lists those citing its rules,
        // and the tag pages come and go. A file not made again is the same
        // array, compared at once.
        let touched = Set(memory.files.keys).union(snapshot.files.keys)
        return publish(changed: staticAddresses, touching: touched)
    }

    /// Swaps in what `memory` holds (or, when it has errors, keeps the
    /// last good files and adds the panel), as the next build.
    private mutating func publish(changed: [String]?, touching touched: Set<String>? = nil, pagesChanged: Bool = true) -> Outcome {
        let findings = memory.findings
        let blocked = findings.filter { $0.code.blocksBuild && $0.severity == .error }
        let overlay = blocked.isEmpty ? nil : ErrorOverlay(findings: findings, root: options.root)
        let previous = snapshot
        let keepsPrevious = !pagesChanged || (overlay != nil && previous.build > 0)
        let files = keepsPrevious ? previous.files : memory.files
        var addresses: [String]?
        if let changed, previous.overlay == nil, overlay == nil {
            var list = changed
            for path in touched ?? [] where previous.files[path] != files[path] {
                list.append(Self.address(of: path))
            }
            addresses = list.sorted()
        }
        snapshot = PreviewSnapshot(build: previous.build + 1, files: files, assets: keepsPrevious ? previous.assets : memory.assets, overlay: overlay)
        return Outcome(findings: findings, changed: addresses, pages: Self.pageCount(files))
    }

    /// The files of `Content/` besides the pages that the site reads.
    static let siteFiles: Set<String> = [Site.Paths.settings, Site.Paths.sources, Site.Paths.devices, Site.Paths.placement]

    /// The address a file is served at: `/patterns/x/` for
    /// `patterns/x/index.html`, `/feed.xml` for `feed.xml`.
    static func address(of path: String) -> String {
        if path == "index.html" { return "/" }
        if path.hasSuffix("/index.html") { return "/" + path.dropLast("index.html".count) }
        return "/" + path
    }

    private static func pageCount(_ files: [String: [UInt8]]) -> Int {
        files.keys.filter { $0.hasPrefix("patterns/") }.count
    }
}
