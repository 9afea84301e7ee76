/// The bytes a JSON string inside a `<script>` escapes (`"`, `\`, `<`,
/// `>`, `&`, a control character), and 0xE2, which may start U+2028 or U+2029.
@usableFromInline
enum JSONSpecial: ByteSet {
    /// `"` and `&` differ only in bit 2, `<` and `>` only in bit 1.
    @inlinable @inline(__always)
    static func marks(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        (block | SIMD16<UInt8>(repeating: 0x04)) .== SIMD16<UInt8>(repeating: UInt8(ascii: "&"))
            .| (block | SIMD16<UInt8>(repeating: 0x02)) .== SIMD16<UInt8>(repeating: UInt8(ascii: ">"))
            .| block .== SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
            .| block .== SIMD16<UInt8>(repeating: 0xE2)
            .| (block & SIMD16<UInt8>(repeating: 0xE0)) .== SIMD16<UInt8>(repeating: 0)
    }

    @inlinable @inline(__always)
    static func marks(_ word: UInt64) -> UInt64 {
        UInt64.bytes(word | .repeating(0x04), equalTo: UInt8(ascii: "&"))
            | UInt64.bytes(word | .repeating(0x02), equalTo: UInt8(ascii: ">"))
            | UInt64.bytes(word, equalTo: UInt8(ascii: "\\"))
            | UInt64.bytes(word, equalTo: 0xE2)
            | UInt64.bytes(word, below: 0x20)
    }
}

extension ByteBuffer {
    /// Appends `text` as a JSON string literal, in quotes, safe inside a
    /// `<script>` element (see ``appendJSONContent(_:)``).
    public mutating func appendJSONString(_ text: String) {
        append(byte: UInt8(ascii: "\""))
        appendJSONContent(text)
        append(byte: UInt8(ascii: "\""))
    }

    /// Appends `text` escaped as the inside of a JSON string literal safe
    /// inside a `<script>` element: `"`, `\` and control characters as JSON
    /// has them (`\n`, `\u001f`), and `<`, `>`, `&`, U+2028 and U+2029 as
    /// `\u003C`, `\u003E`, `\u0026`, `\u2028`, `\u2029`, so that no
    /// `</script>` or `<!--` can end or change the script. A text's pieces
    /// escaped one after another give the text escaped: no escape spans two
    /// characters.
    public mutating func appendJSONContent(_ text: String) {
        appendEscaping(text.utf8.span, JSONSpecial.self) { buffer, bytes, index in
            buffer.appendJSONEscape(bytes, at: index)
        }
    }

    /// Appends the escape of the byte at `index` of `bytes`, one of
    /// ``JSONSpecial``'s, and returns how many bytes it stands for.
    @usableFromInline @inline(never)
    mutating func appendJSONEscape(_ bytes: Span<UInt8>, at index: Int) -> Int {
        let byte = bytes[index]
        switch byte {
        case UInt8(ascii: "\""): append(markup: "\\\"")
        case UInt8(ascii: "\\"): append(markup: "\\\\")
        case UInt8(ascii: "\n"): append(markup: "\\n")
        case UInt8(ascii: "\r"): append(markup: "\\r")
        case UInt8(ascii: "\t"): append(markup: "\\t")
        case UInt8(ascii: "<"): append(markup: "\\u003C")
        case UInt8(ascii: ">"): append(markup: "\\u003E")
        case UInt8(ascii: "&"): append(markup: "\\u0026")
        case 0xE2 where bytes.count - index >= 3 && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
            append(markup: bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029")
            return 3
        case 0xE2:
            append(byte: byte)
        default:
            append(markup: "\\u00")
            append(byte: HexDigits.lowercase(byte >> 4))
            append(byte: HexDigits.lowercase(byte & 0x0F))
        }
        return 1
    }
}
