import Synchronization

/// One value for each worker of `ParallelMap.map(count:byWorker:)`: the
/// first worker to ask uses the original, and each other worker a copy of
/// its own, once it has asked often enough for a copy to pay.
///
/// A copy of a Swift value shares its storage, and every use of shared
/// storage changes its reference count: an atomic write to memory that the
/// cores then pass back and forth. Every page reads the site's settings,
/// sources, devices, placement table and templates hundreds of times, so a
/// worker reading them where no other core writes is measurably faster
/// (README, "Where a build's time goes"). Making a copy means reading the
/// site's files again, which costs about as much as a few pages: a worker
/// that reads a handful of pages (a small site, a rebuild) keeps the
/// original. A copy that cannot be made (`copy` gives nil) leaves the
/// worker with the original too.
final class WorkerCopies<Value: Sendable>: @unchecked Sendable {
    /// What a worker has: its own value once made, and how often it has
    /// asked before. A worker reads and writes only its own slot.
    private struct Slot {
        var value: Value?
        var asked = 0
    }

    private let slots: UnsafeMutableBufferPointer<Slot>
    /// The original, made by the first worker to ask.
    private let original = Once<Value>()
    /// Whether a worker uses the original already.
    private let claimed = Atomic<Bool>(false)
    /// How often a worker other than the first uses the original before it makes its copy.
    private let copyAfter: Int
    /// Makes a copy of the original's own; nil when there can be none.
    private let copy: @Sendable () -> Value?

    /// Values for `workers` workers; `copy` makes each worker's but the
    /// first, when that worker asks for the `copyAfter + 1`th time.
    init(workers: Int, copyAfter: Int = 16, copy: @escaping @Sendable () -> Value?) {
        slots = .allocate(capacity: max(1, workers))
        slots.initialize(repeating: Slot())
        self.copyAfter = copyAfter
        self.copy = copy
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    /// The value of `worker`, once made for good (see ``make(forWorker:original:)``);
    /// only that worker asks for it.
    subscript(worker: Int) -> Value? {
        slots.indices.contains(worker) ? slots[worker].value : nil
    }

    /// The value for `worker`, which only that worker asks for, when it has
    /// none for good: the original (which `original` makes, if it is not
    /// made yet) for the first worker to ask, for good; for the others the
    /// original for their first `copyAfter` asks, then a copy for good.
    func make(forWorker worker: Int, original make: () -> Value) -> Value {
        guard slots.indices.contains(worker) else { return original.get(make) }
        if slots[worker].asked == 0, claimed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged {
            let value = original.get(make)
            slots[worker].value = value
            return value
        }
        slots[worker].asked += 1
        guard slots[worker].asked > copyAfter else { return original.get(make) }
        let value = copy() ?? original.get(make)
        slots[worker].value = value
        return value
    }
}
