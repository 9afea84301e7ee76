import Diagnostics
import Foundation

/// The result of checking a site: every finding, and each page's review.
public struct SiteCheck: Sendable {
    /// Every finding, sorted by file, line and column.
    public var diagnostics: [Diagnostic]
    /// Each page's review status, by file name (a page whose last_checked
    /// cannot be read has none).
    public var reviews: [PageReview]
    /// How many pages were taken from a build's cache rather than read.
    public var pagesFromCache = 0
    /// How many page files there are: those whose last-checked date cannot
    /// be read (or that cannot be read at all) have no review.
    public var pageCount = 0
    /// What `--links` found of the addresses of other sites (nil without it).
    var links: LinkCheck?

    /// Reads and checks the site at `root` on `today`.
    ///
    /// With `output`, the output folder of a build of the same site: a page
    /// file unchanged since that build (its size, times and inode as the
    /// build's cache recorded them, or its text the same) is not read
    /// again; its facts — its own findings and what the checks across
    /// pages read of it — come from the cache. That needs the cache to have
    /// been made on the same day from the same settings, sources, devices,
    /// table, theme and build of duosite (`BuildFingerprint.reading`); a
    /// build's base URL and drafts option do not matter. The findings are
    /// the same either way.
    ///
    /// With `links`, the addresses of `sources.yml` and the pages' links to
    /// other sites are asked over HTTP too (`LinkCheck`), the good answers
    /// remembered beside `output`; every page is then read, since the
    /// build's cache does not keep the pages' links to other sites.
    public static func run(root: URL, today: Day, reusingBuildInto output: URL? = nil, links: LinkSettings? = nil) -> SiteCheck {
        // Every page, drafts included; nothing rendered.
        let options = BuildOptions(root: root, drafts: true, today: today)
        var engine = SiteEngine(options: options, theme: false, renders: false)
        // (The fingerprint reads the settings and the theme: only when there is a cache to compare it with.)
        // With --links, every page is read: the cache does not keep their links to other sites.
        let previous = output.flatMap { output in
            links == nil && FileManager.default.fileExists(atPath: BuildCache.location(for: output).path)
                ? BuildCache.read(beside: output, fingerprint: BuildFingerprint(root: root, options: BuildOptions(root: root, today: today)).reading, reading: true) : nil
        }
        // What the last build published: the site must answer there too.
        engine.lastPublished = output.flatMap { PublishedSite.last(in: $0, cache: previous) }
        let source = PageSource(root: root, previous: previous)
        engine.read(source, into: .none)
        engine.checkAcrossPages()
        // When the reading stopped (too many files open), the check stops
        // there: what the pages left unread hold is unknown, and the theme
        // would fail alike.
        // The theme's templates, when the site has them: what a build
        // would refuse in them is reported here too.
        let hasTemplates = FileManager.default.fileExists(atPath: root.appendingPathComponent(Site.Paths.templates).path)
        let themeFindings = hasTemplates && !engine.stopped ? ThemeTemplates.load(root: root).diagnostics : []
        let facts = engine.facts
        let linkCheck = links.map { LinkCheck.run(sources: engine.inputs.site.sources, pages: facts.map(\.page), settings: engine.inputs.site.settings, output: output, with: $0) }
        let diagnostics = (engine.findings + themeFindings + (linkCheck?.diagnostics ?? [])).sortedForOutput()
        let reviews = facts.map(\.page).filter { $0.frontMatter.hasLastChecked }.map { pattern in
            let review = Review(pattern, settings: engine.inputs.site.settings, today: today)
            return PageReview(file: pattern.file, slug: pattern.slug, lastChecked: review.lastChecked.value, due: review.due, status: review.status)
        }
        return SiteCheck(diagnostics: diagnostics, reviews: reviews, pagesFromCache: engine.pages.filter(\.kept).count, pageCount: source.files.count, links: linkCheck)
    }

    /// One line for people: how many pages, errors and warnings, and,
    /// after a build, how many pages its cache stood in for (which is why
    /// such a check is quick; what it finds is the same).
    public var summary: String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        var counts = [Review.Status.fresh, .dueSoon, .stale].map { status in
            "\(reviews.filter { $0.status == status }.count) \(status == .dueSoon ? "due soon" : status.rawValue)"
        }
        // A page whose last-checked date cannot be read is checked all the same.
        let pages = max(pageCount, reviews.count)
        if pages > reviews.count {
            counts.append("\(pages - reviews.count) with no last-checked date to go by")
        }
        func plural(_ count: Int, _ word: String) -> String { "\(count) \(word)\(count == 1 ? "" : "s")" }
        var line = "\(plural(pages, "page")) checked (\(counts.joined(separator: ", "))): \(plural(errors, "error")), \(plural(warnings, "warning"))"
        if pagesFromCache > 0 {
            line += "; \(plural(pagesFromCache, "page file")) unchanged since the last build, taken from its cache"
        }
        if let links {
            line += "; " + links.summary
        }
        return line
    }
}
