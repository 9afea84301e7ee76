extension SiteAddress {
    /// For a link to a tag page, the tag's slug, or "" for the page of the
    /// tags (`/tags/`, `/tags/index.html`); nil for any other address.
    /// (`/tags/bars/`, `/tags/bars/index.html` and `/tags/bars` alike.)
    var tagSlug: String? {
        guard destination.hasBytePrefix("/tags/") || destination == "/tags" else { return nil }
        var path = Substring(destination.dropFirst("/tags".count))
        if let end = path.firstIndex(where: { $0 == "#" || $0 == "?" }) { path = path[..<end] }
        var rest = String(path).removingPercentEncodingIfPossible
        if rest.hasSuffix("index.html") { rest.removeLast("index.html".count) }
        return rest.split(separator: "/", omittingEmptySubsequences: true).joined(separator: "/")
    }
}
