import Foundation
import Synchronization

/// Runs work over a list on every core, keeping the results in list order.
enum ParallelMap {
    /// How many workers ``map(count:_:)`` runs at most: one a core.
    static var workerCount: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }

    /// `transform` applied to each element, in parallel; results in order.
    static func map<Element: Sendable, Result: Sendable>(_ elements: [Element], _ transform: @Sendable (Element) -> Result) -> [Result] {
        map(count: elements.count) { transform(elements[$0]) }
    }

    /// `transform` applied to each of `0..<count`, in parallel; results in
    /// order. Each worker takes the next index as it finishes one, so a
    /// slow element holds up only its own worker. Which worker takes which
    /// index depends on timing; the results do not.
    static func map<Result: Sendable>(count: Int, _ transform: @Sendable (Int) -> Result) -> [Result] {
        let workers = min(workerCount, count)
        guard workers > 1 else { return (0..<count).map(transform) }
        let next = Atomic<Int>(0)
        let done = Mutex<[(indices: [Int], results: [Result?])]>([])
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            // Each worker's indices and results, in the order it took them.
            var indices: [Int] = [], results: [Result?] = []
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < count else { break }
                indices.append(index)
                results.append(transform(index))
            }
            done.withLock { $0.append((indices, results)) }
        }
        // The workers' lists merged in index order, each result moved out
        // of its list, never copied.
        var parts = done.withLock { $0 }
        var taken = [Int](repeating: 0, count: parts.count)
        var results: [Result] = []
        results.reserveCapacity(count)
        while results.count < count {
            var first = -1
            for part in parts.indices where taken[part] < parts[part].indices.count {
                if first < 0 || parts[part].indices[taken[part]] < parts[first].indices[taken[first]] { first = part }
            }
            results.append(parts[first].results[taken[first]].take()!)
            taken[first] += 1
        }
        return results
    }

    /// `0..<count` in parts, for work whose elements are too small to hand
    /// out one at a time: two a worker, so that one worker's slower part
    /// leaves the other something to take, and none under `minimum`.
    static func parts(of count: Int, atLeast minimum: Int = 1_000) -> [Range<Int>] {
        let size = max(minimum, count / (2 * workerCount) + 1)
        return stride(from: 0, to: count, by: size).map { $0..<min($0 + size, count) }
    }
}
