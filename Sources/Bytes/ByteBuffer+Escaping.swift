extension ByteBuffer {
    /// Appends UTF-8 `bytes` with each byte `Set` holds replaced by what
    /// `replace` appends for it: the loop every escaper runs. `replace` is
    /// given the bytes and the offset of the byte to replace, and returns
    /// how many bytes its replacement stands for (1, or more for a
    /// character replaced whole).
    ///
    /// Each run of bytes that need nothing (most text is one) is found a
    /// block or a word at a time, then copied whole.
    @inlinable @inline(__always)
    mutating func appendEscaping<Set: ByteSet>(_ bytes: Span<UInt8>, _: Set.Type, _ replace: (inout ByteBuffer, Span<UInt8>, Int) -> Int) {
        let source = RawSpan(_elements: bytes)
        if bytes.count < 16, appendShortIfPlain(source, Set.self) { return }
        var start = 0
        while true {
            let special = source.firstOffset(from: start, of: Set.self)
            append(bytes.extracting(start..<special))
            guard special < bytes.count else { return }
            start = special &+ replace(&self, bytes, special)
        }
    }

    /// Appends `source`, shorter than sixteen bytes, when no byte of it is
    /// in `Set`, and returns whether it did: a short text (most) is read
    /// as one or two words, and written as they are.
    @inlinable @inline(__always)
    mutating func appendShortIfPlain<Set: ByteSet>(_ source: RawSpan, _: Set.Type) -> Bool {
        let count = source.byteCount
        if count >= 8 {
            let head = source.unsafeLoadUnaligned(fromByteOffset: 0, as: UInt64.self)
            let tail = source.unsafeLoadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
            guard Set.marks(head.littleEndian) | Set.marks(tail.littleEndian) == 0 else { return false }
            append(word: head, count: count &- 8)
            append(word: tail, count: 8)
            return true
        }
        guard count > 0 else { return true }
        let word = source.gatheredWord
        // The marks of the zeros after the bytes dropped.
        guard Set.marks(word.littleEndian) & (1 &<< (8 &* UInt64(count)) &- 1) == 0 else { return false }
        append(word: word, count: count)
        return true
    }
}
