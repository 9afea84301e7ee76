import Diagnostics
import Foundation
import Watching

/// The site as the preview builds it: the site engine with its pages in
/// memory (`PageSink.memory`), built once, then brought up to date after
/// each change with what `SiteChange` says it calls for — a page file read
/// again, then the links, the holes of the pages whose links changed, the
/// checks across pages and the site-wide files; or, after a change to the
/// site's own files or its theme, all of it. Used by one thread at a time
/// (the preview's rebuild loop).
struct PreviewSite {
    /// What the site's pages and files are now.
    private var engine: SiteEngine
    /// What is served.
    private(set) var snapshot: PreviewSnapshot
    /// How the site is built (`--no-drafts`, `--today`).
    let options: BuildOptions
    /// The files of `Static/` and of the theme's assets the site was built
    /// with: links to them are checked, so one added or removed is a change
    /// to the site.
    private var listing: SiteChange.Listing
    /// What the output answered at after the last build (`PublishedSite`),
    /// read once: the preview finds what `build` would (`address-removed`).
    private let lastPublished: PublishedSite?

    /// What one build or rebuild found and changed.
    struct Rebuild {
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
        listing = SiteChange.Listing(root: options.root)
        lastPublished = PublishedSite.last(in: options.output, cache: nil)
        engine = Self.build(options, lastPublished: lastPublished)
        snapshot = PreviewSnapshot(build: 0, pages: nil, files: [:], overlay: nil)
        _ = publish(changed: nil)
    }

    /// The whole site read and rendered into memory.
    private static func build(_ options: BuildOptions, lastPublished: PublishedSite?) -> SiteEngine {
        var engine = SiteEngine(options: options, theme: true, renders: true)
        engine.lastPublished = lastPublished
        let source = PageSource(root: options.root, previous: nil)
        engine.read(source, into: .memory)
        engine.link(into: .memory, source: source)
        engine.checkAcrossPages()
        return engine
    }

    /// The outcome of the first build.
    var current: Rebuild {
        Rebuild(findings: engine.findings, changed: nil, pages: snapshot.pageCount)
    }

    /// Brings the site up to date with `changes`, and says what changed;
    /// nil when none of them is a file the site reads (a tool's temporary
    /// file), and nothing was rebuilt.
    mutating func apply(_ changes: Set<FolderChange>) -> Rebuild? {
        let change = SiteChange.of(changes, root: options.root, listing: &listing, assets: engine.inputs.assets)
        if change.everything {
            engine = Self.build(options, lastPublished: lastPublished)
            return publish(changed: nil)
        }
        guard !change.pages.isEmpty else {
            // An asset served under its own name (an image, a font): every
            // page reloaded, none made again.
            if change.restyled { return publish(changed: nil, pagesChanged: false) }
            return change.served.isEmpty ? nil : publish(changed: change.served, pagesChanged: false)
        }
        let refresh = engine.refresh(change.pages, into: .memory)
        engine.checkAcrossPages(after: refresh)
        // The pages whose text or links changed; of the site-wide files
        // (the tag pages come and go), those whose bytes did.
        return publish(changed: change.restyled ? nil : change.served + refresh.pages.map(Self.address(of:)), comparing: true)
    }

    /// Swaps in what the engine holds (or, when it has errors, keeps the
    /// last good pages and files and adds the panel), as the next build.
    private mutating func publish(changed: [String]?, comparing: Bool = false, pagesChanged: Bool = true) -> Rebuild {
        let files = pagesChanged ? engine.memorySiteFiles() : snapshot.files
        let pages = pagesChanged ? engine.memoryPages : snapshot.pages
        let findings = engine.findings
        let blocked = findings.filter { $0.code.blocksBuild && $0.severity == .error }
        let overlay = blocked.isEmpty ? nil : ErrorOverlay(findings: findings, root: options.root)
        let previous = snapshot
        let keeps = !pagesChanged || (overlay != nil && previous.build > 0)
        let served = keeps ? previous : PreviewSnapshot(build: previous.build + 1, pages: pages, files: files, assets: engine.inputs.assets, overlay: nil)
        var addresses: [String]?
        if let changed, previous.overlay == nil, overlay == nil {
            var list = changed
            if comparing {
                for path in Set(served.files.keys).union(previous.files.keys) where previous.files[path] != served.files[path] {
                    list.append(Self.address(of: path))
                }
            }
            addresses = list.sorted()
        }
        snapshot = PreviewSnapshot(build: previous.build + 1, pages: served.pages, files: served.files, assets: served.assets, overlay: overlay)
        return Rebuild(findings: findings, changed: addresses, pages: snapshot.pageCount)
    }

    /// The address a file is served at: `/patterns/x/` for
    /// `patterns/x/index.html`, `/feed.xml` for `feed.xml`.
    static func address(of path: String) -> String {
        if path == "index.html" { return "/" }
        if path.hasSuffix("/index.html") { return "/" + path.dropLast("index.html".count) }
        return "/" + path
    }
}
