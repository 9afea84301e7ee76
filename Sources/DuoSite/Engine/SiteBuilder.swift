import Diagnostics
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
        /// Why the output may not be replaced, when the build refused it
        /// (it holds a file no build wrote): the command line names the
        /// wrong folder, as `OutputFolder.validate` says before a build.
        public var refusal: String?
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
        if let problem = OutputFolder.validate(options.output, root: options.root) {
            return refused(problem)
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
        let root = options.root
        var engine = stage("the theme and the site's files read") { SiteEngine(options: options, theme: true, renders: true) }
        let settings = engine.inputs.site.settings, assets = engine.inputs.assets
        let fingerprint = stage("what every page depends on, hashed") { BuildFingerprint(root: root, options: options, assets: assets) }
        // With a theme to render pages with: the previous build's cache, and the staging folder.
        var previous: BuildCache?, publisher: Publisher?, findings: [Diagnostic] = []
        if engine.renders {
            previous = stage("the previous build's cache read") { BuildCache.read(beside: options.output, fingerprint: fingerprint.build) }
            // The swap replaces the output whole: a file the last build did not write there would be lost.
            if let problem = stage("the output's files checked", { OutputFolder.foreignFiles(in: options.output, root: root, live: previous?.live) }) {
                return refused(problem)
            }
            do {
                let precompresses = options.precompress || settings.precompress
                let made = try Publisher(output: options.output, root: root, previous: previous, fingerprint: fingerprint.build,
                                         fault: options.pageWriteFault, precompressor: precompresses ? Precompressor() : nil)
                timings?.finish(made.reusesSpare ? "the spare brought up to date" : "the staging folder made")
                publisher = made
            } catch {
                findings.append(error)
            }
        }
        // What the output answered at after the last build: the new site must answer there too.
        engine.lastPublished = PublishedSite.last(in: options.output, cache: previous)
        let source = stage("the page files listed") { PageSource(root: root, previous: previous, hashesEveryFile: true) }
        let sink: PageSink = publisher.map { .disk($0) } ?? .none
        stage("the pages read, checked, rendered and written") { engine.read(source, into: sink, progress: progress) }
        // What changed since the previous build, when its pages were kept: the links
        // and the checks across pages are made again for what that can affect.
        let changes = previous.flatMap { $0.entries.isEmpty ? nil : engine.changes(since: $0.entries) }
        stage("the links between pages made, the pages finished") {
            if let changes {
                engine.link(into: sink, source: source, changes: changes, siteKey: previous?.linksKey)
            } else {
                engine.link(into: sink, source: source)
            }
        }
        stage("the checks across pages") {
            if let changes, let found = previous?.acrossPages {
                engine.checkAcrossPages(changes: changes, from: found)
            } else {
                engine.checkAcrossPages()
            }
        }
        findings += engine.findings
        // A write the file system refused: one finding, at the output folder.
        if let publisher, let failure = publisher.writeFailure {
            findings.append(Publisher.diagnostic(failure, place: publisher.place))
        }
        findings = findings.sortedForOutput()
        guard let publisher, !findings.contains(where: \.blocksBuild) else {
            publisher?.discard()
            return Outcome(diagnostics: findings, published: false, pageCount: 0)
        }
        do {
            try stage("the site-wide files and assets written") {
                // Linked from the published site when nothing they show has changed.
                publisher.removeUnwrittenPages()
                let key = engine.siteWideKey(fingerprint: fingerprint.build)
                let names = SiteWideFiles.paths(engine.published, settings: settings)
                if !publisher.linkSiteFiles(key: key, names: names) {
                    try publisher.writeSiteFiles(key: key, names: names) { put in try engine.makeSiteWideFiles(into: put) }
                }
                try publisher.copyAssets(root: root, names: assets, headersFile: settings.headersFile)
            }
            let warnings = try stage("the site swapped in") {
                try publisher.publish(entries: engine.entries, site: engine.publishedSite, acrossPages: engine.stopped ? nil : engine.acrossPages,
                                      linksKey: engine.renders ? engine.linksKey : nil, readingFingerprint: fingerprint.reading)
            }
            findings = (findings + warnings).sortedForOutput()
        } catch {
            // A failure to write is noted first, so that the staging folder goes whole.
            let finding = publisher.fail(error)
            publisher.discard()
            return Outcome(diagnostics: (findings + [finding]).sortedForOutput(), published: false, pageCount: 0)
        }
        let published = engine.published.count
        Self.lastBuild.withLock { $0 = (engine, previous) }
        return Outcome(diagnostics: findings, published: true, pageCount: published)
    }

    /// What the last build that published made — every page's facts and
    /// the previous build's — kept until the next build or the end of the
    /// process. The `duosite build` command ends right after its build, and
    /// the end of a process gives its memory back at once, where freeing
    /// ten thousand pages' facts one object after another takes more than
    /// a tenth of a rebuild's time.
    private static let lastBuild = Mutex<(any Sendable)?>(nil)

    /// A build refused before it began: its output is a folder it may not replace.
    private func refused(_ problem: String) -> Outcome {
        Outcome(diagnostics: [Diagnostic(.missingFile, problem, at: SourceLocation(file: options.output.lastPathComponent))], published: false, pageCount: 0,
                refusal: problem)
    }

    /// Runs the stage `name`, noting how long it took when the build notes its stages.
    private func stage<Result>(_ name: String, _ body: () throws -> Result) rethrows -> Result {
        defer { timings?.finish(name) }
        return try body()
    }
}
