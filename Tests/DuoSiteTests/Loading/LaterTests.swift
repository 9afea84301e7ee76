import Dispatch
import Synchronization
import Testing
@testable import DuoSite

/// A value made on another thread while the caller goes on.
struct LaterTests {
    /// The caller goes on while the value is made, and gets it when it asks.
    @Test func theCallerGoesOnMeanwhile() {
        let started = DispatchSemaphore(value: 0)
        let mayFinish = DispatchSemaphore(value: 0)
        let later = Later { () -> [String] in
            started.signal()
            mayFinish.wait()
            return ["Content/patterns/a.md", "Content/patterns/b.md"]
        }
        // Made elsewhere: it has started, and waits for this thread to let it finish.
        #expect(started.wait(timeout: .now() + 10) == .success)
        mayFinish.signal()
        #expect(later.value == ["Content/patterns/a.md", "Content/patterns/b.md"])
    }

    /// The value is made once, however often and from however many threads it is asked for.
    @Test func madeOnceAskedOften() {
        let made = Atomic<Int>(0)
        let later = Later { () -> Int in
            made.add(1, ordering: .relaxed)
            return 42
        }
        let values = ParallelMap.map(count: 64) { _, _ in later.value }
        #expect(values == Array(repeating: 42, count: 64))
        #expect(made.load(ordering: .relaxed) == 1)
    }
}
