import Foundation
import Glibc

/// A client for the preview server's tests that speaks HTTP by hand over a
/// socket to 127.0.0.1, so that a test sends exactly the bytes it means
/// (a hostile path as written, a method, a Host) and reads exactly what
/// comes back. Every read waits at most `timeout`.
final class RawHTTP {
    private let descriptor: Int32
    private var buffer: [UInt8] = []

    /// Connects to 127.0.0.1 on `port`; each read waits at most `timeout` seconds.
    init(port: Int, timeout: Double = 2) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw RawHTTPError.socket }
        var time = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } }
        guard connected == 0 else {
            close(descriptor)
            throw RawHTTPError.connect
        }
    }

    deinit { close(descriptor) }

    /// Sends `text` as it is.
    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until the server closes the connection or `timeout` passes.
    func readAll() -> [UInt8] {
        while readMore() {}
        defer { buffer = [] }
        return buffer
    }

    /// Reads until `marker` has arrived (true) or the time is up (false).
    func read(until marker: String, deadline: Date) -> Bool {
        let needle = Array(marker.utf8)
        while Date() < deadline {
            if buffer.count >= needle.count, (0...(buffer.count - needle.count)).contains(where: { buffer[$0..<$0 + needle.count].elementsEqual(needle) }) { return true }
            if !readMore() { return false }
        }
        return false
    }

    /// What has arrived and not been taken, taken.
    func take() -> String {
        defer { buffer = [] }
        return String(decoding: buffer, as: UTF8.self)
    }

    private func readMore() -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return false }
        buffer += chunk[..<count]
        return true
    }

    /// One request and its whole response (the connection closed after it).
    static func request(port: Int, _ text: String) throws -> RawResponse {
        let client = try RawHTTP(port: port)
        client.send(text)
        return RawResponse(client.readAll())
    }

    /// `GET target` with the right Host, and its response.
    static func get(port: Int, _ target: String, host: String? = nil, method: String = "GET") throws -> RawResponse {
        try request(port: port, "\(method) \(target) HTTP/1.1\r\nHost: \(host ?? "127.0.0.1:\(port)")\r\nConnection: close\r\n\r\n")
    }
}

enum RawHTTPError: Error { case socket, connect }

/// A response read back: status, headers, body.
struct RawResponse {
    var status = 0
    var headers: [String: String] = [:]
    var body: [UInt8] = []

    init(_ bytes: [UInt8]) {
        let separator = Array("\r\n\r\n".utf8)
        guard let end = (0..<max(0, bytes.count - 3)).first(where: { bytes[$0..<$0 + 4].elementsEqual(separator) }) else { return }
        let head = String(decoding: bytes[..<end], as: UTF8.self).components(separatedBy: "\r\n")
        status = head.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        for line in head.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            headers[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        body = Array(bytes[(end + 4)...])
    }

    var text: String { String(decoding: body, as: UTF8.self) }
}

/// The live-reload stream read by hand: each event's `id` and `data`.
final class LiveEvents {
    private let client: RawHTTP
    private var pending = ""

    /// Connects to the stream of the preview on `port`, and reads its greeting.
    init(port: Int) throws {
        client = try RawHTTP(port: port, timeout: 0.1)
        client.send("GET /_duosite/live HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
    }

    /// The next event (`id`, `data`), or nil if none comes within `seconds`.
    func next(within seconds: Double) -> (id: Int, data: String)? {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while true {
            // Chunked framing's CRLFs made LFs (Swift takes CRLF as one character).
            pending += client.take().replacingOccurrences(of: "\r\n", with: "\n")
            // Events end with a blank line; keep-alive comments are skipped.
            while let end = pending.range(of: "\n\n") {
                let block = String(pending[..<end.lowerBound])
                pending = String(pending[end.upperBound...])
                var id: Int?, data: String?
                for line in block.split(separator: "\n") {
                    if line.hasPrefix("id: ") { id = Int(line.dropFirst(4)) }
                    if line.hasPrefix("data: ") { data = String(line.dropFirst(6)) }
                }
                if let id, let data { return (id, data) }
            }
            guard Date() < deadline else { return nil }
            _ = client.read(until: "\n\n", deadline: min(deadline, Date(timeIntervalSinceNow: 0.1)))
        }
    }
}
