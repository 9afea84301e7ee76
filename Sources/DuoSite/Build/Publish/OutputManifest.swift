import Foundation

/// The list of every file a build published, kept beside the output
/// (`.Public.duosite-files`): a later build refuses an output holding a
/// file not on it, naming it, rather than replace the output whole and
/// lose it. duosite never deletes or overwrites a file it did not write.
enum OutputManifest {
    /// Where the list of `output`'s files is kept.
    static func location(for output: URL) -> URL {
        output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).duosite-files")
    }

    /// Every file under `folder` (a link is a file: never followed), by its
    /// path inside it, sorted.
    static func files(in folder: String) -> [String] {
        var paths: [String] = []
        func walk(_ path: String, prefix: String) {
            for entry in FolderListing.entries(of: path) {
                if entry.isFolder {
                    walk(path + "/" + entry.name, prefix: prefix + entry.name + "/")
                } else {
                    paths.append(prefix + entry.name)
                }
            }
        }
        walk(folder, prefix: "")
        // In byte order, as the list is written and read.
        return paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    /// The files the last build published into `output`, or nil when no
    /// list is kept (no build published there, or an earlier duosite did).
    static func read(for output: URL) -> [UInt8]? {
        guard let (bytes, _) = try? SourceFile.contents(atPath: location(for: output).path),
              bytes.starts(with: "duosite-files 1\n".utf8) else { return nil }
        return bytes
    }

    /// Negative, zero or positive as the bytes `a` sort before, with or after `b`.
    private static func compare(_ a: ArraySlice<UInt8>, _ b: String.UTF8View) -> Int {
        var left = a.startIndex, right = b.startIndex
        while left < a.endIndex, right < b.endIndex {
            if a[left] != b[right] { return Int(a[left]) - Int(b[right]) }
            left += 1
            right = b.index(after: right)
        }
        return (left < a.endIndex ? 1 : 0) - (right < b.endIndex ? 1 : 0)
    }

    /// Lists the files `output` holds now, just published: a draft renamed
    /// over the last list. A list that cannot be written is left out (the
    /// next build then judges the output as an earlier duosite's).
    static func write(for output: URL) {
        let text = "duosite-files 1\n" + files(in: output.path).map { $0 + "\n" }.joined()
        let target = location(for: output)
        let draft = target.deletingLastPathComponent().appendingPathComponent(target.lastPathComponent + ".new")
        do {
            try Data(text.utf8).write(to: draft)
            guard rename(draft.path, target.path) == 0 else { throw FileSystemFailure(writing: target.path) }
        } catch {
            unlink(draft.path)
            unlink(target.path)
        }
    }

    /// The files of `output` that no build of duosite wrote: those not on
    /// the last build's list; with no list, in a folder no build published
    /// into, those a build does not write (at its root, a name it never
    /// writes; under `assets/`, a file the theme does not have; under
    /// `patterns/` and `tags/`, anything but a page's `index.html`).
    static func foreignFiles(in output: URL, root: URL) -> [String] {
        let files = files(in: output.path)
        if let listed = read(for: output) {
            // Both in byte order: the list's lines and the files walked side by side.
            var foreign: [String] = []
            var line = "duosite-files 1\n".utf8.count
            for file in files {
                var found = false
                while line < listed.count {
                    var end = line
                    while end < listed.count, listed[end] != UInt8(ascii: "\n") { end += 1 }
                    let order = compare(listed[line..<end], file.utf8)
                    if order > 0 { break }
                    line = end + 1
                    if order == 0 { found = true; break }
                }
                if !found, file != ".DS_Store", !file.hasSuffix("/.DS_Store") { foreign.append(file) }
            }
            return foreign
        }
        let published = FileManager.default.fileExists(atPath: BuildCache.location(for: output).path)
            || FileManager.default.fileExists(atPath: OutputFolder.spare(of: output).path)
        if published { return [] }
        let theme = Set(SiteLoader.assetPaths(root: root))
        let statics = Set(SiteLoader.staticPaths(root: root))
        let siteFiles = Set(Site.Paths.publishedFiles + [HeadersFile.path])
        return files.filter { path in
            if path == ".DS_Store" || path.hasSuffix("/.DS_Store") || siteFiles.contains(path) || statics.contains(path) { return false }
            if path.hasPrefix("assets/") { return !theme.contains(String(path.dropFirst("assets/".count))) }
            if path.hasPrefix("patterns/") || path.hasPrefix("tags/") {
                let parts = path.split(separator: "/")
                return !(parts.last == "index.html" && (parts.count == 3 || path == "tags/index.html"))
            }
            return true
        }
    }
}
