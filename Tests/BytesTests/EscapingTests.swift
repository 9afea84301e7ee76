import Bytes
import Testing

/// Every escaper against a reference written the slow, obvious way: every
/// ASCII byte, at every place of a text long enough to hold a sixteen-byte
/// block, an eight-byte word and the last bytes after them.
@Suite("Escapers write exactly what their reference writes")
struct EscapingTests {
    /// Plain text around the byte tested: 24 bytes, so that the byte falls
    /// in a block, in the word after it, or in the last bytes.
    static let plain = "abcdefghijklmnopqrstuvwx"

    /// `plain` with `character` at `offset`.
    static func text(_ character: String, at offset: Int) -> (before: String, after: String) {
        (String(plain.prefix(offset)), String(plain.dropFirst(offset)))
    }

    static func html(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "&"): return "&amp;"
        case UInt8(ascii: "<"): return "&lt;"
        case UInt8(ascii: ">"): return "&gt;"
        case UInt8(ascii: "\""): return "&quot;"
        case UInt8(ascii: "'"): return "&#39;"
        default: return String(UnicodeScalar(byte))
        }
    }

    static func xml(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "&"): return "&amp;"
        case UInt8(ascii: "<"): return "&lt;"
        case UInt8(ascii: ">"): return "&gt;"
        case UInt8(ascii: "\""): return "&quot;"
        case UInt8(ascii: "'"): return "&apos;"
        case 0x09, 0x0A, 0x0D: return String(UnicodeScalar(byte))
        case 0..<0x20: return ""
        default: return String(UnicodeScalar(byte))
        }
    }

    static func json(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "\""): return "\\\""
        case UInt8(ascii: "\\"): return "\\\\"
        case UInt8(ascii: "\n"): return "\\n"
        case UInt8(ascii: "\r"): return "\\r"
        case UInt8(ascii: "\t"): return "\\t"
        case UInt8(ascii: "<"): return "\\u003C"
        case UInt8(ascii: ">"): return "\\u003E"
        case UInt8(ascii: "&"): return "\\u0026"
        case 0..<0x20:
            let hex = Array("0123456789abcdef")
            return "\\u00" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
        default: return String(UnicodeScalar(byte))
        }
    }

    static func url(_ byte: UInt8) -> String {
        let kept = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&()*+,;=%"
        if kept.utf8.contains(byte) { return String(UnicodeScalar(byte)) }
        let hex = Array("0123456789ABCDEF")
        return "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
    }

    @Test func htmlEscapesEveryASCIIByteAtEveryPlace() {
        for byte in UInt8(0)..<0x80 {
            for offset in 0...Self.plain.count {
                let (before, after) = Self.text("", at: offset)
                let input = before + String(UnicodeScalar(byte)) + after
                var buffer = ByteBuffer(capacity: 0)
                buffer.appendEscapingHTML(input)
                #expect(buffer.text == before + Self.html(byte) + after, "\(byte) at \(offset)")
                #expect(Escaped.html(input) == before + Self.html(byte) + after, "\(byte) at \(offset)")
            }
        }
    }

    @Test func xmlEscapesEveryASCIIByteAtEveryPlace() {
        for byte in UInt8(0)..<0x80 {
            for offset in 0...Self.plain.count {
                let (before, after) = Self.text("", at: offset)
                #expect(Escaped.xml(before + String(UnicodeScalar(byte)) + after) == before + Self.xml(byte) + after, "\(byte) at \(offset)")
            }
        }
    }

    @Test func jsonEscapesEveryASCIIByteAtEveryPlace() {
        for byte in UInt8(0)..<0x80 {
            for offset in 0...Self.plain.count {
                let (before, after) = Self.text("", at: offset)
                let expected = "\"" + before + Self.json(byte) + after + "\""
                #expect(Escaped.jsonString(before + String(UnicodeScalar(byte)) + after) == expected, "\(byte) at \(offset)")
            }
        }
    }

    @Test func urlsPercentEncodeEveryASCIIByteAtEveryPlace() {
        for byte in UInt8(0)..<0x80 {
            for offset in 0...Self.plain.count {
                let (before, after) = Self.text("", at: offset)
                #expect(Escaped.percentEncoded(before + String(UnicodeScalar(byte)) + after) == before + Self.url(byte) + after, "\(byte) at \(offset)")
            }
        }
    }

    /// Several bytes to escape side by side, and text beyond ASCII, which
    /// every escaper keeps (bar U+2028 and U+2029 in JSON).
    @Test(arguments: [
        ("", "", "", "\"\""),
        ("<<>>", "&lt;&lt;&gt;&gt;", "&lt;&lt;&gt;&gt;", "\"\\u003C\\u003C\\u003E\\u003E\""),
        ("Tom & Jerry's \"show\"", "Tom &amp; Jerry&#39;s &quot;show&quot;", "Tom &amp; Jerry&apos;s &quot;show&quot;", "\"Tom \\u0026 Jerry's \\\"show\\\"\""),
        ("Café — “ok” · § 👍", "Café — “ok” · § 👍", "Café — “ok” · § 👍", "\"Café — “ok” · § 👍\""),
        ("a\u{2028}b\u{2029}c\u{2027}\u{202A}", "a\u{2028}b\u{2029}c\u{2027}\u{202A}", "a\u{2028}b\u{2029}c\u{2027}\u{202A}", "\"a\\u2028b\\u2029c\u{2027}\u{202A}\""),
        ("</script><!-- x", "&lt;/script&gt;&lt;!-- x", "&lt;/script&gt;&lt;!-- x", "\"\\u003C/script\\u003E\\u003C!-- x\""),
        ("\u{01}\u{1F}\t", "\u{01}\u{1F}\t", "\t", "\"\\u0001\\u001f\\t\""),
    ])
    func textsEscapeAsTheirPlacesWant(input: String, html: String, xml: String, json: String) {
        #expect(Escaped.html(input) == html)
        #expect(Escaped.xml(input) == xml)
        #expect(Escaped.jsonString(input) == json)
    }

    /// U+2028 and U+2029 anywhere in a long text, and the byte that starts
    /// them (0xE2) in other characters left alone.
    @Test(arguments: [("\u{2028}", "\\u2028"), ("\u{2029}", "\\u2029"), ("’", "’"), ("€", "€"), ("\u{2027}", "\u{2027}")])
    func lineSeparatorsAreFoundAnywhere(character: String, escaped: String) {
        for offset in 0...Self.plain.count {
            let (before, after) = Self.text("", at: offset)
            #expect(Escaped.jsonString(before + character + after) == "\"" + before + escaped + after + "\"", "at \(offset)")
        }
    }

    /// A JSON text cut short after 0xE2 0x80 keeps its bytes.
    @Test func aSeparatorCutShortIsKept() {
        var buffer = ByteBuffer()
        buffer.appendJSONContent("ab\u{2028}")
        #expect(buffer.text == "ab\\u2028")
    }

    @Test(arguments: [
        ("https://example.org/a b", "https://example.org/a%20b"),
        ("HTTPS://example.org/", "HTTPS://example.org/"),
        ("Http://e.org", "Http://e.org"),
        ("MailTo:someone@example.org", "MailTo:someone@example.org"),
        ("javascript:alert(1)", "#"),
        ("JavaScript:alert(1)", "#"),
        ("//evil.example", "#"),
        ("/", "/"),
        ("#", "#"),
        ("", "#"),
        ("ftp://example.org", "#"),
        ("https:/", "#"),
        ("/patterns/x/#rule-1", "/patterns/x/#rule-1"),
        ("#rule 1", "#rule%201"),
        ("https://e.org/\"><x", "https://e.org/%22%3E%3Cx"),
        ("https://e.org/a\u{01}b\tc\\d{e}", "https://e.org/a%01b%09c%5Cd%7Be%7D"),
        ("https://e.org/café", "https://e.org/café"),
    ])
    func onlySafeURLsPass(input: String, expected: String) {
        #expect(Escaped.safeURL(input) == expected)
    }

    /// A long text escaped into a buffer too small for it: the buffer grows
    /// as entities need room.
    @Test func escapingGrowsTheBuffer() {
        let text = String(repeating: "<&>\"' plain text between them ", count: 200)
        var buffer = ByteBuffer(capacity: 1)
        buffer.appendEscapingHTML(text)
        var expected = ""
        for byte in text.utf8 { expected += Self.html(byte) }
        #expect(buffer.text == expected)
        #expect(Escaped.html(text) == expected)
    }

    /// Texts of every length up to two blocks, a byte to escape at every
    /// place of each: short texts are read as one or two words, longer
    /// ones a block at a time, their last bytes as the last word or block.
    @Test func everyLengthAndPlace() {
        let letters = Array("abcdefghijklmnopqrstuvwxyzABCDEFGHIJ")
        for length in 0...34 {
            let plain = String(letters.prefix(length))
            #expect(Escaped.html(plain) == plain)
            #expect(Escaped.jsonString(plain) == "\"" + plain + "\"")
            for offset in 0..<max(length, 1) where length > 0 {
                for special in ["<", "&", "'", "\u{1}", "\u{2028}"] {
                    var characters = letters.prefix(length).map(String.init)
                    characters[offset] = special
                    let text = characters.joined()
                    var html = "", xml = "", json = ""
                    for scalar in text.unicodeScalars {
                        let byte = scalar.value < 0x80 ? UInt8(scalar.value) : nil
                        html += byte.map(Self.html) ?? String(scalar)
                        xml += byte.map(Self.xml) ?? String(scalar)
                        json += byte.map(Self.json) ?? (scalar == "\u{2028}" ? "\\u2028" : String(scalar))
                    }
                    #expect(Escaped.html(text) == html, "\(length) \(offset) \(special)")
                    #expect(Escaped.xml(text) == xml, "\(length) \(offset) \(special)")
                    #expect(Escaped.jsonString(text) == "\"" + json + "\"", "\(length) \(offset) \(special)")
                }
            }
        }
    }

    /// Bytes appended as they are, whatever their length: short runs go
    /// in word moves, long ones in one copy.
    @Test func runsOfEveryLengthAreAppended() {
        let source = Array((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })
        var buffer = ByteBuffer(capacity: 1)
        var expected: [UInt8] = []
        for length in 0...70 {
            buffer.append(source.span.extracting(length..<(2 * length)))
            expected += source[length..<(2 * length)]
        }
        #expect(buffer.bytes == expected)
    }
}
