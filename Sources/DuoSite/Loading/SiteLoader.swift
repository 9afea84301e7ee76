import Diagnostics
import Files
import Foundation
import YAML

/// Reads a site root into a `Site`, gathering every finding of every file.
public struct SiteLoader: Sendable {
    /// The site root.
    public var root: URL
    /// The text of some of the site's own files (`Content/sources.yml`, …),
    /// standing in for the files' (an editor's, not yet saved).
    var texts: [String: [UInt8]] = [:]

    /// Creates a loader for a site root.
    public init(root: URL) {
        self.root = root
    }

    /// The finding for a site root with no `Content/` folder.
    static let missingContentFolder = Diagnostic(.missingFile, "no site here: neither this folder nor any above it holds Content/site.yml (a site root holds Content/ and Theme/); run duosite inside a site, or name its root with --root", at: SourceLocation(file: Site.Paths.content))

    /// Reads the site's own files — site.yml, sources.yml, devices.yml,
    /// placement.yml, the names of the theme's symbols and assets, and of
    /// the files of `Static/` — into a site with no pages yet.
    func loadWithoutPages() -> (Site, [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        var site = Site(root: root, settings: .fallback, sources: [], devices: [], patterns: [], symbols: nil, placement: nil)

        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(Site.Paths.content).path, isDirectory: &isFolder), isFolder.boolValue else {
            return (site, [Self.missingContentFolder])
        }

        if let node = readYAML(Site.Paths.settings, required: true, diagnostics: &diagnostics, unreadable: &site.unreadableFiles) {
            let (settings, found) = SiteSettings.read(node, file: Site.Paths.settings)
            site.settings = settings
            diagnostics += found
        }
        if let node = readYAML(Site.Paths.sources, required: true, diagnostics: &diagnostics, unreadable: &site.unreadableFiles) {
            let (sources, found) = Source.readAll(node, file: Site.Paths.sources)
            site.sources = sources
            diagnostics += found
        }
        if let node = readYAML(Site.Paths.devices, required: true, diagnostics: &diagnostics, unreadable: &site.unreadableFiles) {
            let (devices, found) = Device.readAll(node, file: Site.Paths.devices)
            site.devices = devices
            diagnostics += found
        }
        if let node = readYAML(Site.Paths.placement, required: false, diagnostics: &diagnostics, unreadable: &site.unreadableFiles) {
            let (table, found) = PlacementTable.read(node, file: Site.Paths.placement)
            site.placement = table
            diagnostics += found
        }
        site.symbols = readSymbols()
        let assets = Self.assetPaths(root: root)
        site.assets = Set(assets)
        diagnostics += Self.assetFindings(assets, root: root)
        let staticFiles = Self.staticPaths(root: root)
        site.staticFiles = Set(staticFiles)
        diagnostics += Self.staticFindings(staticFiles, root: root, headersFile: site.settings.headersFile, redirectsFile: site.settings.redirectsFile)
        diagnostics += ForeignFiles.findings(root: root)
        return (site, diagnostics)
    }

    /// The YAML of one of the site's files; nil when it is missing, or, noted
    /// in `unreadable`, when it cannot be read.
    private func readYAML(_ path: String, required: Bool, diagnostics: inout [Diagnostic], unreadable: inout Set<String>) -> YAMLNode? {
        if let bytes = texts[path] {
            let node = YAMLDocument.read(path, bytes: bytes, diagnostics: &diagnostics)
            if node == nil { unreadable.insert(path) }
            return node
        }
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(path).path) else {
            if required {
                diagnostics.append(Diagnostic(.missingFile, "\(path) is missing; every site has one", at: SourceLocation(file: path)))
            }
            return nil
        }
        let node = YAMLDocument.read(path, root: root, diagnostics: &diagnostics)
        if node == nil { unreadable.insert(path) }
        return node
    }

    private func readSymbols() -> Set<String>? {
        let folder = root.appendingPathComponent(Site.Paths.symbols)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else { return nil }
        return Set(names.filter { $0.hasSuffix(".svg") }.map { String($0.dropLast(4)) })
    }

    /// The theme's files, which the build copies to `/assets/`: their paths
    /// within `Theme/assets/`, sorted (none when the theme has no assets).
    static func assetPaths(root: URL) -> [String] {
        filePaths(in: root.appendingPathComponent(Site.Paths.assets).path)
    }

    /// The site's own files, which the build copies to the output's root:
    /// their paths within `Static/`, sorted (none when there is no such
    /// folder). Hidden files count: `.well-known/` and `.nojekyll` are
    /// what hosts look for.
    static func staticPaths(root: URL) -> [String] {
        filePaths(in: root.appendingPathComponent(Site.Paths.staticFiles).path)
    }

    /// Every file under `folder`, by its path within it, sorted.
    private static func filePaths(in folder: String) -> [String] {
        var paths: [String] = []
        func walk(_ folder: String, prefix: String) {
            for entry in FolderListing.entries(of: folder) {
                if entry.isFolder {
                    walk(folder + "/" + entry.name, prefix: prefix + entry.name + "/")
                } else {
                    paths.append(prefix + entry.name)
                }
            }
        }
        walk(folder, prefix: "")
        return paths.sorted()
    }

    /// A static file where the build writes a file of its own (a site-wide
    /// file, a page, the theme's assets) would replace it or be replaced:
    /// an error, so that neither goes unpublished unseen. So is an entry
    /// of `Static/` that is not a file to copy (a link to a folder).
    /// With `headersFile`, the build writes `_headers` (`HeadersFile`);
    /// with `redirectsFile`, `_redirects` (`RedirectsFile`).
    static func staticFindings(_ paths: [String], root: URL, headersFile: Bool = true, redirectsFile: Bool = false) -> [Diagnostic] {
        let folder = root.appendingPathComponent(Site.Paths.staticFiles).path
        return paths.compactMap { path in
            var info = stat()
            guard stat(folder + "/" + path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                return Diagnostic(.missingFile, "cannot publish \(Site.Paths.staticFiles)/\(path): it is not a file that can be read (a link to a folder, or to nothing); put the files themselves in \(Site.Paths.staticFiles)/", at: SourceLocation(file: "\(Site.Paths.staticFiles)/\(path)"))
            }
            let what: String
            if let index = Site.Paths.publishedFiles.firstIndex(of: path) {
                what = index == 0 ? "in place of the home page, which the build writes; rename or remove it" : "in place of the file the build writes there; rename or remove it"
            } else if path == Site.Paths.headersFile, headersFile {
                what = "in place of the file the build writes there (site.yml's headers_file: false publishes yours instead)"
            } else if path == Site.Paths.redirectsFile, redirectsFile {
                what = "in place of the file the build writes there (site.yml's redirects_file: false publishes yours instead)"
            } else if ["patterns", "assets", "api"].contains(path) {
                what = "in place of the folder the build writes there; rename or remove it"
            } else if path.hasPrefix("patterns/") {
                what = "among the pages, whose addresses are the build's; move it"
            } else if path.hasPrefix("assets/") {
                what = "among the theme's files, which the build publishes there; put it in \(Site.Paths.assets)/ instead"
            } else {
                return nil
            }
            return Diagnostic(.staticConflict, "this file would be published at '/\(path)', \(what)", at: SourceLocation(file: "\(Site.Paths.staticFiles)/\(path)"))
        }
    }

    /// An entry of the theme's assets that no copy can read without
    /// waiting (a named pipe, a device, a socket): an error, at it, rather
    /// than a build that waits forever on it. So is one that is not a file
    /// to copy (a link to a folder, or to nothing), as in `Static/`: `check`
    /// says so, not the build alone.
    static func assetFindings(_ paths: [String], root: URL) -> [Diagnostic] {
        let folder = root.appendingPathComponent(Site.Paths.assets).path
        return paths.compactMap { path in
            var info = stat()
            guard stat(folder + "/" + path, &info) == 0, info.st_mode & S_IFMT != S_IFDIR else {
                return Diagnostic(.missingFile, "cannot publish \(Site.Paths.assets)/\(path): it is not a file that can be read (a link to a folder, or to nothing); put the files themselves in \(Site.Paths.assets)/", at: SourceLocation(file: "\(Site.Paths.assets)/\(path)"))
            }
            let kind: String
            switch info.st_mode & S_IFMT {
            case S_IFIFO: kind = "a named pipe"
            case S_IFSOCK: kind = "a socket"
            case S_IFCHR, S_IFBLK: kind = "a device"
            default: return nil
            }
            return Diagnostic(.unreadableFile, "cannot publish \(Site.Paths.assets)/\(path): it is \(kind), not a regular file", at: SourceLocation(file: "\(Site.Paths.assets)/\(path)"))
        }
    }

    /// The slug a page file's path names: its file name without `.md`.
    static func slug(ofFile path: String) -> String {
        let utf8 = path.utf8
        let name = utf8[(utf8.lastIndex(of: UInt8(ascii: "/")).map(utf8.index(after:)) ?? utf8.startIndex)...]
        return String(decoding: name.count >= 3 && name.suffix(3).elementsEqual(".md".utf8) ? name.dropLast(3) : name, as: UTF8.self)
    }
}
