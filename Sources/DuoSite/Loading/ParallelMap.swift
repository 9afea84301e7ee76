import Foundation
import Synchronization

/// Runs work over a list on every core, keeping the results in list order.
enum ParallelMap {
    /// `transform` applied to each element, in parallel; results in order.
    static func map<Element: Sendable, Result: Sendable>(_ elements: [Element], _ transform: @Sendable (Element) -> Result) -> [Result] {
        map(count: elements.count) { _, index in transform(elements[index]) }
    }

    /// `0..<count` in parts for ``map(_:_:)``: two a worker, so that
    /// one worker's slower part leaves the other something to take, and
    /// none under `minimum` (fewer and larger parts for a small list,
    /// where splitting would cost more than it saves).
    static func parts(of count: Int, atLeast minimum: Int = 1_000) -> [Range<Int>] {
        let size = max(minimum, count / (2 * workerCount) + 1)
        return stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
    }

    /// How many workers ``map(count:byWorker:)`` runs at most: one a core.
    static var workerCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// `transform` applied to each of `0..<count`, in parallel; results in
    /// order. Each call is told which worker makes it (`0..<workerCount`):
    /// a worker takes one index after another and never runs two at once,
    /// so that what it keeps for itself — a copy of the site of its own —
    /// is touched by one thread at a time. Which worker takes which index
    /// depends on timing; the results do not.
    static func map<Result: Sendable>(count: Int, byWorker transform: @Sendable (_ worker: Int, _ index: Int) -> Result) -> [Result] {
        let workers = min(workerCount, count)
        guard workers > 1 else { return (0..<count).map { transform(0, $0) } }
        let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        nonisolated(unsafe) let buffer = results
        let next = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < count else { break }
                buffer[index] = transform(worker, index)
            }
        }
        return results.map { $0! }
    }
}
