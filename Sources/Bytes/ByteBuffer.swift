/// Bytes written one piece after another: a page as it renders, a
/// site-wide file, a cache record, a page's JSON-LD. The escapers append
/// to one (``appendEscapingHTML(_:)-(String)``, ``appendJSONContent(_:)``,
/// ``appendEscapingXML(_:)``, ``appendPercentEncoded(_:)``), and so do
/// numbers, in decimal or hexadecimal.
public typealias ByteBuffer = Buffer<UInt8>

extension ByteBuffer {
    /// Calls `body` with the bytes written, where they lie.
    @inlinable @inline(__always)
    public func withBytes<Result: ~Copyable, Failure: Error>(_ body: (Span<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
        try withElements(body)
    }

    /// The bytes written, as an array (a copy).
    @inlinable
    public var bytes: [UInt8] { elements }

    /// The bytes written, as text; bytes that are not UTF-8 become U+FFFD.
    @inlinable
    public var text: String {
        String(decoding: UnsafeBufferPointer(start: base, count: written), as: UTF8.self)
    }

    /// The bytes written, as an array, the buffer given up.
    @inlinable
    public consuming func finish() -> [UInt8] {
        elements
    }

    /// Makes room for `extra` more bytes, initialized: zeroed the first
    /// time they are handed out as room, in runs of half a kilobyte (one
    /// call to `memset` for many rooms, each a few vector stores), so that
    /// words can be stored anywhere in it. Returns the room's size, at
    /// least `extra`.
    @inlinable @inline(__always)
    mutating func reserveInitialized(_ extra: Int) -> Int {
        reserve(extra)
        if initialized < written &+ extra { zero(upTo: written &+ extra) }
        return initialized &- written
    }

    @inline(never) @usableFromInline
    mutating func zero(upTo end: Int) {
        let start = max(initialized, written)
        let zeroed = min(capacity, max(end, start + 512))
        (base + start).initialize(repeating: 0, count: zeroed - start)
        initialized = zeroed
    }

    /// Calls `body` with the room after the bytes written (at least
    /// `extra` bytes, initialized) for it to write bytes in from its start;
    /// it returns how many it wrote, which are appended. What it leaves
    /// past those is not part of the text.
    @inlinable @inline(__always) @discardableResult
    mutating func append(room extra: Int, _ body: (inout MutableSpan<UInt8>) -> Int) -> Int {
        let size = reserveInitialized(extra)
        var room = MutableSpan(_unsafeStart: base + written, count: size)
        let count = body(&room)
        precondition(count >= 0 && count <= room.count, "bytes written within the room")
        written &+= count
        return count
    }

    /// ``append(room:_:)``, the room given as raw bytes, to store words in
    /// at any offset.
    @inlinable @inline(__always) @discardableResult
    mutating func append(rawRoom extra: Int, _ body: (inout MutableRawSpan) -> Int) -> Int {
        let size = reserveInitialized(extra)
        var room = MutableRawSpan(_unsafeStart: base + written, byteCount: size)
        let count = body(&room)
        precondition(count >= 0 && count <= room.byteCount, "bytes written within the room")
        written &+= count
        return count
    }

    /// Appends bytes as they are. A short run (most of a page's pieces)
    /// is copied in one or two moves of a word or a block, which may
    /// overlap, rather than by a call to `memcpy`.
    @inlinable @inline(__always)
    public mutating func append(_ bytes: Span<UInt8>) {
        let length = bytes.count
        guard length <= 32 else {
            appendElements(bytes)
            return
        }
        guard length > 0 else { return }
        let source = RawSpan(_elements: bytes)
        append(rawRoom: 32) { room in
            if length >= 16 {
                let head = source.unsafeLoadUnaligned(fromByteOffset: 0, as: SIMD16<UInt8>.self)
                let tail = source.unsafeLoadUnaligned(fromByteOffset: length &- 16, as: SIMD16<UInt8>.self)
                room.storeBytes(of: head, toByteOffset: 0, as: SIMD16<UInt8>.self)
                room.storeBytes(of: tail, toByteOffset: length &- 16, as: SIMD16<UInt8>.self)
            } else if length >= 8 {
                let head = source.unsafeLoadUnaligned(fromByteOffset: 0, as: UInt64.self)
                let tail = source.unsafeLoadUnaligned(fromByteOffset: length &- 8, as: UInt64.self)
                room.storeBytes(of: head, toByteOffset: 0, as: UInt64.self)
                room.storeBytes(of: tail, toByteOffset: length &- 8, as: UInt64.self)
            } else {
                room.storeBytes(of: source.gatheredWord, toByteOffset: 0, as: UInt64.self)
            }
            return length
        }
    }

    /// Appends one byte (ASCII, or part of UTF-8 text).
    @inlinable @inline(__always)
    public mutating func append(byte: UInt8) {
        append(byte as UInt8)
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
        (base + written).initialize(from: markup.utf8Start, count: length)
        written &+= length
    }
}
