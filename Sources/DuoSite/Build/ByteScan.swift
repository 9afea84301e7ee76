import Bytes

/// A string's UTF-8 bytes through a buffer pointer, and the word tests
/// made on them, for the readers that still take one (the cache records'
/// writer, citation blocks, anchors, timestamps): the `Bytes` module reads
/// the same bytes as spans.
enum ByteScan {
    /// Nonzero exactly when some byte of `word` is `byte`.
    @inline(__always)
    static func has(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        UInt64.bytes(word, equalTo: byte)
    }

    /// Calls `body` with the UTF-8 bytes of `text`, without copying a native string.
    @inline(__always)
    static func withUTF8<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    /// The offset of the first eight-byte word of `bytes`, from `start`,
    /// that `plain` does not pass, or of the last bytes that do not fill a
    /// word: every byte before it needs nothing.
    @inline(__always)
    static func skipPlain(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, while plain: (UInt64) -> Bool) -> Int {
        let raw = RawSpan(_elements: bytes.span)
        var index = start
        while raw.byteCount - index >= 8, plain(raw.unsafeLoadUnaligned(fromByteOffset: index, as: UInt64.self)) {
            index += 8
        }
        return index
    }
}
