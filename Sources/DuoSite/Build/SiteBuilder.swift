import Foundation
import Synchronization

/// `duosite build`: the site's files read, every page through the page
/// pipeline, the checks across pages, the site-wide files, and the swap —
/// a list of named stages, each a type of its own, run in order and each
/// timed (`--timings`). Any error before the swap leaves the previous
/// output exactly as it was; a build that publishes replaces it whole. A
/// write the file system refuses stops the writing and is reported once
/// (`Publisher`).
public struct SiteBuilder: Sendable {
    /// The result of a build.
    public struct Outcome: Sendable {
        /// Every finding (errors stop the build; warnings do not).
        public var diagnostics: [Diagnostic]
        /// Whether the site was published.
        public var published: Bool
        /// How many pattern pages were published.
        public var pageCount: Int
        /// How long the build waited for another build into the same output, in seconds.
        public var waited: Double = 0
    }

    /// What to build.
    public var options: BuildOptions
    /// Called with (pages done, pages in all) as pages are done.
    public var progress: (@Sendable (Int, Int) -> Void)?
    /// Called once when another build into the same output is running: this
    /// one waits for it to finish (see ``BuildLock``).
    public var waiting: (@Sendable () -> Void)?
    /// Where the build notes how long each of its stages took, when asked.
    public var timings: BuildTimings?

    /// Creates a builder.
    public init(options: BuildOptions, progress: (@Sendable (Int, Int) -> Void)? = nil, waiting: (@Sendable () -> Void)? = nil,
                timings: BuildTimings? = nil) {
        self.options = options
        self.progress = progress
        self.waiting = waiting
        self.timings = timings
    }

    /// Runs the build, one at a time into its output (`BuildLock`).
    public func run() -> Outcome {
        if let problem = OutputFolder.validate(options.output, root: options.root, files: !options.outputFilesChecked) {
            return Outcome(diagnostics: [Diagnostic(.missingFile, problem, at: SourceLocation(file: options.output.lastPathComponent))], published: false, pageCount: 0)
        }
        let asked = DispatchTime.now()
        let lock: BuildLock
        do {
            lock = try BuildLock(beside: options.output, waiting: waiting ?? {})
        } catch {
            let place = Publisher.place(of: options.output, root: options.root)
            return Outcome(diagnostics: [Publisher.diagnostic(error, place: place)], published: false, pageCount: 0)
        }
        let waited = lock.waited ? Double(DispatchTime.now().uptimeNanoseconds - asked.uptimeNanoseconds) / 1e9 : 0
        timings?.finish(lock.waited ? "the output checked; another build waited for" : "the output checked")
        var outcome = withExtendedLifetime(lock) { build() }
        outcome.waited = waited
        return outcome
    }

    /// The stages, in order.
    private func build() -> Outcome {
        let root = options.root, today = options.today
        let (templates, themeFindings) = stage("the theme read") { ThemeTemplates.load(root: root) }
        var (site, findings) = stage("the site's files read") { SiteLoader(root: root).loadSiteFiles() }
        findings = themeFindings + findings
        let fingerprint = stage("what every page depends on, hashed") { BuildFingerprint(root: root, options: options) }
        // With a theme to render pages with: the previous build's cache, and the staging folder.
        var previous: BuildCache?, publisher: Publisher?
        if templates != nil {
            previous = stage("the previous build's cache read") { BuildCache.read(beside: options.output, fingerprint: fingerprint.build) }
            do {
                let made = try Publisher(output: options.output, root: root, previous: previous, fingerprint: fingerprint.build,
                                         fault: options.pageWriteFault)
                timings?.finish(made.reusesSpare ? "the spare brought up to date" : "the staging folder made")
                publisher = made
            } catch {
                findings.append(error)
            }
        }
        let renderer = publisher == nil ? nil : templates.map { PageRenderer(site: site, templates: $0, options: options) }
        let source = stage("the page files listed") { PageSource(root: root, previous: previous, hashesEveryFile: true) }
        let drafts = options.drafts
        let (pages, links) = stage("the pages read, checked, rendered and written") {
            SitePages(source: source, pipeline: PagePipeline(site: site, today: today, renderer: renderer), publisher: publisher,
                      parallel: options.parallel, progress: progress, publishes: { drafts || !$0.frontMatter.draft }).runWithLinks()
        }
        site.unreadablePages = Set(zip(source.files, pages).filter { $0.1.facts == nil }.map { SiteLoader.slug(ofFile: $0.0) })
        let facts = pages.compactMap(\.facts)
        let published = facts.map(\.page).filter { options.drafts || !$0.frontMatter.draft }
        // (Not when the reading stopped: what the pages left unread hold is unknown.)
        let stopped = source.stopped(pages)
        let acrossPages = stage("the checks across pages") {
            stopped ? [] : CrossPageChecks(site: site, today: today).run(facts, published: Set(published.map(\.slug)))
        }
        findings = findings + [source.unlisted].compactMap { $0 } + pages.flatMap(\.findings) + pages.compactMap(\.failure) + acrossPages
        // A write the file system refused: one finding, at the output folder.
        if let publisher, let failure = publisher.writeFailure {
            findings.append(Publisher.diagnostic(failure, place: publisher.place))
        }
        findings = findings.sortedForOutput()
        guard let publisher, let templates, !findings.contains(where: \.blocksBuild) else {
            publisher?.discard()
            return Outcome(diagnostics: findings, published: false, pageCount: 0)
        }
        do {
            try stage("the site-wide files and assets written") {
                // Linked from the published site when nothing they show has changed.
                let entries = pages.compactMap(\.entry).filter { options.drafts || !$0.facts.page.frontMatter.draft }
                let key = SiteWideFiles.key(entries.map(\.listingKey), links: links.siteKey, fingerprint: fingerprint.build)
                if !publisher.linkSiteFiles(key: key, names: SiteWideFiles.paths(published)) {
                    try publisher.writeSiteFiles(try SiteWideFiles(site: site, templates: templates, options: options).make(published, links: links), key: key)
                }
                try publisher.copyAssets(root: root)
            }
            let warnings = try stage("the site swapped in") {
                try publisher.publish(entries: pages.compactMap(\.entry), readingFingerprint: fingerprint.reading)
            }
            findings = (findings + warnings).sortedForOutput()
        } catch {
            // A failure to write is noted first, so that the staging folder goes whole.
            let finding = publisher.fail(error)
            publisher.discard()
            return Outcome(diagnostics: (findings + [finding]).sortedForOutput(), published: false, pageCount: 0)
        }
        Self.lastBuild.withLock { $0 = (pages, source, previous) }
        return Outcome(diagnostics: findings, published: true, pageCount: published.count)
    }

    /// What the last build that published made — every page's facts and
    /// the previous build's — kept until the next build or the end of the
    /// process. The `duosite build` command ends right after its build, and
    /// the end of a process gives its memory back at once, where freeing
    /// ten thousand pages' facts one object after another takes more than
    /// a tenth of a rebuild's time.
    private static let lastBuild = Mutex<(any Sendable)?>(nil)

    /// Runs the stage `name`, noting how long it took when the build notes its stages.
    private func stage<Result>(_ name: String, _ body: () throws -> Result) rethrows -> Result {
        defer { timings?.finish(name) }
        return try body()
    }

    /// The address the site is published at: `--base-url`, else site.yml's.
    static func baseURL(_ site: Site, _ options: BuildOptions) -> String {
        guard var url = options.baseURL else { return site.settings.baseURL }
        while url.hasSuffix("/") { url.removeLast() }
        return url
    }
}
