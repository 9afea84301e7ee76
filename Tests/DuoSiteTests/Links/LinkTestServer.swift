import Foundation
import HTTP
import Synchronization

/// The sites a link check asks, in the tests: a libmicrohttpd server on
/// 127.0.0.1 (a port of its own for each test) answering each path as the
/// test needs, and keeping every request it saw. A class: it owns the
/// server, stopped when the test lets go of it.
final class LinkTestServer: Sendable {
    /// One request the server saw.
    struct Seen: Sendable, Equatable {
        var method: String
        var path: String
        var userAgent: String
        var at = ContinuousClock.now
    }

    /// The port it listens on.
    let port: Int
    private let server: HTTPServer
    private let state: State

    /// What the handler keeps: the requests, how many times each path was
    /// asked, and how many requests were under way at most at once.
    private final class State: Sendable {
        let seen = Mutex<[Seen]>([])
        let asked = Mutex<[String: Int]>([:])
        let underWay = Mutex<(now: Int, most: Int)>((0, 0))
    }

    /// Starts the server.
    init() throws {
        let listener = try HTTPListener(host: "127.0.0.1", port: 0)
        port = listener.port
        let state = State()
        self.state = state
        server = try HTTPServer(listener) { request in
            Self.answer(request, state)
        }
    }

    deinit {
        server.stop()
    }

    /// `http://127.0.0.1:PORT` followed by `path`.
    func address(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    /// Every request seen, in order.
    var requests: [Seen] { state.seen.withLock { $0 } }

    /// The methods of the requests to `path` (without its query), in order.
    func methods(_ path: String) -> [String] {
        requests.filter { $0.path == path }.map(\.method)
    }

    /// The time between the first two requests to `path`.
    func gap(_ path: String) -> Duration? {
        let times = requests.filter { $0.path == path }.map(\.at)
        return times.count < 2 ? nil : times[1] - times[0]
    }

    /// The most requests the server answered at once.
    var mostAtOnce: Int { state.underWay.withLock { $0.most } }

    /// The answers: each path as its name says. `/again-*` paths answer
    /// their first request one way and every later one 200.
    private static func answer(_ request: HTTPRequest, _ state: State) -> HTTPResponse {
        let path = String(request.target.prefix { $0 != "?" })
        state.seen.withLock { $0.append(Seen(method: request.method, path: path, userAgent: request.header("User-Agent") ?? "")) }
        let tries = state.asked.withLock { asked in
            asked[path, default: 0] += 1
            return asked[path]!
        }
        switch path {
        case "/gone": return HTTPResponse(status: 404)
        case "/removed": return HTTPResponse(status: 410)
        case "/moved": return redirect(301, to: "/moved-here")
        case "/moved-308": return redirect(308, to: "http://127.0.0.1:\(request.header("Host")?.split(separator: ":").last ?? "")/moved-308-here")
        case "/temporary": return redirect(302, to: "/temporary-here")
        case "/no-head": return HTTPResponse(status: request.method == "HEAD" ? 405 : 200)
        case "/again-429": return tries == 1 ? HTTPResponse(status: 429, headers: [("Retry-After", "1")]) : HTTPResponse(status: 200)
        case "/again-503": return tries == 1 ? HTTPResponse(status: 503) : HTTPResponse(status: 200)
        case "/always-503": return HTTPResponse(status: 503)
        case "/always-429": return HTTPResponse(status: 429, headers: [("Retry-After", "0")])
        case "/wall": return HTTPResponse(status: 403)
        case "/loop": return redirect(302, to: "/loop")
        case let slow where slow.hasPrefix("/slow"):
            state.underWay.withLock { $0.now += 1; $0.most = max($0.most, $0.now) }
            Thread.sleep(forTimeInterval: 0.2)
            state.underWay.withLock { $0.now -= 1 }
            return HTTPResponse(status: 200)
        default: return HTTPResponse(status: 200, headers: [("Content-Type", "text/plain")], body: .bytes(Array("ok".utf8)))
        }
    }

    private static func redirect(_ status: Int, to location: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Location", location)])
    }
}

/// A port where a socket listens and nothing ever answers (nothing accepts
/// its connections: the system completes them and they wait), for the
/// time-out; closed when the test lets go of it.
struct SilentPort: ~Copyable {
    private let listener: HTTPListener
    /// Its port.
    let port: Int

    init() throws {
        listener = try HTTPListener(host: "127.0.0.1", port: 0)
        port = listener.port
    }
}

/// A port of 127.0.0.1 where nothing listens: one the system gave and was
/// given back.
func closedPort() throws -> Int {
    let listener = try HTTPListener(host: "127.0.0.1", port: 0)
    return listener.port
}
