import Foundation

/// Addresses of other sites, as `check --links` reads them: which links are
/// asked, and the one address a link is asked as.
enum LinkAddress {
    /// Whether `text` is an http or https address (the scheme in any case).
    static func isWeb(_ text: String) -> Bool {
        let lowered = text.prefix(8).lowercased()
        return lowered.hasPrefix("http://") || lowered.hasPrefix("https://")
    }

    /// The address a link is asked as: its `#fragment` dropped (a server
    /// never sees it), or nil when it is not an http or https address that
    /// names a host.
    static func asked(_ text: String) -> String? {
        guard isWeb(text) else { return nil }
        let withoutFragment = text.firstIndex(of: "#").map { String(text[..<$0]) } ?? text
        guard let url = URL(string: withoutFragment), let host = url.host, !host.isEmpty else { return nil }
        return withoutFragment
    }

    /// The host of an address, lowercased, or "" when it has none.
    static func host(of address: String) -> String {
        URL(string: address)?.host?.lowercased() ?? ""
    }
}
