import Synchronization

/// One value for each worker of `ParallelMap.map(count:byWorker:)`: the
/// first worker to ask uses the original, and each other worker a copy of
/// its own, made when it first asks.
///
/// A copy of a Swift value shares its storage, and every use of shared
/// storage changes its reference count: an atomic write to memory that the
/// cores then pass back and forth. Every page reads the site's settings,
/// sources, devices, placement table and templates hundreds of times, so a
/// worker reading them where no other core writes is measurably faster. A
/// copy that cannot be made (`copy` gives nil) leaves that worker with the
/// original.
final class WorkerCopies<Value: Sendable>: @unchecked Sendable {
    /// Each worker's value, once it has asked; a worker reads and writes
    /// only its own slot.
    private let slots: UnsafeMutableBufferPointer<Value?>
    /// The original, made by the first worker to ask.
    private let original = Once<Value>()
    /// Whether a worker uses the original already.
    private let claimed = Atomic<Bool>(false)
    /// Makes a copy of the original's own; nil when there can be none.
    private let copy: @Sendable () -> Value?

    /// Values for `workers` workers; `copy` makes each worker's but the first.
    init(workers: Int, copy: @escaping @Sendable () -> Value?) {
        slots = .allocate(capacity: max(1, workers))
        slots.initialize(repeating: nil)
        self.copy = copy
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    /// The value of `worker`, once made (see ``make(forWorker:original:)``);
    /// only that worker asks for it.
    subscript(worker: Int) -> Value? {
        slots.indices.contains(worker) ? slots[worker] : nil
    }

    /// Makes the value of `worker`, which only that worker asks for: the
    /// original (which `original` makes, if it is not made yet) for the
    /// first worker to ask, a copy for the others.
    func make(forWorker worker: Int, original make: () -> Value) -> Value {
        guard slots.indices.contains(worker) else { return original.get(make) }
        let first = claimed.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
        let value = first ? original.get(make) : (copy() ?? original.get(make))
        slots[worker] = value
        return value
    }
}
