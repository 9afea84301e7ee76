import Diagnostics
import Foundation

/// `duosite check --links`: every distinct address of `sources.yml` and of
/// the pages' links to other sites asked once over HTTP, its findings at
/// each place it is written — `link-broken` errors, `link-moved` warnings —
/// and what could not be settled, for the summary line.
struct LinkCheck: Sendable {
    /// The findings, at each place a broken or moved address is written.
    var diagnostics: [Diagnostic] = []
    /// How many distinct addresses there were to check.
    var addresses = 0
    /// How many were asked (the others were remembered as good).
    var asked = 0
    /// The addresses that could not be settled, and why, in order.
    var unsettled: [String] = []

    /// Checks the addresses of `sources` and `pages` (less `site.yml`'s
    /// `skip_links`), asking only those not remembered as good in the file
    /// beside `output` (none remembered without an output), and remembers
    /// the good answers there. The site's `base_url` is named in the user
    /// agent, so that the owner of a site asked can see who asks.
    static func run(sources: [Source], pages: [Pattern], settings site: SiteSettings, output: URL?, with settings: LinkSettings, now: Double = Date().timeIntervalSince1970) -> LinkCheck {
        let targets = LinkTarget.collect(sources: sources, pages: pages, skip: LinkSkipList(site.skipLinks))
        let file = output.map(RememberedLinks.location(for:))
        var remembered = file.map { RememberedLinks(reading: $0, now: now, maxAge: settings.maxAge) } ?? RememberedLinks()
        let toAsk = targets.indices.filter { !remembered.contains(targets[$0].address) }
        let outcomes = ask(toAsk.map { targets[$0].address }, userAgent: userAgent(site.baseURL), settings: settings)
        var check = LinkCheck(addresses: targets.count, asked: toAsk.count)
        for (index, outcome) in zip(toAsk, outcomes) {
            let target = targets[index]
            switch outcome {
            case .good:
                remembered.remember(target.address, at: now)
            case .moved(let status, let to):
                for location in target.locations {
                    let mend = location.file.hasSuffix("sources.yml") ? "write the new address in sources.yml" : "link to the new address"
                    check.diagnostics.append(Diagnostic(.linkMoved, "\(target.address) has moved for good (\(LinkProbe.describe(status))) to \(to); \(mend)", at: location))
                }
            case .broken(let reason):
                for location in target.locations {
                    check.diagnostics.append(Diagnostic(.linkBroken, reason, at: location))
                }
            case .unsettled(let reason):
                check.unsettled.append(reason)
            }
        }
        if let file, settings.maxAge > 0, !toAsk.isEmpty {
            remembered.write(to: file)
        }
        return check
    }

    /// The outcome of each address, in order: at most `settings.total`
    /// workers, each taking the next address whose host has room.
    static func ask(_ addresses: [String], userAgent: String, settings: LinkSettings) -> [LinkOutcome] {
        guard !addresses.isEmpty else { return [] }
        let fetcher = LinkFetcher(userAgent: userAgent, timeout: settings.timeout)
        let turns = HostTurns(hosts: addresses.map(LinkAddress.host(of:)), perHost: settings.perHost, pause: settings.hostPause)
        let probe = LinkProbe(settings: settings, send: { fetcher.fetch($0, method: $1) }, awaitTurn: { turns.awaitStart(for: $0) })
        let outcomes = Outcomes(count: addresses.count)
        let workers = DispatchGroup()
        for _ in 0..<min(max(1, settings.total), addresses.count) {
            workers.enter()
            Thread.detachNewThread {
                while let index = turns.take() {
                    outcomes.set(index, probe.outcome(of: addresses[index]))
                    turns.done(index)
                }
                workers.leave()
            }
        }
        workers.wait()
        return outcomes.all
    }

    /// `duosite/VERSION (link check; +BASE_URL)`: who asks, and where to
    /// find its owner.
    static func userAgent(_ baseURL: String) -> String {
        "duosite/\(DuoSiteVersion.number) (link check; +\(baseURL.isEmpty ? "no site address" : baseURL))"
    }

    /// What the summary line says of the link check: the addresses, how
    /// many were remembered, and what could not be settled.
    var summary: String {
        var line = "links: \(addresses) address\(addresses == 1 ? "" : "es") checked"
        if asked < addresses {
            line += " (\(addresses - asked) remembered as good)"
        }
        if !unsettled.isEmpty {
            line += "; not settled, so not errors: " + unsettled.joined(separator: "; ")
        }
        return line
    }
}

/// The workers' results, by index, under a lock.
private final class Outcomes: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [LinkOutcome?]

    init(count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ outcome: LinkOutcome) {
        lock.withLock { values[index] = outcome }
    }

    var all: [LinkOutcome] {
        lock.withLock { values.map { $0 ?? .unsettled("not asked") } }
    }
}
