/// Values written one after another into memory of their own: the bytes
/// of a page as it renders (``ByteBuffer``), the slots of a template's
/// context.
///
/// A page is thousands of small pieces. Appending each to an `Array` costs
/// a uniqueness check, a capacity check and count updates. A buffer cannot
/// be copied, so no other value ever shares its memory: an append is a
/// capacity check and a copy. What it holds is read as a `Span`
/// (``withElements(_:)``), or copied out as an array.
///
/// Its memory is raw: allocated, grown and freed here, its first `count`
/// values initialized, written through its pointer only after room is
/// made, and handed out only as spans, which cannot outlive the call they
/// are given to. Its methods are inlinable: a render appends thousands of
/// pieces, each a few instructions once inlined where it is called.
public struct Buffer<Element: BitwiseCopyable>: ~Copyable {
    /// The memory: room for `capacity` values, the first `written` of them
    /// initialized, the values written.
    @usableFromInline var base: UnsafeMutablePointer<Element>
    @usableFromInline var capacity: Int
    @usableFromInline var written = 0

    /// An empty buffer with room for `capacity` values before it grows.
    @inlinable
    public init(capacity: Int = 64) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// How many values are written.
    @inlinable
    public var count: Int { written }

    /// Whether nothing is written.
    @inlinable
    public var isEmpty: Bool { written == 0 }

    // MARK: Reading

    /// The value at `index` (below `count`).
    @inlinable
    public subscript(index: Int) -> Element {
        precondition(index >= 0 && index < written, "an index within the buffer")
        return base[index]
    }

    /// Calls `body` with the values written, where they lie.
    @inlinable @inline(__always)
    public func withElements<Result: ~Copyable, Failure: Error>(_ body: (Span<Element>) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(Span(_unsafeStart: base, count: written))
    }

    /// The values written, as an array (a copy).
    @inlinable
    public var elements: [Element] {
        Array(UnsafeBufferPointer(start: base, count: written))
    }

    // MARK: Writing

    /// Makes room for `extra` more values.
    @inlinable @inline(__always)
    mutating func reserve(_ extra: Int) {
        if capacity &- written < extra { grow(extra) }
    }

    @inline(never) @usableFromInline
    mutating func grow(_ extra: Int) {
        let newCapacity = max(capacity * 2, written + extra)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: written)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Appends one value.
    @inlinable @inline(__always)
    public mutating func append(_ element: Element) {
        reserve(1)
        (base + written).initialize(to: element)
        written &+= 1
    }

    /// Appends values, in order.
    @inlinable @inline(__always)
    public mutating func append(_ elements: Span<Element>) {
        appendElements(elements)
    }

    /// Appends values, in order, with one copy of their memory.
    @inlinable @inline(__always)
    mutating func appendElements(_ elements: Span<Element>) {
        let length = elements.count
        reserve(length)
        let target = base + written
        elements.withUnsafeBufferPointer { source in
            if let start = source.baseAddress { target.initialize(from: start, count: length) }
        }
        written &+= length
    }

    /// Removes the last value and returns it.
    @inlinable
    public mutating func removeLast() -> Element {
        precondition(written > 0, "a value to remove")
        written &-= 1
        return base[written]
    }

    /// Removes the last `count` values.
    @inlinable
    public mutating func removeLast(_ count: Int) {
        precondition(count >= 0 && count <= written, "values to remove")
        written &-= count
    }

    /// Removes every value, keeping the memory: a buffer written again and
    /// again (a worker's, page after page) allocates once.
    @inlinable
    public mutating func removeAll() {
        written = 0
    }
}
