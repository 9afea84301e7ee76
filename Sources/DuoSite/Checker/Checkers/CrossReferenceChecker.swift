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
        // With ten thousand pages this is the longest of the checks across
        // pages, so it goes in two passes, each in parts on every core.
        // First each published page's links are found their page, and
        // those to no page or to a draft reported; then the links that name
        // an anchor are taken page by page of the pages they name, so that
        // each page's anchors are read once for every link to it, not once a
        // link from wherever it lies in memory.
        let parts = ParallelMap.parts(of: patterns.count)
        let found = ParallelMap.map(parts) { part -> (findings: [Finding], anchored: [AnchoredLink]) in
            var findings: [Finding] = [], anchored: [AnchoredLink] = []
            for index in part where published[index] {
                let list = patterns[index].crossReferences
                let references = list.span
                for reference in references.indices {
                    guard let target = pages[references[reference].slug] else {
                        if unreadable.contains(references[reference].slug) { continue }
                        findings.append(Finding(page: index, link: reference, diagnostic: Self.brokenLink(references[reference], slugs: slugs)))
                        continue
                    }
                    if !published[target] {
                        findings.append(Finding(page: index, link: reference, diagnostic: Self.draftLink(references[reference])))
                        continue
                    }
                    if let anchor = references[reference].anchor, !anchor.isEmpty {
                        anchored.append(AnchoredLink(page: Int32(index), link: Int32(reference), target: Int32(target), anchor: anchor))
                    }
                }
            }
            return (findings, anchored)
        }
        // The anchored links by the page they name (those naming page `t`
        // at `byTarget[t]..<byTarget[t + 1]`), in page file order, then link order.
        var counts = [Int](repeating: 0, count: patterns.count + 1)
        for part in found { for link in part.anchored { counts[Int(link.target) + 1] += 1 } }
        for index in patterns.indices { counts[index + 1] += counts[index] }
        var next = counts
        var placed = [AnchoredLink?](repeating: nil, count: counts[patterns.count])
        for part in found {
            for link in part.anchored {
                placed[next[Int(link.target)]] = link
                next[Int(link.target)] += 1
            }
        }
        let byTarget = counts, grouped = placed
        let missing = ParallelMap.map(parts) { part -> [Finding] in
            var findings: [Finding] = []
            for target in part where byTarget[target] < byTarget[target + 1] {
                let page = patterns[target]
                for place in byTarget[target]..<byTarget[target + 1] {
                    guard let link = grouped[place], Self.lacks(page, link.anchor) else { continue }
                    let pattern = patterns[Int(link.page)]
                    let reference = pattern.crossReferences[Int(link.link)]
                    findings.append(Finding(page: Int(link.page), link: Int(link.link), diagnostic: Self.brokenAnchor(reference, link.anchor, in: page, from: pattern)))
                }
            }
            return findings
        }
        // Each page's findings in the order of its links, pages in file order.
        return (found.flatMap(\.findings) + missing.flatMap { $0 })
            .sorted { ($0.page, $0.link) < ($1.page, $1.link) }
            .map(\.diagnostic)
    }

    /// A finding about one link: the page it is on, and its place among the page's links.
    private struct Finding: Sendable {
        let page: Int
        let link: Int
        let diagnostic: Diagnostic
    }

    /// A link that names an anchor of a published page: the page it is
    /// on, its place among the page's links, the page it names, and the anchor.
    private struct AnchoredLink: Sendable {
        let page: Int32
        let link: Int32
        let target: Int32
        let anchor: String
    }

    /// The findings about the links of one published page: `target` finds
    /// the page a slug names, and whether it is published; `slugs` gives
    /// every page's slug, sorted, for suggestions. A rebuild checks the
    /// links of the pages it read again this way, finding only their targets.
    static func findings(for pattern: Pattern, unreadable: Set<String>, slugs: () -> [String],
                         target: (String) -> (page: Pattern, published: Bool)?) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // Each link read where it is: fifty thousand of them on a large site.
        let list = pattern.crossReferences
        let references = list.span
        for reference in references.indices {
            guard let (page, published) = target(references[reference].slug) else {
                if unreadable.contains(references[reference].slug) { continue }
                diagnostics.append(brokenLink(references[reference], slugs: slugs))
                continue
            }
            if !published {
                diagnostics.append(draftLink(references[reference]))
                continue
            }
            if let anchor = references[reference].anchor, !anchor.isEmpty, lacks(page, anchor) {
                diagnostics.append(brokenAnchor(references[reference], anchor, in: page, from: pattern))
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
