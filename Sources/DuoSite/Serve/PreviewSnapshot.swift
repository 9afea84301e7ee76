/// What the preview serves at one moment, swapped whole after each
/// rebuild: a request sees one build, never parts of two.
struct PreviewSnapshot: Sendable {
    /// The build's number, from 1: the live reload's event id.
    let build: Int
    /// The pages, each rendered when asked for (the last good build's while
    /// the content has errors).
    let pages: MemoryPages?
    /// The site-wide files by their path in the output (index, feed, …), as
    /// `build` writes them: the last good build's while the content has
    /// errors.
    let files: [String: [UInt8]]
    /// The names the theme's assets are published under in those files:
    /// which asset an address under `/assets/` is.
    var assets = AssetNames()
    /// The panel of findings every page shows while the content has errors.
    let overlay: ErrorOverlay?

    /// The file at `path` in the output (`patterns/x/index.html`,
    /// `feed.xml`), as `build` writes it; nil when the site has none there.
    func file(_ path: String) -> [UInt8]? {
        files[path] ?? pages?.html(at: path)
    }

    /// Whether the site has a file at `path`.
    func has(_ path: String) -> Bool {
        files[path] != nil || pages?.has(path) == true
    }

    /// How many pattern pages are served.
    var pageCount: Int { pages?.pages.count ?? 0 }
}
