/// Tests on eight bytes at once (a `UInt64` loaded from text) or sixteen
/// (a `SIMD16<UInt8>`), so that escaping skips the long runs of text that
/// need nothing in a few instructions a block instead of a branch a byte.
///
/// The tests on blocks name their vectors' type in full
/// (`SIMD16<UInt8>(repeating:)`): left to inference, Swift picks the
/// generic comparisons, which compile to a loop over the sixteen lanes.
enum ByteScan {
    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highs: UInt64 = 0x8080_8080_8080_8080

    /// Nonzero exactly when some byte of `word` is `byte`.
    @inline(__always)
    static func has(_ word: UInt64, _ byte: UInt8) -> UInt64 {
        let value = word ^ (ones &* UInt64(byte))
        return (value &- ones) & ~value & highs
    }

    /// Nonzero exactly when some byte of `word` is below `limit` (at most 128).
    @inline(__always)
    static func hasBelow(_ word: UInt64, _ limit: UInt8) -> UInt64 {
        (word &- ones &* UInt64(limit)) & ~word & highs
    }

    /// Calls `body` with the UTF-8 bytes of `text`, without copying a native string.
    @inline(__always)
    static func withUTF8<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }

    /// The offset of the first byte of `bytes`, from `start`, that `marks`
    /// marks in its sixteen-byte block, or of the last bytes that do not
    /// fill a block: every byte before it needs nothing.
    @inline(__always)
    static func skipUnmarked(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int,
                             _ marks: (SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>>) -> Int {
        guard let base = bytes.baseAddress else { return start }
        var index = start
        while bytes.count - index >= 16 {
            let found = unsafeBitCast(marks(UnsafeRawPointer(base + index).loadUnaligned(as: SIMD16<UInt8>.self)), to: SIMD2<UInt64>.self)
            if found[0] != 0 { return index + found[0].trailingZeroBitCount >> 3 }
            if found[1] != 0 { return index + 8 + found[1].trailingZeroBitCount >> 3 }
            index += 16
        }
        return index
    }

    /// The offset of the first eight-byte word of `bytes`, from `start`,
    /// that `plain` does not pass, or of the last bytes that do not fill a
    /// word: every byte before it needs nothing.
    @inline(__always)
    static func skipPlain(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, while plain: (UInt64) -> Bool) -> Int {
        guard let base = bytes.baseAddress else { return start }
        var index = start
        while bytes.count - index >= 8 {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            guard plain(word) else { return index }
            index += 8
        }
        return index
    }
}
