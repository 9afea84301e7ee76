/// The bytes a JSON string inside a `<script>` escapes (`"`, `\`, `<`,
/// `>`, `&`, a control character), and 0xE2, which may start U+2028 or U+2029.
@usableFromInline
enum JSONSpecial: ByteSet {
    @inlinable @inline(__always)
    static func contains(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), 0xE2, 0..<0x20: return true
        default: return false
        }
    }

    /// `"` and `&` differ only in bit 2, `<` and `>` only in bit 1.
    @inlinable @inline(__always)
    static func marks<Word: ByteLanes>(_ word: Word) -> Word {
        Word.bytes(word | .repeating(0x04), equalTo: UInt8(ascii: "&"))
            | Word.bytes(word | .repeating(0x02), equalTo: UInt8(ascii: ">"))
            | Word.bytes(word, equalTo: UInt8(ascii: "\\"))
            | Word.bytes(word, equalTo: 0xE2)
            | Word.bytes(word, below: 0x20)
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
        let bytes = text.utf8.span
        let source = RawSpan(_elements: bytes)
        let end = bytes.count
        var index = 0
        while index < end {
            index = appendUnmarked(source, from: index, until: JSONSpecial.self)
            guard index < end else { break }
            let byte = bytes[index]
            index &+= 1
            switch byte {
            case UInt8(ascii: "\""): append(markup: "\\\"")
            case UInt8(ascii: "\\"): append(markup: "\\\\")
            case UInt8(ascii: "\n"): append(markup: "\\n")
            case UInt8(ascii: "\r"): append(markup: "\\r")
            case UInt8(ascii: "\t"): append(markup: "\\t")
            case UInt8(ascii: "<"): append(markup: "\\u003C")
            case UInt8(ascii: ">"): append(markup: "\\u003E")
            case UInt8(ascii: "&"): append(markup: "\\u0026")
            case 0xE2 where end - index >= 2 && bytes[index] == 0x80 && (bytes[index + 1] == 0xA8 || bytes[index + 1] == 0xA9):
                append(markup: bytes[index + 1] == 0xA8 ? "\\u2028" : "\\u2029")
                index &+= 2
            case 0xE2:
                append(byte: byte)
            default:
                append(markup: "\\u00")
                append(byte: HexDigits.lowercase(byte >> 4))
                append(byte: HexDigits.lowercase(byte & 0x0F))
            }
        }
    }
}
