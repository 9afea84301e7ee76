/// The bytes XML escaping replaces or drops: `&`, `<`, `>`, `"`, `'`, and
/// the control characters (tab, line feed and carriage return are marked
/// too, and kept).
@usableFromInline
enum XMLSpecial: ByteSet {

    @inlinable @inline(__always)
    static func marks(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        HTMLSpecial.marks(block) .| (block .< SIMD16<UInt8>(repeating: 0x20))
    }

    @inlinable @inline(__always)
    static func marks(_ word: UInt64) -> UInt64 {
        HTMLSpecial.marks(word) | UInt64.bytes(word, below: 0x20)
    }
}

extension ByteBuffer {
    /// Appends `text` escaped for XML: `&`, `<`, `>`, `"` and `'` as
    /// `&amp;`, `&lt;`, `&gt;`, `&quot;` and `&apos;`, and the control
    /// characters XML 1.0 forbids (all below U+0020 but tab, line feed and
    /// carriage return) left out.
    public mutating func appendEscapingXML(_ text: String) {
        appendEscaping(text.utf8.span, XMLSpecial.self) { buffer, bytes, index in
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "&"): buffer.append(markup: "&amp;")
            case UInt8(ascii: "<"): buffer.append(markup: "&lt;")
            case UInt8(ascii: ">"): buffer.append(markup: "&gt;")
            case UInt8(ascii: "\""): buffer.append(markup: "&quot;")
            case UInt8(ascii: "'"): buffer.append(markup: "&apos;")
            case 0x09, 0x0A, 0x0D: buffer.append(byte: byte)
            default: break
            }
            return 1
        }
    }
}
