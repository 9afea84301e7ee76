import Foundation

/// Who may ask what when, in a link check: at most `perHost` addresses of
/// one host under way at a time, requests to one host started at least
/// `pause` apart, and the addresses handed to the workers (at most `total`
/// of them) as their hosts allow. A class: the workers share it, under its
/// lock.
final class HostTurns: @unchecked Sendable {
    private let condition = NSCondition()
    private let perHost: Int
    private let pause: Double
    /// The targets' hosts, by index.
    private let hosts: [String]
    /// The indices not yet handed out, in order.
    private var waiting: [Int]
    /// How many addresses of each host are under way.
    private var busy: [String: Int] = [:]
    /// When each host may be sent its next request.
    private var nextStart: [String: ContinuousClock.Instant] = [:]

    /// Turns for the addresses whose hosts are `hosts`.
    init(hosts: [String], perHost: Int, pause: Double) {
        self.hosts = hosts
        self.perHost = max(1, perHost)
        self.pause = pause
        waiting = Array(hosts.indices)
    }

    /// The next address a worker may take (its index), waiting while every
    /// host left is busy; nil when none is left.
    func take() -> Int? {
        condition.lock()
        defer { condition.unlock() }
        while true {
            guard !waiting.isEmpty else { return nil }
            if let position = waiting.firstIndex(where: { busy[hosts[$0], default: 0] < perHost }) {
                let index = waiting.remove(at: position)
                busy[hosts[index], default: 0] += 1
                return index
            }
            condition.wait()
        }
    }

    /// Gives back the address `index` once settled.
    func done(_ index: Int) {
        condition.lock()
        busy[hosts[index], default: 1] -= 1
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until a request may be sent to `host` (`pause` after the last
    /// one started), and books that moment.
    func awaitStart(for host: String) {
        condition.lock()
        let now = ContinuousClock.now
        let start = max(now, nextStart[host] ?? now)
        nextStart[host] = start.advanced(by: .seconds(pause))
        condition.unlock()
        if start > now {
            Thread.sleep(forTimeInterval: Double((start - now).components.attoseconds) / 1e18 + Double((start - now).components.seconds))
        }
    }
}
