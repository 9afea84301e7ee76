/// The bytes HTML escaping replaces: `&`, `<`, `>`, `"` and `'`.
@usableFromInline
enum HTMLSpecial: ByteSet {
    /// Bit `b` is set for each byte `b` in the set (all are below 64).
    @usableFromInline
    static let bits: UInt64 = 1 << 0x26 | 1 << 0x3C | 1 << 0x3E | 1 << 0x22 | 1 << 0x27

    @inlinable @inline(__always)
    static func contains(_ byte: UInt8) -> Bool {
        byte < 64 && bits & (1 &<< UInt64(byte)) != 0
    }

    /// `"` and `&` differ only in bit 2, `<` and `>` only in bit 1: with
    /// that bit set, one test finds both.
    @inlinable @inline(__always)
    static func marks(_ word: UInt64) -> UInt64 {
        UInt64.bytes(word | .repeating(0x04), equalTo: UInt8(ascii: "&"))
            | UInt64.bytes(word | .repeating(0x02), equalTo: UInt8(ascii: ">"))
            | UInt64.bytes(word, equalTo: UInt8(ascii: "'"))
    }

    @inlinable @inline(__always)
    static func marks(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        (block | SIMD16<UInt8>(repeating: 0x04)) .== SIMD16<UInt8>(repeating: UInt8(ascii: "&"))
            .| (block | SIMD16<UInt8>(repeating: 0x02)) .== SIMD16<UInt8>(repeating: UInt8(ascii: ">"))
            .| block .== SIMD16<UInt8>(repeating: UInt8(ascii: "'"))
    }
}

extension ByteBuffer {
    /// Appends `text` escaped for HTML: `&`, `<`, `>`, `"` and `'` as
    /// `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&#39;`, so that it is safe in
    /// a text node and in an attribute value in either quotes.
    @inlinable
    public mutating func appendEscapingHTML(_ text: String) {
        appendEscapingHTML(text.utf8.span)
    }

    /// Appends UTF-8 `bytes` escaped for HTML (see ``appendEscapingHTML(_:)-(String)``).
    @inlinable
    public mutating func appendEscapingHTML(_ bytes: Span<UInt8>) {
        appendEscaping(bytes, HTMLSpecial.self) { room, at, bytes, index in
            switch bytes[index] {
            case UInt8(ascii: "&"): (room.store("&amp;", at: at), 1)
            case UInt8(ascii: "<"): (room.store("&lt;", at: at), 1)
            case UInt8(ascii: ">"): (room.store("&gt;", at: at), 1)
            case UInt8(ascii: "\""): (room.store("&quot;", at: at), 1)
            default: (room.store("&#39;", at: at), 1)
            }
        }
    }
}
