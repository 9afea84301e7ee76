import Foundation
import Testing
@testable import DuoSite

/// The protocol's life cycle and its errors, message by message:
/// initialize, the position encoding agreed, requests before it and after
/// shutdown, unknown methods, messages that are not JSON-RPC, exit.
@Suite struct LanguageServerLifecycleTests {
    private func server() -> LanguageServer {
        LanguageServer(root: URL(fileURLWithPath: "/nonexistent"), currentDirectory: URL(fileURLWithPath: "/"), today: Day("2026-11-29")!)
    }

    private func request(_ id: Int, _ method: String, _ params: JSONValue = [:]) -> JSONValue {
        ["jsonrpc": "2.0", "id": .int(id), "method": .string(method), "params": params]
    }

    /// An editor opened on a folder inside the site (Content/patterns/)
    /// is served the whole site, its root found upward.
    @Test func aWorkspaceInsideTheSiteFindsItsRoot() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site, opened: "Content/patterns")
        let page = "Content/patterns/where-the-bars-go.md"
        try client.open(page)
        client.settle()
        #expect(client.codes(of: page).isEmpty, "\(client.diagnostics(of: page))")
        client.change(page, try site.read(page).replacingOccurrences(of: "last_checked: 2026-10-08", with: "last_checked: 2026-10-32"))
        client.settle()
        #expect(client.codes(of: page) == ["invalid-field"])
    }

    @Test func aRequestBeforeInitializeIsRefused() {
        var server = server()
        let answer = server.receive(request(1, "textDocument/hover"))
        #expect(answer.first?["error"]?["code"]?.int == -32002)
        #expect(answer.first?["id"]?.int == 1)
    }

    @Test(arguments: [
        ([String](), "utf-16"), (["utf-8", "utf-16"], "utf-8"), (["utf-32", "utf-16"], "utf-16"), (["utf-16", "utf-8"], "utf-8"),
    ])
    func thePositionEncodingIsUTF8WhenTheClientOffersIt(offered: [String], agreed: String) {
        var server = server()
        let answer = server.receive(request(1, "initialize", ["capabilities": ["general": ["positionEncodings": .array(offered.map(JSONValue.string))]]]))
        #expect(answer.first?["result"]?["capabilities"]?["positionEncoding"]?.string == agreed)
        #expect(server.encoding.rawValue == agreed)
    }

    @Test func anUnknownMethodIsMethodNotFoundAndAnUnknownNotificationPassedOver() {
        var server = server()
        _ = server.receive(request(1, "initialize"))
        #expect(server.receive(request(2, "textDocument/unheardOf")).first?["error"]?["code"]?.int == -32601)
        #expect(server.receive(["jsonrpc": "2.0", "method": "$/setTrace", "params": ["value": "off"]]).isEmpty)
        #expect(server.receive(["jsonrpc": "2.0", "method": "custom/thing"]).isEmpty)
    }

    @Test(arguments: ["{", "[1,2", "nul"])
    func textThatIsNotJSONIsAParseError(text: String) {
        var server = server()
        let answer = server.receive(Array(text.utf8))
        #expect(answer.first?["error"]?["code"]?.int == -32700)
        #expect(answer.first?["id"] == .null)
    }

    @Test(arguments: [
        JSONValue.array([1, 2]), ["id": 4, "method": "initialize"], ["jsonrpc": "2.0", "id": 5], "text",
    ])
    func jsonThatIsNotAMessageIsAnInvalidRequest(message: JSONValue) {
        var server = server()
        let answer = server.receive(message)
        #expect(answer.first?["error"]?["code"]?.int == -32600)
    }

    @Test func shutdownThenExitEndsWithZeroAndRequestsBetweenAreRefused() {
        var server = server()
        _ = server.receive(request(1, "initialize"))
        #expect(server.receive(request(2, "shutdown")).first?["result"] == .null)
        #expect(server.receive(request(3, "textDocument/documentSymbol", ["textDocument": ["uri": "file:///x.md"]])).first?["error"]?["code"]?.int == -32600)
        #expect(server.exitStatus == nil)
        #expect(server.receive(["jsonrpc": "2.0", "method": "exit"]).isEmpty)
        #expect(server.exitStatus == 0)
    }

    @Test func exitWithoutShutdownEndsWithOne() {
        var server = server()
        _ = server.receive(request(1, "initialize"))
        _ = server.receive(["jsonrpc": "2.0", "method": "exit"])
        #expect(server.exitStatus == 1)
    }

    @Test func aStringIdIsAnsweredWithTheSameId() {
        var server = server()
        let answer = server.receive(["jsonrpc": "2.0", "id": "a-1", "method": "initialize", "params": [:]])
        #expect(answer.first?["id"] == "a-1")
    }
}
