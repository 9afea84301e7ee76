/// Escaping for each place a value lands in a page: HTML text, an attribute
/// value, a URL, and JSON inside `<script type="application/ld+json">`.
///
/// Each works on UTF-8 bytes and returns the text untouched when nothing in
/// it needs escaping, which is most text: these run tens of times per page.
public enum HTMLText {
    /// Escapes text for an HTML text node.
    public static func escape(_ text: String) -> String {
        replacingBytes(in: text) { byte in
            switch byte {
            case UInt8(ascii: "&"): return "&amp;"
            case UInt8(ascii: "<"): return "&lt;"
            case UInt8(ascii: ">"): return "&gt;"
            case UInt8(ascii: "\""): return "&quot;"
            case UInt8(ascii: "'"): return "&#39;"
            default: return nil
            }
        }
    }

    /// Escapes text for a quoted attribute value (the same set as text).
    public static func escapeAttribute(_ text: String) -> String {
        escape(text)
    }

    /// A URL safe to place in `href`: only http(s), mailto, root-relative and
    /// fragment URLs pass; anything else (`javascript:`) becomes `#`.
    /// Characters outside URLs are percent-encoded.
    public static func safeURL(_ url: String) -> String {
        let allowed = hasPrefixIgnoringCase(url, "https://") || hasPrefixIgnoringCase(url, "http://")
            || hasPrefixIgnoringCase(url, "mailto:") || (url.hasBytePrefix("/") && !url.hasBytePrefix("//")) || url.hasBytePrefix("#")
        guard allowed else { return "#" }
        return percentEncode(url)
    }

    /// `text` with every byte that may not stand in a URL percent-encoded.
    static func percentEncode(_ text: String) -> String {
        ByteScan.withUTF8(of: text) { utf8 -> String? in
            // Most URLs have nothing to encode.
            guard let first = utf8.firstIndex(where: { $0 < 0x80 && !isURLByte($0) }) else { return nil }
            let digits: StaticString = "0123456789ABCDEF"
            var bytes: [UInt8] = []
            bytes.reserveCapacity(utf8.count + 32)
            bytes.append(contentsOf: utf8[..<first])
            for byte in utf8[first...] {
                if byte < 0x80, !isURLByte(byte) {
                    bytes.append(UInt8(ascii: "%"))
                    bytes.append(digits.utf8Start[Int(byte >> 4)])
                    bytes.append(digits.utf8Start[Int(byte & 0x0F)])
                } else {
                    bytes.append(byte)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        } ?? text
    }

    /// Whether a byte may stand in a URL as it is.
    private static func isURLByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: ":"), UInt8(ascii: "/"),
             UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "@"), UInt8(ascii: "!"),
             UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
             UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "%"):
            return true
        default:
            return false
        }
    }

    private static func hasPrefixIgnoringCase(_ text: String, _ prefix: String) -> Bool {
        var iterator = text.utf8.makeIterator()
        for expected in prefix.utf8 {
            guard let byte = iterator.next() else { return false }
            let lower = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 0x20 : byte
            if lower != expected { return false }
        }
        return true
    }

    /// A JSON string literal, safe inside a `<script>` element: `<`, `>`
    /// and `&` are written as `\u003C`, `\u003E`, `\u0026`, so that no
    /// `</script>` or `<!--` can end or change the script.
    public static func jsonString(_ text: String) -> String {
        var writer = ByteWriter(capacity: text.utf8.count + 2)
        appendJSONString(text, to: &writer)
        return writer.text
    }

    /// Appends the UTF-8 bytes of ``jsonString(_:)`` of `text` to `bytes`.
    static func appendJSONString(_ text: String, to bytes: inout ByteWriter) {
        bytes.append(byte: UInt8(ascii: "\""))
        appendJSONContent(text, to: &bytes)
        bytes.append(byte: UInt8(ascii: "\""))
    }

    /// Appends `text` escaped as ``appendJSONString(_:to:)`` escapes it,
    /// without the quotes: a string's pieces escaped one after another give
    /// the bytes of the whole string escaped (no escape spans two characters).
    static func appendJSONContent(_ text: String, to bytes: inout ByteWriter) {
        ByteScan.withUTF8(of: text) { utf8 in
            var runStart = 0
            var index = 0
            while index < utf8.count {
                index = ByteScan.skipUnmarked(utf8, from: index, jsonMarks)
                index = ByteScan.skipPlain(utf8, from: index, while: isPlainJSON)
                guard index < utf8.count else { break }
                let byte = utf8[index]
                let escape: StaticString?
                var length = 1
                switch byte {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case UInt8(ascii: "\n"): escape = "\\n"
                case UInt8(ascii: "\r"): escape = "\\r"
                case UInt8(ascii: "\t"): escape = "\\t"
                case UInt8(ascii: "<"): escape = "\\u003C"
                case UInt8(ascii: ">"): escape = "\\u003E"
                case UInt8(ascii: "&"): escape = "\\u0026"
                case 0..<0x20: escape = nil
                case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    escape = utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    length = 3
                default:
                    index += 1
                    continue
                }
                bytes.append(utf8: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                if let escape {
                    bytes.append(markup: escape)
                } else {
                    let hex: StaticString = "0123456789abcdef"
                    bytes.append(markup: "\\u00")
                    bytes.append(byte: hex.utf8Start[Int(byte >> 4)])
                    bytes.append(byte: hex.utf8Start[Int(byte & 0xF)])
                }
                index += length
                runStart = index
            }
            bytes.append(utf8: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
    }

    /// The bytes of `block` a JSON string in a script escapes (`"`, `\`,
    /// `<`, `>`, `&`, a control character) or that may start U+2028 or
    /// U+2029. (`"` and `&` differ only in bit 2, `<` and `>` only in bit 1.)
    @inline(__always)
    private static func jsonMarks(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        let quoteOrAmpersand = (block | SIMD16<UInt8>(repeating: 0x04)) .== SIMD16<UInt8>(repeating: UInt8(ascii: "&"))
        let angleBracket = (block | SIMD16<UInt8>(repeating: 0x02)) .== SIMD16<UInt8>(repeating: UInt8(ascii: ">"))
        let backslash = block .== SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        let separatorStart = block .== SIMD16<UInt8>(repeating: 0xE2)
        let control = (block & SIMD16<UInt8>(repeating: 0xE0)) .== SIMD16<UInt8>(repeating: 0)
        return quoteOrAmpersand .| angleBracket .| backslash .| separatorStart .| control
    }

    /// Whether no byte of `word` is one a JSON string in a script escapes
    /// (`"`, `\`, `<`, `>`, `&`, a control character) or may start U+2028 or U+2029.
    @inline(__always)
    private static func isPlainJSON(_ word: UInt64) -> Bool {
        (ByteScan.has(word, UInt8(ascii: "\"")) | ByteScan.has(word, UInt8(ascii: "\\")) | ByteScan.has(word, UInt8(ascii: "<"))
            | ByteScan.has(word, UInt8(ascii: ">")) | ByteScan.has(word, UInt8(ascii: "&")) | ByteScan.has(word, 0xE2)
            | ByteScan.hasBelow(word, 0x20)) == 0
    }

    /// `text` with each ASCII byte for which `replacement` gives a string
    /// replaced by it; unchanged runs are copied whole, and text that needs
    /// nothing is returned as it is.
    static func replacingBytes(in text: String, _ replacement: (UInt8) -> String?) -> String {
        ByteScan.withUTF8(of: text) { utf8 -> String? in
            guard let first = utf8.firstIndex(where: { $0 < 0x80 && replacement($0) != nil }) else { return nil }
            var bytes: [UInt8] = []
            bytes.reserveCapacity(utf8.count + 32)
            bytes.append(contentsOf: utf8[..<first])
            for byte in utf8[first...] {
                if byte < 0x80, let replaced = replacement(byte) {
                    bytes.append(contentsOf: replaced.utf8)
                } else {
                    bytes.append(byte)
                }
            }
            return String(decoding: bytes, as: UTF8.self)
        } ?? text
    }
}
