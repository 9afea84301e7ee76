import Foundation
import Mustache
import Synchronization

/// Every page file of the site through the page pipeline, on every core,
/// in two passes: each one's input from the page source, read and checked
/// (or, unchanged since the previous build, its facts taken from that
/// build); then, the links between the pages made from every page's facts
/// (`PageLinks`: what each shows of the others), for a build, each page
/// rendered and written into the staging folder, or its page kept when
/// neither its text nor its links changed.
///
/// A page the system refuses to read is a `read-failed` finding at it. A
/// refusal no page is at fault for (too many open files) stops the
/// reading: it is reported once, at the pages' folder, and the pages not
/// begun are left unread. Once the publisher's writing has stopped (a
/// full disk), pages are read and checked, but no more rendered.
struct SitePages: Sendable {
    /// What became of one page file.
    struct Outcome: Sendable {
        /// What the next build keeps of it (its hash, stamp and facts), for
        /// a build; nil when it could not be read.
        var entry: BuildCache.Entry?
        /// Its facts, for a check (a build's are its entry's).
        private var read: PageFacts?
        /// Why it could not be read.
        private var unreadable: [Diagnostic] = []
        /// Whether it was taken from the previous build rather than read.
        var kept = false
        /// Why its page could not be rendered or written.
        var failure: Diagnostic?
        /// Whether the reading stopped at it: the system refused to read
        /// any more files (`failure` says why).
        var stopsReading = false

        /// Its facts; nil when it could not be read.
        var facts: PageFacts? { entry?.facts ?? read }
        /// The findings about it alone: its facts' own, or why it could not be read.
        var findings: [Diagnostic] { facts?.findings ?? unreadable }

        init(entry: BuildCache.Entry?, facts: PageFacts?, unreadable: [Diagnostic] = [], kept: Bool = false, failure: Diagnostic? = nil) {
            self.entry = entry
            read = entry == nil ? facts : nil
            self.unreadable = unreadable
            self.kept = kept
            self.failure = failure
        }
    }

    let source: PageSource
    let pipeline: PagePipeline
    /// Where pages are written; none for `check`.
    let publisher: Publisher?
    /// Whether pages are read on every core (false: one after another).
    var parallel = true
    /// Called with (pages done, pages in all) as pages are done.
    var progress: (@Sendable (Int, Int) -> Void)?
    /// Which pages are published, of those read (drafts, without `--drafts`, are not).
    var publishes: @Sendable (Pattern) -> Bool = { _ in true }

    /// What the first pass left of one page file for the second.
    private enum Step: Sendable {
        /// Done with: unreadable, refused, or left unread.
        case done(Outcome)
        /// Unchanged since the previous build: its entry, its page not yet kept.
        case unchanged(BuildCache.Entry)
        /// Read and checked and, for a build, rendered and written with
        /// what other pages show of it left as holes (`holes`, nil when it
        /// was not written): its text's hash and stamp, and what became of it.
        case read(PageText, PagePipeline.Result, holes: [TemplateHole]?)

        /// The page's facts, when it has them.
        var facts: PageFacts? {
            switch self {
            case .done(let outcome): outcome.facts
            case .unchanged(let entry): entry.facts
            case .read(_, let result, _): result.facts
            }
        }
    }

    /// Every page file's outcome, in page file order: every page read and
    /// checked (or its facts taken from the previous build), then, once
    /// the links between the published pages are known (`PageLinks`),
    /// every page rendered and written, or kept when neither its text nor
    /// what it shows of the others changed.
    func run() -> [Outcome] {
        runWithLinks().outcomes
    }

    /// `run()`, with the links the pages were rendered with.
    func runWithLinks() -> (outcomes: [Outcome], links: PageLinks) {
        let count = source.files.count
        let done = Counter()
        let stopped = Counter()
        // What each page needs, taken once rather than with the whole stage.
        let (source, pipeline, publisher, progress) = (self.source, self.pipeline, self.publisher, self.progress)
        let first: @Sendable (Int) -> Step = { index in
            // Once the reading has stopped, the pages not begun are left unread.
            guard stopped.count == 0 else { return .done(Outcome(entry: nil, facts: nil)) }
            return Self.step(at: index, source: source, pipeline: pipeline, publisher: publisher, stopped: stopped)
        }
        let steps = parallel ? ParallelMap.map(count: count, first) : (0..<count).map(first)
        // Without a publisher (a check), nothing is rendered: no links needed.
        let publishes = self.publishes
        let links = publisher == nil ? PageLinks() : PageLinks(steps.compactMap { $0.facts?.page }.filter(publishes))
        let second: @Sendable (Int) -> Outcome = { index in
            defer { progress?(done.increment(), count) }
            return Self.outcome(of: steps[index], at: index, source: source, pipeline: pipeline, publisher: publisher, links: links)
        }
        let outcomes = parallel ? ParallelMap.map(count: count, second) : (0..<count).map(second)
        return (outcomes, links)
    }

    /// The first pass: the page file read and checked, or its entry taken.
    private static func step(at index: Int, source: PageSource, pipeline: PagePipeline, publisher: Publisher?, stopped: Counter) -> Step {
        // Whether its page can be kept is known only in the second pass.
        switch source.input(at: index, keeping: { _ in true }) {
        case .unchanged(let entry):
            return .unchanged(entry)
        case .unreadable(let findings):
            return .done(Outcome(entry: nil, facts: nil, unreadable: findings))
        case .refused(let failure) where failure.isSystemWide:
            // Reported once: by the first page to meet it.
            guard stopped.increment() == 1 else { return .done(Outcome(entry: nil, facts: nil)) }
            let finding = Diagnostic(.readFailed, "cannot read the pages: \(failure.reason) (reading \(failure.path)); the pages after it were not read",
                                     at: SourceLocation(file: Site.Paths.patterns))
            var outcome = Outcome(entry: nil, facts: nil, unreadable: [finding])
            outcome.stopsReading = true
            return .done(outcome)
        case .refused(let failure):
            return .done(Outcome(entry: nil, facts: nil, unreadable: [failure.diagnostic]))
        case .text(let text):
            let reading = pipeline.read(file: text.file, bytes: text.bytes)
            var result = reading.result
            var holes: [TemplateHole]?
            // Rendered and written at once, but for its holes: the page waits for the others as its facts and holes alone.
            if let page = reading.page, let publisher, publisher.writeFailure == nil {
                pipeline.render(page, into: &result) { page, html, found in
                    try publisher.writeDraft(html, slug: page.slug)
                    holes = found
                }
            }
            // The bytes are not kept to the second pass: its hash, stamp and name are all it needs.
            return .read(PageText(file: text.file, bytes: [], hash: text.hash, stamp: text.stamp), result, holes: holes)
        }
    }

    /// The second pass: the page rendered and written, or kept.
    private static func outcome(of step: Step, at index: Int, source: PageSource, pipeline: PagePipeline, publisher: Publisher?, links: PageLinks) -> Outcome {
        switch step {
        case .done(let outcome):
            return outcome
        case .unchanged(let entry):
            // A page kept from the previous build must be in the output as
            // that build left it, showing what it shows of the others now.
            guard let publisher else { return Outcome(entry: entry, facts: nil, kept: true) }
            if publisher.keep(entry, links: links.key(of: entry.facts.page.slug)) { return Outcome(entry: entry, facts: nil, kept: true) }
            // Read again, to be rendered anew.
            switch source.text(at: index) {
            case .text(let text):
                return rewritten(text, pipeline.read(file: text.file, bytes: text.bytes), pipeline: pipeline, publisher: publisher, links: links)
            case .refused(let failure):
                return Outcome(entry: nil, facts: nil, unreadable: [failure.diagnostic])
            case .unreadable(let findings):
                return Outcome(entry: nil, facts: nil, unreadable: findings)
            case .unchanged(let entry):
                return Outcome(entry: entry, facts: nil, kept: true)
            }
        case .read(let text, let result, let holes):
            return finished(text, result, holes: holes, pipeline: pipeline, publisher: publisher, links: links)
        }
    }

    /// A page read and written in the first pass: its holes filled and
    /// the page finished (a build), and its entry, encoded here, on the
    /// core that finished it; once the writing has stopped, nothing more
    /// is written.
    private static func finished(_ text: PageText, _ result: PagePipeline.Result, holes: [TemplateHole]?, pipeline: PagePipeline,
                                 publisher: Publisher?, links: PageLinks) -> Outcome {
        var result = result
        if let holes, let facts = result.facts, let publisher {
            let slug = facts.page.slug
            let hash = Publisher.pageHash(text.hash, links: links.key(of: slug))
            pipeline.fill(holes, of: facts, links: links, into: &result) { fills in
                try publisher.finishPage(slug: slug, hash: hash, fills: fills)
            }
        }
        return outcome(text, result, publisher: publisher)
    }

    /// A page kept from the previous build whose links changed, read again
    /// now: rendered whole and written (a build); once the writing has
    /// stopped, it renders no more.
    private static func rewritten(_ text: PageText, _ reading: PagePipeline.Reading, pipeline: PagePipeline, publisher: Publisher?, links: PageLinks) -> Outcome {
        var result = reading.result
        if let page = reading.page, let publisher, publisher.writeFailure == nil {
            let hash = Publisher.pageHash(text.hash, links: links.key(of: page.slug))
            pipeline.renderWhole(page, links: links, into: &result) { page, html in
                try publisher.writePage(html, slug: page.slug, hash: hash)
            }
        }
        return outcome(text, result, publisher: publisher)
    }

    /// What became of a page read in this run, with its entry for a build.
    private static func outcome(_ text: PageText, _ result: PagePipeline.Result, publisher: Publisher?) -> Outcome {
        guard let facts = result.facts else { return Outcome(entry: nil, facts: nil, unreadable: result.findings) }
        let entry = publisher == nil ? nil : BuildCache.Entry(file: text.file, hash: text.hash, stamp: text.stamp, written: result.rendered, facts: facts)
        return Outcome(entry: entry, facts: facts, failure: result.failure)
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
