/// Escaping for each place a value lands in a page: HTML text, an attribute
/// value, a URL, and JSON inside `<script type="application/ld+json">`.
public enum HTMLText {
    /// Escapes text for an HTML text node.
    public static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// Escapes text for a quoted attribute value (the same set as text).
    public static func escapeAttribute(_ text: String) -> String {
        escape(text)
    }

    /// A URL safe to place in `href`: only http(s), mailto, root-relative and
    /// fragment URLs pass; anything else (`javascript:`) becomes `#`.
    /// Characters outside URLs are percent-encoded.
    public static func safeURL(_ url: String) -> String {
        let lowered = url.lowercased()
        let allowed = lowered.hasPrefix("https://") || lowered.hasPrefix("http://")
            || lowered.hasPrefix("mailto:") || (url.hasPrefix("/") && !url.hasPrefix("//")) || url.hasPrefix("#")
        guard allowed else { return "#" }
        var result = ""
        for byte in url.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                if "-._~:/?#[]@!$&()*+,;=%".utf8.contains(byte) {
                    result.unicodeScalars.append(Unicode.Scalar(byte))
                } else {
                    result += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
                }
            }
        }
        return result
    }

    /// A JSON string literal, safe inside a `<script>` element: `<`, `>`
    /// and `&` are written as `\u003C`, `\u003E`, `\u0026`, so that no
    /// `</script>` or `<!--` can end or change the script.
    public static func jsonString(_ text: String) -> String {
        var result = "\""
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
        return result + "\""
    }

    /// Escapes text for XML (sitemap, feed).
    public static func escapeXML(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default:
                // Characters XML 1.0 forbids are dropped.
                if scalar.value < 0x20 && scalar != "\n" && scalar != "\t" && scalar != "\r" { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
