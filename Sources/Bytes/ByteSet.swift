/// A set of bytes to find in text, tested a byte at a time, eight at a
/// time (a `UInt64`) or sixteen (a `SIMD16<UInt8>`): escaping skips the
/// long runs of text that need nothing in a few instructions a block
/// instead of a branch a byte.
///
/// The tests on blocks name their vectors' type in full
/// (`SIMD16<UInt8>(repeating:)`): left to inference, Swift picks the
/// generic comparisons, which compile to a loop over the sixteen lanes.
public protocol ByteSet {
    /// Whether `byte` is in the set.
    static func contains(_ byte: UInt8) -> Bool
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
    /// The first lane set, or 16 when none is.
    @inlinable @inline(__always)
    public var firstLane: Int {
        // The lanes as bytes (0xFF set, 0 clear), read back as two words:
        // one move each once compiled.
        let lanes = SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: self)
        var words = InlineArray<2, UInt64>(repeating: 0)
        var span = words.mutableSpan
        var bytes = MutableRawSpan(_elements: &span)
        bytes.storeBytes(of: lanes, toByteOffset: 0, as: SIMD16<UInt8>.self)
        let low = words[0].littleEndian, high = words[1].littleEndian
        if low != 0 { return low.trailingZeroBitCount >> 3 }
        if high != 0 { return 8 &+ high.trailingZeroBitCount >> 3 }
        return 16
    }
}

extension RawSpan {
    /// The offset of the first byte at or after `start` that `Set` holds,
    /// or `byteCount` when none is: sixteen bytes a step, then one.
    @inlinable @inline(__always)
    public func firstOffset<Set: ByteSet>(from start: Int, of _: Set.Type) -> Int {
        var index = start
        while byteCount &- index >= 16 {
            let lane = Set.marks(unsafeLoadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)).firstLane
            if lane < 16 { return index &+ lane }
            index &+= 16
        }
        while index < byteCount, !Set.contains(unsafeLoad(fromByteOffset: index, as: UInt8.self)) {
            index &+= 1
        }
        return index
    }
}
