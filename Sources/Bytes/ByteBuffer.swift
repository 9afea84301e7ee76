/// Bytes written one piece after another into memory of their own: a page
/// as it renders, a site-wide file, a cache record, a page's JSON-LD.
///
/// A page is thousands of small pieces. Appending each to a `String` or an
/// `[UInt8]` costs a uniqueness check, a capacity check and count updates,
/// and making a `String` from bytes validates them. A buffer cannot be
/// copied, so no other value ever shares its memory: an append is a
/// capacity check and a copy. What it holds is read as a `Span`
/// (``withBytes(_:)``), or taken as an array or a string.
///
/// Its memory is the raw allocation of this module: allocated, grown and
/// freed here, always initialized (zeros past the bytes written), and
/// handed out only as spans, which cannot outlive the call they are given
/// to. Its methods are inlinable: a render appends thousands of pieces,
/// each a few instructions once inlined where it is called.
public struct ByteBuffer: ~Copyable {
    /// The memory: `capacity` initialized bytes, the first `written` of them the text.
    @usableFromInline var base: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var written = 0

    /// An empty buffer with room for `capacity` bytes before it grows.
    @inlinable
    public init(capacity: Int = 64) {
        self.capacity = max(capacity, 16)
        base = .allocate(capacity: self.capacity)
        base.initialize(repeating: 0, count: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// How many bytes are written.
    @inlinable
    public var count: Int { written }

    /// Whether nothing is written.
    @inlinable
    public var isEmpty: Bool { written == 0 }

    /// Forgets the bytes written, keeping the memory: a buffer written
    /// again and again (a worker's, page after page) allocates once.
    @inlinable
    public mutating func removeAll() {
        written = 0
    }

    // MARK: Reading

    /// Calls `body` with the bytes written, where they lie.
    @inlinable @inline(__always)
    public func withBytes<Result: ~Copyable, Failure: Error>(_ body: (Span<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
        try body(Span(_unsafeStart: base, count: written))
    }

    /// The bytes written, as an array (a copy).
    @inlinable
    public var bytes: [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: written))
    }

    /// The bytes written, as text; bytes that are not UTF-8 become U+FFFD.
    @inlinable
    public var text: String {
        String(decoding: UnsafeBufferPointer(start: base, count: written), as: UTF8.self)
    }

    /// The bytes written, as an array, the buffer given up.
    @inlinable
    public consuming func finish() -> [UInt8] {
        bytes
    }

    // MARK: Writing

    /// Makes room for `extra` more bytes.
    @inlinable @inline(__always)
    mutating func reserve(_ extra: Int) {
        if capacity &- written < extra { grow(extra) }
    }

    @inline(never) @usableFromInline
    mutating func grow(_ extra: Int) {
        let newCapacity = max(capacity * 2, written + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.initialize(from: base, count: written)
        (newBase + written).initialize(repeating: 0, count: newCapacity - written)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    /// Calls `body` with the room after the bytes written (at least
    /// `extra` bytes, maybe more) for it to write in from its start, and
    /// counts as written the bytes it says it wrote (and returns how many);
    /// what it leaves past those is not part of the text.
    @inlinable @inline(__always) @discardableResult
    mutating func append(room extra: Int, _ body: (inout MutableSpan<UInt8>) -> Int) -> Int {
        reserve(extra)
        var room = MutableSpan(_unsafeStart: base + written, count: capacity &- written)
        let count = body(&room)
        precondition(count >= 0 && count <= capacity &- written, "a writer wrote past its room")
        written &+= count
        return count
    }

    /// ``append(room:_:)``, the room given as raw bytes, to store words in.
    @inlinable @inline(__always) @discardableResult
    mutating func append(rawRoom extra: Int, _ body: (inout MutableRawSpan) -> Int) -> Int {
        reserve(extra)
        var room = MutableRawSpan(_unsafeStart: base + written, byteCount: capacity &- written)
        let count = body(&room)
        precondition(count >= 0 && count <= capacity &- written, "a writer wrote past its room")
        written &+= count
        return count
    }

    /// Appends bytes as they are.
    @inlinable @inline(__always)
    public mutating func append(_ bytes: Span<UInt8>) {
        let length = bytes.count
        reserve(length)
        let target = base + written
        bytes.withUnsafeBufferPointer { source in
            if let start = source.baseAddress { target.update(from: start, count: length) }
        }
        written &+= length
    }

    /// Appends one byte (ASCII, or part of UTF-8 text).
    @inlinable @inline(__always)
    public mutating func append(byte: UInt8) {
        reserve(1)
        base[written] = byte
        written &+= 1
    }

    /// Appends the UTF-8 bytes of `text` as they are.
    @inlinable @inline(__always)
    public mutating func append(_ text: String) {
        append(text.utf8.span)
    }

    /// Appends the UTF-8 bytes of `text` as they are.
    @inlinable @inline(__always)
    public mutating func append(_ text: Substring) {
        append(text.utf8.span)
    }

    /// Appends text known when the program was built (markup,
    /// punctuation), as it is.
    @inlinable @inline(__always)
    public mutating func append(markup: StaticString) {
        let length = markup.utf8CodeUnitCount
        reserve(length)
        (base + written).update(from: markup.utf8Start, count: length)
        written &+= length
    }
}
