/// What the preview serves at one moment, swapped whole after each
/// rebuild: a request sees one build, never parts of two.
struct PreviewSnapshot: Sendable {
    /// The build's number, from 1: the live reload's event id.
    let build: Int
    /// The site's files by their path in the output (pages, index, feed, …),
    /// as `build` writes them: the last good build's while the content has
    /// errors.
    let files: [String: [UInt8]]
    /// The names the theme's assets are published under in those files:
    /// which asset an address under `/assets/` is.
    var assets = AssetNames()
    /// The panel of findings every page shows while the content has errors.
    let overlay: ErrorOverlay?
}
