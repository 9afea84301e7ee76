import Diagnostics
import Foundation
import HTTP
import Testing
@testable import DuoSite

/// The preview's answers, without a socket: methods, bodies, Host, files
/// from memory and disk, redirects, the 404 page, and what every HTML page
/// gets.
struct PreviewResponderTests {
    static let page = Array("<!doctype html>\n<html><body class=\"x\">\n<main>Hello</main>\n</body>\n</html>\n".utf8)

    /// A responder over a site root of its own with a theme asset and a `Static/` file.
    static func responder(overlay: ErrorOverlay? = nil) throws -> (PreviewResponder, URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("duosite-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Theme/assets"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Static/.well-known"), withIntermediateDirectories: true)
        try Data("body{}".utf8).write(to: root.appendingPathComponent("Theme/assets/site.css"))
        try Data("contact".utf8).write(to: root.appendingPathComponent("Static/.well-known/security.txt"))
        try Data("secret".utf8).write(to: root.appendingPathComponent("secret.txt"))
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("Static/outside.txt").path, withDestinationPath: root.appendingPathComponent("secret.txt").path)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("Theme/assets/up").path, withDestinationPath: root.path)
        let snapshot = PreviewSnapshot(build: 7, pages: nil, files: [
            "index.html": page, "patterns/x/index.html": page, "404.html": Array("<html><body>Missing</body></html>".utf8),
            "feed.xml": Array("<feed/>".utf8),
        ], overlay: overlay)
        return (PreviewResponder(root: root, hosts: HostCheck(host: "127.0.0.1", port: 4400), live: LiveReload(), snapshot: snapshot), root)
    }

    static func get(_ responder: PreviewResponder, _ target: String, method: String = "GET", headers: [(name: String, value: String)] = []) -> HTTPResponse {
        responder.respond(HTTPRequest(method: method, target: target, headers: [("Host", "127.0.0.1:4400")] + headers))
    }

    @Test(arguments: ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT", "get"])
    func onlyGetAndHead(method: String) throws {
        let (responder, root) = try Self.responder()
        defer { try? FileManager.default.removeItem(at: root) }
        let response = Self.get(responder, "/", method: method)
        #expect(response.status == 405)
        #expect(response.header("Allow") == "GET, HEAD")
    }

    @Test func aBodyIsRefused() throws {
        let (responder, root) = try Self.responder()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(Self.get(responder, "/", headers: [("Content-Length", "5")]).status == 400)
        #expect(Self.get(responder, "/", headers: [("Transfer-Encoding", "chunked")]).status == 400)
        #expect(Self.get(responder, "/", headers: [("Content-Length", "0")]).status == 200)
    }

    @Test func anotherHostIsRefused() throws {
        let (responder, root) = try Self.responder()
        defer { try? FileManager.default.removeItem(at: root) }
        let response = responder.respond(HTTPRequest(method: "GET", target: "/", headers: [("Host", "evil.example:4400")]))
        #expect(response.status == 403)
        #expect(response.header("Access-Control-Allow-Origin") == nil)
        #expect(responder.respond(HTTPRequest(method: "GET", target: "/", headers: [])).status == 403)
    }

    @Test func pagesGetTheScriptAndNoCaching() throws {
        let (responder, root) = try Self.responder()
        defer { try? FileManager.default.removeItem(at: root) }
        let response = Self.get(responder, "/patterns/x/")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        #expect(response.header("Cache-Control") == "no-store")
        let text = String(decoding: try #require(response.bytes), as: UTF8.self)
        #expect(text == "<!doctype html>\n<html><body class=\"x\">\n<main>Hello</main>\n" + LiveReload.script(build: 7) + "</body>\n</html>\n")
        #expect(LiveReload.script(build: 7).contains("let seen=7;"))
        // Other files as they are.
        #expect(Self.get(responder, "/feed.xml").bytes == Array("<feed/>".utf8))
    }

    @Test func theOverlayOpensTheBody() throws {
        let finding = Diagnostic(.invalidField, "a <b> & \"c\"", at: SourceLocation(file: "Content/patterns/x.md", line: 1, column: 1))
        let (responder, root) = try Self.responder(overlay: ErrorOverlay(findings: [finding], root: URL(fileURLWithPath: "/nonexistent")))
        defer { try? FileManager.default.removeItem(at: root) }
        let text = String(decoding: try #require(Self.get(responder, "/").bytes), as: UTF8.self)
        #expect(text.hasPrefix("<!doctype html>\n<html><body class=\"x\"><aside id=\"duosite-errors\""))
        #expect(text.contains("a &lt;b&gt; &amp; &quot;c&quot;"))
        #expect(!text.contains("a <b>"))
    }

    @Test func filesFromDiskStayInTheirFolders() throws {
        let (responder, root) = try Self.responder()
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(Self.get(responder, "/assets/site.css").bytes == Array("body{}".utf8))
        #expect(Self.get(responder, "/assets/site.css").header("Content-Type") == "text/css; charset=utf-8")
        #expect(Self.get(responder, "/.well-known/security.txt").bytes == Array("contact".utf8))
        for target in ["/outside.txt", "/assets/up/secret.txt", "/secret.txt", "/assets/up/Static/outside.txt"] {
            let response = Self.get(responder, target)
            #expect(response.status == 404, "\(target)")
            #expect(!String(decoding: response.bytes ?? [], as: UTF8.self).contains("secret"), "\(target)")
        }
    }

    @Test func foldersRedirectAndMissingPagesAre404() throws {
        let (responder, root) = try Self.responder()
        defer { try? FileManager.default.removeItem(at: root) }
        let redirect = Self.get(responder, "/patterns/x?a=1")
        #expect(redirect.status == 301)
        #expect(redirect.header("Location") == "/patterns/x/?a=1")
        let missing = Self.get(responder, "/patterns/none/")
        #expect(missing.status == 404)
        #expect(String(decoding: missing.bytes ?? [], as: UTF8.self).hasPrefix("<html><body>Missing"))
        #expect(Self.get(responder, "/%2e%2e/secret.txt").status == 400)
    }
}
