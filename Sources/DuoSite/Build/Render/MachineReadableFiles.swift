import Bytes
import Foundation

/// The site-wide files beside the pages: `sitemap.xml`, the Atom
/// `feed.xml`, `robots.txt` and `api/pages.json`. Dates are the pages'
/// last-checked dates, never the clock, so that builds are reproducible.
enum MachineReadableFiles {
    /// `sitemap.xml`, with `lastmod` the last-checked date: in the writer
    /// that wrote it, written out from there (`OutputFolder.write`), as the
    /// feed and `api/pages.json` are.
    /// The page listing the tags and each tag's page (`tags`) follow, a
    /// tag's with its newest page's last-checked date.
    static func sitemap(_ pages: [Pattern], tags: [TagGroup], baseURL: String) -> ByteBuffer {
        var xml = ByteBuffer(capacity: 256 + (pages.count + tags.count) * 120)
        xml.append("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n")
        xml.append("  <url><loc>")
        xml.appendEscapingXML(baseURL + "/")
        xml.append("</loc>")
        if let newest = pages.map { $0.frontMatter.lastChecked.value }.max() {
            xml.append("<lastmod>")
            xml.append(newest)
            xml.append("</lastmod>")
        }
        xml.append("</url>\n")
        let base = xmlBase(baseURL)
        for page in pages {
            xml.append(markup: "  <url><loc>")
            xml.appendXMLPageAddress(base: base, slug: page.slug)
            xml.append(markup: "</loc><lastmod>")
            xml.append(page.frontMatter.lastChecked.value)
            xml.append(markup: "</lastmod></url>\n")
        }
        // The page listing the tags, which a build always writes.
        xml.append(markup: "  <url><loc>")
        xml.appendEscapingXML(baseURL + Tag.indexPath)
        xml.append(markup: "</loc></url>\n")
        for group in tags {
            xml.append(markup: "  <url><loc>")
            xml.appendEscapingXML(baseURL + Tag.path(group.slug))
            xml.append(markup: "</loc>")
            if let newest = group.pages.map { $0.frontMatter.lastChecked.value }.max() {
                xml.append(markup: "<lastmod>")
                xml.append(newest)
                xml.append(markup: "</lastmod>")
            }
            xml.append(markup: "</url>\n")
        }
        xml.append("</urlset>\n")
        return xml
    }

    /// How many pages the feed lists: the ones checked most recently. A feed
    /// reader fetches the whole feed each time it looks; a site of ten
    /// thousand pages would otherwise serve megabytes for the few entries
    /// that are new. (Publish's feeds hold 100 items by default too.)
    static let feedEntries = 100

    /// The Atom feed: the ``feedEntries`` pages checked most recently,
    /// newest check first (pages checked the same day by address).
    static func feed(_ pages: [Pattern], settings: SiteSettings, baseURL: String) -> ByteBuffer {
        // Indices sorted rather than pages (each move of a page is a reference
        // count change), by date first: slugs are compared only on a tie.
        let days = pages.map { $0.frontMatter.lastChecked.value }
        let order = pages.indices.sorted { days[$0] != days[$1] ? days[$0] > days[$1] : pages[$0].slug < pages[$1].slug }
            .prefix(feedEntries)
        var xml = ByteBuffer(capacity: 1_024 + order.count * 600)
        xml.append("<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"")
        xml.appendEscapingXML(settings.language)
        xml.append("\">\n  <title>")
        xml.appendEscapingXML(settings.title)
        xml.append("</title>\n  <subtitle>")
        xml.appendEscapingXML(settings.description)
        xml.append("</subtitle>\n  <id>")
        xml.appendEscapingXML(baseURL + "/")
        xml.append("</id>\n  <link rel=\"alternate\" type=\"text/html\" href=\"")
        xml.appendEscapingXML(baseURL + "/")
        xml.append("\"/>\n  <link rel=\"self\" type=\"application/atom+xml\" href=\"")
        xml.appendEscapingXML(baseURL + "/feed.xml")
        xml.append("\"/>\n  <updated>")
        if let newest = order.first {
            xml.append(days[newest])
            xml.append("T00:00:00Z")
        } else {
            xml.append("1970-01-01T00:00:00Z")
        }
        xml.append("</updated>\n  <author><name>")
        xml.appendEscapingXML(settings.title)
        xml.append("</name></author>\n")
        let base = xmlBase(baseURL)
        for index in order {
            let page = pages[index]
            xml.append(markup: "  <entry>\n    <title>")
            xml.appendEscapingXML(page.frontMatter.title.value)
            xml.append(markup: "</title>\n    <id>")
            xml.appendXMLPageAddress(base: base, slug: page.slug)
            xml.append(markup: "</id>\n    <link rel=\"alternate\" type=\"text/html\" href=\"")
            xml.appendXMLPageAddress(base: base, slug: page.slug)
            xml.append(markup: "\"/>\n    <updated>")
            xml.append(days[index])
            xml.append(markup: "T00:00:00Z</updated>\n    <summary>")
            xml.appendEscapingXML(page.frontMatter.summary.value)
            xml.append(markup: "</summary>\n  </entry>\n")
        }
        xml.append("</feed>\n")
        return xml
    }

    /// `baseURL` escaped for XML, once for every page's address.
    private static func xmlBase(_ baseURL: String) -> [UInt8] {
        var base = ByteBuffer(capacity: baseURL.utf8.count + 16)
        base.appendEscapingXML(baseURL)
        return base.finish()
    }

    /// `baseURL` escaped for a JSON string (without its quotes), once for every page's address.
    private static func jsonBase(_ baseURL: String) -> [UInt8] {
        var base = ByteBuffer(capacity: baseURL.utf8.count + 16)
        base.appendJSONContent(baseURL)
        return base.finish()
    }

    /// `robots.txt`: everything may be crawled; the sitemap's address.
    static func robots(baseURL: String) -> String {
        "User-agent: *\nAllow: /\n\nSitemap: \(baseURL)/sitemap.xml\n"
    }

    /// `api/pages.json`: each page's review state, for dashboards and
    /// notifiers, its tags, its aliases (the other addresses it answers
    /// at, root-relative), and for each of its rules the pages citing it
    /// (`links`), each at the place the citation stands.
    static func pagesJSON(_ pages: [Pattern], links: PageLinks = PageLinks(), settings: SiteSettings, baseURL: String, today: Day) -> ByteBuffer {
        // About a kilobyte and a half a page (its rules and what cites them): no growing, copied whole, at ten thousand pages.
        var json = ByteBuffer(capacity: 64 + pages.count * 1_600)
        json.append("{\n  \"generated_for\": \"")
        json.append(today)
        json.append("\",\n  \"pages\": [\n")
        let base = jsonBase(baseURL)
        // Pages checked the same day with the same interval share their review.
        var reviews = ReviewsByDay(settings: settings, today: today, texts: false)
        for (index, page) in pages.enumerated() {
            if index > 0 { json.append(markup: ",\n") }
            let review = reviews.review(of: page)
            json.append(markup: "    {\"title\": ")
            json.appendJSONString(page.frontMatter.title.value)
            json.append(markup: ", \"slug\": ")
            json.appendJSONString(page.slug)
            json.append(markup: ", \"url\": ")
            json.appendJSONPageAddress(base: base, slug: page.slug)
            json.append(markup: ", \"path\": ")
            json.appendJSONPageAddress(base: [], slug: page.slug)
            json.append(markup: ", \"status\": ")
            json.appendJSONString(page.frontMatter.status.value.rawValue)
            json.append(markup: ", \"owner\": ")
            if let owner = page.frontMatter.owner { json.appendJSONString(owner) } else { json.append(markup: "null") }
            json.append(markup: ", \"last_checked\": \"")
            json.append(page.frontMatter.lastChecked.value)
            json.append(markup: "\", \"due\": \"")
            json.append(review.due)
            json.append(markup: "\", \"review\": ")
            json.appendJSONString(review.status.rawValue)
            json.append(markup: ", \"tags\": [")
            for (place, tag) in page.frontMatter.tags.enumerated() {
                if place > 0 { json.append(markup: ", ") }
                json.appendJSONString(tag)
            }
            json.append(markup: "], \"aliases\": [")
            for (place, alias) in page.frontMatter.aliases.enumerated() {
                if place > 0 { json.append(markup: ", ") }
                json.appendJSONString(alias.value)
            }
            json.append(markup: "], \"rules\": [")
            let ruleLinks = links.rules(of: page.slug)
            for rule in page.rules {
                if rule.number > 1 { json.append(markup: ", ") }
                json.append(markup: "{\"number\": ")
                json.append(rule.number)
                json.append(markup: ", \"cited_by\": [")
                let citing = rule.number <= ruleLinks.count ? ruleLinks[rule.number - 1].citedBy : []
                for (place, entry) in citing.enumerated() {
                    if place > 0 { json.append(markup: ", ") }
                    json.append(markup: "{\"title\": ")
                    json.appendJSONString(entry.title)
                    json.append(markup: ", \"url\": ")
                    json.appendJSONString(baseURL + entry.url)
                    json.append(markup: ", \"path\": ")
                    json.appendJSONString(entry.url)
                    json.append(markup: "}")
                }
                json.append(markup: "]}")
            }
            json.append(markup: "]}")
        }
        json.append("\n  ]\n}\n")
        return json
    }
}

extension ByteBuffer {
    /// Appends the address of the page `slug` on the site at `base`, for
    /// XML: `base` as it is (escaped for XML already, once for every page),
    /// then `/patterns/<slug>/`, the bytes of `appendEscapingXML(base +
    /// page.path)` without making that string for each page.
    fileprivate mutating func appendXMLPageAddress(base: [UInt8], slug: String) {
        append(base.span)
        append(markup: "/patterns/")
        appendEscapingXML(slug)
        append(byte: UInt8(ascii: "/"))
    }

    /// Appends the address of the page `slug` as a JSON string: `base` as it
    /// is (escaped for JSON already, without quotes; empty for a
    /// root-relative path), then `/patterns/<slug>/`, the bytes of
    /// `appendJSONString(base + page.path)`.
    fileprivate mutating func appendJSONPageAddress(base: [UInt8], slug: String) {
        append(byte: UInt8(ascii: "\""))
        append(base.span)
        append(markup: "/patterns/")
        appendJSONContent(slug)
        append(markup: "/\"")
    }

    /// Appends a 64-bit number's eight bytes, least significant first.
    fileprivate mutating func append(word: UInt64) {
        var rest = word
        for _ in 0..<8 {
            append(byte: UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
    }
}
