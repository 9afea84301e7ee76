/// Bytes tested eight at a time in a `UInt64`, or sixteen in a
/// `SIMD2<UInt64>`, loaded from text: escaping skips the long runs of text
/// that need nothing in a few instructions a block instead of a branch a byte.
///
/// Each test gives a word whose byte is `0x80` for each byte found, except
/// that a byte after a found one may read as found too: the lowest byte
/// set is exact, which is all a search needs (``firstMarked(_:)``).
public protocol ByteLanes: BitwiseCopyable {
    /// Every byte `byte`.
    static func repeating(_ byte: UInt8) -> Self
    static func & (lhs: Self, rhs: Self) -> Self
    static func | (lhs: Self, rhs: Self) -> Self
    static func ^ (lhs: Self, rhs: Self) -> Self
    static func &- (lhs: Self, rhs: Self) -> Self
    static prefix func ~ (value: Self) -> Self
}

extension UInt64: ByteLanes {
    @inlinable @inline(__always)
    public static func repeating(_ byte: UInt8) -> UInt64 { 0x0101_0101_0101_0101 &* UInt64(byte) }
}

extension SIMD2: ByteLanes where Scalar == UInt64 {
    @inlinable @inline(__always)
    public static func repeating(_ byte: UInt8) -> SIMD2<UInt64> { SIMD2(repeating: UInt64.repeating(byte)) }
}

extension ByteLanes {
    /// Marks the bytes that are zero.
    @inlinable @inline(__always)
    public static func zeros(_ word: Self) -> Self {
        (word &- repeating(0x01)) & ~word & repeating(0x80)
    }

    /// Marks the bytes of `word` that are `byte`.
    @inlinable @inline(__always)
    public static func bytes(_ word: Self, equalTo byte: UInt8) -> Self {
        zeros(word ^ repeating(byte))
    }

    /// Marks the bytes of `word` below `limit` (at most 128).
    @inlinable @inline(__always)
    public static func bytes(_ word: Self, below limit: UInt8) -> Self {
        (word &- repeating(limit)) & ~word & repeating(0x80)
    }
}

/// A set of bytes to find in text, tested a byte at a time or a word at a time.
public protocol ByteSet {
    /// Whether `byte` is in the set.
    static func contains(_ byte: UInt8) -> Bool
    /// Marks the bytes of `word` in the set (see ``ByteLanes``).
    static func marks<Word: ByteLanes>(_ word: Word) -> Word
}

extension RawSpan {
    /// The offset of the first byte at or after `start` that `Set` holds,
    /// or `byteCount` when none is: sixteen bytes a step, then eight, then one.
    @inlinable @inline(__always)
    public func firstOffset<Set: ByteSet>(from start: Int, of _: Set.Type) -> Int {
        var index = start
        while byteCount - index >= 16 {
            let found = Set.marks(unsafeLoadUnaligned(fromByteOffset: index, as: SIMD2<UInt64>.self))
            if found[0] != 0 { return index + found[0].trailingZeroBitCount >> 3 }
            if found[1] != 0 { return index + 8 + found[1].trailingZeroBitCount >> 3 }
            index += 16
        }
        if byteCount - index >= 8 {
            let found = Set.marks(unsafeLoadUnaligned(fromByteOffset: index, as: UInt64.self))
            if found != 0 { return index + found.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < byteCount, !Set.contains(unsafeLoad(fromByteOffset: index, as: UInt8.self)) {
            index += 1
        }
        return index
    }
}
