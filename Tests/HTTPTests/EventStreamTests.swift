import Foundation
@testable import HTTP
import Testing

/// A body sent as it comes: what was queued, a keep-alive after a quiet
/// interval, and the end once closed.
struct EventStreamTests {
    @Test func sendsWhatWasQueuedThenKeepsAliveThenEnds() {
        let stream = EventStream(first: Array("hello\n".utf8), keepAlive: Array(": ping\n\n".utf8), interval: 0.05)
        #expect(stream.next(limit: 100) == Array("hello\n".utf8))
        stream.send(Array("event one\n\n".utf8))
        #expect(stream.next(limit: 5) == Array("event".utf8))
        #expect(stream.next(limit: 100) == Array(" one\n\n".utf8))
        let start = Date()
        #expect(stream.next(limit: 100) == Array(": ping\n\n".utf8))
        #expect(Date().timeIntervalSince(start) >= 0.04)
        stream.close()
        #expect(stream.next(limit: 100) == nil)
        stream.send(Array("late".utf8))
        #expect(stream.next(limit: 100) == nil)
    }

    @Test func aWaitingReaderWakesWhenClosed() {
        let stream = EventStream(keepAlive: [], interval: 30)
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.05) { stream.close() }
        let start = Date()
        #expect(stream.next(limit: 100) == nil)
        #expect(Date().timeIntervalSince(start) < 5)
    }
}

/// The limits the server keeps to, over a real socket on 127.0.0.1.
struct HTTPServerLimitTests {
    @Test func aRequestTooLargeIsRefused() throws {
        let server = try HTTPServer(try HTTPListener(host: "127.0.0.1", port: 0), limits: .init(requestBytes: 8 * 1024)) { _ in
            HTTPResponse(status: 200, body: .bytes(Array("ok".utf8)))
        }
        defer { server.stop() }
        func exchange(_ request: String) throws -> String {
            let socket = try TestSocket(port: server.port)
            socket.send(request)
            return socket.readAll()
        }
        #expect(try exchange("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n").hasPrefix("HTTP/1.1 200"))
        let big = try exchange("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: \(String(repeating: "a", count: 20_000))\r\nConnection: close\r\n\r\n")
        #expect(!big.hasPrefix("HTTP/1.1 200"), "\(big.prefix(100))")
    }

    @Test func aBusyPortIsToldApart() throws {
        let first = try HTTPListener(host: "127.0.0.1", port: 0)
        #expect(throws: HTTPListener.Failure.portInUse) { _ = try HTTPListener(host: "127.0.0.1", port: first.port) }
        #expect(throws: HTTPListener.Failure.other("'example.com' is not an IP address")) { _ = try HTTPListener(host: "example.com", port: 0) }
        _ = consume first
    }
}
