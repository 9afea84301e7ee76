/// Finds links to pages that do not exist (`broken-link`), or are drafts left
/// out of the build, and to anchors a page does not have (`broken-anchor`).
public struct CrossReferenceChecker: Checker {
    public init() {}

    public func check(_ context: CheckContext) -> [Diagnostic] {
        let patterns = context.site.patterns
        // Each slug's page, as an index: a page is too big to copy.
        let pages = Dictionary(patterns.indices.map { (patterns[$0].slug, $0) }, uniquingKeysWith: { first, _ in first })
        // Whether each page is published, looked up once a page rather than once a link.
        let published = patterns.map { context.publishedSlugs.contains($0.slug) }
        var diagnostics: [Diagnostic] = []
        for (index, pattern) in patterns.enumerated() where published[index] {
            for reference in pattern.crossReferences {
                guard let targetIndex = pages[reference.slug] else {
                    if context.site.unreadablePages.contains(reference.slug) { continue }
                    var message = "the link to '\(reference.destination)' names no page: there is no \(Site.Paths.patterns)/\(reference.slug).md"
                    if let suggestion = Suggestion.nearest(to: reference.slug, in: Array(pages.keys).sorted()) {
                        message += "; did you mean '\(suggestion).md'?"
                    }
                    diagnostics.append(Diagnostic(.brokenLink, message, at: reference.location))
                    continue
                }
                let target = patterns[targetIndex]
                if !published[targetIndex] {
                    diagnostics.append(Diagnostic(.brokenLink, "the link to '\(reference.destination)' points at a draft, which this build leaves out; publish it or build with --drafts", at: reference.location))
                    continue
                }
                if let anchor = reference.anchor, !anchor.isEmpty, !target.anchors.contains(anchor) {
                    var message = "the link to '\(reference.destination)' names the anchor '#\(anchor)', which \(target.slug == pattern.slug ? "this page" : "'\(target.slug)'") does not have"
                    if let suggestion = Suggestion.nearest(to: anchor, in: target.anchors.sorted()) {
                        message += "; did you mean '#\(suggestion)'?"
                    } else if anchor.hasPrefix("rule-") {
                        message += " (it has \(target.rules.count) rule\(target.rules.count == 1 ? "" : "s"))"
                    }
                    diagnostics.append(Diagnostic(.brokenAnchor, message, at: reference.location))
                }
            }
        }
        return diagnostics
    }
}
