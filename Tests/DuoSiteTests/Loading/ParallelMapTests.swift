import Synchronization
import Testing
@testable import DuoSite

/// Work spread over workers: every index once, results in order, whatever
/// the timing.
struct ParallelMapTests {
    @Test(arguments: [0, 1, 2, 7, 1_000])
    func everyIndexOnceInOrder(count: Int) {
        let calls = Atomic<Int>(0)
        let results = ParallelMap.map(count: count) { index -> Int in
            calls.add(1, ordering: .relaxed)
            return index * 3
        }
        #expect(results == (0..<count).map { $0 * 3 })
        #expect(calls.load(ordering: .relaxed) == count)
    }

    /// Elements that take longer than others do not change the order.
    @Test func slowElementsKeepTheirPlace() {
        let elements = (0..<200).map { $0 }
        let results = ParallelMap.map(elements) { element -> Int in
            var sum = 0
            for value in 0..<((200 - element) * 100) { sum &+= value }
            return element + (sum & 0)
        }
        #expect(results == elements)
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
}
