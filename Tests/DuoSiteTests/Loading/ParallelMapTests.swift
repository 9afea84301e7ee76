import Synchronization
import Testing
@testable import DuoSite

/// Work spread over workers: every index once, results in order, whatever
/// the timing.
struct ParallelMapTests {
    @Test(arguments: [0, 1, 2, 7, 1_000])
    func everyIndexOnceInOrder(count: Int) {
        let calls = Atomic<Int>(0)
        let results = ParallelMap.map(count: count) { worker, index -> (worker: Int, index: Int) in
            calls.add(1, ordering: .relaxed)
            return (worker, index)
        }
        #expect(results.map(\.index) == Array(0..<count))
        #expect(calls.load(ordering: .relaxed) == count)
        #expect(results.allSatisfy { (0..<ParallelMap.workerCount).contains($0.worker) })
    }

    /// A list in parts: every index once, in order, in parts of at least
    /// the minimum but the last, and two parts a worker once the list is
    /// long enough for that.
    @Test(arguments: [0, 1, 999, 1_000, 1_001, 4_321, 10_000, 100_003])
    func partsCoverEveryIndexOnceInOrder(count: Int) {
        let parts = ParallelMap.parts(of: count)
        #expect(parts.flatMap { Array($0) } == Array(0..<count))
        #expect(parts.dropLast().allSatisfy { $0.count >= 1_000 })
        #expect(parts.count <= max(1, 2 * ParallelMap.workerCount))
        if count >= 2_000 * ParallelMap.workerCount {
            #expect(parts.count == 2 * ParallelMap.workerCount)
        }
        #expect(ParallelMap.parts(of: count, atLeast: 10).allSatisfy { !$0.isEmpty })
    }

    /// A worker runs one index at a time: two calls of one worker never
    /// overlap, so that what it keeps for itself needs no lock.
    @Test func aWorkerRunsOneIndexAtATime() {
        let busy = (0..<ParallelMap.workerCount).map { _ in Flag() }
        let overlaps = Atomic<Int>(0)
        _ = ParallelMap.map(count: 2_000) { worker, index -> Int in
            if busy[worker].value.exchange(true, ordering: .acquiringAndReleasing) {
                overlaps.add(1, ordering: .relaxed)
            }
            var sum = 0
            for value in 0..<(index % 50) { sum &+= value }
            busy[worker].value.store(false, ordering: .releasing)
            return sum
        }
        #expect(overlaps.load(ordering: .relaxed) == 0)
    }

    /// Whether a worker is running an index.
    private final class Flag: Sendable {
        let value = Atomic<Bool>(false)
    }
}
