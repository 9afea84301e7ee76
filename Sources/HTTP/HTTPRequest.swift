import Foundation

/// One HTTP request, as the server received it: its method, its target as
/// sent (not percent-decoded, query included), and its headers.
public struct HTTPRequest: Sendable {
    /// `GET`, `HEAD`, …
    public let method: String
    /// The request target as sent: `/patterns/x/?a=b`, `%2e%2e` and all.
    public let target: String
    /// The HTTP version (`HTTP/1.1`).
    public let version: String
    /// The headers, in order, names as sent.
    public let headers: [(name: String, value: String)]

    /// Makes a request (the server does; tests may too).
    public init(method: String, target: String, version: String = "HTTP/1.1", headers: [(name: String, value: String)]) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
    }

    /// The value of the first header named `name` (compared ignoring case).
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }

    /// Whether the request says it carries a body.
    public var hasBody: Bool {
        if header("Transfer-Encoding") != nil { return true }
        if let length = header("Content-Length") { return length.trimmingCharacters(in: .whitespaces) != "0" }
        return false
    }
}
