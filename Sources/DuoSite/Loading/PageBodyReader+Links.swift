import Diagnostics
import Markdown

extension PageBodyReader {
    /// Sorts every link and image of the page by where it leads: another
    /// page (or this one, `#…`), the site's own addresses (tag pages among
    /// them), another site; the relative links that lead to no page, and
    /// every image, noted for the page's checks.
    mutating func collectLinks() {
        // Room for every link at once: most are links to other pages.
        crossReferences.reserveCapacity(document.links.count)
        for link in document.links {
            let url = link.url
            if link.isImage {
                outline.images.append(.init(url: url, hasAlt: !link.hasNoAlt, location: location(link.position)))
                // An image is shown from its address: files are not published from Content/.
                if CrossReference.isRelative(url) { continue }
                if SiteAddress.isOnSite(url) {
                    siteAddresses.append(SiteAddress(destination: url, isImage: true, location: location(link.position)))
                } else if LinkAddress.isWeb(url) {
                    externalLinks.append(ExternalLink(address: url, location: location(link.position)))
                }
                continue
            }
            if url.hasBytePrefix("#") {
                crossReferences.append(CrossReference(slug: slug, anchor: String(url.dropFirst()), destination: url, location: location(link.position)))
            } else if let target = CrossReference.target(of: url) ?? CrossReference.publishedTarget(of: url) {
                crossReferences.append(CrossReference(slug: target.slug, anchor: target.anchor, destination: url, location: location(link.position)))
            } else if CrossReference.isRelative(url) {
                outline.relativeLinks.append(.init(url: url, location: location(link.position)))
            } else if SiteAddress.isOnSite(url) {
                let address = SiteAddress(destination: url, isImage: false, location: location(link.position))
                if address.tagSlug != nil { tagAddresses.append(address) } else { siteAddresses.append(address) }
            } else if LinkAddress.isWeb(url) {
                externalLinks.append(ExternalLink(address: url, location: location(link.position)))
            }
        }
        for piece in document.rawHTML {
            outline.rawHTML.append(.init(html: piece.html, isBlock: piece.isBlock, location: location(piece.position)))
        }
    }

    /// Notes where each link to a page stands (`CrossReference.spot`): the
    /// last rule, question or section heading that starts before it; after
    /// the rule list, its section's heading.
    mutating func placeLinks() {
        guard !crossReferences.isEmpty else { return }
        var marks: [(position: SourcePosition, anchor: String)] = []
        marks.reserveCapacity(sections.count + rules.count + faq.count + 1)
        func mark(_ location: SourceLocation, _ anchor: String) {
            marks.append((SourcePosition(line: location.line, column: location.column), anchor))
        }
        sections.forEach { mark($0.location, $0.anchor) }
        rules.forEach { mark($0.location, $0.anchor) }
        faq.forEach { mark($0.location, $0.anchor) }
        if let end = ruleListEnd, let section = sections.first(where: { $0.role == .rules }) {
            marks.append((SourcePosition(line: end.line, column: end.column + 1), section.anchor))
        }
        marks.sort { $0.position < $1.position }
        for index in crossReferences.indices {
            let at = SourcePosition(line: crossReferences[index].location.line, column: crossReferences[index].location.column)
            // The last mark at or before the link.
            var low = 0, high = marks.count
            while low < high {
                let middle = (low + high) / 2
                if at < marks[middle].position { high = middle } else { low = middle + 1 }
            }
            crossReferences[index].spot = low == 0 ? nil : marks[low - 1].anchor
        }
    }
}
