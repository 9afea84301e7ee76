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
    static func marks<Word: ByteLanes>(_ word: Word) -> Word {
        Word.bytes(word | .repeating(0x04), equalTo: UInt8(ascii: "&"))
            | Word.bytes(word | .repeating(0x02), equalTo: UInt8(ascii: ">"))
            | Word.bytes(word, equalTo: UInt8(ascii: "'"))
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
        let source = RawSpan(_elements: bytes)
        var index = 0
        while index < bytes.count {
            index = appendUnmarked(source, from: index, until: HTMLSpecial.self)
            guard index < bytes.count else { break }
            appendHTMLEntity(for: bytes[index])
            index &+= 1
        }
    }

    /// Appends the entity that stands for `byte`, one of ``HTMLSpecial``'s.
    @usableFromInline
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
