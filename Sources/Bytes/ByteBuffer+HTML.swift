/// The bytes HTML escaping replaces: `&`, `<`, `>`, `"` and `'`.
@usableFromInline
enum HTMLSpecial: ByteSet {
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
        appendEscaping(bytes, HTMLSpecial.self) { buffer, bytes, index in
            buffer.appendHTMLEntity(for: bytes[index])
            return 1
        }
    }

    /// Appends the entity that stands for `byte`, one of ``HTMLSpecial``'s.
    @usableFromInline @inline(never)
    mutating func appendHTMLEntity(for byte: UInt8) {
        switch byte {
        case UInt8(ascii: "&"): append(markup: "&amp;")
        case UInt8(ascii: "<"): append(markup: "&lt;")
        case UInt8(ascii: ">"): append(markup: "&gt;")
        case UInt8(ascii: "\""): append(markup: "&quot;")
        default: append(markup: "&#39;")
        }
    }
}
