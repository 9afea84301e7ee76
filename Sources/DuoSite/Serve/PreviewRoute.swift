/// Where a request's target leads in the preview: a file of the site (by
/// its path in the output: `index.html`, `patterns/x/index.html`,
/// `assets/site.css`), the live-reload stream, or nowhere (a bad target).
/// Resolved from the target as sent, so that no encoding of `..`, a slash,
/// a backslash or a NUL can name a file outside the site.
enum PreviewRoute: Equatable, Sendable {
    /// A file of the site, by its path in the output; `folder` when the
    /// target named a folder (it ended in `/`).
    case file(String)
    /// The Server-Sent Events of rebuilds.
    case live
    /// A target that names no file a site could have: 400.
    case bad

    /// The live-reload stream's address.
    static let livePath = "/_duosite/live"

    /// The route of `target` (`/patterns/x/?q=1`).
    static func resolve(_ target: String) -> PreviewRoute {
        var path = Substring(target)
        if let cut = path.firstIndex(where: { $0 == "?" || $0 == "#" }) { path = path[..<cut] }
        guard path.hasPrefix("/"), let decoded = decode(path.utf8) else { return .bad }
        if decoded == livePath { return .live }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        // Every segment but the last a real name: no `.`, `..`, empty (`//`) or hidden one.
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            if segment.isEmpty && !isLast { return .bad }
            if segment == "." || segment == ".." { return .bad }
        }
        let relative = String(decoded.dropFirst())
        if relative.isEmpty || relative.hasSuffix("/") { return .file(relative + "index.html") }
        return .file(relative)
    }

    /// The target's path percent-decoded, or nil when it holds what no
    /// site's path may: a bad escape, an encoded `/` or `\`, a backslash,
    /// a NUL or another control character, or bytes that are not UTF-8.
    private static func decode(_ bytes: Substring.UTF8View) -> String? {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            var byte = bytes[index]
            index = bytes.index(after: index)
            if byte == UInt8(ascii: "%") {
                guard index < bytes.endIndex, let high = hex(bytes[index]) else { return nil }
                index = bytes.index(after: index)
                guard index < bytes.endIndex, let low = hex(bytes[index]) else { return nil }
                index = bytes.index(after: index)
                byte = high << 4 | low
                if byte == UInt8(ascii: "/") { return nil }
            }
            if byte < 0x20 || byte == 0x7F || byte == UInt8(ascii: "\\") { return nil }
            output.append(byte)
        }
        return String(validating: output, as: UTF8.self)
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
