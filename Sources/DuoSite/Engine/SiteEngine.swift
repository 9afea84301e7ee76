import Diagnostics
import Foundation
import Mustache
import Synchronization

/// The one site engine: `build`, `check`, `serve` and `lsp` each drive it,
/// and differ only in where the pages go (`PageSink`: the output folder,
/// memory, or nowhere) and in where a page's text comes from (its file,
/// the previous build's cache, or an editor's unsaved text).
///
/// Given the site's own files (`SiteInputs`), it takes every page file
/// through the page pipeline on every core, in two passes:
///
/// 1. **Read**: each page read, checked and, when it is rendered, rendered
///    at once, what other pages show of its rules left as holes, and put
///    into the sink (`PagePipeline`); or, unchanged since the previous
///    build, its facts taken from that build. A page waits for the others
///    as its facts and holes alone (`SitePage`).
/// 2. **Links and holes**: the links between the published pages made
///    from every page's facts (`PageLinks`), then each page finished: its
///    holes filled where it lies, or, kept from the previous build, linked
///    into the output when what it shows of the others is unchanged.
///
/// Then the checks across pages (`acrossPages`), and, for a sink that takes
/// them, the site-wide files. A long-running command keeps the engine and
/// `refresh`es the page files that change: only those are read again, the
/// links made again, and the holes of the pages whose links changed filled
/// again; what a change calls for is `SiteChange`'s to say.
struct SiteEngine: Sendable {
    /// What the engine builds, and how.
    let options: BuildOptions
    /// The site's own files and theme, read.
    private(set) var inputs: SiteInputs
    /// Every page file, in page file order.
    private(set) var pages: [SitePage] = []
    /// The links between the published pages, as the holes were filled with.
    private(set) var links = PageLinks()
    /// The findings of the checks across pages.
    private(set) var acrossPages: [Diagnostic] = []
    /// Why the page files could not be listed (too many open files).
    private(set) var unlisted: Diagnostic?
    /// The files whose findings are wanted, or nil for every file's: the
    /// checks across pages then spare the work of finding the others (a
    /// language server wants the open pages' after each keystroke).
    var reportedFiles: Set<String>?
    /// What the last published build of the site answered at (its cache's
    /// record, or its sitemap), which the site must answer at too; nil
    /// when it is not known, and nothing is compared.
    var lastPublished: PublishedSite?
    /// The site-wide files made last in memory, and the key of what they
    /// show (`SiteWideFiles.key`): made again only when it changes.
    private var siteWide: (key: UInt64, files: [SiteWideFiles.File])?
    /// What stopped the site-wide files in memory, when they could not be made.
    private var siteWideFailure: Diagnostic?
    /// What reads, checks and renders one page.
    private let pipeline: PagePipeline
    /// Each page file's place in `pages`.
    private var places: [String: Int] = [:]
    /// The pages published into memory, by their path in the output.
    private var memoryTexts: [String: MemoryPages.Page] = [:]

    /// An engine for the site at `options.root`: its own files read, `texts`
    /// standing in for some of them; with `theme`, its templates read too,
    /// and, with `renders`, pages rendered with them; `forEditor`, each
    /// page's facts keep what a language server asks of every page.
    init(options: BuildOptions, theme: Bool, renders: Bool, texts: [String: [UInt8]] = [:], forEditor: Bool = false) {
        self.options = options
        let inputs = SiteInputs(root: options.root, texts: texts, theme: theme, published: renders)
        let renderer = renders ? inputs.templates.map { PageRenderer(site: inputs.site, templates: $0, options: options, assets: inputs.assets) } : nil
        pipeline = PagePipeline(site: inputs.site, today: options.today, renderer: renderer, forEditor: forEditor)
        self.inputs = inputs
    }

    /// Whether pages are rendered (the theme's templates are whole, and were asked for).
    var renders: Bool { pipeline.renders }

    // MARK: The passes

    /// The first pass: every page file of `source` read, checked and
    /// rendered into `sink` (or taken from the previous build); `progress`
    /// is told (pages done, pages in all) as each is. Runs on every core
    /// unless `options.parallel` is off.
    mutating func read(_ source: PageSource, into sink: PageSink, progress: (@Sendable (Int, Int) -> Void)? = nil) {
        unlisted = source.unlisted
        let count = source.files.count
        let stopped = Counter(), done = Counter()
        let pipeline = self.pipeline
        let first: @Sendable (Int) -> SitePage = { index in
            defer { progress?(done.increment(), count) }
            // Once the reading has stopped, the pages not begun are left unread.
            guard stopped.count == 0 else { return .unreadable(source.files[index], []) }
            return Self.read(source.input(at: index, keeping: { _ in true }), file: source.files[index], with: pipeline, into: sink, stopped: stopped)
        }
        pages = options.parallel ? ParallelMap.map(count: count, first) : (0..<count).map(first)
        places = Dictionary(uniqueKeysWithValues: pages.indices.map { (pages[$0].file, $0) })
        memoryTexts = [:]
        for page in pages { note(page) }
    }

    /// Notes `page` among the pages in memory, when it is published there.
    private mutating func note(_ page: SitePage) {
        guard let text = page.text, let facts = page.facts else { return }
        memoryTexts[OutputFolder.pagePath(facts.page.slug)] = MemoryPages.Page(file: page.file, slug: facts.page.slug, text: text)
    }

    /// Takes `page` out of the pages in memory; returns its path there.
    @discardableResult
    private mutating func forget(_ page: SitePage) -> String? {
        guard page.text != nil, let facts = page.facts else { return nil }
        let path = OutputFolder.pagePath(facts.page.slug)
        return memoryTexts.removeValue(forKey: path) == nil ? nil : path
    }

    /// The second pass: the links between the published pages made, and
    /// every page finished in `sink` (`source`'s pages kept from the
    /// previous build, when they can be).
    mutating func link(into sink: PageSink, source: PageSource) {
        relink()
        finish(into: sink, source: source) {}
    }

    /// The second pass of a build into the output the previous build made,
    /// `changes` the page files read again or gone since (`changes(since:)`)
    /// and `siteKey` that build's `PageLinks.siteKey`: when the pages read
    /// again give the links they gave and none came or went, the links of
    /// those pages alone are made, and every other page is kept as it is
    /// in the output; else as `link(into:source:)`.
    mutating func link(into sink: PageSink, source: PageSource, changes: [(before: PageFacts?, after: PageFacts?)], siteKey: UInt64?) {
        guard renders, let siteKey, case .disk(let publisher) = sink, changes.allSatisfy({ change in
            guard let before = change.before?.page, let after = change.after?.page else { return false }
            return PageLinks.sameLinks(before, after)
        }) else {
            return link(into: sink, source: source)
        }
        links = PageLinks(published, only: Set(changes.compactMap { $0.after?.page.slug }), siteKey: siteKey)
        // Every kept page put in as the output holds it; should one be lost
        // there, it is rendered again whole, with every page's links.
        let pages = self.pages, kept = pages.indices.filter { pages[$0].kept }
        let keep: @Sendable (Int) -> Bool = { index in pages[kept[index]].entry.map(publisher.keepAsLeft) ?? true }
        let left = options.parallel ? ParallelMap.map(count: kept.count, keep) : (0..<kept.count).map(keep)
        guard !left.contains(false) else { return link(into: sink, source: source) }
        finish(into: sink, source: source, keptPagesDone: true) {}
    }

    /// The key of the links between pages for the site-wide files
    /// (`PageLinks.siteKey`), which the next build starts from.
    var linksKey: UInt64 { links.siteKey }

    /// What a refresh changed.
    struct Refresh: Sendable {
        /// Whether the links between pages were made again.
        var relinked = false
        /// The paths in the output of the pages published into memory whose
        /// bytes may have changed: read again with other text, added,
        /// removed, or showing other links.
        var pages: [String] = []
        /// Each page file read again or gone: its facts before and after
        /// (nil where it was not, or could not be read).
        var facts: [(before: PageFacts?, after: PageFacts?)] = []
    }

    /// Reads the page files `files` again (added, changed or removed on
    /// disk), `texts` standing in for some pages' text (an editor's, saved
    /// or not, the file on disk or not), into `sink`; then the links, and
    /// the holes of the pages whose links changed filled again. Only those
    /// files are looked at: the others are as they were read. Says what
    /// changed. (Not for a build: its pages are read once.)
    @discardableResult
    mutating func refresh(_ files: Set<String>, texts: [String: [UInt8]] = [:], into sink: PageSink) -> Refresh {
        let root = options.root
        var refresh = Refresh()
        var relinks = false
        var added = false
        var removed: Set<String> = []
        var read: [String: SitePage] = [:]
        var changed = Set<String>()
        for file in files.union(texts.keys.filter { places[$0] == nil }).sorted() where SiteLoader.isPageFile(file) {
            let input: PageSource.Input
            if let text = texts[file] {
                input = .text(PageText(file: file, bytes: text, hash: 0, stamp: 0))
            } else if PageSource.exists(file, root: root) {
                input = PageSource(root: root, files: [file]).input(at: 0)
            } else {
                if let place = places[file] {
                    removed.insert(file)
                    if let path = forget(pages[place]) { changed.insert(path) }
                    refresh.facts.append((pages[place].facts, nil))
                }
                continue
            }
            let page = Self.read(input, file: file, with: pipeline, into: sink, stopped: Counter())
            let before = places[file].map { pages[$0] }
            if before == nil { added = true }
            if !relinks { relinks = Self.relinks(before?.facts?.page, page.facts?.page) }
            // The page as it was served, and as it is: changed unless its text is the same.
            if let before, let path = forget(before), before.text != page.text { changed.insert(path) }
            note(page)
            if let text = page.text, let facts = page.facts, before?.text != text { changed.insert(OutputFolder.pagePath(facts.page.slug)) }
            refresh.facts.append((before?.facts, page.facts))
            read[file] = page
        }
        // The pages read again in their places; those added or gone, in page file order.
        for (file, page) in read where places[file] != nil { pages[places[file]!] = page }
        if added || !removed.isEmpty {
            relinks = true
            pages.removeAll { removed.contains($0.file) }
            pages += read.values.filter { places[$0.file] == nil }
            pages.sort { $0.file < $1.file }
            places = Dictionary(uniqueKeysWithValues: pages.indices.map { (pages[$0].file, $0) })
        }
        if relinks {
            let before = links
            relink()
            for slug in links.slugs(changedFrom: before) {
                let path = OutputFolder.pagePath(slug)
                if memoryTexts[path] != nil { changed.insert(path) }
            }
        }
        finish(into: sink, source: PageSource(root: root, files: [])) {}
        refresh.relinked = relinks
        refresh.pages = changed.sorted()
        return refresh
    }

    /// Whether the links between pages must be made again when a page
    /// file read as `before` now reads as `after` (nil: none, or unreadable).
    private static func relinks(_ before: Pattern?, _ after: Pattern?) -> Bool {
        guard let before, let after else { return before != nil || after != nil }
        return !PageLinks.sameLinks(before, after)
    }

    /// The first pass for one page file: read and checked, and rendered
    /// into `sink` with its holes; or unchanged, or unreadable.
    private static func read(_ input: PageSource.Input, file: String, with pipeline: PagePipeline, into sink: PageSink, stopped: Counter) -> SitePage {
        switch input {
        case .unchanged(let entry):
            // Whether its page can be kept is known only in the second pass.
            return .unchanged(entry)
        case .unreadable(let findings):
            return .unreadable(file, findings)
        case .refused(let failure) where failure.isSystemWide:
            // Reported once: by the first page to meet it.
            guard stopped.increment() == 1 else { return .unreadable(file, []) }
            let finding = Diagnostic(.readFailed, "cannot read the pages: \(failure.reason) (reading \(failure.path)); the pages after it were not read",
                                     at: SourceLocation(file: Site.Paths.patterns))
            var page = SitePage.unreadable(file, [finding])
            page.stopsReading = true
            return page
        case .refused(let failure):
            return .unreadable(file, [failure.diagnostic])
        case .text(let text):
            let reading = pipeline.read(file: text.file, bytes: text.bytes)
            // The bytes are not kept: its hash, stamp and name are all the second pass needs.
            var page = SitePage(file: text.file, result: reading.result, hash: text.hash, stamp: text.stamp)
            guard let pattern = reading.page else { return page }
            switch sink {
            case .disk(let publisher):
                // Written at once, but for its holes: once the writing has stopped, no more.
                guard publisher.writeFailure == nil else { return page }
                pipeline.render(pattern, into: &page.result) { pattern, html, holes in
                    try publisher.writeDraft(html, slug: pattern.slug)
                    page.holes = holes
                }
            case .memory:
                // Rendered when it is asked for.
                page.text = text.bytes
                page.result.rendered = true
                page.listingKey = page.facts.map { SiteWideFiles.pageKey($0.page) }
            case .none:
                break
            }
            return page
        }
    }

    /// Makes the links between the published pages from every page's facts.
    private mutating func relink() {
        links = renders ? PageLinks(pages.compactMap { $0.facts?.page }.filter(publishes)) : PageLinks()
    }

    /// The second pass: each page finished in `sink` — its holes filled
    /// when its links changed or it was just rendered; kept from the
    /// previous build (`source`'s), or read again when it cannot be — and,
    /// for a build, its entry made; `done` is called as each is finished.
    private mutating func finish(into sink: PageSink, source: PageSource, keptPagesDone: Bool = false, done: @Sendable () -> Void) {
        let links = self.links, pipeline = self.pipeline, pages = self.pages
        // In memory, pages are rendered when asked for; with no sink, never.
        guard case .disk = sink else { return }
        let due = pages.indices.filter { pages[$0].entry == nil || (pages[$0].kept && !keptPagesDone) }
        let second: @Sendable (Int) -> SitePage = { index in
            defer { done() }
            return Self.finish(pages[due[index]], at: due[index], with: pipeline, links: links, into: sink, source: source)
        }
        let finished = options.parallel ? ParallelMap.map(count: due.count, second) : (0..<due.count).map(second)
        for (index, page) in zip(due, finished) { self.pages[index] = page }
    }

    /// One page's second pass (see `finish(into:source:done:)`).
    private static func finish(_ page: SitePage, at index: Int, with pipeline: PagePipeline, links: PageLinks, into sink: PageSink, source: PageSource) -> SitePage {
        var page = page
        switch sink {
        case .disk(let publisher):
            if page.kept, let entry = page.entry {
                // A page kept from the previous build must be in the output as
                // that build left it, showing what it shows of the others now.
                if publisher.keep(entry, links: links.key(of: entry.facts.page.slug)) { return page }
                // Read again, to be rendered whole.
                guard case .text(let text) = source.text(at: index) else {
                    if case .refused(let failure) = source.text(at: index) { return .unreadable(page.file, [failure.diagnostic]) }
                    if case .unreadable(let findings) = source.text(at: index) { return .unreadable(page.file, findings) }
                    return page
                }
                let reading = pipeline.read(file: text.file, bytes: text.bytes)
                page = SitePage(file: text.file, result: reading.result, hash: text.hash, stamp: text.stamp)
                if let pattern = reading.page, publisher.writeFailure == nil {
                    let hash = Publisher.pageHash(text.hash, links: links.key(of: pattern.pattern.slug))
                    pipeline.renderWhole(pattern, links: links, into: &page.result) { pattern, html in
                        try publisher.writePage(html, slug: pattern.slug, hash: hash)
                    }
                }
            } else if let holes = page.holes, let facts = page.facts {
                let slug = facts.page.slug
                let hash = Publisher.pageHash(page.hash, links: links.key(of: slug))
                pipeline.fill(holes, of: facts, links: links, into: &page.result) { fills in
                    try publisher.finishPage(slug: slug, hash: hash, fills: fills)
                }
                page.holes = nil
            }
            if let facts = page.facts {
                page.entry = BuildCache.Entry(file: page.file, hash: page.hash, stamp: page.stamp, written: page.result.rendered, facts: facts)
            }
        case .memory, .none:
            break
        }
        return page
    }

    // MARK: What the pages make

    /// Whether `page` is published: not a draft, or drafts are (`--drafts`).
    func publishes(_ page: Pattern) -> Bool {
        options.drafts || !page.frontMatter.draft
    }

    /// Every page's facts, in page file order (those that could be read).
    var facts: [PageFacts] { pages.compactMap(\.facts) }

    /// The facts of the page file `file`, when it was read.
    func facts(of file: String) -> PageFacts? {
        places[file].flatMap { pages[$0].facts }
    }

    /// The published pages, in page file order.
    var published: [Pattern] { pages.compactMap { $0.facts?.page }.filter(publishes) }

    /// Whether the reading stopped (too many open files): what the pages
    /// left unread hold is unknown, and the checks across pages, which
    /// would call them missing, are not run.
    var stopped: Bool { unlisted != nil || pages.contains(where: \.stopsReading) }

    /// The site with its unreadable pages noted: what the checks across pages read.
    var site: Site {
        var site = inputs.site
        site.unreadablePages = Set(pages.filter { $0.facts == nil }.map { SiteLoader.slug(ofFile: $0.file) })
        return site
    }

    /// The slugs of the published pages.
    private var publishedSlugs: Set<String> {
        var slugs = Set<String>(minimumCapacity: pages.count)
        for page in pages { if let facts = page.facts, publishes(facts.page) { slugs.insert(facts.page.slug) } }
        return slugs
    }

    /// Runs the checks across pages on every page's facts (none when the
    /// reading stopped).
    mutating func checkAcrossPages() {
        acrossPages = stopped ? [] : CrossPageChecks(site: site, today: options.today, lastPublished: lastPublished)
            .run(facts, published: publishedSlugs, reportedFiles: reportedFiles)
    }

    /// Runs the checks across pages again after `refresh`: only for the
    /// files whose findings it may have changed (`CrossPageChecks.affected`),
    /// the others' kept as they were; the same findings as a full run.
    mutating func checkAcrossPages(after refresh: Refresh) {
        checkAcrossPages(changes: refresh.facts, from: acrossPages)
    }

    /// Runs the checks across pages for the files whose findings `changes`
    /// (page files read again or gone, their facts before and after) may
    /// have changed, the other files' findings taken from `previous` (all
    /// of them before the changes); for every file when that cannot be
    /// told. The same findings as a full run.
    mutating func checkAcrossPages(changes: [(before: PageFacts?, after: PageFacts?)], from previous: [Diagnostic]) {
        let facts = self.facts
        guard reportedFiles == nil, !stopped,
              let affected = CrossPageChecks.affected(by: changes, among: facts, lastPublished: lastPublished, gone: !inputs.site.settings.gone.isEmpty),
              affected.count <= 512 else {
            return checkAcrossPages()
        }
        let found = affected.isEmpty ? [] : CrossPageChecks(site: site, today: options.today, lastPublished: lastPublished)
            .run(facts, published: publishedSlugs, reportedFiles: affected)
        acrossPages = previous.filter { !affected.contains($0.location.file) } + found.filter { affected.contains($0.location.file) }
    }

    /// Each page file read in this run rather than kept from the build
    /// whose cache entries are `previous`, and each of those gone since:
    /// its facts then (nil for a file that build had none of) and now (nil
    /// for one gone, or unreadable).
    func changes(since previous: [BuildCache.Entry]) -> [(before: PageFacts?, after: PageFacts?)] {
        var changes: [(before: PageFacts?, after: PageFacts?)] = []
        var matched = Set<Int>()
        for entry in previous {
            guard let index = places[entry.file] else {
                changes.append((entry.facts, nil))
                continue
            }
            matched.insert(index)
            if !pages[index].kept { changes.append((entry.facts, pages[index].facts)) }
        }
        for (index, page) in pages.enumerated() where !page.kept && !matched.contains(index) {
            changes.append((nil, page.facts))
        }
        return changes
    }

    /// Every finding: about the site's own files and theme, each page's,
    /// why a page could not be rendered or written, and the checks across
    /// pages', sorted; with `reportedFiles`, those in these files alone.
    var findings: [Diagnostic] {
        var found = inputs.findings + [unlisted, siteWideFailure].compactMap { $0 } + acrossPages
        if let reportedFiles {
            for file in reportedFiles.sorted() {
                guard let place = places[file] else { continue }
                found += pages[place].result.findings + [pages[place].result.failure].compactMap { $0 }
            }
            return found.filter { reportedFiles.contains($0.location.file) }.sortedForOutput()
        }
        for page in pages {
            found += page.result.findings
            if let failure = page.result.failure { found.append(failure) }
        }
        return found.sortedForOutput()
    }

    /// Every finding of every file, as `check` reports them, whatever
    /// `reportedFiles` holds: the checks across pages run again for all.
    var everyFinding: [Diagnostic] {
        guard reportedFiles != nil else { return findings }
        var whole = self
        whole.reportedFiles = nil
        whole.checkAcrossPages()
        return whole.findings
    }

    /// The findings in `file` (a path relative to the site root).
    func findings(in file: String) -> [Diagnostic] {
        findings.filter { $0.location.file == file }
    }

    /// What this site answers at, published on the engine's day: every
    /// page's address but a draft's, their aliases and `gone:`'s.
    var publishedSite: PublishedSite {
        PublishedSite(pages: facts.map(\.page), gone: inputs.site.settings.gone.map(\.value), day: options.today)
    }

    /// What the next build keeps of every page file that could be read, in page file order.
    var entries: [BuildCache.Entry] { pages.compactMap(\.entry) }

    /// The key of everything the site-wide files show (`SiteWideFiles.key`)
    /// with the build's `fingerprint`.
    func siteWideKey(fingerprint: UInt64) -> UInt64 {
        let published = pages.filter { $0.facts.map { publishes($0.page) } ?? false }
        let keys = published.map { $0.entry?.listingKey ?? $0.listingKey ?? SiteWideFiles.pageKey($0.facts!.page) }
        return SiteWideFiles.key(keys, links: links.siteKey, fingerprint: fingerprint)
    }

    /// Makes the site-wide files and hands each to `put` as it is made
    /// (with every page's links, when a rebuild made a few pages' alone).
    func makeSiteWideFiles(into put: @Sendable (String, Span<UInt8>) throws -> Void) throws {
        guard let templates = inputs.templates else { return }
        let published = self.published
        try SiteWideFiles(site: site, templates: templates, options: options, assets: inputs.assets)
            .make(published, links: links.isWhole ? links : PageLinks(published), into: put)
    }

    /// The pages published into memory, each by its path in the output
    /// (`patterns/<slug>/index.html`), as their texts and what renders
    /// them, with the links between pages they show now.
    var memoryPages: MemoryPages {
        MemoryPages(pipeline: pipeline, links: links, pages: memoryTexts)
    }

    /// The site-wide files in memory, by their path in the output (the
    /// index, the tag pages, the feed, …), made again only when what they
    /// show changed. What stops them (a template's error) is among the findings.
    mutating func memorySiteFiles() -> [String: [UInt8]] {
        guard renders, let templates = inputs.templates else { return [:] }
        let key = siteWideKey(fingerprint: 0)
        if siteWide?.key != key {
            siteWide = nil
            siteWideFailure = nil
            do {
                siteWide = (key, try SiteWideFiles(site: site, templates: templates, options: options, assets: inputs.assets).make(published, links: links))
            } catch {
                siteWideFailure = Publisher.diagnostic(error, place: Publisher.place(of: options.output, root: options.root))
            }
        }
        var files: [String: [UInt8]] = [:]
        for file in siteWide?.files ?? [] { files[file.path] = file.bytes }
        return files
    }
}

/// A count shared by threads: pages done, for progress.
final class Counter: Sendable {
    private let value = Mutex(0)

    /// Adds one and returns the new count.
    func increment() -> Int {
        value.withLock { value in
            value += 1
            return value
        }
    }

    /// The count now.
    var count: Int {
        value.withLock { $0 }
    }
}
