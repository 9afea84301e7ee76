import Foundation
import Watching

/// The site as the language server knows it: read and checked in memory
/// as `check` reads it (`MemorySite`, drafts included, nothing rendered),
/// with the text an editor holds standing in for each open file's — a
/// page's, or one of the site's own files' (`site.yml`, `sources.yml`,
/// `devices.yml`, `placement.yml`). After an edit of a page, only that page
/// is run through the page pipeline again, then the checks across pages;
/// after an edit of one of the site's own files, or a change on disk to
/// them or the theme, all of it.
struct LanguageSite: Sendable {
    /// The site root.
    let root: URL
    /// The day findings are reckoned from (stale, due soon).
    let today: Day
    private var memory: MemorySite
    /// The placement engine with the site's table, compiled once (nil
    /// when the site has no table it can read).
    private(set) var engine: PlacementEngine?
    /// The open pages' text, by path relative to the root.
    private var openPages: [String: [UInt8]] = [:]
    /// The open site files' text (`Content/sources.yml`, …).
    private var openSiteFiles: [String: [UInt8]] = [:]
    /// The files whose findings are wanted: the open documents'.
    private var reported: Set<String> = []

    /// The site at `root`, read and checked as of `today`.
    init(root: URL, today: Day) {
        self.root = root
        self.today = today
        memory = MemorySite(options: Self.options(root: root, today: today), rendering: false, reportedFiles: [])
        engine = memory.siteFiles.placement.map(PlacementEngine.init(table:))
    }

    private static func options(root: URL, today: Day) -> BuildOptions {
        // As `check` reads: every page, drafts included.
        BuildOptions(root: root, drafts: true, today: today)
    }

    /// Every finding in `file`, as `check` reports it, when `file` is one
    /// of those reported.
    func findings(in file: String) -> [Diagnostic] {
        memory.findings(in: file)
    }

    /// Makes the findings in `files` (the open documents') those found:
    /// after a change, the checks across pages look for findings in these
    /// alone.
    mutating func report(_ files: Set<String>) {
        reported = files
        memory.reportedFiles = files
    }

    /// The site's own files, read (its sources, devices, table, symbols).
    var site: Site { memory.siteFiles }

    /// Every page's facts (slugs, rules, anchors, front matter).
    var pages: [PageFacts] { memory.pageFacts }

    /// The page or site file `file` now holds `text` (an editor's, saved
    /// or not); nil: its file's again (the editor closed it).
    mutating func setText(_ text: [UInt8]?, of file: String) {
        if PreviewSite.siteFiles.contains(file) {
            guard openSiteFiles[file] != text else { return }
            openSiteFiles[file] = text
            reload()
            return
        }
        guard PageSource.isPageFile(file) else { return }
        openPages[file] = text
        if let text {
            memory.refresh(file, bytes: text)
        } else {
            memory.refresh(file)
        }
    }

    /// Reads the whole site again, with the open files' text.
    private mutating func reload() {
        memory = MemorySite(options: Self.options(root: root, today: today), rendering: false, siteTexts: openSiteFiles, reportedFiles: reported)
        engine = memory.siteFiles.placement.map(PlacementEngine.init(table:))
        for (file, text) in openPages.sorted(by: { $0.key < $1.key }) { memory.refresh(file, bytes: text) }
    }

    /// Brings the site up to date with changes on disk; says whether any
    /// was to a file the site reads.
    @discardableResult
    mutating func apply(_ changes: Set<FolderChange>) -> Bool {
        var pageFiles: Set<String> = []
        var everything = false
        for change in changes {
            switch change {
            case .everything:
                everything = true
            case .path(let path):
                if PageSource.isPageFile(path) {
                    pageFiles.insert(path)
                } else if path == Site.Paths.patterns || path == Site.Paths.content || PreviewSite.siteFiles.contains(path) || path.hasPrefix(Site.Paths.symbols) || path == Site.Paths.theme || path == Site.Paths.assets || path.hasPrefix(Site.Paths.templates) {
                    everything = true
                }
            }
        }
        if everything {
            reload()
            return true
        }
        // An open page's text wins over its file's.
        let changed = pageFiles.subtracting(openPages.keys)
        for file in changed.sorted() { memory.refresh(file) }
        return !changed.isEmpty
    }
}
