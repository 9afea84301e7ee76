/// `site.yml`'s `skip_links`: the hosts and address prefixes `check
/// --links` does not ask (a site that answers robots with a wall, pages
/// behind a sign-in).
struct LinkSkipList: Sendable {
    /// Hosts, lowercased: each skips itself and its subdomains.
    private var hosts: [String] = []
    /// Address prefixes, as written.
    private var prefixes: [String] = []

    /// The list from site.yml's entries (each already accepted by
    /// ``problem(_:)``).
    init(_ entries: [String]) {
        for entry in entries {
            if entry.contains("://") { prefixes.append(entry) } else { hosts.append(entry.lowercased()) }
        }
    }

    /// Whether `address` is left unasked.
    func skips(_ address: String) -> Bool {
        if prefixes.contains(where: { address.hasPrefix($0) }) { return true }
        let host = LinkAddress.host(of: address)
        return hosts.contains { host == $0 || host.hasSuffix("." + $0) }
    }

    /// Why an entry cannot be one (nil when it can): a host name, or an
    /// http or https address to skip every address starting with.
    static func problem(_ entry: String) -> String? {
        if entry.contains("://") {
            return LinkAddress.isWeb(entry) && !LinkAddress.host(of: entry).isEmpty ? nil : "an address prefix should be an http or https address, like https://example.com/private/"
        }
        let isHost = !entry.isEmpty && entry.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "." || $0 == "-") }
        return isHost ? nil : "it should be a host, like example.com, or an address prefix, like https://example.com/private/"
    }
}
