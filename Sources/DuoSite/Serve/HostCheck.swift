/// Whether a request's `Host` header names the address the preview is
/// bound to, with its port: a page of another site that a browser reaches
/// through a name pointing at 127.0.0.1 (DNS rebinding) sends its own name,
/// and is refused.
struct HostCheck: Sendable {
    /// The names the server answers to, each with `:port`, lowercased.
    let allowed: Set<String>
    /// With an address of every interface (`0.0.0.0`, `::`): any IP
    /// address with the port, as no name can be rebound to one.
    let port: Int?

    /// The names for a server bound to `host` on `port`: the address itself,
    /// and, for the loopback addresses, `127.0.0.1`, `localhost` and `[::1]`.
    init(host: String, port: Int) {
        var names: Set<String> = [host.contains(":") ? "[\(host)]" : host]
        if ["127.0.0.1", "::1", "localhost"].contains(host) {
            names.formUnion(["127.0.0.1", "localhost", "[::1]"])
        }
        allowed = Set(names.map { "\($0.lowercased()):\(port)" })
        self.port = ["0.0.0.0", "::"].contains(host) ? port : nil
    }

    /// Whether `header` (the Host header's value, if any) is one of them.
    func allows(_ header: String?) -> Bool {
        guard let header else { return false }
        if allowed.contains(header.lowercased()) { return true }
        guard let port, header.hasSuffix(":\(port)") else { return false }
        let name = header.dropLast(":\(port)".count)
        if name.hasPrefix("["), name.hasSuffix("]") {
            return name.dropFirst().dropLast().allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
        }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in part.count <= 3 && !part.isEmpty && part.allSatisfy(\.isASCII) && Int(part).map { $0 <= 255 } == true }
    }
}
