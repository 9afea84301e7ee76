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

    /// Reads and checks the site at `root` on `today`.
    ///
    /// With `output`, the output folder of a build of the same site: a page
    /// file unchanged since that build (its size, times and inode as the
    /// build's cache recorded them, or its text the same) is not parsed
    /// again; its own findings and what the checks across pages read of it
    /// come from the cache. That needs the cache to have been made on the
    /// same day from the same settings, sources, devices, table, theme and
    /// version of duosite (`BuildCache.readingFingerprint`); a build's base
    /// URL and drafts option do not matter. The findings are the same
    /// either way.
    public static func run(root: URL, today: Day, reusingBuildInto output: URL? = nil) -> SiteCheck {
        // (The fingerprint reads the settings and the theme: only when there is a cache to compare it with.)
        let previous = output.flatMap { output in
            FileManager.default.fileExists(atPath: BuildCache.location(for: output).path)
                ? BuildCache.load(output: output, fingerprint: BuildCache.readingFingerprint(root: root, today: today), reading: true) : nil
        }
        return read(root: root, today: today, previous: previous?.entries.isEmpty == false ? previous : nil)
    }

    /// Reads and checks the site, pages unchanged since the build that
    /// left `previous` taken from it (when a kept page's summary cannot be
    /// decoded, every page is read).
    private static func read(root: URL, today: Day, previous: BuildCache?) -> SiteCheck {
        var loader = SiteLoader(root: root)
        let files = loader.patternFiles()
        loader.files = files
        let kept = CacheEntries(count: files.count)
        // A page unchanged since the build: its own findings, read alone.
        let keep: @Sendable (Int, BuildCache.Entry) -> [Diagnostic]? = { index, entry in
            guard let found = try? entry.diagnostics() else { return nil }
            kept.set(entry, at: index)
            return found
        }
        let started = SourceStamp.now()
        let rootFolder = previous == nil ? nil : OpenFolder(root.standardizedFileURL.path)
        let reuseUnread: @Sendable (Int, String) -> [Diagnostic]? = { index, path in
            guard let previous, let rootFolder, let entry = previous.entry(for: path, at: index), entry.stamp != 0,
                  SourceStamp.of(path, relativeTo: rootFolder.descriptor, notAfter: started) == entry.stamp else { return nil }
            return keep(index, entry)
        }
        let reuse: @Sendable (Int, String, [UInt8], stat) -> [Diagnostic]? = { index, path, bytes, _ in
            guard let previous, let entry = previous.entry(for: path, at: index), entry.hash == ContentHash.of(bytes) else { return nil }
            return keep(index, entry)
        }
        // Each page read is checked alone as soon as it is read, then kept
        // without its demos; the checks across pages run once all are read.
        let once = Once<CheckContext>()
        let (readSite, outcomes, loadDiagnostics) = loader.load(processing: { _, _, pattern, site, found in
            let checks = once.get {
                Checkers.pageContext(site: site, today: today, engine: site.placement.map(PlacementEngine.init(table:)))
            }
            var slim = pattern.withoutHTML
            slim.demos = []
            return (slim, found + Checkers.page(pattern, checks))
        }, reuseUnread: previous == nil ? nil : reuseUnread, reuse: previous == nil ? nil : reuse)
        var site = readSite
        var pagesFromCache = 0
        if previous != nil {
            // Every page in page file order, those kept decoded on every core.
            let pages = ParallelMap.map(Array(outcomes.indices)) { index -> (page: Pattern?, failed: Bool) in
                switch outcomes[index] {
                case .read(let pattern): return (pattern, false)
                case .kept:
                    let pattern = try? kept.entry(at: index)?.summary().pattern
                    return (pattern, pattern == nil)
                case .unreadable: return (nil, false)
                }
            }
            guard !pages.contains(where: \.failed) else { return read(root: root, today: today, previous: nil) }
            site.patterns = pages.compactMap(\.page)
            pagesFromCache = outcomes.filter { if case .kept = $0 { true } else { false } }.count
        }
        let context = CheckContext(site: site, today: today)
        // The theme's templates, when the site has them: what a build
        // would refuse in them is reported here too.
        let hasTemplates = FileManager.default.fileExists(atPath: root.appendingPathComponent(Site.Paths.templates).path)
        let themeDiagnostics = hasTemplates ? ThemeTemplates.load(root: root).diagnostics : []
        let diagnostics = (loadDiagnostics + themeDiagnostics + Checkers.runSiteLevel(context)).sortedForOutput()
        let reviews = site.patterns.filter(\.frontMatter.hasLastChecked).map { pattern in
            let review = Review(pattern, settings: site.settings, today: today)
            return PageReview(file: pattern.file, slug: pattern.slug, lastChecked: review.lastChecked.value, due: review.due, status: review.status)
        }
        return SiteCheck(diagnostics: diagnostics, reviews: reviews, pagesFromCache: pagesFromCache, pageCount: files.count)
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
        let line = "\(plural(pages, "page")) checked (\(counts.joined(separator: ", "))): \(plural(errors, "error")), \(plural(warnings, "warning"))"
        guard pagesFromCache > 0 else { return line }
        return line + "; \(plural(pagesFromCache, "page file")) unchanged since the last build, taken from its cache"
    }
}
