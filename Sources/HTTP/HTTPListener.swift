import Glibc

/// A TCP socket listening on an address, made before the server starts so
/// that a busy port is told apart from any other failure, and port 0 gets
/// the port the system chose.
public struct HTTPListener: ~Copyable {
    /// The socket's descriptor; the server takes it over.
    let descriptor: Int32
    /// The port it listens on.
    public let port: Int

    /// Why a socket could not listen.
    public enum Failure: Error, Equatable {
        /// Another process listens on the port.
        case portInUse
        /// The address is not an IP address of this machine, or another error (its text).
        case other(String)
    }

    /// Listens on `host` (an IPv4 or IPv6 address) and `port` (0: any free one).
    public init(host: String, port: Int) throws(Failure) {
        var storage = sockaddr_storage()
        var length: socklen_t
        let family: Int32
        var v4 = sockaddr_in(), v6 = sockaddr_in6()
        if inet_pton(AF_INET, host, &v4.sin_addr) == 1 {
            family = AF_INET
            v4.sin_family = sa_family_t(AF_INET)
            v4.sin_port = UInt16(port).bigEndian
            withUnsafeBytes(of: v4) { source in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) } }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
        } else if inet_pton(AF_INET6, host, &v6.sin6_addr) == 1 {
            family = AF_INET6
            v6.sin6_family = sa_family_t(AF_INET6)
            v6.sin6_port = UInt16(port).bigEndian
            withUnsafeBytes(of: v6) { source in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) } }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        } else {
            throw .other("'\(host)' is not an IP address")
        }
        let descriptor = socket(family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { throw .other(String(cString: strerror(errno))) }
        var yes: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let bound = withUnsafePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) } }
        guard bound == 0, listen(descriptor, 64) == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw code == EADDRINUSE ? .portInUse : .other(String(cString: strerror(code)))
        }
        var actual = sockaddr_storage()
        length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &actual) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) } }
        let chosen = withUnsafeBytes(of: actual) { raw -> UInt16 in
            // sin_port and sin6_port both follow the two-byte family.
            UInt16(raw[2]) << 8 | UInt16(raw[3])
        }
        self.descriptor = descriptor
        self.port = Int(chosen)
    }

    /// The descriptor, handed over: the listener no longer closes it.
    consuming func take() -> Int32 {
        let descriptor = self.descriptor
        discard self
        return descriptor
    }

    deinit {
        Glibc.close(descriptor)
    }
}
