import Synchronization
import Testing
@testable import DuoSite

/// Each worker's value: the original for the first to ask, a copy of its
/// own for the others, made once.
struct WorkerCopiesTests {
    @Test func theFirstWorkerTakesTheOriginalAndTheOthersACopy() {
        let copiesMade = Atomic<Int>(0)
        let copies = WorkerCopies<String>(workers: 3, copyAfter: 0) {
            let number = copiesMade.add(1, ordering: .relaxed).newValue
            return "copy \(number)"
        }
        #expect(copies[2] == nil)
        #expect(copies.make(forWorker: 2) { "original" } == "original")
        #expect(copies.make(forWorker: 0) { "another original" } == "copy 1")
        #expect(copies.make(forWorker: 1) { "another original" } == "copy 2")
        #expect(copies[2] == "original")
        #expect(copies[0] == "copy 1")
        #expect(copies[1] == "copy 2")
        #expect(copiesMade.load(ordering: .relaxed) == 2)
    }

    /// A copy that cannot be made leaves the worker with the original,
    /// which is made once whoever asks.
    @Test func aWorkerWithNoCopyUsesTheOriginal() {
        let originalsMade = Atomic<Int>(0)
        let copies = WorkerCopies<String>(workers: 2, copyAfter: 0) { nil }
        let make = { () -> String in
            originalsMade.add(1, ordering: .relaxed)
            return "original"
        }
        #expect(copies.make(forWorker: 0, original: make) == "original")
        #expect(copies.make(forWorker: 1, original: make) == "original")
        #expect(copies[1] == "original")
        #expect(originalsMade.load(ordering: .relaxed) == 1)
    }

    /// A worker other than the first reads with the original until it has
    /// asked often enough for a copy to pay: a small site or a rebuild of a
    /// few pages reads the site's files once.
    @Test func aCopyIsMadeOnlyAfterSoManyAsks() {
        let copiesMade = Atomic<Int>(0)
        let copies = WorkerCopies<String>(workers: 2, copyAfter: 3) {
            copiesMade.add(1, ordering: .relaxed)
            return "copy"
        }
        #expect(copies.make(forWorker: 0) { "original" } == "original")
        for _ in 0..<3 {
            #expect(copies.make(forWorker: 1) { "original" } == "original")
            #expect(copies[1] == nil)
        }
        #expect(copiesMade.load(ordering: .relaxed) == 0)
        #expect(copies.make(forWorker: 1) { "original" } == "copy")
        #expect(copies[1] == "copy")
        #expect(copiesMade.load(ordering: .relaxed) == 1)
    }

    /// A worker number past those the copies were made for (none in a
    /// build) gets the original and keeps nothing.
    @Test func aWorkerPastTheCountGetsTheOriginal() {
        let copies = WorkerCopies<String>(workers: 1, copyAfter: 0) { "copy" }
        #expect(copies.make(forWorker: 0) { "original" } == "original")
        #expect(copies.make(forWorker: 5) { "other" } == "original")
        #expect(copies[5] == nil)
    }
}
