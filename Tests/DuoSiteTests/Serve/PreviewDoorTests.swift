import Foundation
import Testing
@testable import DuoSite

/// The preview's doors under attack from the same machine: silent
/// connections, heads trickling in a line at a time, event streams kept
/// open; through each, a person's request is answered within a second.
/// And a request whose headers cannot be read one way only (a header given
/// twice, a space before a colon, a folded line) is refused with 400.
@Suite(.serialized) struct PreviewDoorTests {
    static func start(_ site: TestSite) throws -> PreviewSession {
        try PreviewServerTests.start(site).0
    }

    /// A person's request: its status line, and how long it took.
    static func ask(_ port: Int) -> (line: String, seconds: TimeInterval) {
        let start = Date()
        guard let client = try? RawHTTP(port: port, timeout: 5) else { return ("no connection", 0) }
        client.send("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        _ = client.read(until: "\r\n", deadline: Date(timeIntervalSinceNow: 5))
        let line = client.take().components(separatedBy: "\r\n").first ?? ""
        return (line, Date().timeIntervalSince(start))
    }

    @Test(arguments: [
        "Host: HOST\r\nHost: evil.example\r\n",
        "Host: HOST\r\nContent-Length: 0\r\nContent-Length: 45\r\n",
        "Host: HOST\r\nTransfer-Encoding : chunked\r\n",
        "Host: HOST\r\nX-Note: one\r\n two\r\n",
        "Host: HOST\r\nX-Note:\tone\r\n\tHost: evil.example\r\n",
    ])
    func headersReadableTwoWaysAreRefused(headers: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        let session = try Self.start(site)
        defer { session.stop() }
        let client = try RawHTTP(port: session.port)
        client.send("GET / HTTP/1.1\r\n" + headers.replacingOccurrences(of: "HOST", with: "127.0.0.1:\(session.port)") + "\r\n")
        #expect(String(decoding: client.readAll(), as: UTF8.self).hasPrefix("HTTP/1.1 400 "))
        #expect(Self.ask(session.port).line == "HTTP/1.1 200 OK")
    }

    @Test func silentConnectionsKeepNoRequestOut() throws {
        let site = try TestSite()
        defer { site.remove() }
        let session = try Self.start(site)
        defer { session.stop() }
        let silent = try (0..<150).map { _ in try RawHTTP(port: session.port) }
        usleep(200_000)
        let answer = Self.ask(session.port)
        #expect(answer.line == "HTTP/1.1 200 OK")
        #expect(answer.seconds < 1)
        _ = silent
    }

    @Test func tricklingHeadsKeepNoRequestOut() throws {
        let site = try TestSite()
        defer { site.remove() }
        let session = try Self.start(site)
        defer { session.stop() }
        let trickling = try (0..<80).map { _ in try RawHTTP(port: session.port) }
        for round in 0..<3 {
            for client in trickling { client.send(round == 0 ? "GET / HTTP/1.1\r\n" : "X-Slow-\(round): 1\r\n") }
            let answer = Self.ask(session.port)
            #expect(answer.line == "HTTP/1.1 200 OK", "round \(round)")
            #expect(answer.seconds < 1, "round \(round)")
            usleep(300_000)
        }
    }

    @Test func openStreamsKeepNoRequestOut() throws {
        let site = try TestSite()
        defer { site.remove() }
        let session = try Self.start(site)
        defer { session.stop() }
        let streams = try (0..<64).map { _ in try LiveEvents(port: session.port) }
        usleep(300_000)
        let answer = Self.ask(session.port)
        #expect(answer.line == "HTTP/1.1 200 OK")
        #expect(answer.seconds < 1)
        // The oldest were closed to keep 32 open.
        #expect(session.listeners <= 32)
        _ = streams
    }
}
