extension ByteBuffer {
    /// Appends the bytes of `source` from `start` up to the first one that
    /// `Set` holds, and returns where that one is (`source.byteCount` when
    /// none is): what every escaper does between two bytes it replaces.
    ///
    /// Sixteen bytes a step, then eight, then one: each block is copied
    /// whole (there is room for all the bytes still to come) and kept up to
    /// its first byte in the set, so plain text is read and written once.
    @inlinable @inline(__always)
    mutating func appendUnmarked<Set: ByteSet>(_ source: RawSpan, from start: Int, until _: Set.Type) -> Int {
        let end = source.byteCount
        var index = start
        return start &+ append(rawRoom: end &- start) { room in
            // The room holds all the bytes from `start` on, so a block
            // read at `index` fits at `index - start`.
            while end &- index >= 16 {
                let block = source.unsafeLoadUnaligned(fromByteOffset: index, as: SIMD2<UInt64>.self)
                room.storeBytes(of: block, toByteOffset: index &- start, as: SIMD2<UInt64>.self)
                let found = Set.marks(block)
                if found[0] != 0 { return index &+ found[0].trailingZeroBitCount >> 3 &- start }
                if found[1] != 0 { return index &+ 8 &+ found[1].trailingZeroBitCount >> 3 &- start }
                index &+= 16
            }
            if end &- index >= 8 {
                let word = source.unsafeLoadUnaligned(fromByteOffset: index, as: UInt64.self)
                room.storeBytes(of: word, toByteOffset: index &- start, as: UInt64.self)
                let found = Set.marks(word)
                if found != 0 { return index &+ found.trailingZeroBitCount >> 3 &- start }
                index &+= 8
            }
            while index < end {
                let byte = source.unsafeLoad(fromByteOffset: index, as: UInt8.self)
                if Set.contains(byte) { break }
                room.storeBytes(of: byte, toByteOffset: index &- start, as: UInt8.self)
                index &+= 1
            }
            return index &- start
        }
    }
}
