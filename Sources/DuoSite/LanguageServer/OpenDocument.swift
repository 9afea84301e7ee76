import Foundation

/// A document an editor has open: its address, its version, its text, and
/// the file of the site it is, when it is one.
struct OpenDocument: Sendable {
    /// The document's URI, as the editor names it (answers name it so).
    let uri: String
    /// Its path relative to the site root, or nil when outside the site.
    let file: String?
    /// The editor's version of its text.
    var version: Int?
    /// Its text, in lines.
    var lines: TextLines
}

/// Turns `file:` URIs into paths relative to the site root and back.
struct DocumentAddress: Sendable {
    /// The site root.
    let root: URL

    /// The path relative to the root of the file `uri` names, or nil when
    /// it is not a `file:` URI under the root.
    func file(of uri: String) -> String? {
        guard let url = URL(string: uri), url.isFileURL else { return nil }
        let path = url.standardizedFileURL.path
        for base in [root.standardizedFileURL.path, root.resolvingSymlinksInPath().path] {
            let prefix = base.hasSuffix("/") ? base : base + "/"
            if path.hasPrefix(prefix) { return String(path.dropFirst(prefix.count)) }
        }
        let resolved = url.resolvingSymlinksInPath().path
        let prefix = root.resolvingSymlinksInPath().path + "/"
        return resolved.hasPrefix(prefix) ? String(resolved.dropFirst(prefix.count)) : nil
    }

    /// The `file:` URI of `file`, a path relative to the root.
    func uri(of file: String) -> String {
        root.appendingPathComponent(file).standardizedFileURL.absoluteString
    }
}
