/// The site-wide files beside the pages: `sitemap.xml`, the Atom
/// `feed.xml`, `robots.txt` and `api/pages.json`. Dates are the pages'
/// last-checked dates, never the clock, so that builds are reproducible.
enum SiteFiles {
    /// `sitemap.xml`, with `lastmod` the last-checked date.
    static func sitemap(_ pages: [Pattern], baseURL: String) -> String {
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n"
        let newest = pages.map(\.frontMatter.lastChecked.value).max()
        xml += "  <url><loc>\(HTMLText.escapeXML(baseURL + "/"))</loc>\(newest.map { "<lastmod>\($0)</lastmod>" } ?? "")</url>\n"
        for page in pages {
            xml += "  <url><loc>\(HTMLText.escapeXML(baseURL + page.path))</loc><lastmod>\(page.frontMatter.lastChecked.value)</lastmod></url>\n"
        }
        return xml + "</urlset>\n"
    }

    /// The Atom feed: one entry per page, newest check first.
    static func feed(_ pages: [Pattern], settings: SiteSettings, baseURL: String) -> String {
        let sorted = pages.sorted { ($0.frontMatter.lastChecked.value, $1.slug) > ($1.frontMatter.lastChecked.value, $0.slug) }
        let updated = sorted.first.map { "\($0.frontMatter.lastChecked.value)T00:00:00Z" } ?? "1970-01-01T00:00:00Z"
        var xml = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:lang="\(HTMLText.escapeXML(settings.language))">
          <title>\(HTMLText.escapeXML(settings.title))</title>
          <subtitle>\(HTMLText.escapeXML(settings.description))</subtitle>
          <id>\(HTMLText.escapeXML(baseURL + "/"))</id>
          <link rel="alternate" type="text/html" href="\(HTMLText.escapeXML(baseURL + "/"))"/>
          <link rel="self" type="application/atom+xml" href="\(HTMLText.escapeXML(baseURL + "/feed.xml"))"/>
          <updated>\(updated)</updated>
          <author><name>\(HTMLText.escapeXML(settings.title))</name></author>

        """
        for page in sorted {
            let url = HTMLText.escapeXML(baseURL + page.path)
            xml += """
              <entry>
                <title>\(HTMLText.escapeXML(page.frontMatter.title.value))</title>
                <id>\(url)</id>
                <link rel="alternate" type="text/html" href="\(url)"/>
                <updated>\(page.frontMatter.lastChecked.value)T00:00:00Z</updated>
                <summary>\(HTMLText.escapeXML(page.frontMatter.summary.value))</summary>
              </entry>

            """
        }
        return xml + "</feed>\n"
    }

    /// `robots.txt`: everything may be crawled; the sitemap's address.
    static func robots(baseURL: String) -> String {
        "User-agent: *\nAllow: /\n\nSitemap: \(baseURL)/sitemap.xml\n"
    }

    /// `api/pages.json`: each page's review state, for dashboards and notifiers.
    static func pagesJSON(_ pages: [Pattern], settings: SiteSettings, baseURL: String, today: Day) -> String {
        let entries = pages.map { page -> String in
            let review = Review(page, settings: settings, today: today)
            let owner = page.frontMatter.owner.map(JSON.string) ?? "null"
            return """
                {"title": \(JSON.string(page.frontMatter.title.value)), "slug": \(JSON.string(page.slug)), "url": \(JSON.string(baseURL + page.path)), "path": \(JSON.string(page.path)), "status": \(JSON.string(page.frontMatter.status.value.rawValue)), "owner": \(owner), "last_checked": \(JSON.string(review.lastChecked.value.description)), "due": \(JSON.string(review.due.description)), "review": \(JSON.string(review.status.rawValue))}
            """
        }
        return "{\n  \"generated_for\": \(JSON.string(today.description)),\n  \"pages\": [\n" + entries.joined(separator: ",\n") + "\n  ]\n}\n"
    }
}
