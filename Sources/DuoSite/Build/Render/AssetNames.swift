import Files
import Foundation

/// The names the theme's assets are published under. The stylesheet every
/// page links (`site.css`, the templates' `head.stylesheet`) and every
/// asset a template names by its address (`/assets/figure.css`,
/// `/assets/favicon.svg`) are published under a name carrying a hash of
/// their bytes (`assets/site.3f9a1c2e.css`): a browser may keep such a
/// file for a year, and a changed file is a new address. Every other file
/// of `Theme/assets/` keeps its name, so that what a stylesheet loads by
/// a relative `url()` (a font) and the images editors link to stay where
/// they are.
///
/// Made once from the theme (its templates' text and its assets' bytes),
/// then asked by the templates' text (`rewritingAddresses`), the pages'
/// links (`publishedAddress`), the pages' `head.stylesheet`, the publisher
/// (which file goes where) and the preview (which file an address is).
public struct AssetNames: Sendable, Equatable {
    /// The published path of each fingerprinted asset (`site.3f9a1c2e.css`),
    /// by its path within `Theme/assets/` (`site.css`).
    public private(set) var published: [String: String] = [:]
    /// The other way round: the asset a published path is.
    private var sources: [String: String] = [:]

    /// The stylesheet every page links, within `Theme/assets/`.
    static let stylesheet = "site.css"

    /// No asset fingerprinted: every one keeps its name (what `check` and
    /// the language server need, which write nothing).
    public init() {}

    /// The names of the assets `assets` (path within `Theme/assets/` →
    /// bytes): those named in `paths` are fingerprinted.
    init(fingerprinting paths: Set<String>, of assets: [String: [UInt8]]) {
        for path in paths.sorted() {
            guard let bytes = assets[path] else { continue }
            let name = Self.fingerprinted(path, hash: ContentHash.of(bytes.span))
            published[path] = name
            sources[name] = path
        }
    }

    /// The names of the assets of the site at `root`, given its templates'
    /// text: the stylesheet, and each asset a template names as
    /// `/assets/<path>`, fingerprinted. An asset that cannot be read keeps
    /// its name (the build reports it when it copies it).
    init(root: URL, templates: some Sequence<String>) {
        let folder = root.appendingPathComponent(Site.Paths.assets)
        let all = Set(SiteLoader.assetPaths(root: root))
        var linked: Set<String> = all.contains(Self.stylesheet) ? [Self.stylesheet] : []
        for text in templates {
            Self.forEachAddress(in: text) { path, _ in
                if all.contains(path) { linked.insert(path) }
            }
        }
        var bytes: [String: [UInt8]] = [:]
        for path in linked {
            if let (contents, _) = try? SourceFile.contents(atPath: folder.appendingPathComponent(path).path, naming: path) {
                bytes[path] = contents
            }
        }
        self.init(fingerprinting: linked, of: bytes)
    }

    /// The path, within `assets/`, the asset at `path` (within
    /// `Theme/assets/`) is published at.
    public func name(of path: String) -> String {
        published[path] ?? path
    }

    /// Whether the asset at `path` (within `Theme/assets/`) is published
    /// under a name carrying a hash of its bytes.
    func isFingerprinted(_ path: String) -> Bool {
        published[path] != nil
    }

    /// The address of the asset at `path`: `/assets/site.3f9a1c2e.css`.
    func address(of path: String) -> String {
        "/assets/" + name(of: path)
    }

    /// The asset (its path within `Theme/assets/`) published at `path`
    /// within `assets/`, or nil when a fingerprinted asset's own name is
    /// asked for (it is not published under it).
    public func source(ofPublished path: String) -> String? {
        if let source = sources[path] { return source }
        return published[path] == nil ? path : nil
    }

    /// The fingerprinted files' paths within `assets/`, sorted.
    var fingerprinted: [String] {
        published.values.sorted()
    }

    /// What the names are, as text: part of the build's fingerprint, since
    /// every page holds them.
    var key: String {
        published.keys.sorted().map { "\($0) \(published[$0]!)\n" }.joined()
    }

    /// A link's destination written with the asset's published name
    /// (`/assets/site.css#x` → `/assets/site.3f9a1c2e.css#x`), or nil when
    /// it names no fingerprinted asset.
    func publishedAddress(for destination: String) -> String? {
        guard !published.isEmpty, destination.hasBytePrefix("/assets/") else { return nil }
        let rest = destination.dropFirst("/assets/".count)
        let end = rest.firstIndex { $0 == "?" || $0 == "#" } ?? rest.endIndex
        guard let name = published[String(rest[..<end])] else { return nil }
        return "/assets/" + name + rest[end...]
    }

    /// A template's text with each address of a fingerprinted asset
    /// (`/assets/figure.css`, wherever it stands) written with its
    /// published name.
    func rewritingAddresses(in text: String) -> String {
        guard !published.isEmpty else { return text }
        var output = ""
        var copied = text.startIndex
        Self.forEachAddress(in: text) { path, range in
            guard let name = published[path] else { return }
            output += text[copied..<range.lowerBound]
            output += "/assets/" + name
            copied = range.upperBound
        }
        return output + text[copied...]
    }

    /// Calls `body` with each `/assets/<path>` in `text`: the path, and
    /// the range of the whole address. A path runs over the characters an
    /// address's path holds (letters, digits, `-._~/!$&*+,;=:@%`), which
    /// leaves out what ends an attribute, a tag or a CSS `url()`: quotes,
    /// `>`, spaces, parentheses.
    static func forEachAddress(in text: String, _ body: (String, Range<String.Index>) -> Void) {
        let marker = "/assets/"
        var searchFrom = text.startIndex
        while let found = text.range(of: marker, range: searchFrom..<text.endIndex) {
            var end = found.upperBound
            while end < text.endIndex, let ascii = text[end].asciiValue, isPathByte(ascii) { end = text.index(after: end) }
            if end > found.upperBound {
                body(String(text[found.upperBound..<end]), found.lowerBound..<end)
            }
            searchFrom = end
        }
    }

    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~/!$&*+,;=:@%".utf8.contains(byte)
        }
    }

    /// `path` with `hash`'s first eight hexadecimal digits before its
    /// file name's last extension: `site.css` → `site.3f9a1c2e.css`,
    /// `fonts/a.b.woff2` → `fonts/a.b.3f9a1c2e.woff2`, `LICENSE` →
    /// `LICENSE.3f9a1c2e`.
    static func fingerprinted(_ path: String, hash: UInt64) -> String {
        let digits = String(hash >> 32, radix: 16)
        let hex = String(repeating: "0", count: 8 - digits.count) + digits
        let nameStart = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
        let name = path[nameStart...]
        guard let dot = name.lastIndex(of: "."), dot > name.startIndex else { return path + "." + hex }
        return path[..<dot] + "." + hex + path[dot...]
    }
}
