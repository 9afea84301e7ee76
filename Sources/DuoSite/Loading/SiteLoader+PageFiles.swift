import Files
import Foundation

extension SiteLoader {
    /// The page files under `Content/patterns`, sorted by name (hidden
    /// files left out).
    static func pageFiles(root: URL) -> [String] {
        (try? listPageFiles(root: root)) ?? []
    }

    /// The page files, or the system's refusal to list them.
    static func listPageFiles(root: URL) throws(FileSystemFailure) -> [String] {
        let names = try FolderListing.listing(of: root.appendingPathComponent(Site.Paths.patterns).path, naming: Site.Paths.patterns).map(\.name)
        return names.filter { isPageName($0[...]) }.sorted().map { "\(Site.Paths.patterns)/\($0)" }
    }

    /// Whether `path` (relative to the site root) is a page file: a `.md`
    /// file, not hidden, right in `Content/patterns`. What the build lists,
    /// and what the preview and the language server follow.
    static func isPageFile(_ path: String) -> Bool {
        guard path.hasPrefix(Site.Paths.patterns + "/") else { return false }
        return isPageName(path.dropFirst(Site.Paths.patterns.count + 1))
    }

    /// Whether a name in `Content/patterns` is a page file's. Read as
    /// bytes: a rebuild asks it of every page file, and `contains` on a
    /// `Substring` is Foundation's search for a string.
    private static func isPageName(_ name: Substring) -> Bool {
        let bytes = name.utf8
        return bytes.first != UInt8(ascii: ".") && !bytes.contains(UInt8(ascii: "/")) && bytes.suffix(3).elementsEqual(".md".utf8)
    }
}
