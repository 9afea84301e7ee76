/// What the server sends back: a status, headers, and a body of bytes or a
/// stream that goes on until either side closes it.
public struct HTTPResponse: Sendable {
    /// The body.
    public enum Body: Sendable {
        /// All of it at once.
        case bytes([UInt8])
        /// Chunks sent as they come (Server-Sent Events).
        case stream(EventStream)
    }

    /// The status code (200, 404, …).
    public var status: Int
    /// The headers, in order.
    public var headers: [(name: String, value: String)]
    /// The body.
    public var body: Body

    /// Makes a response.
    public init(status: Int, headers: [(name: String, value: String)] = [], body: Body = .bytes([])) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The body's bytes, when it is not a stream.
    public var bytes: [UInt8]? {
        if case .bytes(let bytes) = body { return bytes }
        return nil
    }

    /// The value of the first header named `name` (compared ignoring case).
    public func header(_ name: String) -> String? {
        let wanted = name.lowercased()
        return headers.first { $0.name.lowercased() == wanted }?.value
    }
}
