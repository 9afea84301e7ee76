/// Turns titles and headings into anchors and ids: lowercase letters and
/// digits joined by `-` ("Why do buttons stay?" → `why-do-buttons-stay`).
public enum Slug {
    /// The slug of `text`, or nil when it has no letter or digit.
    public static func make(_ text: String) -> String? {
        ByteScan.withUTF8(of: text) { utf8 -> String? in
            // A dash stands for at least one byte left out, and no letter's
            // lower case takes more than three bytes for its capital's two
            // (İ, Ⱥ): a slug is at most twice as long as its text. Three
            // times is room to spare.
            let capacity = 3 * utf8.count + 8
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: capacity) { slug -> String? in
                var count = 0
                @inline(__always) func append(_ byte: UInt8) {
                    precondition(count < capacity, "a slug outgrew its room")
                    slug[count] = byte
                    count += 1
                }
                var pendingDash = false
                var index = 0
                while index < utf8.count {
                    let byte = utf8[index]
                    // ASCII, most of any title, byte by byte.
                    if byte < 0x80 {
                        index += 1
                        // A letter with bit 5 set is its lower case; a digit has it already.
                        let lower = byte | 0x20
                        guard lower &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 else {
                            if byte != UInt8(ascii: "'") { pendingDash = true }
                            continue
                        }
                        if pendingDash, count > 0 { append(UInt8(ascii: "-")) }
                        pendingDash = false
                        append(lower)
                        continue
                    }
                    // Any other character: its scalar decides.
                    let (scalar, length) = Unicode.Scalar.decode(utf8, at: index)
                    index += length
                    if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                        if pendingDash, count > 0 { append(UInt8(ascii: "-")) }
                        pendingDash = false
                        for lower in String(scalar).lowercased().utf8 { append(lower) }
                    } else if scalar != "’" {
                        pendingDash = true
                    }
                }
                return count == 0 ? nil : String(decoding: UnsafeBufferPointer(rebasing: slug[..<count]), as: UTF8.self)
            }
        }
    }
}
