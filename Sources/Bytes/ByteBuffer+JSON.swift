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
        appendEscaping(text.utf8.span, JSONSpecial.self) { room, at, bytes, index in
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""): return (room.store("\\\"", at: at), 1)
            case UInt8(ascii: "\\"): return (room.store("\\\\", at: at), 1)
            case UInt8(ascii: "\n"): return (room.store("\\n", at: at), 1)
            case UInt8(ascii: "\r"): return (room.store("\\r", at: at), 1)
            case UInt8(ascii: "\t"): return (room.store("\\t", at: at), 1)
            case UInt8(ascii: "<"): return (room.store("\\u003C", at: at), 1)
            case UInt8(ascii: ">"): return (room.store("\\u003E", at: at), 1)
            case UInt8(ascii: "&"): return (room.store("\\u0026", at: at), 1)
            case 0xE2 where bytes.count - index >= 3 && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                return (room.store(bytes[index + 2] == 0xA8 ? "\\u2028" : "\\u2029", at: at), 3)
            case 0xE2:
                room.storeBytes(of: byte, toByteOffset: at, as: UInt8.self)
                return (1, 1)
            default:
                let count = room.store("\\u00", at: at)
                room.storeBytes(of: HexDigits.lowercase(byte >> 4), toByteOffset: at + count, as: UInt8.self)
                room.storeBytes(of: HexDigits.lowercase(byte & 0x0F), toByteOffset: at + count + 1, as: UInt8.self)
                return (count + 2, 1)
            }
        }
    }
}
