import Diagnostics

/// Checks a page's links written relative to it that are not to a page's
/// file (`other`, `../other/`, `other.html`): kept as written, they lead
/// nowhere from the page's file on GitHub, and seldom where they were meant
/// to from its address (`broken-link`), with the page's file suggested
/// where the link surely meant one.
public struct RelativeLinkChecker: PageChecker {
    public init() {}

    public func check(_ pattern: Pattern, _ context: CheckContext) -> [Diagnostic] {
        pattern.outline.relativeLinks.map { Diagnostic(.brokenLink, Self.message($0.url), at: $0.location) }
    }

    /// What to say of a relative link that is not to a page's file.
    static func message(_ url: String) -> String {
        guard !url.isEmpty else { return "a link with no address; give it one, or remove the link" }
        var message = "the link to '\(url)' is relative but not to a page's file; only links to pages' files ('other.md', 'other.md#rule-1') are made into pages' addresses, and work both on GitHub and on the published site: link to the page's file, or give a full address ('https://…')"
        // `other#rule-1`, `other/`, `../other/`, `other.html`: surely a page.
        let hash = url.firstIndex(of: "#")
        let path = url[..<(hash ?? url.endIndex)]
        var name = path.split(separator: "/").last.map(String.init) ?? ""
        if name.hasSuffix(".html") { name.removeLast(5) }
        if name == "index", let folder = path.split(separator: "/").dropLast().last { name = String(folder) }
        if Slug.make(name) == name {
            message += "; did you mean '\(name).md\(hash.map { String(url[$0...]) } ?? "")'?"
        }
        return message
    }
}
