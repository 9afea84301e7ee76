import Diagnostics
import Foundation
import Watching

/// The site as the language server knows it: read and checked in memory
/// as `check` reads it (the site engine with no sink: drafts included,
/// nothing rendered), with the text an editor holds standing in for each
/// open file's — a page's, or one of the site's own files' (`site.yml`,
/// `sources.yml`, `devices.yml`, `placement.yml`). After an edit of a page,
/// only that page is read again, then the checks across pages; after an
/// edit of one of the site's own files, or a change on disk that
/// `SiteChange` says stands for every page, all of it.
struct LanguageSite: Sendable {
    /// The site root.
    let root: URL
    /// The day findings are reckoned from (stale, due soon).
    let today: Day
    private var engine: SiteEngine
    /// The placement engine with the site's table, compiled once (nil
    /// when the site has no table it can read).
    private(set) var placement: PlacementEngine?
    /// The open pages' text, by path relative to the root.
    private var openPages: [String: [UInt8]] = [:]
    /// The open site files' text (`Content/sources.yml`, …).
    private var openSiteFiles: [String: [UInt8]] = [:]
    /// The files whose findings are wanted: the open documents'.
    private var reported: Set<String> = []
    /// The files of `Static/` and the theme's assets, as last read.
    private var listing: SiteChange.Listing
    /// What `Public/` answered at after the last build (`PublishedSite`),
    /// read once: the editor sees what `check` finds (`address-removed`).
    private let lastPublished: PublishedSite?
    /// How many times what the site holds changed: what was made of it
    /// with another count is out of date.
    private(set) var generation = 0
    /// Every file's findings, as last made, and the generation they are of.
    private var everyFinding: (generation: Int, byFile: [String: [Diagnostic]])?

    /// The site at `root`, read and checked as of `today`.
    init(root: URL, today: Day) {
        self.root = root
        self.today = today
        listing = SiteChange.Listing(root: root)
        let lastPublished = PublishedSite.last(in: root.appendingPathComponent("Public"), cache: nil)
        self.lastPublished = lastPublished
        engine = Self.read(root: root, today: today, siteTexts: [:], pageTexts: [:], reported: [], lastPublished: lastPublished)
        placement = engine.inputs.site.placement.map(PlacementEngine.init(table:))
    }

    /// The whole site read, with the open files' text.
    private static func read(root: URL, today: Day, siteTexts: [String: [UInt8]], pageTexts: [String: [UInt8]], reported: Set<String>,
                             lastPublished: PublishedSite?) -> SiteEngine {
        // As `check` reads: every page, drafts included.
        var engine = SiteEngine(options: BuildOptions(root: root, drafts: true, today: today), theme: true, renders: false, texts: siteTexts, forEditor: true)
        engine.reportedFiles = reported
        engine.lastPublished = lastPublished
        engine.read(PageSource(root: root, previous: nil), into: .none)
        if !pageTexts.isEmpty { engine.refresh(Set(pageTexts.keys), texts: pageTexts, into: .none) }
        engine.checkAcrossPages()
        return engine
    }

    /// Every finding in `file`, as `check` reports it, when `file` is one
    /// of those reported.
    func findings(in file: String) -> [Diagnostic] {
        engine.findings(in: file)
    }

    /// Every file's findings, as `check` reports them, by file: the whole
    /// site's, made again only when it changed.
    mutating func findingsByFile() -> [String: [Diagnostic]] {
        if let everyFinding, everyFinding.generation == generation { return everyFinding.byFile }
        let byFile = Dictionary(grouping: engine.everyFinding, by: \.location.file)
        everyFinding = (generation, byFile)
        return byFile
    }

    /// Keeps `byFile`, every file's findings made of a copy of this site
    /// in `generation`, when it is still this site's.
    mutating func adopt(_ byFile: [String: [Diagnostic]], of generation: Int) {
        if generation == self.generation { everyFinding = (generation, byFile) }
    }

    /// Makes the findings in `files` (the open documents') those found:
    /// after a change, the checks across pages look for findings in these
    /// alone.
    mutating func report(_ files: Set<String>) {
        guard files != reported else { return }
        reported = files
        engine.reportedFiles = files
        engine.checkAcrossPages()
    }

    /// The site's own files, read (its sources, devices, table, symbols).
    var site: Site { engine.inputs.site }

    /// Every page's facts (slugs, rules, anchors, front matter).
    var pages: [PageFacts] { engine.facts }

    /// The facts of the page `slug`, when it was read.
    func page(_ slug: String) -> PageFacts? {
        engine.facts(of: CrossReferenceTarget.file(of: slug))
    }

    /// The page or site file `file` now holds `text` (an editor's, saved
    /// or not); nil: its file's again (the editor closed it).
    mutating func setText(_ text: [UInt8]?, of file: String) {
        if SiteInputs.yamlFiles.contains(file) {
            guard openSiteFiles[file] != text else { return }
            generation += 1
            openSiteFiles[file] = text
            reload()
            return
        }
        guard SiteLoader.isPageFile(file) else { return }
        generation += 1
        openPages[file] = text
        engine.refresh([file], texts: openPages, into: .none)
        engine.checkAcrossPages()
    }

    /// Reads the whole site again, with the open files' text.
    private mutating func reload() {
        engine = Self.read(root: root, today: today, siteTexts: openSiteFiles, pageTexts: openPages, reported: reported, lastPublished: lastPublished)
        placement = engine.inputs.site.placement.map(PlacementEngine.init(table:))
    }

    /// Brings the site up to date with changes on disk; says whether any
    /// was to a file the site reads.
    @discardableResult
    mutating func apply(_ changes: Set<FolderChange>) -> Bool {
        let change = SiteChange.of(changes, root: root, listing: &listing)
        generation += 1
        if change.everything {
            reload()
            return true
        }
        // An open page's text wins over its file's.
        let changed = change.pages.subtracting(openPages.keys)
        guard !changed.isEmpty else { return false }
        engine.refresh(changed, texts: openPages, into: .none)
        engine.checkAcrossPages()
        return true
    }
}
