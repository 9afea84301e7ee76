/// Text escaped for where it lands, as a string: the escapers of
/// ``ByteBuffer`` for a value used once. Text that needs nothing (most
/// text) is returned as it is, with no copy.
public enum Escaped {
    /// `text` escaped for HTML text or a quoted attribute value (see
    /// ``ByteBuffer/appendEscapingHTML(_:)-(String)``).
    public static func html(_ text: String) -> String {
        let bytes = text.utf8.span
        let first = RawSpan(_elements: bytes).firstOffset(from: 0, of: HTMLSpecial.self)
        guard first < bytes.count else { return text }
        var escaped = ByteBuffer(capacity: bytes.count + 32)
        escaped.append(bytes.extracting(..<first))
        escaped.appendEscapingHTML(bytes.extracting(first...))
        return escaped.text
    }

    /// `text` as a JSON string literal, in quotes, safe inside a `<script>`
    /// element (see ``ByteBuffer/appendJSONContent(_:)``).
    public static func jsonString(_ text: String) -> String {
        var json = ByteBuffer(capacity: text.utf8.count + 8)
        json.appendJSONString(text)
        return json.text
    }

    /// `text` escaped for XML (see ``ByteBuffer/appendEscapingXML(_:)``).
    public static func xml(_ text: String) -> String {
        var xml = ByteBuffer(capacity: text.utf8.count + 16)
        xml.appendEscapingXML(text)
        return xml.text
    }

    /// `text` with every ASCII byte that may not stand in a URL
    /// percent-encoded (see ``ByteBuffer/appendPercentEncoded(_:)``).
    public static func percentEncoded(_ text: String) -> String {
        let bytes = text.utf8.span
        var first = 0
        while first < bytes.count, URLBytes.isAllowed(bytes[first]) { first += 1 }
        guard first < bytes.count else { return text }
        var encoded = ByteBuffer(capacity: bytes.count + 32)
        encoded.appendPercentEncoded(text)
        return encoded.text
    }

    /// A URL safe to place in `href`: only `http:`, `https:`, `mailto:`,
    /// root-relative (`/x`, not `//x`) and fragment (`#x`) URLs pass, with
    /// every byte that may not stand in a URL percent-encoded; anything
    /// else (`javascript:`, `//evil.example`) becomes `#`.
    public static func safeURL(_ url: String) -> String {
        let bytes = url.utf8.span
        let allowed = startsIgnoringCase(bytes, with: "https://") || startsIgnoringCase(bytes, with: "http://")
            || startsIgnoringCase(bytes, with: "mailto:")
            || (bytes.count >= 1 && bytes[0] == UInt8(ascii: "/") && !(bytes.count >= 2 && bytes[1] == UInt8(ascii: "/")))
            || (bytes.count >= 1 && bytes[0] == UInt8(ascii: "#"))
        guard allowed else { return "#" }
        return percentEncoded(url)
    }

    /// Whether `bytes` start with `prefix` (in lower case), ASCII letters
    /// compared in either case.
    private static func startsIgnoringCase(_ bytes: Span<UInt8>, with prefix: String) -> Bool {
        let expected = prefix.utf8.span
        guard bytes.count >= expected.count else { return false }
        for index in expected.indices {
            let byte = bytes[index]
            let lower = byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
            if lower != expected[index] { return false }
        }
        return true
    }
}
