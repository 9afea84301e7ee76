extension ByteBuffer {
    /// Appends UTF-8 `bytes` with each byte `Set` holds replaced by what
    /// `replace` writes for it: the loop every escaper runs.
    ///
    /// `replace` is given the bytes, the offset of the byte to replace,
    /// and room for eight bytes in the buffer at `at`; it returns how many
    /// bytes it wrote and how many of `bytes` they stand for (1, or more
    /// for a character replaced whole). The bytes between are copied as
    /// they are, sixteen at a time.
    @inlinable @inline(__always)
    mutating func appendEscaping<Set: ByteSet>(
        _ bytes: Span<UInt8>, _: Set.Type,
        _ replace: (_ room: inout MutableRawSpan, _ at: Int, _ bytes: Span<UInt8>, _ index: Int) -> (written: Int, read: Int)
    ) {
        let source = RawSpan(_elements: bytes)
        let end = bytes.count
        var index = 0
        while index < end {
            // Room for the bytes left, as they are, and a replacement; more
            // is made when replacements have used it up.
            append(rawRoom: end &- index &+ 16) { room in
                var written = 0
                while true {
                    Self.copyUnmarked(source, from: &index, to: &room, at: &written, until: Set.self)
                    guard index < end, room.byteCount &- written >= end &- index &+ 16 else { return written }
                    let (count, read) = replace(&room, written, bytes, index)
                    written &+= count
                    index &+= read
                }
            }
        }
    }

    /// Copies the bytes of `source` from `index` up to the first one that
    /// `Set` holds to `room` at `written`, which has room for all of them
    /// and sixteen more, and moves both past them.
    ///
    /// Sixteen bytes a step, then eight: each block is copied whole and
    /// counted up to its first byte in the set, so plain text is read and
    /// written once. The last bytes that do not fill a word are read as
    /// the last word of the text, copied again over its bytes copied already.
    @inlinable @inline(__always)
    static func copyUnmarked<Set: ByteSet>(_ source: RawSpan, from index: inout Int, to room: inout MutableRawSpan, at written: inout Int, until _: Set.Type) {
        let end = source.byteCount
        let start = index
        while end &- index >= 16 {
            let block = source.unsafeLoadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
            room.storeBytes(of: block, toByteOffset: written, as: SIMD16<UInt8>.self)
            let lane = Set.marks(block).firstLane
            index &+= lane
            written &+= lane
            if lane < 16 { return }
        }
        if end &- index >= 8 {
            let word = source.unsafeLoadUnaligned(fromByteOffset: index, as: UInt64.self)
            room.storeBytes(of: word, toByteOffset: written, as: UInt64.self)
            let found = Set.marks(word.littleEndian)
            if found != 0 {
                let kept = found.trailingZeroBitCount >> 3
                index &+= kept
                written &+= kept
                return
            }
            index &+= 8
            written &+= 8
        }
        let tail = end &- index
        guard tail > 0 else { return }
        if end &- start >= 8 {
            // The last word, whose first `8 - tail` bytes are copied already
            // (and hold no byte of the set, so no mark).
            let word = source.unsafeLoadUnaligned(fromByteOffset: end &- 8, as: UInt64.self)
            room.storeBytes(of: word, toByteOffset: written &- (8 &- tail), as: UInt64.self)
            let found = Set.marks(word.littleEndian) >> (8 &* UInt64(8 &- tail))
            let kept = found == 0 ? tail : found.trailingZeroBitCount >> 3
            index &+= kept
            written &+= kept
            return
        }
        while index < end {
            let byte = source.unsafeLoad(fromByteOffset: index, as: UInt8.self)
            if Set.contains(byte) { return }
            room.storeBytes(of: byte, toByteOffset: written, as: UInt8.self)
            index &+= 1
            written &+= 1
        }
    }
}

extension MutableRawSpan {
    /// Stores the bytes of `text`, known when the program was built (an
    /// entity, an escape), at `offset`, and returns how many they are.
    @inlinable @inline(__always)
    mutating func store(_ text: StaticString, at offset: Int) -> Int {
        // The standard library gives a static string's bytes only through
        // a pointer to them.
        text.withUTF8Buffer { bytes in
            for index in bytes.indices { storeBytes(of: bytes[index], toByteOffset: offset &+ index, as: UInt8.self) }
            return bytes.count
        }
    }
}
