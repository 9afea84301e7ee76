import Foundation
import Watching

/// What a change to a site's files makes its engine do again, decided here
/// alone for every long-running command (the preview, the language server):
///
/// - a page file: that page is read again (then the links, the holes and
///   the checks across pages: `SiteEngine.refresh`);
/// - the site's own YAML files (`SiteInputs.yamlFiles`), the theme's
///   templates or symbols, a file of the theme's assets or of `Static/`
///   added or removed (links to them are checked), one of the theme's
///   assets published under a name of its bytes (`AssetNames`: the
///   stylesheet, what the templates name) changed in place (every page
///   links its new name), the `Content/`, `Content/patterns/`, `Theme/` or
///   `Static/` folder itself, or a change the watcher could not follow:
///   everything;
/// - a file of `Static/` changed in place: nothing is made again (it is
///   served as it is), but it is reloaded where it is shown; one of the
///   theme's other assets (an image, a font), likewise, but every page may
///   show it;
/// - anything else (another file in `Content/`, a tool's temporary file):
///   nothing.
///
/// A build decides the same way without a watcher: `BuildFingerprint`
/// hashes the inputs that stand for every page, and `PageSource` compares
/// each page file with the previous build's.
struct SiteChange: Sendable, Equatable {
    /// Whether every page must be read again, with the site's own files.
    var everything = false
    /// The page files to read again, when not everything.
    var pages: Set<String> = []
    /// The addresses of the files of `Static/` that changed (`/CNAME`),
    /// served as they are.
    var served: [String] = []
    /// Whether one of the theme's assets kept under its own name changed
    /// in place: served as it is, and shown by any page.
    var restyled = false

    /// Whether nothing the site reads or serves changed.
    var isEmpty: Bool { !everything && pages.isEmpty && served.isEmpty && !restyled }

    /// What `changes` (paths relative to the site root) call for, given the
    /// files of `Static/` and of the theme's assets as they were last read
    /// (`listing`), which it brings up to date, and the names the assets
    /// are published under (`assets`: those fingerprinted stand for every
    /// page).
    static func of(_ changes: Set<FolderChange>, root: URL, listing: inout Listing, assets: AssetNames = AssetNames()) -> SiteChange {
        var change = SiteChange()
        var filesMoved = false
        for folderChange in changes {
            guard case .path(let path) = folderChange else {
                change.everything = true
                continue
            }
            if SiteLoader.isPageFile(path) {
                change.pages.insert(path)
            } else if path.hasPrefix(Site.Paths.staticFiles + "/") {
                change.served.append("/" + path.dropFirst(Site.Paths.staticFiles.count + 1))
                filesMoved = true
            } else if path.hasPrefix(Site.Paths.assets + "/"), !path.hasPrefix(Site.Paths.symbols + "/") {
                // A fingerprinted asset's new bytes are a new name, which every page links.
                if assets.isFingerprinted(String(path.dropFirst(Site.Paths.assets.count + 1))) {
                    change.everything = true
                } else {
                    change.restyled = true
                }
                filesMoved = true
            } else if standsForEverything(path) {
                change.everything = true
            }
        }
        if filesMoved {
            // A file added or removed changes what links may reach.
            let now = Listing(root: root)
            if now != listing { change.everything = true }
            listing = now
        }
        if change.everything {
            listing = Listing(root: root)
            change.pages = []
        }
        change.served.sort()
        return change
    }

    /// Whether a change to `path` stands for every page: the site's own
    /// files, the theme's templates and symbols, the folders themselves.
    static func standsForEverything(_ path: String) -> Bool {
        SiteInputs.yamlFiles.contains(path)
            || [Site.Paths.content, Site.Paths.patterns, Site.Paths.theme, Site.Paths.templates, Site.Paths.assets,
                Site.Paths.symbols, Site.Paths.staticFiles].contains(path)
            || path.hasPrefix(Site.Paths.templates + "/") || path.hasPrefix(Site.Paths.symbols + "/")
    }

    /// The files of `Static/` and of the theme's assets, by path: which
    /// addresses the site's links may reach.
    struct Listing: Sendable, Equatable {
        var staticFiles: [String]
        var assets: [String]

        /// The files under `root` now.
        init(root: URL) {
            staticFiles = SiteLoader.staticPaths(root: root)
            assets = SiteLoader.assetPaths(root: root)
        }
    }
}
