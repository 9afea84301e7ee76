import Foundation

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
        // The links are checked in parts, on every core: with ten thousand
        // pages this is the longest of the checks across pages.
        let partSize = max(1_000, patterns.count / (2 * ProcessInfo.processInfo.activeProcessorCount) + 1)
        let parts = stride(from: 0, to: patterns.count, by: partSize).map { $0..<min($0 + partSize, patterns.count) }
        return ParallelMap.map(parts) { part in
            Self.check(patterns, part, pages: pages, published: published, unreadable: context.site.unreadablePages)
        }.flatMap { $0 }
    }

    /// The findings about the links of the pages in `part`.
    private static func check(_ patterns: [Pattern], _ part: Range<Int>, pages: [String: Int], published: [Bool], unreadable: Set<String>) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        for index in part where published[index] {
            let pattern = patterns[index]
            for reference in pattern.crossReferences {
                guard let targetIndex = pages[reference.slug] else {
                    if unreadable.contains(reference.slug) { continue }
                    var message = "the link to '\(reference.destination)' names no page: there is no \(Site.Paths.patterns)/\(reference.slug).md"
                    if let suggestion = Suggestion.nearest(to: reference.slug, in: Array(pages.keys).sorted()) {
                        message += "; did you mean '\(suggestion).md'?"
                    }
                    diagnostics.append(Diagnostic(.brokenLink, message, at: reference.location))
                    continue
                }
                if !published[targetIndex] {
                    diagnostics.append(Diagnostic(.brokenLink, "the link to '\(reference.destination)' points at a draft, which this build leaves out; publish it or build with --drafts", at: reference.location))
                    continue
                }
                if let anchor = reference.anchor, !anchor.isEmpty, !patterns[targetIndex].anchors.contains(anchor) {
                    let target = patterns[targetIndex]
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
