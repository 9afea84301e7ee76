import Bytes
import Foundation
import Mustache

/// The site built in memory rather than published: every page's HTML and
/// facts and the site-wide files, made by the same stages as `build`
/// (`PagePipeline`, `PageLinks`, `CrossPageChecks`, `SiteWideFiles`). When
/// one page file changes, only that page is read again; the links between
/// pages, the checks across pages and the site-wide files are made again
/// from every page's facts, and the pages whose links changed are
/// rendered again. What a long-running process keeps: a preview server,
/// or the language server, which reads and checks only and gives a page the
/// text an editor holds rather than its file's.
struct MemorySite: Sendable {
    /// What the site's files hold, and what renders its pages: made once.
    private let site: Site
    private let templates: TemplateLibrary?
    /// The names the theme's assets are published under, which the pages
    /// link (every asset keeps its name when the site is not rendered).
    let assets: AssetNames
    private let pipeline: PagePipeline
    private let options: BuildOptions
    /// The findings about the site's own files and its theme.
    private let siteFindings: [Diagnostic]
    /// Each page file as read (its outcome, and the page when it is
    /// published), its HTML, and the key of the links it was rendered with,
    /// by its path.
    private var pages: [String: Page] = [:]
    /// The links between the published pages the pages were rendered with.
    private var links = PageLinks()
    /// The site-wide files made last, and the key of what they show
    /// (`SiteWideFiles.key`): made again only when it changes.
    private var siteWide: (key: UInt64, files: [SiteWideFiles.File])?
    /// `links.siteKey`, worked out when the links are made.
    private var linksKey: UInt64 = 0

    /// One page file as the site holds it.
    private struct Page: Sendable {
        var reading: PagePipeline.Reading
        var html: [UInt8]?
        var linksKey: UInt64 = 0
        var result: PagePipeline.Result { reading.result }
    }
    /// The page files, in order, and those that could not be read.
    private var order: [String] = []

    /// The published files by their path in the output (`index.html`,
    /// `patterns/<slug>/index.html`, …): what `build` writes but the
    /// theme's assets and `Static/`'s files, which are served as they are.
    private(set) var files: [String: [UInt8]] = [:]
    /// Every finding, as `build` reports them; with `reportedFiles`, those
    /// in these files.
    private(set) var findings: [Diagnostic] = []
    /// The files whose findings are wanted, or nil for every file's: the
    /// checks across pages then spare the work of finding the others (a
    /// language server wants the open pages' after each keystroke).
    var reportedFiles: Set<String>? {
        didSet { if reportedFiles != oldValue { assemble() } }
    }

    /// The site at `options.root`, built in memory; without `rendering`,
    /// read and checked only, as `check` does (no HTML, no site-wide
    /// files). `siteTexts` stand in for the text of some of the site's own
    /// files (`Content/sources.yml`, …); `reportedFiles` are those whose
    /// findings are wanted (nil: every file's).
    init(options: BuildOptions, rendering: Bool = true, siteTexts: [String: [UInt8]] = [:], reportedFiles: Set<String>? = nil) {
        self.options = options
        self.reportedFiles = reportedFiles
        let (loaded, themeFindings, assets) = ThemeTemplates.load(root: options.root, fingerprinting: rendering)
        let templates = rendering ? loaded : nil
        self.assets = assets
        var loader = SiteLoader(root: options.root)
        loader.texts = siteTexts
        let (site, siteFindings) = loader.loadSiteFiles()
        self.site = site
        self.templates = templates
        self.siteFindings = themeFindings + siteFindings
        let pipeline = PagePipeline(site: site, today: options.today, renderer: templates.map { PageRenderer(site: site, templates: $0, options: options, assets: assets) })
        self.pipeline = pipeline
        let source = PageSource(root: options.root, previous: nil)
        order = source.files
        let results = ParallelMap.map(count: source.files.count) { index in Self.read(source.input(at: index), with: pipeline) }
        pages = Dictionary(uniqueKeysWithValues: zip(source.files, results))
        render(all: true)
        assemble()
    }

    /// Runs the page file `file` (a path relative to the site root: added,
    /// changed or removed) through the pipeline again, and makes the checks
    /// across pages and the site-wide files again.
    mutating func refresh(_ file: String) {
        let source = PageSource(root: options.root, previous: nil)
        let before = pages[file]?.result.facts?.page
        order = source.files
        if let index = source.files.firstIndex(of: file) {
            pages[file] = Self.read(source.input(at: index), with: pipeline)
        } else {
            pages[file] = nil
        }
        render(all: false, relink: Self.relinks(before, pages[file]?.result.facts?.page))
        assemble()
    }

    /// Whether the links between pages must be made again when a page
    /// file read as `before` now reads as `after` (nil: none, or unreadable).
    private static func relinks(_ before: Pattern?, _ after: Pattern?) -> Bool {
        guard let before, let after else { return before != nil || after != nil }
        return !PageLinks.sameLinks(before, after)
    }

    /// Runs the page file `file` through the pipeline again with `bytes`
    /// standing in for its file's (the text an editor holds, saved or
    /// not), and makes the checks across pages again.
    mutating func refresh(_ file: String, bytes: [UInt8]) {
        if !order.contains(file) {
            order.append(file)
            order.sort()
        }
        let before = pages[file]?.result.facts?.page
        pages[file] = Self.read(.text(PageText(file: file, bytes: bytes, hash: 0, stamp: 0)), with: pipeline)
        render(all: false, relink: Self.relinks(before, pages[file]?.result.facts?.page))
        assemble()
    }

    /// The findings in `file` (a path relative to the site root).
    func findings(in file: String) -> [Diagnostic] {
        findings.filter { $0.location.file == file }
    }

    /// What the site's own files hold (settings, sources, devices, the
    /// placement table, the theme's symbols), without its pages.
    var siteFiles: Site { site }

    /// The facts of every page read, in page file order.
    var pageFacts: [PageFacts] { order.compactMap { pages[$0]?.result.facts } }

    private static func read(_ input: PageSource.Input, with pipeline: PagePipeline) -> Page {
        switch input {
        case .text(let text):
            Page(reading: pipeline.read(file: text.file, bytes: text.bytes), html: nil, linksKey: 0)
        case .unchanged(let entry):
            Page(reading: .init(result: PagePipeline.Result(facts: entry.facts, findings: entry.facts.findings), page: nil))
        case .unreadable(let findings):
            Page(reading: .init(result: PagePipeline.Result(facts: nil, findings: findings), page: nil))
        case .refused(let failure):
            Page(reading: .init(result: PagePipeline.Result(facts: nil, findings: [failure.diagnostic]), page: nil))
        }
    }

    /// The links between the published pages made again, and the pages
    /// rendered: every one (`all`), else those not rendered yet (just
    /// read) and those whose links changed.
    private mutating func render(all: Bool, relink: Bool = true) {
        // Read and checked only (a language server): nothing to render.
        guard templates != nil else { return }
        let drafts = options.drafts
        if relink {
            links = PageLinks(order.compactMap { pages[$0]?.result.facts?.page }.filter { drafts || !$0.frontMatter.draft })
            linksKey = links.siteKey
        }
        let links = self.links, pipeline = self.pipeline
        let due = order.filter { file in
            guard let page = pages[file], let pattern = page.reading.page else { return false }
            return all || page.html == nil || page.linksKey != links.key(of: pattern.slug)
        }
        let made = ParallelMap.map(count: due.count) { [pages] index -> Page in
            var page = pages[due[index]]!
            var result = page.reading.result
            result.rendered = false
            result.failure = nil
            var html: [UInt8]?
            pipeline.render(page.reading.page!, links: links, into: &result) { _, bytes in html = [UInt8](copying: bytes) }
            page.reading.result = result
            page.html = html
            page.linksKey = links.key(of: page.reading.page!.slug)
            return page
        }
        for (file, page) in zip(due, made) { pages[file] = page }
    }

    /// The checks across pages, the findings, and the files, from every page's outcome.
    private mutating func assemble() {
        // Every page's facts, and the page files that could not be read, in one pass.
        var facts: [PageFacts] = []
        facts.reserveCapacity(order.count)
        var site = self.site
        for file in order {
            guard let page = pages[file] else { continue }
            if let pageFacts = page.result.facts { facts.append(pageFacts) } else { site.unreadablePages.insert(SiteLoader.slug(ofFile: file)) }
        }
        let published = facts.map(\.page).filter { options.drafts || !$0.frontMatter.draft }
        let acrossPages = CrossPageChecks(site: site, today: options.today).run(facts, published: Set(published.map(\.slug)), reportedFiles: reportedFiles)
        if let reportedFiles {
            let reported = reportedFiles.sorted().compactMap { pages[$0]?.result }
            findings = (siteFindings + reported.flatMap(\.findings) + reported.compactMap(\.failure) + acrossPages)
                .filter { reportedFiles.contains($0.location.file) }.sortedForOutput()
        } else {
            let outcomes = order.compactMap { pages[$0]?.result }
            findings = (siteFindings + outcomes.flatMap(\.findings) + outcomes.compactMap(\.failure) + acrossPages).sortedForOutput()
        }
        files = [:]
        for file in order where templates != nil {
            if let page = pages[file], let html = page.html, let facts = page.result.facts { files[OutputFolder.pagePath(facts.page.slug)] = html }
        }
        guard let templates else { return }
        do {
            // The site-wide files show the published pages' front matter and the links alone.
            let key = SiteWideFiles.key(published.map(SiteWideFiles.pageKey), links: linksKey, fingerprint: 0)
            if siteWide?.key != key {
                siteWide = (key, try SiteWideFiles(site: site, templates: templates, options: options, assets: assets).make(published, links: links))
            }
            for file in siteWide?.files ?? [] {
                files[file.path] = file.bytes
            }
        } catch {
            siteWide = nil
            findings.append(Publisher.diagnostic(error, place: Publisher.place(of: options.output, root: options.root)))
        }
    }
}
