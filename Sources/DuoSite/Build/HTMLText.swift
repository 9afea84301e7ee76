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
            || hasPrefixIgnoringCase(url, "mailto:") || (url.hasPrefix("/") && !url.hasPrefix("//")) || url.hasPrefix("#")
        guard allowed else { return "#" }
        return percentEncode(url)
    }

    /// `text` with every byte that may not stand in a URL percent-encoded.
    static func percentEncode(_ text: String) -> String {
        replacingBytes(in: text) { byte in
            isURLByte(byte) ? nil : "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
        }
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
        var result = ""
        appendJSONString(text, to: &result)
        return result
    }

    /// Appends ``jsonString(_:)`` of `text` to `result`.
    public static func appendJSONString(_ text: String, to result: inout String) {
        let needsEscaping = text.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var index = 0
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "&"), 0..<0x20:
                    return true
                case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9):
                    return true
                default:
                    index += 1
                }
            }
            return false
        } ?? true
        result += "\""
        guard needsEscaping else {
            result += text
            result += "\""
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "<": result += "\\u003C"
            case ">": result += "\\u003E"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    result += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        result += "\""
    }

    /// Escapes text for XML (sitemap, feed).
    public static func escapeXML(_ text: String) -> String {
        replacingBytes(in: text) { byte in
            switch byte {
            case UInt8(ascii: "&"): return "&amp;"
            case UInt8(ascii: "<"): return "&lt;"
            case UInt8(ascii: ">"): return "&gt;"
            case UInt8(ascii: "\""): return "&quot;"
            case UInt8(ascii: "'"): return "&apos;"
            case 0x09, 0x0A, 0x0D: return nil
            // Characters XML 1.0 forbids are dropped.
            case 0..<0x20: return ""
            default: return nil
            }
        }
    }

    /// `text` with each ASCII byte for which `replacement` gives a string
    /// replaced by it; unchanged runs are copied whole, and text that needs
    /// nothing is returned as it is.
    static func replacingBytes(in text: String, _ replacement: (UInt8) -> String?) -> String {
        let utf8 = text.utf8
        guard let first = utf8.firstIndex(where: { $0 < 0x80 && replacement($0) != nil }) else { return text }
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
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
