import Bytes
import Foundation
import Mustache

/// The site built in memory rather than published: every page's HTML and
/// facts and the site-wide files, made by the same stages as `build`
/// (`PagePipeline`, `CrossPageChecks`, `SiteWideFiles`). When one page
/// file changes, only that page is run through the pipeline again; the
/// checks across pages and the site-wide files are made again from every
/// page's facts. What a long-running process — a preview server, or the
/// language server, which reads and checks only and gives a page the text
/// an editor holds rather than its file's — keeps.
struct MemorySite: Sendable {
    /// What the site's files hold, and what renders its pages: made once.
    private let site: Site
    private let templates: TemplateLibrary?
    private let pipeline: PagePipeline
    private let options: BuildOptions
    /// The findings about the site's own files and its theme.
    private let siteFindings: [Diagnostic]
    /// Each page file's outcome, and its HTML when it is published, by its path.
    private var pages: [String: (result: PagePipeline.Result, html: [UInt8]?)] = [:]
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
        let (loaded, themeFindings) = ThemeTemplates.load(root: options.root)
        let templates = rendering ? loaded : nil
        var loader = SiteLoader(root: options.root)
        loader.texts = siteTexts
        let (site, siteFindings) = loader.loadSiteFiles()
        self.site = site
        self.templates = templates
        self.siteFindings = themeFindings + siteFindings
        let pipeline = PagePipeline(site: site, today: options.today, renderer: templates.map { PageRenderer(site: site, templates: $0, options: options) })
        self.pipeline = pipeline
        let source = PageSource(root: options.root, previous: nil)
        order = source.files
        let results = ParallelMap.map(count: source.files.count) { index in Self.read(source.input(at: index), with: pipeline) }
        pages = Dictionary(uniqueKeysWithValues: zip(source.files, results))
        assemble()
    }

    /// Runs the page file `file` (a path relative to the site root: added,
    /// changed or removed) through the pipeline again, and makes the checks
    /// across pages and the site-wide files again.
    mutating func refresh(_ file: String) {
        let source = PageSource(root: options.root, previous: nil)
        order = source.files
        if let index = source.files.firstIndex(of: file) {
            pages[file] = Self.read(source.input(at: index), with: pipeline)
        } else {
            pages[file] = nil
        }
        assemble()
    }

    /// Runs the page file `file` through the pipeline again with `bytes`
    /// standing in for its file's (the text an editor holds, saved or
    /// not), and makes the checks across pages again.
    mutating func refresh(_ file: String, bytes: [UInt8]) {
        if !order.contains(file) {
            order.append(file)
            order.sort()
        }
        pages[file] = Self.read(.text(PageText(file: file, bytes: bytes, hash: 0, stamp: 0)), with: pipeline)
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

    private static func read(_ input: PageSource.Input, with pipeline: PagePipeline) -> (result: PagePipeline.Result, html: [UInt8]?) {
        switch input {
        case .text(let text):
            var html: [UInt8]?
            let result = pipeline.run(file: text.file, bytes: text.bytes) { html = [UInt8](copying: $1) }
            return (result, html)
        case .unchanged(let entry): return (PagePipeline.Result(facts: entry.facts, findings: entry.facts.findings), nil)
        case .unreadable(let findings): return (PagePipeline.Result(facts: nil, findings: findings), nil)
        case .refused(let failure): return (PagePipeline.Result(facts: nil, findings: [failure.diagnostic]), nil)
        }
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
            if let (result, html) = pages[file], let html, let page = result.facts?.page { files[OutputFolder.pagePath(page.slug)] = html }
        }
        guard let templates else { return }
        do {
            for file in try SiteWideFiles(site: site, templates: templates, options: options).make(published) {
                files[file.path] = file.bytes
            }
        } catch {
            findings.append(Publisher.diagnostic(error, place: Publisher.place(of: options.output, root: options.root)))
        }
    }
}
