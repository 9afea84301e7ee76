import Diagnostics

/// The checks across pages — links and their anchors, sources cited
/// nowhere, titles and questions given twice, tags that cannot be
/// addresses or make another's, the placement table's rows
/// citing pattern rules — run on every page's facts, those read in this
/// run and those kept from the previous build alike: the findings never
/// depend on which pages were read again.
struct CrossPageChecks: Sendable {
    /// The site, read without its pages (its settings, sources, table, and
    /// the page files that could not be read).
    let site: Site
    let today: Day
    /// What the last published build answered at, when it is known.
    var lastPublished: PublishedSite?

    /// The findings about `pages`, of which those whose slugs are in
    /// `published` are published (all of them, when nil); with
    /// `reportedFiles`, those in these files (and maybe others).
    func run(_ pages: [PageFacts], published: Set<String>? = nil, reportedFiles: Set<String>? = nil) -> [Diagnostic] {
        var site = self.site
        site.patterns = pages.map(\.page)
        var context = CheckContext(site: site, today: today, publishedSlugs: published, engine: nil)
        context.reportedFiles = reportedFiles
        context.lastPublished = lastPublished
        return Checkers.runSiteLevel(context)
    }
}

extension CrossPageChecks {
    /// The files whose findings across pages may differ once the pages
    /// `changes` (each page's facts before and after: nil where the page
    /// was not, or could not be read) changed, among the pages `pages`
    /// (every page's facts, after); nil when every file's may. The others'
    /// stay as they were: a long-running process checks again these alone.
    ///
    /// A page's own file; the pages linking to it, when what they link to
    /// changed (its slug, anchors, whether it is a draft or whether a
    /// mistake hid its rules); the pages sharing a title, a question or a
    /// tag's address it had or has, when those changed or moved; the pages
    /// linking to tag pages, when its tags changed; `sources.yml` when the
    /// sources it cites changed; `placement.yml` when its rules changed;
    /// the pages claiming an address it claimed or claims (its own, an
    /// alias), and `site.yml` when `gone` (it lets addresses go); when what
    /// it publishes changed (its address, title, rules, aliases, whether it
    /// is a draft) and the last published site is known,
    /// `Content/patterns` and the pages that may have taken a removed
    /// address's place (those not published then, and drafts).
    static func affected(by changes: [(before: PageFacts?, after: PageFacts?)], among pages: [PageFacts], lastPublished: PublishedSite? = nil,
                         gone: Bool = false) -> Set<String>? {
        var files = Set<String>()
        var linkedSlugs = Set<String>(), titleKeys = Set<String>(), questionKeys = Set<String>(), tagSlugs = Set<String>()
        var tagsChanged = false
        var claimed = Set<String>(), publishingChanged = false
        for (before, after) in changes {
            let old = before?.page, new = after?.page
            for page in [old, new].compactMap({ $0 }) { files.insert(page.file) }
            // Unreadable before or after: what its facts would hold is unknown.
            guard let old, let new else {
                for page in [old, new].compactMap({ $0 }) {
                    linkedSlugs.insert(page.slug)
                    titleKeys.insert(DuplicateTitleChecker.key(page.frontMatter.title.value))
                    questionKeys.formUnion(page.faq.map(\.key))
                    tagSlugs.formUnion(page.frontMatter.tags.compactMap(Tag.slug))
                    claimed.insert(Alias.pageAddress(page.slug))
                    claimed.formUnion(page.frontMatter.aliases.map(\.value))
                }
                tagsChanged = true
                publishingChanged = true
                files.formUnion([Site.Paths.sources, Site.Paths.placement])
                continue
            }
            if old.slug != new.slug || old.anchors != new.anchors || old.frontMatter.draft != new.frontMatter.draft
                || old.rulesIncomplete != new.rulesIncomplete || old.rules.count != new.rules.count {
                linkedSlugs.formUnion([old.slug, new.slug])
            }
            if old.frontMatter.title.value != new.frontMatter.title.value || old.frontMatter.title.location != new.frontMatter.title.location {
                titleKeys.formUnion([DuplicateTitleChecker.key(old.frontMatter.title.value), DuplicateTitleChecker.key(new.frontMatter.title.value)])
            }
            if !old.faq.map(\.key).elementsEqual(new.faq.map(\.key)) || !old.faq.map(\.location).elementsEqual(new.faq.map(\.location)) {
                questionKeys.formUnion(old.faq.map(\.key) + new.faq.map(\.key))
            }
            if old.frontMatter.tags != new.frontMatter.tags || old.frontMatter.tagLocations != new.frontMatter.tagLocations
                || old.frontMatter.draft != new.frontMatter.draft {
                tagSlugs.formUnion((old.frontMatter.tags + new.frontMatter.tags).compactMap(Tag.slug))
                tagsChanged = true
            }
            if old.citedSources != new.citedSources || old.rulesIncomplete != new.rulesIncomplete || old.citationsIncomplete != new.citationsIncomplete {
                files.insert(Site.Paths.sources)
            }
            if old.rules.count != new.rules.count || old.rulesIncomplete != new.rulesIncomplete || old.slug != new.slug {
                files.insert(Site.Paths.placement)
            }
            let oldAliases = old.frontMatter.aliases, newAliases = new.frontMatter.aliases
            if old.slug != new.slug || !oldAliases.map(\.value).elementsEqual(newAliases.map(\.value)) || !oldAliases.map(\.location).elementsEqual(newAliases.map(\.location))
                || old.frontMatter.draft != new.frontMatter.draft {
                claimed.formUnion([Alias.pageAddress(old.slug), Alias.pageAddress(new.slug)] + (oldAliases + newAliases).map(\.value))
                publishingChanged = true
            }
            if old.frontMatter.title.value != new.frontMatter.title.value || old.frontMatter.title.location != new.frontMatter.title.location
                || old.rulesKey != new.rulesKey {
                publishingChanged = true
            }
        }
        if !claimed.isEmpty, gone { files.insert(Site.Paths.settings) }
        let comparing = publishingChanged && !(lastPublished?.isEmpty ?? true)
        let lastSlugs = comparing ? Set(lastPublished?.pages.map(\.slug) ?? []) : []
        if comparing { files.insert(Site.Paths.patterns) }
        guard !linkedSlugs.isEmpty || !titleKeys.isEmpty || !questionKeys.isEmpty || tagsChanged || !claimed.isEmpty || comparing else { return files }
        for facts in pages {
            let page = facts.page
            if !linkedSlugs.isEmpty, page.crossReferences.contains(where: { linkedSlugs.contains($0.slug) }) { files.insert(page.file) }
            if !titleKeys.isEmpty, titleKeys.contains(DuplicateTitleChecker.key(page.frontMatter.title.value)) { files.insert(page.file) }
            if !questionKeys.isEmpty, page.faq.contains(where: { questionKeys.contains($0.key) }) { files.insert(page.file) }
            if tagsChanged, !page.tagAddresses.isEmpty || page.frontMatter.tags.contains(where: { Tag.slug($0).map(tagSlugs.contains) == true }) {
                files.insert(page.file)
            }
            if !claimed.isEmpty, page.frontMatter.aliases.contains(where: { claimed.contains($0.value) }) { files.insert(page.file) }
            if comparing, page.frontMatter.draft || !lastSlugs.contains(page.slug) {
                files.insert(page.file)
            }
        }
        return files
    }
}
