internal import CMicroHTTPD
import Foundation

/// An HTTP server on libmicrohttpd: it owns the daemon, which answers each
/// request on a thread of its own by calling `handler` (so the handler must
/// be safe to call from any thread, at once), and stops it in `stop()` or
/// when freed.
public final class HTTPServer: @unchecked Sendable {
    // Safe to send: `daemon` is set once in init and cleared under `lock`;
    // `streams` is read and changed under `lock`; libmicrohttpd's daemon is
    // made for calls from any thread.
    private var daemon: OpaquePointer?
    private let handler: @Sendable (HTTPRequest) -> HTTPResponse
    private let lock = NSLock()
    private var streams: [ObjectIdentifier: EventStream] = [:]
    /// The streams, oldest first.
    private var streamOrder: [ObjectIdentifier] = []
    /// The connections waiting for their request's head: each one's socket
    /// and when it began to wait, by the connection's address.
    private var waiting: [UInt: (socket: Int32, since: Date)] = [:]
    private let limits: Limits
    private var watchdog: Thread?
    /// The port the server listens on.
    public let port: Int

    /// The limits a server keeps to.
    public struct Limits: Sendable {
        /// Connections served at once; more are closed as they come.
        public var connections: Int
        /// Connections from one address at once (libmicrohttpd's per-IP limit).
        public var perAddress: Int
        /// Connections waiting for their request's head at once: past it,
        /// the one that has waited longest is closed, so that silent or
        /// trickling connections never keep a request out.
        public var waiting: Int
        /// Seconds a connection may take to send its request's head, however
        /// it trickles in.
        public var headSeconds: Int
        /// Event streams open at once: past it, the oldest is closed.
        public var streams: Int
        /// Seconds a connection may stay silent before it is closed.
        public var idleSeconds: Int
        /// Bytes a request (its line and headers) may take.
        public var requestBytes: Int

        /// Makes limits.
        public init(connections: Int = 128, perAddress: Int = 96, waiting: Int = 32, headSeconds: Int = 10, streams: Int = 32,
                    idleSeconds: Int = 60, requestBytes: Int = 32 * 1024) {
            self.connections = connections
            self.perAddress = perAddress
            self.waiting = waiting
            self.headSeconds = headSeconds
            self.streams = streams
            self.idleSeconds = idleSeconds
            self.requestBytes = requestBytes
        }
    }

    /// Why a server could not start.
    public struct StartFailure: Error {
        /// In one line.
        public let reason: String
    }

    /// Serves on `listener` (which it takes over), answering with `handler`.
    public init(_ listener: consuming HTTPListener, limits: Limits = Limits(), handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse) throws(StartFailure) {
        port = listener.port
        self.handler = handler
        self.limits = limits
        let descriptor = listener.take()
        let context = Unmanaged.passUnretained(self).toOpaque()
        daemon = duosite_start_daemon(descriptor, UInt32(limits.connections), UInt32(limits.perAddress), UInt32(limits.idleSeconds), limits.requestBytes, { context, connection, url, method, version, _, uploadSize, state in
            guard let context, let connection else { return .NO }
            let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
            return server.answer(connection, url: url, method: method, version: version, uploadSize: uploadSize, state: state)
        }, context, { _, _, text in
            // The path as sent: nothing decoded.
            text.map { strlen($0) } ?? 0
        }, { context, connection, _, code in
            guard let context, let connection else { return }
            let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
            server.note(connection, started: code.rawValue == 0)
        })
        guard daemon != nil else {
            close(descriptor)
            throw StartFailure(reason: "the HTTP server could not start")
        }
        let watchdog = Thread { [weak self] in
            while let server = self, server.isRunning {
                server.closeLateHeads()
                usleep(200_000)
            }
        }
        watchdog.name = "duosite http deadlines"
        self.watchdog = watchdog
        watchdog.start()
    }

    private var isRunning: Bool {
        lock.lock()
        defer { lock.unlock() }
        return daemon != nil
    }

    /// A connection starting (it waits for its request's head: past
    /// `limits.waiting` such, the one that has waited longest is closed) or ending.
    private func note(_ connection: OpaquePointer, started: Bool) {
        let key = UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))
        lock.lock()
        defer { lock.unlock() }
        guard started else {
            waiting[key] = nil
            return
        }
        waiting[key] = (duosite_connection_socket(connection), Date())
        if waiting.count > limits.waiting, let oldest = waiting.min(by: { $0.value.since < $1.value.since }) {
            waiting[oldest.key] = nil
            shutdown(oldest.value.socket, Int32(SHUT_RDWR))
        }
    }

    /// Closes the connections that have waited for their request's head
    /// past `limits.headSeconds`, however the head trickles in.
    private func closeLateHeads() {
        let deadline = Date(timeIntervalSinceNow: -TimeInterval(limits.headSeconds))
        lock.lock()
        defer { lock.unlock() }
        for (key, connection) in waiting where connection.since < deadline {
            waiting[key] = nil
            shutdown(connection.socket, Int32(SHUT_RDWR))
        }
    }

    deinit {
        stop()
    }

    /// Ends every open stream, then stops the daemon, which waits for its
    /// connections' threads to end.
    public func stop() {
        lock.lock()
        let daemon = self.daemon
        self.daemon = nil
        let open = Array(streams.values)
        streams = [:]
        lock.unlock()
        for stream in open { stream.close() }
        if let daemon { MHD_stop_daemon(daemon) }
    }

    /// One call of libmicrohttpd's access handler: the first, with the
    /// headers, answers; a body is never read.
    private func answer(_ connection: OpaquePointer, url: UnsafePointer<CChar>?, method: UnsafePointer<CChar>?, version: UnsafePointer<CChar>?, uploadSize: UnsafeMutablePointer<Int>?, state: UnsafeMutablePointer<UnsafeMutableRawPointer?>?) -> MHD_Result {
        // The first call brings the headers, and is answered; later calls
        // bring a body's bytes, which are dropped.
        if let state, state.pointee != nil {
            uploadSize?.pointee = 0
            return .YES
        }
        state?.pointee = UnsafeMutableRawPointer(bitPattern: 1)
        lock.lock()
        waiting[UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(connection)))] = nil
        lock.unlock()
        let headers = Self.headers(of: connection)
        if let refusal = Self.malformation(of: headers) {
            return Self.refuse(connection, refusal)
        }
        let request = HTTPRequest(
            method: method.map { String(cString: $0) } ?? "",
            target: url.map { String(cString: $0) } ?? "",
            version: version.map { String(cString: $0) } ?? "",
            headers: headers
        )
        let reply = handler(request)
        let response: OpaquePointer?
        switch reply.body {
        case .bytes(let bytes):
            response = bytes.withUnsafeBytes { raw in
                MHD_create_response_from_buffer(raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), .RESPMEM_MUST_COPY)
            }
        case .stream(let stream):
            lock.lock()
            let open = daemon != nil
            var oldest: EventStream?
            if open {
                streams[ObjectIdentifier(stream)] = stream
                streamOrder.append(ObjectIdentifier(stream))
                // Past the limit, the stream open longest is closed (its page reconnects when it can).
                while streamOrder.count > limits.streams, oldest == nil {
                    oldest = streams.removeValue(forKey: streamOrder.removeFirst())
                }
            }
            lock.unlock()
            oldest?.close()
            if !open { stream.close() }
            let retained = Unmanaged.passRetained(StreamBox(stream: stream, server: self)).toOpaque()
            response = MHD_create_response_from_callback(UInt64.max, 4096, { context, _, buffer, limit in
                guard let context, let buffer else { return -1 }
                let box = Unmanaged<StreamBox>.fromOpaque(context).takeUnretainedValue()
                guard let chunk = box.stream.next(limit: limit) else { return -1 }
                chunk.withUnsafeBytes { UnsafeMutableRawPointer(buffer).copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
                return chunk.count
            }, retained, { context in
                guard let context else { return }
                let box = Unmanaged<StreamBox>.fromOpaque(context).takeRetainedValue()
                box.stream.close()
                box.server?.forget(box.stream)
            })
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        for header in reply.headers {
            MHD_add_response_header(response, header.name, header.value)
        }
        // One request a connection: the next comes on a new one, whose head
        // the deadline and the limit on waiting connections watch over.
        if case .bytes = reply.body { MHD_add_response_header(response, "Connection", "close") }
        return MHD_queue_response(connection, UInt32(reply.status), response)
    }

    /// A stream that has ended is no longer closed by `stop`.
    private func forget(_ stream: EventStream) {
        lock.lock()
        streams[ObjectIdentifier(stream)] = nil
        streamOrder.removeAll { $0 == ObjectIdentifier(stream) }
        lock.unlock()
    }

    /// What makes a request's headers unreadable, in a few words: a header
    /// name that is not a token (a space before its colon, a line folded
    /// onto the one above, which libmicrohttpd 0.9.75 joins to the name), or
    /// `Host`, `Content-Length` or `Transfer-Encoding` given twice, which
    /// parts of a path between a browser and a server could read apart.
    static func malformation(of headers: [(name: String, value: String)]) -> String? {
        var seen: Set<String> = []
        for header in headers {
            let name = header.name
            guard !name.isEmpty, name.utf8.allSatisfy(isTokenByte) else {
                return "a header line that is not 'Name: value'"
            }
            guard header.value.utf8.allSatisfy({ $0 == 0x09 || $0 >= 0x20 && $0 != 0x7F }) else {
                return "a header value holding a control character"
            }
            let lowered = name.lowercased()
            if ["host", "content-length", "transfer-encoding"].contains(lowered), !seen.insert(lowered).inserted {
                return "two \(name) headers"
            }
        }
        return nil
    }

    /// Whether `byte` may be part of a header's name (RFC 9110's `tchar`).
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "!#$%&'*+-.^_`|~".utf8.contains(byte)
        }
    }

    /// Answers 400, naming what is wrong, and closes the connection.
    private static func refuse(_ connection: OpaquePointer, _ reason: String) -> MHD_Result {
        let body = Array("The request has \(reason).\n".utf8)
        let response = body.withUnsafeBytes { raw in
            MHD_create_response_from_buffer(raw.count, UnsafeMutableRawPointer(mutating: raw.baseAddress), .RESPMEM_MUST_COPY)
        }
        guard let response else { return .NO }
        defer { MHD_destroy_response(response) }
        for (name, value) in [("Content-Type", "text/plain; charset=utf-8"), ("Cache-Control", "no-store"), ("X-Content-Type-Options", "nosniff"), ("Connection", "close")] {
            MHD_add_response_header(response, name, value)
        }
        return MHD_queue_response(connection, 400, response)
    }

    /// The request's headers, in order.
    private static func headers(of connection: OpaquePointer) -> [(name: String, value: String)] {
        final class Collected { var headers: [(name: String, value: String)] = [] }
        let collected = Collected()
        withExtendedLifetime(collected) {
            _ = MHD_get_connection_values(connection, .HEADER_KIND, { context, _, key, value in
                guard let context, let key else { return .YES }
                let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
                // libmicrohttpd 0.9.75 reads a header where it lies in the
                // request: its name, the colon made a NUL, spaces, its value.
                // A line folded onto the one above is joined to the name
                // instead, which then runs past where the value starts:
                // such a header is given no name, so that it is refused.
                var name = String(cString: key)
                if let value {
                    let nameEnd = UnsafeRawPointer(key) + strlen(key)
                    let valueStart = UnsafeRawPointer(value)
                    let between = valueStart - nameEnd
                    let inPlace = between >= 1 && between <= 64 && nameEnd.load(as: UInt8.self) == 0
                        && (1..<between).allSatisfy { [0x20, 0x09].contains(nameEnd.load(fromByteOffset: $0, as: UInt8.self)) }
                    if !inPlace { name = "" }
                }
                collected.headers.append((name, value.map { String(cString: $0) } ?? ""))
                return .YES
            }, Unmanaged.passUnretained(collected).toOpaque())
        }
        return collected.headers
    }
}

/// What a stream's reader callback holds: the stream, and the server to
/// tell when the stream ends.
private final class StreamBox {
    let stream: EventStream
    weak var server: HTTPServer?

    init(stream: EventStream, server: HTTPServer) {
        self.stream = stream
        self.server = server
    }
}
