/// The bytes XML escaping replaces or drops: `&`, `<`, `>`, `"`, `'`, and
/// the control characters (tab, line feed and carriage return are marked
/// too, and kept).
@usableFromInline
enum XMLSpecial: ByteSet {
    @inlinable @inline(__always)
    static func contains(_ byte: UInt8) -> Bool {
        byte < 0x20 || HTMLSpecial.contains(byte)
    }

    @inlinable @inline(__always)
    static func marks<Word: ByteLanes>(_ word: Word) -> Word {
        HTMLSpecial.marks(word) | Word.bytes(word, below: 0x20)
    }
}

extension ByteBuffer {
    /// Appends `text` escaped for XML: `&`, `<`, `>`, `"` and `'` as
    /// `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&apos;`, and the control
    /// characters XML 1.0 forbids (all below U+0020 but tab, line feed and
    /// carriage return) left out.
    public mutating func appendEscapingXML(_ text: String) {
        let bytes = text.utf8.span
        let source = RawSpan(_elements: bytes)
        var index = 0
        while index < bytes.count {
            index = appendUnmarked(source, from: index, until: XMLSpecial.self)
            guard index < bytes.count else { break }
            let byte = bytes[index]
            index &+= 1
            switch byte {
            case UInt8(ascii: "&"): append(markup: "&amp;")
            case UInt8(ascii: "<"): append(markup: "&lt;")
            case UInt8(ascii: ">"): append(markup: "&gt;")
            case UInt8(ascii: "\""): append(markup: "&quot;")
            case UInt8(ascii: "'"): append(markup: "&apos;")
            case 0x09, 0x0A, 0x0D: append(byte: byte)
            default: break
            }
        }
    }
}
