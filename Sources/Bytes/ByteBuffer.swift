/// Bytes written one piece after another: a page as it renders, a
/// site-wide file, a cache record, a page's JSON-LD. The escapers append
/// to one (``appendEscapingHTML(_:)-(String)``, ``appendJSONContent(_:)``,
/// ``appendEscapingXML(_:)``, ``appendPercentEncoded(_:)``), and so do
/// numbers, in decimal or hexadecimal.
///
/// Its writes go to its memory through a pointer, after `reserve` has
/// made room for them: the one place where bytes are written without a
/// span. What they copy is read from spans.
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

    // MARK: Writing

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
        let source = RawSpan(_elements: bytes)
        if length >= 16 {
            reserve(32)
            let target = UnsafeMutableRawPointer(base + written)
            target.storeBytes(of: source.unsafeLoadUnaligned(fromByteOffset: 0, as: SIMD16<UInt8>.self), as: SIMD16<UInt8>.self)
            target.storeBytes(of: source.unsafeLoadUnaligned(fromByteOffset: length &- 16, as: SIMD16<UInt8>.self),
                              toByteOffset: length &- 16, as: SIMD16<UInt8>.self)
            written &+= length
        } else if length >= 8 {
            reserve(16)
            let target = UnsafeMutableRawPointer(base + written)
            target.storeBytes(of: source.unsafeLoadUnaligned(fromByteOffset: 0, as: UInt64.self), as: UInt64.self)
            target.storeBytes(of: source.unsafeLoadUnaligned(fromByteOffset: length &- 8, as: UInt64.self),
                              toByteOffset: length &- 8, as: UInt64.self)
            written &+= length
        } else if length > 0 {
            append(word: source.gatheredWord, count: length)
        }
    }

    /// Appends the first `count` bytes (at most eight) of `word`, as
    /// memory holds it: a few bytes gathered into a word, written in one move.
    @inlinable @inline(__always)
    mutating func append(word: UInt64, count: Int) {
        precondition(count >= 0 && count <= 8, "at most a word's bytes")
        reserve(8)
        UnsafeMutableRawPointer(base + written).storeBytes(of: word, as: UInt64.self)
        written &+= count
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
        // A static string's bytes come only through a pointer to them.
        append(UnsafeBufferPointer(start: markup.utf8Start, count: markup.utf8CodeUnitCount).span)
    }
}
