import Mustache

/// The contexts of the pages the theme renders beside the pattern pages:
/// the index (every published page), the 404 page, a page's alias and a
/// withdrawn address's page.
extension PageContext {
    /// The index's context: `pages` in the index's order.
    func index(_ pages: [Pattern]) -> CompactContext {
        let keys = self.keys
        // Pages share their days and review intervals: each day's texts, and
        // whether a page checked then is stale, are made once.
        var reviews = ReviewsByDay(settings: site.settings, today: today, texts: true)
        // Room for every page's values and texts from the start.
        var context = CompactContext.Builder(slots: 16 * pages.count + 64, bytes: 512 * pages.count + 4_096)
        context.beginObject(nil)
        addSite(to: &context)
        addListing(pages, reviews: &reviews, to: &context)
        context.beginObject(keys.head)
        context.add(keys.title, site.settings.title)
        context.add(keys.description, site.settings.description)
        context.add(keys.canonical, HTMLText.safeURL(baseURL + "/"))
        context.add(keys.ogType, "website")
        context.add(keys.jsonLD, StructuredData.website(site: site, baseURL: baseURL))
        context.add(keys.stylesheet, stylesheet)
        context.add(keys.noindex, false)
        context.end()
        context.end()
        return context.finish()
    }

    /// Writes `patterns`: each of `pages` as the index lists it, `{title,
    /// summary, url, status, lastChecked, stale, draft, tags}`.
    func addListing(_ pages: [Pattern], reviews: inout ReviewsByDay, to context: inout CompactContext.Builder) {
        let keys = self.keys
        context.beginList(keys.patterns)
        for pattern in pages {
            let review = reviews.review(of: pattern)
            context.beginObject(nil)
            context.add(keys.title, pattern.frontMatter.title.value)
            context.add(keys.summary, pattern.frontMatter.summary.value)
            context.add(keys.url, pattern.path)
            addStatus(pattern.frontMatter.status.value, to: &context)
            addDay(keys.lastChecked, iso: review.iso, long: review.long, to: &context)
            context.add(keys.stale, review.status == .stale)
            context.add(keys.draft, pattern.frontMatter.draft)
            addTags(pattern.frontMatter.tags, to: &context)
            context.end()
        }
        context.end()
    }

    /// The 404 page's context.
    func notFound() -> CompactContext {
        let keys = self.keys
        var context = CompactContext.Builder()
        context.beginObject(nil)
        addSite(to: &context)
        context.beginObject(keys.head)
        context.add(keys.title, "Page not found — \(site.settings.title)")
        context.add(keys.description, "This page does not exist on \(site.settings.title).")
        context.add(keys.canonical, HTMLText.safeURL(baseURL + "/404.html"))
        context.add(keys.ogType, "website")
        context.add(keys.stylesheet, stylesheet)
        context.add(keys.noindex, true)
        context.end()
        context.end()
        return context.finish()
    }

    /// The context of an alias of `page`: the page an old address sends
    /// its reader on to (`alias.mustache`).
    func alias(of page: Pattern) -> CompactContext {
        let keys = self.keys
        var context = CompactContext.Builder()
        context.beginObject(nil)
        addSite(to: &context)
        context.beginObject(keys.head)
        context.add(keys.title, "\(page.frontMatter.title.value) — \(site.settings.title)")
        context.add(keys.canonical, HTMLText.safeURL(baseURL + page.path))
        context.add(keys.stylesheet, stylesheet)
        context.add(keys.noindex, true)
        context.end()
        context.beginObject(keys.page)
        context.add(keys.title, page.frontMatter.title.value)
        context.add(keys.url, HTMLText.safeURL(page.path))
        context.end()
        context.end()
        return context.finish()
    }

    /// The context of the page at `address`, which site.yml's `gone:`
    /// lets go (`gone.mustache`).
    func gone(_ address: String) -> CompactContext {
        let keys = self.keys
        var context = CompactContext.Builder()
        context.beginObject(nil)
        addSite(to: &context)
        context.beginObject(keys.head)
        context.add(keys.title, "Withdrawn — \(site.settings.title)")
        context.add(keys.description, "This pattern was withdrawn from \(site.settings.title).")
        context.add(keys.canonical, HTMLText.safeURL(baseURL + address))
        context.add(keys.ogType, "website")
        context.add(keys.stylesheet, stylesheet)
        context.add(keys.noindex, true)
        context.end()
        context.beginObject(keys.page)
        context.add(keys.url, address)
        context.end()
        context.end()
        return context.finish()
    }
}
