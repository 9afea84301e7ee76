import Foundation
import Synchronization

/// Every page file of the site through the page pipeline, on every core:
/// each one's input from the page source, read, checked and (for a build)
/// rendered and written into the staging folder; or, unchanged since the
/// previous build, its page kept and its facts taken from that build.
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

    /// Every page file's outcome, in page file order.
    func run() -> [Outcome] {
        let count = source.files.count
        let done = Counter()
        let stopped = Counter()
        // What each page needs, taken once rather than with the whole stage.
        let (source, pipeline, publisher, progress) = (self.source, self.pipeline, self.publisher, self.progress)
        let page: @Sendable (Int) -> Outcome = { index in
            defer { progress?(done.increment(), count) }
            // Once the reading has stopped, the pages not begun are left unread.
            guard stopped.count == 0 else { return Outcome(entry: nil, facts: nil) }
            return Self.outcome(at: index, source: source, pipeline: pipeline, publisher: publisher, stopped: stopped)
        }
        return parallel ? ParallelMap.map(count: count, page) : (0..<count).map(page)
    }

    private static func outcome(at index: Int, source: PageSource, pipeline: PagePipeline, publisher: Publisher?, stopped: Counter) -> Outcome {
        // A page kept from the previous build must be in the output as that build left it.
        switch source.input(at: index, keeping: { publisher?.keep($0) ?? true }) {
        case .unchanged(let entry):
            return Outcome(entry: entry, facts: nil, kept: true)
        case .unreadable(let findings):
            return Outcome(entry: nil, facts: nil, unreadable: findings)
        case .refused(let failure) where failure.isSystemWide:
            // Reported once: by the first page to meet it.
            guard stopped.increment() == 1 else { return Outcome(entry: nil, facts: nil) }
            let finding = Diagnostic(.readFailed, "cannot read the pages: \(failure.reason) (reading \(failure.path)); the pages after it were not read",
                                     at: SourceLocation(file: Site.Paths.patterns))
            var outcome = Outcome(entry: nil, facts: nil, unreadable: [finding])
            outcome.stopsReading = true
            return outcome
        case .refused(let failure):
            return Outcome(entry: nil, facts: nil, unreadable: [failure.diagnostic])
        case .text(let text):
            // A build writes the page, and keeps its entry, encoded here, on
            // the core that read it; once its writing has stopped, it renders no more.
            let rendering = publisher.map { $0.writeFailure == nil } ?? true
            let result = pipeline.run(file: text.file, bytes: text.bytes, rendering: rendering) { page, html in
                try publisher?.writePage(html, slug: page.slug, hash: text.hash)
            }
            guard let facts = result.facts else { return Outcome(entry: nil, facts: nil, unreadable: result.findings) }
            let entry = publisher == nil ? nil : BuildCache.Entry(file: text.file, hash: text.hash, stamp: text.stamp, written: result.rendered, facts: facts)
            return Outcome(entry: entry, facts: facts, failure: result.failure)
        }
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
