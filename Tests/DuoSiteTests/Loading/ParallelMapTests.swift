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
