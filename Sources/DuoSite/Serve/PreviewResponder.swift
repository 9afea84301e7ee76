import Foundation
import HTTP
import Synchronization

/// Answers the preview's requests from what is served now: only `GET` and
/// `HEAD`, with no body, from a `Host` that names the bound address; the
/// site's files from memory, the theme's assets and `Static/` from disk
/// (never a file outside them), a folder's address with its `index.html`,
/// an address without its slash redirected, anything else the site's 404
/// page. Every HTML page gets the live-reload script, and the error panel
/// while the content has errors. Called on the server's threads, at once.
final class PreviewResponder: Sendable {
    /// The site root.
    let root: URL
    /// The names the server answers to.
    let hosts: HostCheck
    /// The live reload's streams.
    let live: LiveReload
    /// What is served now, swapped whole by the rebuild loop.
    let snapshot: Mutex<PreviewSnapshot>

    /// A responder for the site at `root`, serving `snapshot` to hosts `hosts`.
    init(root: URL, hosts: HostCheck, live: LiveReload, snapshot: PreviewSnapshot) {
        self.root = root.standardizedFileURL
        self.hosts = hosts
        self.live = live
        self.snapshot = Mutex(snapshot)
    }

    /// The response to `request`.
    func respond(_ request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else {
            return Self.text(405, "Only GET and HEAD are served here.\n", extra: [("Allow", "GET, HEAD")])
        }
        guard !request.hasBody else { return Self.text(400, "A request here has no body.\n") }
        guard hosts.allows(request.header("Host")) else {
            return Self.text(403, "This preview answers only to its own address (\(hosts.allowed.sorted().joined(separator: ", "))).\n")
        }
        let current = snapshot.withLock { $0 }
        switch PreviewRoute.resolve(request.target) {
        case .bad:
            return Self.text(400, "No file of the site has such an address.\n")
        case .live:
            return HTTPResponse(status: 200, headers: [("Content-Type", "text/event-stream"), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")], body: .stream(live.connect(build: current.build)))
        case .file(let path):
            if let bytes = current.file(path) ?? diskFile(path, assets: current.assets) {
                return file(path, bytes, status: 200, current)
            }
            if !path.hasSuffix("index.html"), current.has(path + "/index.html") || diskFile(path + "/index.html", assets: current.assets) != nil {
                var location = request.target
                if let query = location.firstIndex(of: "?") {
                    location.insert("/", at: query)
                } else {
                    location += "/"
                }
                return HTTPResponse(status: 301, headers: [("Location", location), ("Cache-Control", "no-store"), ("Content-Type", "text/plain; charset=utf-8")], body: .bytes(Array("Moved to \(location)\n".utf8)))
            }
            guard let notFound = current.file("404.html") else { return Self.text(404, "Nothing is published at this address.\n") }
            return file("404.html", notFound, status: 404, current)
        }
    }

    /// A file's response: its type, no caching, and, for a page, the script and the panel.
    private func file(_ path: String, _ bytes: [UInt8], status: Int, _ current: PreviewSnapshot) -> HTTPResponse {
        let type = ContentType.of(path)
        let body = type.hasPrefix("text/html") ? Self.inject(into: bytes, overlay: current.overlay?.html, script: LiveReload.script(build: current.build)) : bytes
        return HTTPResponse(status: status, headers: [("Content-Type", type), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")], body: .bytes(body))
    }

    /// A file of the theme's assets (`assets/…`, under the name `assets`
    /// gives it: `assets/site.3f9a1c2e.css` is `Theme/assets/site.css`) or
    /// of `Static/`, read from disk when it is a regular file inside its
    /// folder once every link is followed.
    private func diskFile(_ path: String, assets: AssetNames) -> [UInt8]? {
        let folder: URL, relative: String
        if path.hasPrefix("assets/") {
            folder = root.appendingPathComponent(Site.Paths.assets)
            guard let source = assets.source(ofPublished: String(path.dropFirst("assets/".count))) else { return nil }
            relative = source
        } else {
            folder = root.appendingPathComponent(Site.Paths.staticFiles)
            relative = path
        }
        let base = folder.resolvingSymlinksInPath().path
        let file = folder.appendingPathComponent(relative).resolvingSymlinksInPath()
        guard file.path.hasPrefix(base + "/") else { return nil }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: file.path, isDirectory: &isFolder), !isFolder.boolValue,
              let data = FileManager.default.contents(atPath: file.path) else { return nil }
        return [UInt8](data)
    }

    /// `html` with `overlay` after the `<body…>` tag and `script` before the
    /// last `</body>` (or at the end, for a page with none).
    static func inject(into html: [UInt8], overlay: String?, script: String) -> [UInt8] {
        var output = html
        let closing = Array("</body>".utf8)
        let end = lastIndex(of: closing, in: output) ?? output.count
        output.insert(contentsOf: Array(script.utf8), at: end)
        if let overlay, let open = firstIndex(of: Array("<body".utf8), in: output), let close = output[open...].firstIndex(of: UInt8(ascii: ">")) {
            output.insert(contentsOf: Array(overlay.utf8), at: close + 1)
        }
        return output
    }

    private static func lastIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        var index = bytes.count - needle.count
        while index >= 0 {
            if bytes[index] == needle[0], bytes[index..<index + needle.count].elementsEqual(needle) { return index }
            index -= 1
        }
        return nil
    }

    private static func firstIndex(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= needle.count else { return nil }
        for index in 0...(bytes.count - needle.count) where bytes[index] == needle[0] && bytes[index..<index + needle.count].elementsEqual(needle) {
            return index
        }
        return nil
    }

    private static func text(_ status: Int, _ message: String, extra: [(String, String)] = []) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff")] + extra.map { (name: $0.0, value: $0.1) }, body: .bytes(Array(message.utf8)))
    }
}
