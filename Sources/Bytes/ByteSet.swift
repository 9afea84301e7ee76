/// A set of bytes to find in text, tested eight at a time (a `UInt64`
/// loaded from the text) or sixteen (a `SIMD16<UInt8>`): escaping skips
/// the long runs of text that need nothing in a few instructions a block
/// instead of a branch a byte.
///
/// The tests on blocks name their vectors' type in full
/// (`SIMD16<UInt8>(repeating:)`): left to inference, Swift picks the
/// generic comparisons, which compile to a loop over the sixteen lanes.
@usableFromInline
protocol ByteSet {
    /// Marks the bytes of `word` (eight bytes of text, the first in its
    /// lowest byte) that are in the set: `0x80` in the first such byte and
    /// in none before it (bytes after it may be marked or not).
    static func marks(_ word: UInt64) -> UInt64
    /// The lanes of `block` (sixteen bytes of text) that are in the set.
    static func marks(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>>
}

extension UInt64 {
    /// Every byte `byte`.
    @inlinable @inline(__always)
    public static func repeating(_ byte: UInt8) -> UInt64 {
        0x0101_0101_0101_0101 &* UInt64(byte)
    }

    /// Marks the bytes of `word` (eight bytes of text, the first in its
    /// lowest byte) that are zero: `0x80` in the first such byte, and in
    /// none before it. A byte after it may be marked too (a borrow runs up
    /// from a zero byte), so only the first mark is exact: what a search
    /// needs, found by counting zero bits.
    @inlinable @inline(__always)
    public static func zeros(_ word: UInt64) -> UInt64 {
        (word &- repeating(0x01)) & ~word & repeating(0x80)
    }

    /// Marks the bytes of `word` that are `byte`; the first mark is exact
    /// (see ``zeros(_:)``).
    @inlinable @inline(__always)
    public static func bytes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        zeros(word ^ repeating(byte))
    }

    /// Marks the bytes of `word` below `limit`, from 1 to 128; the first
    /// mark is exact (see ``zeros(_:)``).
    @inlinable @inline(__always)
    public static func bytes(_ word: UInt64, below limit: UInt8) -> UInt64 {
        (word &- repeating(limit)) & ~word & repeating(0x80)
    }
}

extension SIMDMask where Storage == SIMD16<Int8> {
    /// The first lane set from `start` on, or 16 when none is.
    @inlinable @inline(__always)
    public func firstLane(from start: Int = 0) -> Int {
        // The lanes as bytes (0xFF set, 0 clear), read back as two words:
        // a move each once compiled.
        let lanes = SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: self)
        var words = InlineArray<2, UInt64>(repeating: 0)
        var span = words.mutableSpan
        var bytes = MutableRawSpan(_elements: &span)
        bytes.storeBytes(of: lanes, toByteOffset: 0, as: SIMD16<UInt8>.self)
        var low = words[0].littleEndian, high = words[1].littleEndian
        if start >= 8 {
            low = 0
            high &= ~0 &<< (8 &* UInt64(start &- 8))
        } else {
            low &= ~0 &<< (8 &* UInt64(start))
        }
        if low != 0 { return low.trailingZeroBitCount >> 3 }
        if high != 0 { return 8 &+ high.trailingZeroBitCount >> 3 }
        return 16
    }
}

extension RawSpan {
    /// The bytes of a span shorter than a word, gathered into one as
    /// memory would hold them, zeros after them: read as two halves,
    /// quarters or one byte, which overlap as they must.
    @inlinable @inline(__always)
    var gatheredWord: UInt64 {
        let count = byteCount
        assert(count < 8, "a span shorter than a word")
        let word: UInt64
        if count >= 4 {
            let head = UInt64(UInt32(littleEndian: unsafeLoadUnaligned(fromByteOffset: 0, as: UInt32.self)))
            let tail = UInt64(UInt32(littleEndian: unsafeLoadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
            word = head | tail &<< (8 &* UInt64(count &- 4))
        } else if count >= 2 {
            let head = UInt64(UInt16(littleEndian: unsafeLoadUnaligned(fromByteOffset: 0, as: UInt16.self)))
            let tail = UInt64(UInt16(littleEndian: unsafeLoadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)))
            word = head | tail &<< (8 &* UInt64(count &- 2))
        } else {
            word = count == 1 ? UInt64(unsafeLoad(fromByteOffset: 0, as: UInt8.self)) : 0
        }
        return word.littleEndian
    }

    /// The offset of the first byte at or after `start` that `Set` holds,
    /// or `byteCount` when none is: sixteen bytes at a time, the last
    /// block read where it ends the span (its lanes read already left
    /// out); a span shorter than a block as words, and one shorter than a
    /// word gathered into one.
    @inlinable @inline(__always)
    func firstOffset<Set: ByteSet>(from start: Int, of _: Set.Type) -> Int {
        let end = byteCount
        var index = start
        guard end &- index > 0 else { return end }
        if end >= 16 {
            while end &- index > 16 {
                let lane = Set.marks(unsafeLoadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)).firstLane()
                if lane < 16 { return index &+ lane }
                index &+= 16
            }
            let skipped = 16 &- (end &- index)
            let lane = Set.marks(unsafeLoadUnaligned(fromByteOffset: end &- 16, as: SIMD16<UInt8>.self)).firstLane(from: skipped)
            return end &- 16 &+ lane
        }
        if end >= 8 {
            if end &- index > 8 {
                let found = Set.marks(unsafeLoadUnaligned(fromByteOffset: index, as: UInt64.self).littleEndian)
                if found != 0 { return index &+ found.trailingZeroBitCount >> 3 }
                index &+= 8
            }
            // The last word, its bytes before `index` left out.
            let skipped = 8 &- (end &- index)
            let found = Set.marks(unsafeLoadUnaligned(fromByteOffset: end &- 8, as: UInt64.self).littleEndian) >> (8 &* UInt64(skipped))
            return found == 0 ? end : index &+ found.trailingZeroBitCount >> 3
        }
        // The marks of the zeros after the bytes dropped.
        let tail = end &- index
        let found = Set.marks(extracting(index..<end).gatheredWord.littleEndian) & (1 &<< (8 &* UInt64(tail)) &- 1)
        return found == 0 ? end : index &+ found.trailingZeroBitCount >> 3
    }
}
