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
        // Every page's slug, sorted once, when a link is broken.
        var slugs: [String]?
        for index in part where published[index] {
            diagnostics += findings(for: patterns[index], unreadable: unreadable, slugs: {
                if slugs == nil { slugs = pages.keys.sorted() }
                return slugs!
            }) { slug in
                pages[slug].map { (patterns[$0], published[$0]) }
            }
        }
        return diagnostics
    }

    /// The findings about the links of one published page: `target` finds
    /// the page a slug names, and whether it is published; `slugs` gives
    /// every page's slug, sorted, for suggestions. A rebuild checks the
    /// links of the pages it read again this way, finding only their targets.
    static func findings(for pattern: Pattern, unreadable: Set<String>, slugs: () -> [String],
                         target: (String) -> (page: Pattern, published: Bool)?) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // Each link read where it is: fifty thousand of them on a large site.
        pattern.crossReferences.withUnsafeBufferPointer { references in
            for reference in references.indices {
                guard let (page, published) = target(references[reference].slug) else {
                    if unreadable.contains(references[reference].slug) { continue }
                    diagnostics.append(brokenLink(references[reference], slugs: slugs))
                    continue
                }
                if !published {
                    diagnostics.append(Diagnostic(.brokenLink, "the link to '\(references[reference].destination)' points at a draft, which this build leaves out; publish it or build with --drafts", at: references[reference].location))
                    continue
                }
                if let anchor = references[reference].anchor, !anchor.isEmpty, !page.anchors.contains(anchor),
                   !(page.rulesIncomplete && anchor.hasPrefix("rule-")) {
                    diagnostics.append(brokenAnchor(references[reference], anchor, in: page, from: pattern))
                }
            }
        }
        return diagnostics
    }

    private static func brokenLink(_ reference: CrossReference, slugs: () -> [String]) -> Diagnostic {
        var message = "the link to '\(reference.destination)' names no page: there is no \(Site.Paths.patterns)/\(reference.slug).md"
        if let suggestion = Suggestion.nearest(to: reference.slug, in: slugs()) {
            message += "; did you mean '\(suggestion).md'?"
        }
        return Diagnostic(.brokenLink, message, at: reference.location)
    }

    private static func brokenAnchor(_ reference: CrossReference, _ anchor: String, in target: Pattern, from pattern: Pattern) -> Diagnostic {
        var message = "the link to '\(reference.destination)' names the anchor '#\(anchor)', which \(target.slug == pattern.slug ? "this page" : "'\(target.slug)'") does not have"
        if let suggestion = Suggestion.nearest(to: anchor, in: target.anchors.sorted) {
            message += "; did you mean '#\(suggestion)'?"
        } else if anchor.hasPrefix("rule-") {
            message += " (it has \(target.rules.count) rule\(target.rules.count == 1 ? "" : "s"))"
        }
        return Diagnostic(.brokenAnchor, message, at: reference.location)
    }
}
