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
    /// The port the server listens on.
    public let port: Int

    /// The limits a server keeps to.
    public struct Limits: Sendable {
        /// Connections served at once; more wait in the kernel's queue.
        public var connections: Int
        /// Seconds a connection may stay silent before it is closed.
        public var idleSeconds: Int
        /// Bytes a request (its line and headers) may take.
        public var requestBytes: Int

        /// Makes limits.
        public init(connections: Int = 64, idleSeconds: Int = 60, requestBytes: Int = 32 * 1024) {
            self.connections = connections
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
        let descriptor = listener.take()
        let context = Unmanaged.passUnretained(self).toOpaque()
        daemon = duosite_start_daemon(descriptor, UInt32(limits.connections), UInt32(limits.idleSeconds), limits.requestBytes, { context, connection, url, method, version, _, uploadSize, state in
            guard let context, let connection else { return .NO }
            let server = Unmanaged<HTTPServer>.fromOpaque(context).takeUnretainedValue()
            return server.answer(connection, url: url, method: method, version: version, uploadSize: uploadSize, state: state)
        }, context, { _, _, text in
            // The path as sent: nothing decoded.
            text.map { strlen($0) } ?? 0
        })
        guard daemon != nil else {
            close(descriptor)
            throw StartFailure(reason: "the HTTP server could not start")
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
        let request = HTTPRequest(
            method: method.map { String(cString: $0) } ?? "",
            target: url.map { String(cString: $0) } ?? "",
            version: version.map { String(cString: $0) } ?? "",
            headers: Self.headers(of: connection)
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
            if open { streams[ObjectIdentifier(stream)] = stream }
            lock.unlock()
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
        return MHD_queue_response(connection, UInt32(reply.status), response)
    }

    /// A stream that has ended is no longer closed by `stop`.
    private func forget(_ stream: EventStream) {
        lock.lock()
        streams[ObjectIdentifier(stream)] = nil
        lock.unlock()
    }

    /// The request's headers, in order.
    private static func headers(of connection: OpaquePointer) -> [(name: String, value: String)] {
        final class Collected { var headers: [(name: String, value: String)] = [] }
        let collected = Collected()
        withExtendedLifetime(collected) {
            _ = MHD_get_connection_values(connection, .HEADER_KIND, { context, _, key, value in
                guard let context, let key else { return .YES }
                let collected = Unmanaged<Collected>.fromOpaque(context).takeUnretainedValue()
                collected.headers.append((String(cString: key), value.map { String(cString: $0) } ?? ""))
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
