/// UTF-8 text read as bytes: whether it is valid, where an offset falls in
/// lines and columns, and the scalars it holds.
public enum UTF8Text {
    /// The offset of the first byte of the first sequence that is not
    /// valid UTF-8 as the Unicode standard defines it (a stray byte, a
    /// sequence cut short, an overlong form, a surrogate, a value past
    /// U+10FFFF), or nil when all of `bytes` is valid.
    ///
    /// ASCII, most of any page, is skipped a word at a time; each run of
    /// other bytes is checked by the standard library's `UTF8Span`, which
    /// goes byte by byte. No character spans an ASCII byte, so a run is
    /// valid on its own or not at all, and its first error is the text's.
    public static func firstInvalidOffset(in bytes: Span<UInt8>) -> Int? {
        let raw = RawSpan(_elements: bytes)
        let count = bytes.count
        var offset = 0
        while offset < count {
            while count &- offset >= 8, raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                offset &+= 8
            }
            while offset < count, bytes[offset] < 0x80 { offset &+= 1 }
            guard offset < count else { return nil }
            var end = offset &+ 1
            while end < count, bytes[end] >= 0x80 { end &+= 1 }
            do {
                _ = try UTF8Span(validating: bytes.extracting(offset..<end))
            } catch {
                return offset &+ error.byteOffsets.lowerBound
            }
            offset = end
        }
        return nil
    }

    /// Whether all of `bytes` is valid UTF-8.
    public static func isValid(_ bytes: Span<UInt8>) -> Bool {
        firstInvalidOffset(in: bytes) == nil
    }

    /// The line and column of the byte at `offset` of `bytes`, both from
    /// 1: lines end at line feeds, and a column is counted in Unicode
    /// scalars (every byte but a continuation byte starts one), as editors
    /// count them.
    public static func position(of offset: Int, in bytes: Span<UInt8>) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for index in 0..<min(offset, bytes.count) {
            let byte = bytes[index]
            if byte == 0x0A {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    /// The scalar whose UTF-8 encoding starts at `offset` of `bytes`, and
    /// how many bytes it takes. `bytes` are valid UTF-8 (a `String`'s), so
    /// the lead byte says how many bytes follow; a sequence cut short by
    /// the end, or not a scalar, reads as U+FFFD.
    @inlinable
    public static func scalar(at offset: Int, in bytes: Span<UInt8>) -> (scalar: Unicode.Scalar, length: Int) {
        let lead = UInt32(bytes[offset])
        var value: UInt32
        let length: Int
        switch lead {
        case 0..<0x80: return (Unicode.Scalar(UInt8(lead)), 1)
        case 0xC0..<0xE0: value = lead & 0x1F; length = 2
        case 0xE0..<0xF0: value = lead & 0x0F; length = 3
        default: value = lead & 0x07; length = 4
        }
        for next in 1..<length where offset + next < bytes.count {
            value = value << 6 | UInt32(bytes[offset + next] & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// How many Unicode scalars UTF-8 `bytes` hold: every byte but a
    /// continuation byte starts one. Eight bytes a step; an ASCII word has
    /// no continuation byte.
    public static func scalarCount(of bytes: Span<UInt8>) -> Int {
        let raw = RawSpan(_elements: bytes)
        var continuations = 0, offset = 0
        while bytes.count - offset >= 8 {
            let word = raw.unsafeLoadUnaligned(fromByteOffset: offset, as: UInt64.self)
            if word & 0x8080_8080_8080_8080 != 0 {
                // A continuation byte is 10xxxxxx: its top bit set, the next clear.
                let marks = (word & ~(word << 1) & 0x8080_8080_8080_8080) >> 7
                continuations += Int((marks &* 0x0101_0101_0101_0101) >> 56)
            }
            offset += 8
        }
        while offset < bytes.count {
            if bytes[offset] & 0xC0 == 0x80 { continuations += 1 }
            offset += 1
        }
        return bytes.count - continuations
    }
}
