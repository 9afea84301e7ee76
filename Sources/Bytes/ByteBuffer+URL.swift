extension ByteBuffer {
    /// Appends `text` with every ASCII byte that may not stand in a URL
    /// as it is percent-encoded (`%20`, two upper-case hex digits); other
    /// bytes (UTF-8 beyond ASCII, which an attribute's escaping carries)
    /// are kept.
    public mutating func appendPercentEncoded(_ text: String) {
        let bytes = text.utf8.span
        var runStart = 0
        for index in bytes.indices {
            let byte = bytes[index]
            guard !URLBytes.isAllowed(byte) else { continue }
            append(bytes.extracting(runStart..<index))
            append(byte: UInt8(ascii: "%"))
            append(byte: HexDigits.uppercase(byte >> 4))
            append(byte: HexDigits.uppercase(byte & 0x0F))
            runStart = index + 1
        }
        append(bytes.extracting(runStart...))
    }
}

/// Which bytes may stand in a URL as they are.
enum URLBytes {
    /// Whether `byte` may stand in a URL as it is: an unreserved or a
    /// reserved character, `%`, or a byte of a character beyond ASCII.
    static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x80...: return true
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
}
