import Mustache

/// The contexts of the tag pages: one for each tag (`tag.mustache`), and
/// the page listing every tag (`tags.mustache`).
extension PageContext {
    /// The breadcrumb of the page listing the tags, and of a tag's page
    /// (`tag`): the home page, the tags, then the tag (the last, no link).
    static func tagBreadcrumb(_ tag: String?) -> [(name: String, url: String?)] {
        guard let tag else { return [("All patterns", "/"), ("Tags", nil)] }
        return [("All patterns", "/"), ("Tags", Tag.indexPath), (tag, nil)]
    }

    /// The context of the tag page of `group`: `tag` is `{name, slug, url,
    /// count, countText}`, `patterns` its pages as the index lists them.
    func tag(_ group: TagGroup) -> CompactContext {
        let keys = self.keys
        var reviews = ReviewsByDay(settings: site.settings, today: today, texts: true)
        var context = CompactContext.Builder(slots: 16 * group.pages.count + 96, bytes: 512 * group.pages.count + 4_096)
        context.beginObject(nil)
        addSite(to: &context)
        context.beginObject(keys.tag)
        context.add(keys.name, group.name)
        context.add(keys.slug, group.slug)
        context.add(keys.url, Tag.path(group.slug))
        context.add(keys.count, group.pages.count)
        context.add(keys.countText, .counted(group.pages.count, "pattern", "patterns"))
        context.end()
        let breadcrumb = Self.tagBreadcrumb(group.name)
        addBreadcrumb(breadcrumb, to: &context)
        addListing(group.pages, reviews: &reviews, to: &context)
        let description = "The patterns tagged “\(group.name)” on \(site.settings.title)."
        addHead(title: .joining("Tagged “", group.name, "” — ", site.settings.title), description: description, path: Tag.path(group.slug),
                jsonLD: StructuredData.collection(name: "Tagged “\(group.name)”", description: description, path: Tag.path(group.slug),
                                                  items: group.pages.map { ($0.frontMatter.title.value, $0.path) },
                                                  breadcrumb: breadcrumb, site: site, baseURL: baseURL),
                to: &context)
        context.end()
        return context.finish()
    }

    /// The context of the page listing every tag: `tags`, `{name, slug,
    /// url, count, countText}` each, by slug.
    func tags(_ groups: [TagGroup]) -> CompactContext {
        let keys = self.keys
        var context = CompactContext.Builder(slots: 8 * groups.count + 96, bytes: 128 * groups.count + 4_096)
        context.beginObject(nil)
        addSite(to: &context)
        context.list(keys.tags) { list in
            for group in groups {
                list.object(nil) { item in
                    item.add(keys.name, group.name)
                    item.add(keys.slug, group.slug)
                    item.add(keys.url, Tag.path(group.slug))
                    item.add(keys.count, group.pages.count)
                    item.add(keys.countText, .counted(group.pages.count, "pattern", "patterns"))
                }
            }
        }
        let breadcrumb = Self.tagBreadcrumb(nil)
        addBreadcrumb(breadcrumb, to: &context)
        let description = "Every tag of \(site.settings.title), with how many patterns carry it."
        addHead(title: .joining("Tags — ", site.settings.title), description: description, path: Tag.indexPath,
                jsonLD: StructuredData.collection(name: "Tags", description: description, path: Tag.indexPath,
                                                  items: groups.map { ($0.name, Tag.path($0.slug)) },
                                                  breadcrumb: breadcrumb, site: site, baseURL: baseURL),
                to: &context)
        context.end()
        return context.finish()
    }

    /// Writes `breadcrumb`: `{name, url, position, current}` each, as a pattern page's.
    private func addBreadcrumb(_ crumbs: [(name: String, url: String?)], to context: inout CompactContext.Builder) {
        let keys = self.keys
        context.list(keys.breadcrumb) { list in
            for (index, crumb) in crumbs.enumerated() {
                list.object(nil) { item in
                    item.add(keys.name, crumb.name)
                    item.add(keys.position, index + 1)
                    item.add(keys.current, crumb.url == nil)
                    if let url = crumb.url { item.add(keys.url, url) }
                }
            }
        }
    }

    /// Writes `head` for a page of the site at `path`.
    private func addHead(title: String, description: String, path: String, jsonLD: String, to context: inout CompactContext.Builder) {
        let keys = self.keys
        context.beginObject(keys.head)
        context.add(keys.title, title)
        context.add(keys.description, description)
        context.add(keys.canonical, HTMLText.safeURL(baseURL + path))
        context.add(keys.ogType, "website")
        context.add(keys.jsonLD, jsonLD)
        context.add(keys.stylesheet, stylesheet)
        context.add(keys.noindex, false)
        context.end()
    }
}
