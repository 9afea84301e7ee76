import Bytes
import Files
import Foundation
import Mustache
import Synchronization

/// The files a build writes beside the pages: the index, the tag pages
/// (`tags/<slug>/index.html`, `tags/index.html`), the 404 page, each
/// page's aliases (`alias.mustache`, at each address of its `aliases:`)
/// and each address `site.yml`'s `gone:` lets go (`gone.mustache`), all
/// rendered with the theme's templates; `sitemap.xml`, `feed.xml`,
/// `robots.txt`, `api/pages.json`, and `_redirects` when `site.yml` asks
/// for it. They show the build's settings, the
/// published pages' front matter and the pages citing each rule
/// (`PageLinks`) alone, so they are made from the pages' facts, whichever
/// build read each page.
struct SiteWideFiles: Sendable {
    /// One file: where it goes in the output, and its bytes.
    struct File: Sendable {
        var path: String
        var bytes: [UInt8]
    }

    /// The site, read without its pages: its settings.
    let site: Site
    let templates: TemplateLibrary
    let options: BuildOptions
    /// The names the theme's assets are published under, which pages link.
    var assets = AssetNames()

    /// The files, the published `pages` listed by address (the index by
    /// `order`, then title), `links` the pages citing each rule: made side
    /// by side, on every core.
    func make(_ pages: [Pattern], links: PageLinks) throws -> [File] {
        let made = Mutex<[File]>([])
        try make(pages, links: links) { path, bytes in
            let file = File(path: path, bytes: [UInt8](copying: bytes))
            made.withLock { $0.append(file) }
        }
        // In the order the makers give them, whichever finished first.
        return made.withLock { $0 }.sorted { $0.path < $1.path }
    }

    /// Makes the files as `make(_:links:)` does, and hands each to `put` (its
    /// path, and its bytes where they were made) as soon as it is made, from
    /// any core, rather than holding them all: a build writes each and lets
    /// it go.
    func make(_ pages: [Pattern], links: PageLinks, into put: @Sendable (String, Span<UInt8>) throws -> Void) throws {
        try withoutActuallyEscaping(put) { put in try make(pages, links: links, putting: put) }
    }

    private func make(_ pages: [Pattern], links: PageLinks, putting put: @escaping @Sendable (String, Span<UInt8>) throws -> Void) throws {
        let baseURL = options.siteBaseURL(site)
        let bySlug = pages.sorted { $0.slug < $1.slug }
        let indexed = PageLinks.indexOrder(pages)
        let groups = TagGroup.groups(indexed)
        let site = self.site, options = self.options, templates = self.templates, assets = self.assets
        let contexts: @Sendable () -> PageContext = {
            PageContext(site: site, baseURL: baseURL, today: options.today, demos: DemoContext(site: site, symbols: SymbolLibrary(drawings: [:])), assets: assets)
        }
        let makers: [@Sendable () throws -> Void] = [
            {
                let contexts = contexts()
                do {
                    // Room for every page's entry from the start (about 500 bytes each).
                    try templates.renderBytes("index", contexts.index(indexed), capacity: 16_384 + 640 * indexed.count) { try put("index.html", $0) }
                    try templates.renderBytes("404", contexts.notFound()) { try put("404.html", $0) }
                } catch let error as TemplateError {
                    throw ThemeTemplates.diagnostic(error)
                }
            },
            {
                let contexts = contexts()
                do {
                    try templates.renderBytes("tags", contexts.tags(groups)) { try put("tags/index.html", $0) }
                    for group in groups {
                        try templates.renderBytes("tag", contexts.tag(group), capacity: 8_192 + 640 * group.pages.count) {
                            try put(String.joining("tags/", group.slug, "/index.html"), $0)
                        }
                    }
                } catch let error as TemplateError {
                    throw ThemeTemplates.diagnostic(error)
                }
            },
            {
                let contexts = contexts()
                do {
                    for (path, page) in Self.aliasPages(pages) {
                        try templates.renderBytes("alias", contexts.alias(of: page)) { try put(path, $0) }
                    }
                    for (path, address) in Self.gonePages(site.settings) {
                        try templates.renderBytes("gone", contexts.gone(address)) { try put(path, $0) }
                    }
                } catch let error as TemplateError {
                    throw ThemeTemplates.diagnostic(error)
                }
                if site.settings.redirectsFile {
                    try put(Site.Paths.redirectsFile, RedirectsFile.bytes(bySlug).span)
                }
            },
            {
                try MachineReadableFiles.sitemap(bySlug, tags: groups, baseURL: baseURL).withBytes { try put("sitemap.xml", $0) }
                try MachineReadableFiles.feed(bySlug, settings: site.settings, baseURL: baseURL).withBytes { try put("feed.xml", $0) }
            },
            {
                try put("robots.txt", Array(MachineReadableFiles.robots(baseURL: baseURL).utf8).span)
                try MachineReadableFiles.pagesJSON(bySlug, links: links, settings: site.settings, baseURL: baseURL, today: options.today).withBytes { try put("api/pages.json", $0) }
            },
        ]
        let made = ParallelMap.map(count: makers.count) { index in Result { try makers[index]() } }
        for result in made { try result.get() }
    }

    /// The paths of the files `make` makes of the published `pages` with
    /// `settings`, in byte order: what a build links from the published
    /// site when their key is unchanged.
    static func paths(_ pages: [Pattern], settings: SiteSettings) -> [String] {
        var slugs = Set<String>()
        for page in pages {
            for tag in page.frontMatter.tags {
                if let slug = Tag.slug(tag) { slugs.insert(slug) }
            }
        }
        var paths = Site.Paths.publishedFiles + ["tags/index.html"] + slugs.map { String.joining("tags/", $0, "/index.html") }
        paths += aliasPages(pages).map(\.path) + gonePages(settings).map(\.path)
        if settings.redirectsFile { paths.append(Site.Paths.redirectsFile) }
        return Array(Set(paths)).sorted()
    }

    /// The alias pages of the published `pages`: for each alias, the file
    /// that answers at it and the page it sends its reader to (the first
    /// page to claim it, should two: the build stops then, `alias-conflict`).
    static func aliasPages(_ pages: [Pattern]) -> [(path: String, page: Pattern)] {
        var made: [(path: String, page: Pattern)] = []
        var seen = Set<String>()
        for page in pages where !page.frontMatter.aliases.isEmpty {
            for alias in page.frontMatter.aliases where seen.insert(alias.value).inserted {
                made.append((Alias.file(of: alias.value), page))
            }
        }
        return made
    }

    /// The pages of the addresses `settings`' `gone:` lets go: for each,
    /// the file that answers at it and the address.
    static func gonePages(_ settings: SiteSettings) -> [(path: String, address: String)] {
        var seen = Set<String>()
        return settings.gone.compactMap { entry in
            seen.insert(entry.value).inserted ? (Alias.file(of: entry.value), entry.value) : nil
        }
    }

    /// The page folders (`patterns/<name>/`) the files of `paths` are
    /// written into that are no page's: alias and withdrawn pages among
    /// the pages, which the next build removes from the spare first.
    static func pageFolders(_ paths: [String]) -> [String] {
        paths.compactMap { path in
            guard path.hasBytePrefix("patterns/"), path.hasSuffix("/index.html") else { return nil }
            let name = path.dropFirst("patterns/".count).dropLast("/index.html".count)
            return name.isEmpty || name.contains("/") ? nil : String(name)
        }
    }

    /// A key for everything the files show: the build's fingerprint (the
    /// settings, templates, base URL, date, …), the links between pages
    /// (`PageLinks.siteKey`) and each published page's `pageKey`, in order.
    /// The same key, the same files.
    static func key(_ pageKeys: [UInt64], links: UInt64, fingerprint: UInt64) -> UInt64 {
        var hasher = ContentHash()
        hasher.add(fingerprint)
        hasher.add(links)
        hasher.add(UInt64(pageKeys.count))
        pageKeys.forEach { hasher.add($0) }
        return hasher.value
    }

    /// A key for what the files show of one page: its slug, its front
    /// matter and its rules' numbers (`api/pages.json` lists them). Made
    /// once, as the page is read, and kept in the cache.
    static func pageKey(_ page: Pattern) -> UInt64 {
        var hasher = ContentHash()
        let front = page.frontMatter
        // Each text with its length before it, and the tags with their
        // count, so that no two lists of fields hash alike.
        func add(_ text: String) {
            hasher.add(UInt64(text.utf8.count))
            hasher.add(text)
        }
        for text in [page.slug, front.title.value, front.summary.value, front.status.value.rawValue, front.lastChecked.value.description,
                     front.reviewEvery?.value.description ?? "\u{0}", front.owner ?? "\u{0}"] {
            add(text)
        }
        hasher.add(UInt64(front.tags.count))
        front.tags.forEach(add)
        hasher.add(UInt64(bitPattern: Int64(front.order ?? Int.min)))
        hasher.add(front.hasLastChecked ? 1 : 0)
        hasher.add(front.draft ? 1 : 0)
        hasher.add(UInt64(page.rules.count))
        page.rules.forEach { hasher.add(UInt64(bitPattern: Int64($0.number))) }
        hasher.add(UInt64(front.aliases.count))
        front.aliases.forEach { add($0.value) }
        return hasher.value
    }
}
