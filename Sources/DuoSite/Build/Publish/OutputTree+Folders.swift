import Files
import Foundation
import Mustache

/// What a build left in its output besides the pages, and the files of an
/// output that no build wrote.
///
/// A build replaces its output whole, so a file put into it by hand (notes
/// in `assets/`, a page of one's own beside a page) would be lost: the
/// build refuses such an output, naming the file. The build cache says what
/// the last build left (`OutputTree`): each page folder's and the pages'
/// folder's modification times, and here every other folder's, with the
/// names it held. A file added to a folder changes the folder's time, so
/// that a rebuild looks into the folders whose time changed alone — after
/// a change to one page, none — rather than walk ten thousand page folders.
extension OutputTree {
    /// A folder of the output other than the pages' (the output itself,
    /// `api/`, `assets/…`, `tags/…`, the folders of `Static/`'s files) as
    /// the build left it.
    struct Folder: Sendable, Equatable {
        /// Its path in the output: "" for the output itself, `tags/bars`.
        var path: String
        /// Its modification time, in nanoseconds.
        var stamp: UInt64
        /// The names it held, in byte order, a folder's ending in `/`.
        var entries: [String]
    }

    /// Every folder of the output at `root` but the pages' (`patterns/`,
    /// which `folderStamp` and `pages` describe), with its time and entries.
    static func folders(of root: String) -> [Folder] {
        var folders: [Folder] = []
        func walk(_ relative: String) {
            let path = relative.isEmpty ? root : root + "/" + relative
            let listed = FolderListing.entries(of: path)
            let entries = listed.map { $0.isFolder ? $0.name + "/" : $0.name }.sorted(by: AnchorList.precedes)
            folders.append(Folder(path: relative, stamp: OutputTree.Page.folderStamp(path), entries: entries))
            for entry in listed where entry.isFolder && !(relative.isEmpty && entry.name == "patterns") {
                walk(relative.isEmpty ? entry.name : relative + "/" + entry.name)
            }
        }
        walk("")
        return folders
    }

    /// The files of the output at `output` that the build this tree
    /// describes did not leave there, by their paths in it, in byte order: in
    /// each folder whose time changed, the entries it did not hold (every
    /// file of a folder among them); nil when the tree does not describe the
    /// output's folders (a cache from an earlier duosite).
    func foreignFiles(in output: String) -> [String]? {
        guard !folders.isEmpty else { return nil }
        var foreign: [String] = []
        // A folder looked into: each entry it holds and did not.
        func look(_ relative: String, holding held: (String, Bool) -> Bool) {
            let path = relative.isEmpty ? output : output + "/" + relative
            for entry in FolderListing.entries(of: path) where !held(entry.name, entry.isFolder) {
                Self.collect(entry, in: relative, of: output, into: &foreign)
            }
        }
        func changed(_ path: String, from stamp: UInt64) -> Bool {
            var info = stat()
            // Gone or no longer a folder: what stands there instead is its parent's.
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else { return false }
            return OutputTree.Page.stamp(info.st_mtim) != stamp || stamp >= settled
        }
        for folder in folders where changed(folder.path.isEmpty ? output : output + "/" + folder.path, from: folder.stamp) {
            let entries = Set(folder.entries)
            look(folder.path) { name, isFolder in entries.contains(isFolder ? name + "/" : name) }
        }
        let patterns = output + "/patterns"
        if changed(patterns, from: folderStamp) {
            look("patterns") { name, isFolder in isFolder && (pages[name] != nil || siteFolders.contains(name)) }
        }
        // An alias's or a withdrawn address's page among the pages: few, each looked into.
        for name in siteFolders where pages[name] == nil {
            look("patterns/" + name) { name, isFolder in !isFolder && (name == "index.html" || precompressed && Self.siblings.contains(name)) }
        }
        // Each page folder's time, relative to the pages' folder, open.
        let descriptor = open(patterns, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor >= 0 {
            defer { close(descriptor) }
            var info = stat()
            for (slug, page) in pages {
                guard fstatat(descriptor, slug, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFDIR,
                      OutputTree.Page.stamp(info.st_mtim) != page.folderStamp || page.folderStamp >= settled else { continue }
                look("patterns/" + slug) { name, isFolder in !isFolder && (name == "index.html" || precompressed && Self.siblings.contains(name)) }
            }
        }
        return foreign.filter { !Self.isFinders($0) }.sorted(by: AnchorList.precedes)
    }

    /// What a page's folder holds beside its page when the build
    /// precompresses: the page's `.gz` and `.br`.
    private static let siblings: Set<String> = Set(Precompressor.suffixes.map { "index.html" + $0 })

    /// The files of the output at `output` that no build writes, judged by
    /// their paths alone, for a folder no build has published into: at its
    /// root, a name a build never writes there; under `assets/`, a file the
    /// theme at `root` does not have, under its name or its fingerprinted
    /// one; under `patterns/` and `tags/`, anything but a page's
    /// `index.html`; a `.gz` or a `.br` as the file it is made from.
    static func unwrittenFiles(in output: String, root: URL) -> [String] {
        var files: [String] = []
        for entry in FolderListing.entries(of: output) {
            collect(entry, in: "", of: output, into: &files)
        }
        guard !files.isEmpty else { return [] }
        let themePaths = SiteLoader.assetPaths(root: root)
        let templates = (try? TemplateLibrary.sources(folder: root.appendingPathComponent(Site.Paths.templates)))?.values
        let names = AssetNames(root: root, templates: templates.map(Array.init) ?? [])
        let theme = Set(themePaths + themePaths.map(names.name(of:)))
        let statics = Set(SiteLoader.staticPaths(root: root))
        let siteWideFiles = Set(Site.Paths.publishedFiles + [Site.Paths.headersFile, Site.Paths.redirectsFile])
        return files.filter { written in
            if isFinders(written) { return false }
            let suffix = Precompressor.suffixes.first { written.hasSuffix($0) }
            let path = suffix.map { String(written.dropLast($0.count)) } ?? written
            if siteWideFiles.contains(path) || statics.contains(path) { return false }
            if path.hasPrefix("assets/") { return !theme.contains(String(path.dropFirst("assets/".count))) }
            if path.hasPrefix("patterns/") || path.hasPrefix("tags/") {
                let parts = path.split(separator: "/")
                return !(parts.last == "index.html" && (parts.count == 3 || path == "tags/index.html"))
            }
            return true
        }.sorted(by: AnchorList.precedes)
    }

    /// Adds `entry` of the folder at `relative` in the output `output` to
    /// `files`: a file by its path, a folder by every file in it.
    private static func collect(_ entry: FolderListing.Item, in relative: String, of output: String, into files: inout [String]) {
        let path = relative.isEmpty ? entry.name : relative + "/" + entry.name
        guard entry.isFolder else { return files.append(path) }
        for inner in FolderListing.entries(of: output + "/" + path) {
            collect(inner, in: path, of: output, into: &files)
        }
    }

    /// Whether `path` is a Finder's `.DS_Store`, which is not worth stopping for.
    private static func isFinders(_ path: String) -> Bool {
        path == ".DS_Store" || path.hasSuffix("/.DS_Store")
    }
}
