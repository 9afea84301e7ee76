import Diagnostics
import Foundation

/// Finds links to pages that do not exist (`broken-link`), or are drafts left
/// out of the build, and to anchors a page does not have (`broken-anchor`).
public struct CrossReferenceChecker: Checker {
    public init() {}

    public func check(_ context: CheckContext) -> [Diagnostic] {
        let patterns = context.site.patterns
        let unreadable = context.site.unreadablePages
        // Each slug's page, as an index: a page is too big to copy.
        let pages = Dictionary(patterns.indices.map { (patterns[$0].slug, $0) }, uniquingKeysWith: { first, _ in first })
        // Whether each page is published, looked up once a page rather than once a link.
        let published = patterns.map { context.publishedSlugs.contains($0.slug) }
        // Every page's slug, sorted once, when a link is broken.
        let sortedSlugs = Once<[String]>()
        let slugs: @Sendable () -> [String] = { sortedSlugs.get { pages.keys.sorted() } }
        // The pages whose links are checked: every page, or those whose findings are wanted.
        if let files = context.reportedFiles {
            let reported = patterns.indices.filter { published[$0] && files.contains(patterns[$0].file) }
            return reported.flatMap { links(of: $0, patterns, pages: pages, published: published, unreadable: unreadable, slugs: slugs) }
        }
        // Each published page's links, in parts on every core (ten thousand
        // pages have fifty thousand links), each page's in the order written.
        let found = ParallelMap.map(ParallelMap.parts(of: patterns.count)) { part -> [Diagnostic] in
            var diagnostics: [Diagnostic] = []
            for index in part where published[index] {
                diagnostics += links(of: index, patterns, pages: pages, published: published, unreadable: unreadable, slugs: slugs)
            }
            return diagnostics
        }
        return found.flatMap { $0 }
    }

    /// The findings about the links of the page at `index`, in the order written.
    private func links(of index: Int, _ patterns: [Pattern], pages: [String: Int], published: [Bool], unreadable: Set<String>, slugs: () -> [String]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let pattern = patterns[index]
        for reference in pattern.crossReferences {
            guard let target = pages[reference.slug] else {
                if !unreadable.contains(reference.slug) { diagnostics.append(Self.brokenLink(reference, slugs: slugs)) }
                continue
            }
            if !published[target] {
                diagnostics.append(Self.draftLink(reference))
            } else if let anchor = reference.anchor, !anchor.isEmpty, Self.lacks(patterns[target], anchor) {
                diagnostics.append(Self.brokenAnchor(reference, anchor, in: patterns[target], from: pattern))
            }
        }
        return diagnostics
    }

    /// Whether `page` lacks `anchor`: a rule's anchor is not missing from
    /// a page whose own findings say a mistake hid some of its rules.
    private static func lacks(_ page: Pattern, _ anchor: String) -> Bool {
        !page.anchors.contains(anchor) && !(page.rulesIncomplete && anchor.hasPrefix("rule-"))
    }

    private static func draftLink(_ reference: CrossReference) -> Diagnostic {
        Diagnostic(.brokenLink, "the link to '\(reference.destination)' points at a draft, which this build leaves out; publish it or build with --drafts", at: reference.location)
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
