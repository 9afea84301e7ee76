import Foundation
import Testing
@testable import DuoSite

/// A session over real pipes, as an editor runs the server: framed
/// messages in and out, diagnostics pushed a moment after a change, a
/// cancelled request, a malformed message, the end of the input.
@Suite struct LanguageSessionTests {
    /// A session of a server for `site` on pipes, running on a thread of
    /// its own; the test writes to `input` and reads from `output`.
    final class Pipes: @unchecked Sendable {
        let input: FileHandle
        let output: FileHandle
        private var framing = MessageFraming()
        private let done = DispatchSemaphore(value: 0)
        private(set) var status: Int32?

        init(root: URL) {
            let toServer = Pipe(), fromServer = Pipe()
            input = toServer.fileHandleForWriting
            output = fromServer.fileHandleForReading
            let server = LanguageServer(root: root, currentDirectory: root, today: Day("2026-11-29")!)
            let readEnd = dup(toServer.fileHandleForReading.fileDescriptor), writeEnd = dup(fromServer.fileHandleForWriting.fileDescriptor)
            try? toServer.fileHandleForReading.close()
            try? fromServer.fileHandleForWriting.close()
            Thread { [self] in
                status = LanguageSession(server: server, input: readEnd, output: writeEnd, watches: false).run()
                close(readEnd)
                done.signal()
            }.start()
        }

        func send(_ message: JSONValue) {
            input.write(Data(MessageFraming.frame(message.encoded)))
        }

        func sendRaw(_ text: String) {
            input.write(Data(text.utf8))
        }

        /// The next message the server writes (nil at the end of its output).
        func next() -> JSONValue? {
            while true {
                if case .message(let bytes)? = framing.next() { return JSONValue.parse(bytes) }
                let data = output.availableData
                if data.isEmpty { return nil }
                framing.append(data)
            }
        }

        /// Messages up to the one that answers `id`.
        func answer(to id: Int) -> (JSONValue?, [JSONValue]) {
            var before: [JSONValue] = []
            while let message = next() {
                if message["id"]?.int == id { return (message, before) }
                before.append(message)
            }
            return (nil, before)
        }

        /// Waits for the session to end; its exit status.
        func end() -> Int32? {
            _ = done.wait(timeout: .now() + 10)
            return status
        }
    }

    @Test func diagnosticsArePushedAfterAChangeAndTheSessionEndsCleanly() throws {
        let site = try TestSite()
        defer { site.remove() }
        let pipes = Pipes(root: site.root)
        let file = "Content/patterns/where-the-bars-go.md"
        let uri = DocumentAddress(root: site.root).uri(of: file)
        let text = try site.read(file)
        pipes.send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [:]]])
        #expect(pipes.answer(to: 1).0?["result"]?["capabilities"]?["positionEncoding"] == "utf-16")
        pipes.send(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
        pipes.send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": .string(uri), "languageId": "markdown", "version": 1, "text": .string(text)]]])
        let first = try #require(pipes.next())
        #expect(first["method"] == "textDocument/publishDiagnostics")
        #expect(first["params"]?["diagnostics"]?.array?.isEmpty == true)
        pipes.send(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["text": .string(text.replacingOccurrences(of: "status: apple", with: "status: aple"))]]]])
        let second = try #require(pipes.next())
        #expect(second["params"]?["version"]?.int == 2)
        #expect(second["params"]?["diagnostics"]?.array?.first?["code"] == "invalid-field")

        pipes.send(["jsonrpc": "2.0", "id": 2, "method": "shutdown"])
        #expect(pipes.answer(to: 2).0?["result"] == .null)
        pipes.send(["jsonrpc": "2.0", "method": "exit"])
        #expect(pipes.end() == 0)
    }

    @Test func aMalformedMessageIsAnsweredAndTheServerGoesOn() throws {
        let site = try TestSite()
        defer { site.remove() }
        let pipes = Pipes(root: site.root)
        pipes.sendRaw("Content-Type: nothing\r\n\r\n")
        #expect(pipes.next()?["error"]?["code"]?.int == -32700)
        pipes.sendRaw("Content-Length: 7\r\n\r\n{\"a\":}x")
        #expect(pipes.next()?["error"]?["code"]?.int == -32700)
        pipes.send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]])
        #expect(pipes.answer(to: 1).0?["result"] != nil)
        pipes.send(["jsonrpc": "2.0", "method": "exit"])
        #expect(pipes.end() == 1)
    }

    @Test func aRequestCancelledWhileItWaitsIsAnsweredRequestCancelled() throws {
        let site = try TestSite()
        defer { site.remove() }
        let pipes = Pipes(root: site.root)
        // Every message in one write (read at once): the cancellation is
        // taken while request 3 still waits.
        var bytes: [UInt8] = []
        for message: JSONValue in [
            ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [:]],
            ["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": .string(DocumentAddress(root: site.root).uri(of: "Content/patterns/where-the-bars-go.md")), "languageId": "markdown", "version": 1, "text": "---\ntitle: x\n---\n"]]],
            ["jsonrpc": "2.0", "id": 2, "method": "textDocument/unheardOf", "params": [:]],
            ["jsonrpc": "2.0", "id": 3, "method": "textDocument/unheardOf", "params": [:]],
            ["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 3]],
        ] {
            bytes += MessageFraming.frame(message.encoded)
        }
        pipes.input.write(Data(bytes))
        #expect(pipes.answer(to: 2).0?["error"]?["code"]?.int == -32601)
        #expect(pipes.answer(to: 3).0?["error"]?["code"]?.int == -32800)
        try pipes.input.close()
        #expect(pipes.end() == 1)
    }

    @Test func theEndOfTheInputEndsTheSessionWithOne() throws {
        let site = try TestSite()
        defer { site.remove() }
        let pipes = Pipes(root: site.root)
        try pipes.input.close()
        #expect(pipes.end() == 1)
    }
}
