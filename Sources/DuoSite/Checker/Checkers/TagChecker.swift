import Diagnostics

/// Finds tags that cannot have a page of their own (`invalid-tag`): a tag
/// with no Latin letter or digit for its address (`'!!'`, `日本`), and two tags written
/// differently that make the same address (`Tab bar` and `tab-bar`, both
/// `/tags/tab-bar/`), reported at each way of writing it, on every page
/// that writes it first so; and links to a tag page no published page's
/// tag makes (`broken-link`). One pass over every page's tags.
public struct TagChecker: Checker {
    public init() {}

    public func check(_ context: CheckContext) -> [Diagnostic] {
        Self.findings(in: context.site.patterns) + Self.links(in: context.site.patterns, published: context.publishedSlugs)
    }

    /// The links of `patterns` to tag pages that the build does not write:
    /// a tag that no page among `published` carries.
    static func links(in patterns: [Pattern], published: Set<String>) -> [Diagnostic] {
        guard patterns.contains(where: { !$0.tagAddresses.isEmpty }) else { return [] }
        var slugs = Set<String>()
        var seen = Set<String>()
        for pattern in patterns where published.contains(pattern.slug) {
            // A site has a few dozen tags, on ten thousand pages: each made an address once.
            for tag in pattern.frontMatter.tags where seen.insert(tag).inserted {
                if let slug = Tag.slug(tag) { slugs.insert(slug) }
            }
        }
        var diagnostics: [Diagnostic] = []
        for pattern in patterns {
            for address in pattern.tagAddresses {
                guard let slug = address.tagSlug, !slug.isEmpty, !slugs.contains(slug) else { continue }
                var message = "the link to '\(address.destination)' names a tag no published page carries, so readers would get the page that is not found; a tag's page is /tags/<slug>/, and /tags/ lists them"
                if let suggestion = Suggestion.nearest(to: slug, in: slugs.sorted()) {
                    message += "; did you mean '/tags/\(suggestion)/'?"
                }
                diagnostics.append(Diagnostic(.brokenLink, message, at: address.location))
            }
        }
        return diagnostics
    }

    /// The findings about the tags of `patterns`, in page file order.
    static func findings(in patterns: [Pattern]) -> [Diagnostic] {
        // Each address's ways of writing it: the tag, and where it is first written so.
        var ways: [String: [(tag: String, location: SourceLocation)]] = [:]
        var addresses: [String] = []
        var diagnostics: [Diagnostic] = []
        // Each way of writing a tag made an address once: a site has a few
        // dozen tags, on ten thousand pages.
        var slugOf: [String: String?] = [:]
        for pattern in patterns {
            let front = pattern.frontMatter
            for (index, tag) in front.tags.enumerated() {
                let known = slugOf[tag]
                guard let slug = known ?? Tag.slug(tag) else {
                    slugOf[tag] = .some(nil)
                    diagnostics.append(Diagnostic(.invalidTag, "the tag '\(tag)' has no Latin letter or digit, so its page has no address (/tags/<slug>/ is made of them); add a word in Latin letters, or remove the tag", at: front.tagLocation(index)))
                    continue
                }
                // A way of writing it already met: its first place is noted.
                guard known == nil else { continue }
                slugOf[tag] = .some(slug)
                if ways[slug] == nil { addresses.append(slug) }
                ways[slug, default: []].append((tag, front.tagLocation(index)))
            }
        }
        for slug in addresses {
            guard let known = ways[slug], known.count > 1 else { continue }
            for (index, way) in known.enumerated() {
                let others = known.enumerated().filter { $0.offset != index }
                    .map { "'\($0.element.tag)' (\($0.element.location.file):\($0.element.location.line))" }.joined(separator: ", ")
                diagnostics.append(Diagnostic(.invalidTag, "the tag '\(way.tag)' makes the same address, \(Tag.path(slug)), as \(others); write one tag the same way on every page", at: way.location))
            }
        }
        return diagnostics
    }
}
