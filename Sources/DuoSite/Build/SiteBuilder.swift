import Foundation
import Mustache

/// `duosite build` as a list of named steps: read the site, check it, load
/// the theme, render every page, write the site-wide files, copy the assets,
/// then swap the new site in. Any error before the swap leaves the previous
/// output exactly as it was.
public struct SiteBuilder: Sendable {
    /// The result of a build.
    public struct Outcome: Sendable {
        /// Every finding (errors stop the build; warnings do not).
        public var diagnostics: [Diagnostic]
        /// Whether the site was published.
        public var published: Bool
        /// How many pattern pages were written.
        public var pageCount: Int
        /// How long the build waited for another build into the same output, in seconds.
        public var waited: Double = 0
    }

    /// What to build.
    public var options: BuildOptions
    /// Called with (pages done, pages in all) as pages are written.
    public var progress: (@Sendable (Int, Int) -> Void)?
    /// Called once when another build into the same output is running: this
    /// one waits for it to finish (see ``BuildLock``).
    public var waiting: (@Sendable () -> Void)?
    /// Where the build notes how long each of its steps took, when asked.
    public var timings: BuildTimings?

    /// Creates a builder.
    public init(options: BuildOptions, progress: (@Sendable (Int, Int) -> Void)? = nil, waiting: (@Sendable () -> Void)? = nil,
                timings: BuildTimings? = nil) {
        self.options = options
        self.progress = progress
        self.waiting = waiting
        self.timings = timings
    }

    /// Runs the build, one at a time into its output.
    public func run() -> Outcome {
        var diagnostics: [Diagnostic] = []
        // Step 0: where the site goes, and no other build writing there.
        if let problem = OutputFolder.validate(options.output, root: options.root) {
            diagnostics.append(Diagnostic(.missingFile, problem, at: SourceLocation(file: options.output.lastPathComponent)))
            return run(diagnostics)
        }
        let lock: BuildLock
        let asked = DispatchTime.now()
        do {
            lock = try BuildLock(beside: options.output, waiting: waiting ?? {})
        } catch {
            diagnostics.append(Diagnostic(.missingFile, "cannot write the site to \(options.output.path): \(error.localizedDescription)", at: SourceLocation(file: options.output.lastPathComponent)))
            return run(diagnostics)
        }
        let waited = lock.waited ? Double(DispatchTime.now().uptimeNanoseconds - asked.uptimeNanoseconds) / 1e9 : 0
        timings?.finish(lock.waited ? "the output checked; another build waited for" : "the output checked")
        var outcome = withExtendedLifetime(lock) { run(diagnostics) }
        outcome.waited = waited
        return outcome
    }

    /// The build, given what was found before it started.
    private func run(_ found: [Diagnostic]) -> Outcome {
        var diagnostics = found
        // The page files are listed meanwhile: none of the steps before
        // reading the pages needs them.
        let options = self.options
        let listing = Later { SiteLoader(root: options.root).patternFiles() }

        let timings = self.timings

        // Step 1: the theme.
        let templates = loadTheme(&diagnostics)
        timings?.finish("the theme read")
        // The previous build's cache: which pages it can reuse, and what
        // the output and its spare hold.
        let (fingerprint, readingFingerprint) = BuildCache.fingerprints(root: options.root, options: options)
        timings?.finish("what every page depends on, hashed")
        let previous = templates == nil || !diagnostics.isEmpty ? nil : BuildCache.load(output: options.output, fingerprint: fingerprint)
        timings?.finish("the previous build's cache read")
        var outputFailure: Diagnostic?
        let output: OutputFolder? = {
            guard templates != nil, diagnostics.isEmpty else { return nil }
            do {
                return try OutputFolder(self.options.output, live: previous?.live ?? OutputTree(), spare: previous?.spare)
            } catch {
                outputFailure = Diagnostic(.missingFile, "cannot write the site to \(self.options.output.path): \(error.localizedDescription)", at: SourceLocation(file: self.options.output.lastPathComponent))
                return nil
            }
        }()
        if let outputFailure { diagnostics.append(outputFailure) }
        timings?.finish(output?.reusesSpare == true ? "the spare brought up to date" : "the staging folder made")

        // Step 2: read every page and, as soon as it is read, check it,
        // render it and write it into the staging folder, keeping it without
        // its HTML or demos. A page unchanged since the previous build into
        // the same folder (same text, same everything it depends on) is not
        // read again: its page is linked from the previous output, or left
        // as it is when the spare already holds it.
        let failures = DiagnosticCollector()
        let counter = Counter()
        let progress = self.progress
        let files = listing.value
        timings?.finish("the page files listed")
        let total = files.count
        let entries = CacheEntries(count: files.count)

        // An unchanged page's previous entry, with its page put into staging:
        // the page is kept, and its own findings (read alone from its
        // summary) reported again.
        let take: @Sendable (Int, BuildCache.Entry, UInt64) -> [Diagnostic]? = { index, entry, stamp in
            guard let output, let found = try? entry.diagnostics() else { return nil }
            if entry.written {
                let key = OutputTree.key(hash: entry.hash, fingerprint: fingerprint)
                guard (try? output.reusePage(slug: SiteLoader.slug(ofFile: entry.file), key: key)) != nil else { return nil }
            }
            var entry = entry
            if entry.stamp != stamp {
                // The record holds the stamp: it is written anew.
                entry.stamp = stamp
                entry.record = nil
            }
            entries.set(entry, at: index)
            progress?(counter.increment(), total)
            return found
        }
        // A page file whose size, times and inode are as the cache recorded
        // them is not even read.
        let started = SourceStamp.now()
        let rootPath = options.root.standardizedFileURL.path
        // (With no previous build there is nothing to look up: the stamp
        // then comes with the file as it is read.)
        let rootFolder = previous == nil ? nil : OpenFolder(rootPath)
        let lookUp: @Sendable (Int, String) -> [Diagnostic]? = { index, path in
            let stamp = rootFolder.map { SourceStamp.of(path, relativeTo: $0.descriptor, notAfter: started) }
                ?? SourceStamp.of(rootPath + "/" + path, notAfter: started)
            entries.setStamp(stamp, at: index)
            guard stamp != 0, let entry = previous?.entry(for: path, at: index), entry.stamp == stamp else { return nil }
            entries.setHash(entry.hash, at: index)
            return take(index, entry, stamp)
        }
        let reuseUnread = previous == nil ? nil : lookUp
        let reuse: @Sendable (Int, String, [UInt8], stat) -> [Diagnostic]? = { index, path, bytes, status in
            // The stamp of the file as read, which the next build compares.
            entries.setStamp(SourceStamp.of(status, notAfter: started), at: index)
            let hash = ContentHash.of(bytes)
            entries.setHash(hash, at: index)
            guard let entry = previous?.entry(for: path, at: index), entry.hash == hash else { return nil }
            return take(index, entry, entries.stamp(at: index))
        }
        // Each worker reads its pages with a site and templates of its own:
        // the first with those read above, the others with a copy once
        // they have read enough pages for one to pay (see `WorkerCopies`).
        let copies = WorkerCopies<SiteCopy>(workers: ParallelMap.workerCount) {
            SiteCopy(readingAgain: options, fingerprint: fingerprint)
        }
        let process: @Sendable (Int, Int, Pattern, Site, [Diagnostic]) -> (Pattern, [Diagnostic]) = { worker, index, pattern, site, found in
            defer { progress?(counter.increment(), total) }
            let own: SiteCopy
            if let made = copies[worker] {
                own = made
            } else {
                own = copies.make(forWorker: worker) { SiteCopy(site: site, templates: templates, options: options) }
            }
            let diagnostics = found + own.checkPage(pattern)
            var slim = pattern.withoutHTML
            slim.demos = []
            var written = false
            if let templates = own.templates, let output, options.drafts || !pattern.frontMatter.draft,
               !diagnostics.contains(where: { $0.severity == .error && $0.code.blocksBuild }) {
                do {
                    let context = own.pages.make(pattern)
                    defer { own.pages.recycle(context) }
                    try templates.renderUTF8("pattern", context) { html in
                        let hash = entries.hash(at: index) ?? ContentHash.of(html)
                        try output.writePage(html, slug: pattern.slug, key: OutputTree.key(hash: hash, fingerprint: fingerprint))
                    }
                    written = true
                } catch let error as TemplateError {
                    failures.append(ThemeTemplates.diagnostic(error))
                } catch {
                    failures.append(Diagnostic(.missingFile, "cannot write the page of \(pattern.slug): \(error.localizedDescription)", at: SourceLocation(file: pattern.file)))
                }
            }
            if let hash = entries.hash(at: index) {
                // The summary is encoded here, on every core, rather than all at the end.
                entries.set(BuildCache.Entry(hash: hash, written: written, stamp: entries.stamp(at: index), siteKey: SiteFiles.pageKey(slim),
                                             summary: PageSummary(pattern: slim, diagnostics: diagnostics)),
                            at: index)
            }
            return (slim, diagnostics)
        }
        var loader = SiteLoader(root: options.root, rendersHTML: output != nil)
        loader.parallel = options.parallel
        loader.files = files
        let (readSite, outcomes, loadDiagnostics) = loader.load(processing: process, reuseUnread: reuseUnread, reuse: reuse)
        timings?.finish("the pages read, checked, rendered and written")
        // The published pages, by their place in the list of page files: the
        // pages kept from the previous build keep their summaries encoded
        // until something needs them.
        let published = outcomes.indices.filter { index in
            switch outcomes[index] {
            case .read(let pattern): return options.drafts || !pattern.frontMatter.draft
            case .kept: return options.drafts || entries.entry(at: index)?.draft == false
            case .unreadable: return false
            }
        }
        // A page by its place in the list of page files: read in this build,
        // or kept and decoded from its summary now, whole or (`listingOnly`)
        // its front matter alone.
        let pageAt: @Sendable (Int, Bool) -> Pattern? = { index, listingOnly in
            switch outcomes[index] {
            case .read(let pattern): return pattern
            case .kept:
                guard let entry = entries.entry(at: index),
                      let pattern = try? (listingOnly ? entry.listing() : entry.summary().pattern) else {
                    failures.append(Diagnostic(.missingFile, "cannot read what the previous build kept of this page; build again", at: SourceLocation(file: files[index])))
                    return nil
                }
                return pattern
            case .unreadable: return nil
            }
        }
        let page: @Sendable (Int) -> Pattern? = { pageAt($0, false) }
        // The site with every page, those kept decoded on every core, made
        // only when the checks across pages or the site-wide files need it:
        // whole, or (`listed`) those kept with their front matter alone,
        // which is all the site-wide files and the duplicate-title check read.
        // With the site, each of its pages' place in the list of page files.
        let wholeSite = Once<(Site, [Int])>(), listedSite = Once<(Site, [Int])>()
        let siteOf: @Sendable (Bool) -> (site: Site, places: [Int]) = { listingOnly in
            (listingOnly ? listedSite : wholeSite).get {
                var site = readSite
                let pages = ParallelMap.map(Array(outcomes.indices)) { pageAt($0, listingOnly) }
                site.patterns = pages.compactMap { $0 }
                return (site, pages.indices.filter { pages[$0] != nil })
            }
        }
        let whole: @Sendable () -> Site = { siteOf(false).site }
        let listed: @Sendable () -> Site = { siteOf(true).site }
        // The checks across pages read only the page summaries (and what the
        // fingerprint covers): what the previous build found stands where
        // it still holds.
        let (siteChecksKey, citedKey, anchorsKey, titlesKey) = BuildCache.siteKeys(fingerprint: fingerprint, files: files) { entries.entry(at: $0) }
        let acrossPages = FindingsAcrossPages(
            files: files, outcomes: outcomes, entries: entries, previous: previous, key: siteChecksKey, citedKey: citedKey, sources: readSite.sources, placement: readSite.placement, anchorsKey: anchorsKey, titlesKey: titlesKey,
            today: options.today, drafts: options.drafts, published: published, unreadable: readSite.unreadablePages,
            whole: whole, listed: listed, page: page
        )
        let checkAcrossPages: @Sendable () -> BuildCache.SiteFindings = { acrossPages.findings() }

        // Steps 3–5, side by side: the checks across pages, and the
        // site-wide files and assets, written into the staging folder (which
        // is discarded if a check finds an error). Every error but staleness
        // stops the build.
        let pageFailures = failures.all
        let earlier = diagnostics + loadDiagnostics + pageFailures
        let siteChecks = Once<BuildCache.SiteFindings>()
        let cacheDrafted = Once<Bool>()
        // The records file the next cache names (nil when it could not be written).
        let recordsWritten = Once<BuildCache.RecordsFile?>()
        let writeRecords: @Sendable () -> BuildCache.RecordsFile? = {
            try? BuildCache.writeRecords(beside: options.output, entries: entries.all, previous: previous?.records)
        }
        var siteFilesError: (any Error)?
        if let templates, let output, !earlier.contains(where: { $0.severity == .error && $0.code.blocksBuild }) {
            let checking = DispatchGroup()
            DispatchQueue.global().async(group: checking) {
                _ = BuildTimings.beside("the checks across pages", in: timings) { siteChecks.get(checkAcrossPages) }
            }
            // The next build's records, every page's once, beside the site-wide files.
            DispatchQueue.global().async(group: checking) {
                _ = BuildTimings.beside("the next build's records written", in: timings) { recordsWritten.get(writeRecords) }
            }
            // Meanwhile: the site-wide files (linked from the published site
            // when nothing they show has changed); the spare's pages this
            // build did not write go; and the next build's cache is written
            // under a temporary name (each page's summary was encoded as the
            // page was built; the output becomes the spare), the findings
            // across pages last.
            do {
                // Each page's part of the key was made as the page was read, or kept in the cache.
                let pageKeys = published.map { entries.entry(at: $0)?.siteKey ?? 0 }
                try writeSiteFiles(key: SiteFiles.key(pageKeys, fingerprint: fingerprint), templates: templates, into: output) {
                    // The front matter alone, unless every check needs the whole site anyway.
                    let (site, places) = siteOf(!acrossPages.runsEveryCheck)
                    var isPublished = [Bool](repeating: false, count: outcomes.count)
                    for index in published { isPublished[index] = true }
                    return (site, site.patterns.indices.filter { isPublished[places[$0]] }.map { site.patterns[$0] })
                }
            } catch {
                siteFilesError = error
            }
            timings?.finish("the site-wide files written")
            output.removeUnwrittenPages()
            _ = cacheDrafted.get {
                guard let records = recordsWritten.get(writeRecords) else { return false }
                let written: Void? = try? BuildCache.writeDraft(
                    beside: options.output, fingerprint: fingerprint,
                    readingFingerprint: readingFingerprint, entries: entries.all, records: records, previous: previous?.records,
                    live: output.tree, spare: output.mirrorTree ?? previous?.live ?? OutputTree()
                ) {
                    siteChecks.get(checkAcrossPages)
                }
                return written != nil
            }
            timings?.finish("the next build's cache written")
            checking.wait()
            timings?.finish("the checks across pages waited for")
        }
        let pageCount = published.count
        // A kept page whose summary could not be decoded stops the build, and
        // the cache goes with it: the next build reads every page.
        let found = siteChecks.get(checkAcrossPages)
        let cacheFailures = failures.all.dropFirst(pageFailures.count)
        diagnostics = (earlier + found.all + cacheFailures).sortedForOutput()
        let blocking = diagnostics.contains { $0.severity == .error && $0.code.blocksBuild }
        guard !blocking, templates != nil, let output else {
            if cacheDrafted.get({ false }) { BuildCache.discardDraft(beside: options.output) }
            if !cacheFailures.isEmpty { BuildCache.remove(beside: options.output) }
            output?.discard()
            return Outcome(diagnostics: diagnostics, published: false, pageCount: 0)
        }

        // Step 6: the swap. The old cache goes first: it no longer describes
        // the output, should the build stop before the new one is in place.
        do {
            do {
                if let siteFilesError { throw siteFilesError }
                BuildCache.remove(beside: options.output, keepingRecords: true)
                try output.commit()
            } catch {
                if cacheDrafted.get({ false }) { BuildCache.discardDraft(beside: options.output) }
                output.discard()
                throw error
            }
            if !cacheDrafted.get({ false }) || (try? BuildCache.publishDraft(beside: options.output)) == nil {
                BuildCache.remove(beside: options.output)
            }
        } catch let diagnostic as Diagnostic {
            return Outcome(diagnostics: diagnostics + [diagnostic], published: false, pageCount: 0)
        } catch {
            let failure = Diagnostic(.missingFile, "cannot write the site to \(options.output.path): \(error.localizedDescription)", at: SourceLocation(file: options.output.lastPathComponent))
            return Outcome(diagnostics: diagnostics + [failure], published: false, pageCount: 0)
        }
        timings?.finish("the site swapped in")
        return Outcome(diagnostics: diagnostics, published: true, pageCount: pageCount)
    }

    /// The address the site is published at: `--base-url`, else site.yml's.
    static func baseURL(_ site: Site, _ options: BuildOptions) -> String {
        guard var url = options.baseURL else { return site.settings.baseURL }
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }

    /// Copies the theme's assets to `assets/`, and the site's own files
    /// (`Static/`) to the output's root, as they are. Where one of these
    /// would take the place of a file the build writes, the build has
    /// already stopped (`static-conflict`).
    private func copyAssetsAndStaticFiles(into output: OutputFolder) throws {
        let assets = options.root.appendingPathComponent(Site.Paths.assets)
        if FileManager.default.fileExists(atPath: assets.path) {
            try output.copyFolder(assets, to: "assets")
        }
        let folder = options.root.appendingPathComponent(Site.Paths.staticFiles)
        for path in SiteLoader.staticPaths(root: options.root) {
            guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) else {
                throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: "\(Site.Paths.staticFiles)/\(path)"])
            }
            try output.write([UInt8](data), to: path)
        }
    }

    private func loadTheme(_ diagnostics: inout [Diagnostic]) -> TemplateLibrary? {
        let (library, found) = ThemeTemplates.load(root: options.root)
        diagnostics += found
        return library
    }

    /// Writes the site-wide files and copies the theme's assets; links the
    /// published site's files instead when `key` says they would be the same.
    /// `pages` gives the site with every page and the published pages, asked
    /// for only when the files are written.
    private func writeSiteFiles(key: UInt64, templates: TemplateLibrary, into output: OutputFolder, pages: () -> (Site, [Pattern])) throws {
        if output.linkSiteFiles(key: key) {
            try copyAssetsAndStaticFiles(into: output)
            return
        }
        let (site, pages) = pages()
        let baseURL = Self.baseURL(site, options)
        let pageContext = PageContext(site: site, baseURL: baseURL, today: options.today, demos: DemoContext(site: site, symbols: SymbolLibrary(drawings: [:])))

        let bySlug = pages.sorted { $0.slug < $1.slug }
        let options = self.options

        // Steps 5–7, independent of each other, on every core: the index and
        // the 404 page; the sitemap and the feed; robots.txt and
        // api/pages.json; the theme's assets.
        let steps: [@Sendable () throws -> Void] = [
            {
                // Sorted here, beside the other steps: titles are long to compare.
                let indexed = pages.sorted { lhs, rhs in
                    let left = lhs.frontMatter.order ?? Int.max, right = rhs.frontMatter.order ?? Int.max
                    return (left, lhs.frontMatter.title.value, lhs.slug) < (right, rhs.frontMatter.title.value, rhs.slug)
                }
                do {
                    // Room for every page's entry from the start (about 500 bytes each).
                    let context = self.indexContext(indexed, site: site, baseURL: baseURL, pageContext: pageContext)
                    try templates.renderUTF8("index", context, capacity: 16_384 + 640 * indexed.count) {
                        try output.write(rendered: $0, to: "index.html")
                    }
                    try templates.renderUTF8("404", self.notFoundContext(site: site, baseURL: baseURL, pageContext: pageContext)) {
                        try output.write(rendered: $0, to: "404.html")
                    }
                } catch let error as TemplateError {
                    throw ThemeTemplates.diagnostic(error)
                }
            },
            {
                try output.write(SiteFiles.sitemap(bySlug, baseURL: baseURL), to: "sitemap.xml")
                try output.write(SiteFiles.feed(bySlug, settings: site.settings, baseURL: baseURL), to: "feed.xml")
            },
            {
                try output.write(SiteFiles.robots(baseURL: baseURL), to: "robots.txt")
                try output.write(SiteFiles.pagesJSON(bySlug, settings: site.settings, baseURL: baseURL, today: options.today), to: "api/pages.json")
            },
            {
                try self.copyAssetsAndStaticFiles(into: output)
            },
        ]
        let names = ["the index and the 404 page", "the sitemap and the feed", "robots.txt and api/pages.json", "the theme's assets and Static/ copied"]
        let timings = self.timings
        let failures = ParallelMap.map(Array(steps.indices)) { index -> (any Error)? in
            do {
                try BuildTimings.beside(names[index], in: timings, steps[index])
                return nil
            } catch {
                return error
            }
        }
        if let failure = failures.compactMap({ $0 }).first {
            throw failure
        }
        output.recordSiteFiles(key: key)
    }

    func indexContext(_ pages: [Pattern], site: Site, baseURL: String, pageContext: PageContext) -> CompactContext {
        let keys = pageContext.keys
        // Pages share their days and review intervals: each day's texts, and
        // whether a page checked then is stale, are made once.
        var reviews = ReviewsByDay(settings: site.settings, today: options.today, texts: true)
        // Room for every page's values and texts from the start.
        var context = CompactContext.Builder(slots: 16 * pages.count + 64, bytes: 512 * pages.count + 4_096)
        context.beginObject(nil)
        pageContext.addSite(to: &context)
        context.beginList(keys.patterns)
        for pattern in pages {
            let review = reviews.review(of: pattern)
            context.beginObject(nil)
            context.add(keys.title, pattern.frontMatter.title.value)
            context.add(keys.summary, pattern.frontMatter.summary.value)
            // The page's address in its parts (`Pattern.path`), with no string made of them.
            context.beginText(keys.url)
            context.appendText("/patterns/")
            context.appendText(pattern.slug)
            context.appendText("/")
            context.endText()
            pageContext.addStatus(pattern.frontMatter.status.value, to: &context)
            pageContext.addDay(keys.lastChecked, iso: review.iso, long: review.long, to: &context)
            context.add(keys.stale, review.status == .stale)
            context.beginList(keys.tags)
            for tag in pattern.frontMatter.tags { context.add(nil, tag) }
            context.end()
            context.end()
        }
        context.end()
        context.beginObject(keys.head)
        context.add(keys.title, site.settings.title)
        context.add(keys.description, site.settings.description)
        context.add(keys.canonical, HTMLText.safeURL(baseURL + "/"))
        context.add(keys.ogType, "website")
        context.add(keys.jsonLD, StructuredData.website(site: site, baseURL: baseURL))
        context.add(keys.stylesheet, "/assets/site.css")
        context.add(keys.noindex, false)
        context.end()
        context.end()
        return context.finish()
    }

    func notFoundContext(site: Site, baseURL: String, pageContext: PageContext) -> CompactContext {
        let keys = pageContext.keys
        var context = CompactContext.Builder()
        context.beginObject(nil)
        pageContext.addSite(to: &context)
        context.beginObject(keys.head)
        context.add(keys.title, "Page not found — \(site.settings.title)")
        context.add(keys.description, "This page does not exist on \(site.settings.title).")
        context.add(keys.canonical, HTMLText.safeURL(baseURL + "/404.html"))
        context.add(keys.ogType, "website")
        context.add(keys.stylesheet, "/assets/site.css")
        context.add(keys.noindex, true)
        context.end()
        context.end()
        return context.finish()
    }
}

/// What every page of a build shares, made once from the site's settings:
/// the check context with its compiled placement table, and the figures'
/// prepared devices and engine.
struct Shared: Sendable {
    var checks: CheckContext
    var demos: DemoContext
    var links: SourceLinks

    /// Made by the first page that is read anew: a build that reuses every
    /// page never reads the theme's symbols or compiles the table for pages.
    init(site: Site, today: Day) {
        let symbols = SymbolLibrary(root: site.root)
        let engine = site.placement.map(PlacementEngine.init(table:))
        checks = Checkers.pageContext(site: site, today: today, engine: engine)
        demos = DemoContext(site: site, symbols: symbols)
        links = SourceLinks(site.sources)
    }
}

/// A value made once, by the first thread that needs it.
final class Once<Value: Sendable>: @unchecked Sendable {
    private var value: Value?
    private let lock = NSLock()

    /// The value, made by `make` the first time.
    func get(_ make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let value { return value }
        let made = make()
        value = made
        return made
    }
}

/// Findings gathered from many threads.
final class DiagnosticCollector: @unchecked Sendable {
    private var items: [Diagnostic] = []
    private let lock = NSLock()

    /// Adds a finding.
    func append(_ diagnostic: Diagnostic) {
        lock.lock()
        items.append(diagnostic)
        lock.unlock()
    }

    /// Every finding added.
    var all: [Diagnostic] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}

extension Pattern {
    /// The page without its rendered HTML, its sections or its citations:
    /// what the checks across pages, the index, the sitemap and the feed
    /// need, once the page itself is written and checked alone. Of the
    /// citations, it keeps which sources they cite.
    var withoutHTML: Pattern {
        var slim = self
        slim.citedSources = citedSources
        slim.introduction = []
        slim.sections = []
        slim.rules = rules.map { Rule(number: $0.number, parts: [], citations: nil, location: $0.location) }
        // Made from the fields kept, rather than copied whole and emptied.
        slim.faq = faq.map { entry in
            FAQEntry(question: entry.question, questionHTML: "", anchor: entry.anchor, key: entry.key, answer: [], answerText: "", location: entry.location)
        }
        return slim
    }
}

/// The cache entries, file hashes and stamps of a build, gathered from
/// many threads: one slot for each page file, by its place in the list of
/// page files, which only the thread reading that file writes, so no lock is
/// needed (and no path is hashed).
final class CacheEntries: @unchecked Sendable {
    private struct Slot {
        var entry: BuildCache.Entry?
        var hash: UInt64?
        var stamp: UInt64 = 0
    }

    private let slots: UnsafeMutableBufferPointer<Slot>

    /// Slots for `count` page files.
    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: Slot())
    }

    deinit {
        slots.baseAddress?.deinitialize(count: slots.count)
        slots.deallocate()
    }

    func setStamp(_ stamp: UInt64, at index: Int) {
        slots[index].stamp = stamp
    }

    func stamp(at index: Int) -> UInt64 {
        slots[index].stamp
    }

    func setHash(_ hash: UInt64, at index: Int) {
        slots[index].hash = hash
    }

    func hash(at index: Int) -> UInt64? {
        slots[index].hash
    }

    func set(_ entry: BuildCache.Entry, at index: Int) {
        slots[index].entry = entry
    }

    /// The entry of the `index`th page file, once it is set.
    func entry(at index: Int) -> BuildCache.Entry? {
        slots[index].entry
    }

    /// Every entry set, in page file order. (Read once every page is done.)
    var all: [BuildCache.Entry] {
        slots.compactMap(\.entry)
    }
}

/// A thread-safe count of finished pages, for progress.
final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()

    /// Adds one and returns the new count.
    func increment() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
