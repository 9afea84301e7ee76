/// Whether bytes are valid UTF-8, as the Unicode standard defines it (no
/// overlong forms, no surrogates, nothing past U+10FFFF), checked eight
/// ASCII bytes a step.
///
/// Every page is checked once as it is read. The standard library's check
/// (behind `String(validating:)`) goes byte by byte once it meets the first
/// non-ASCII character, and a page's `·` or `’` comes in its first lines;
/// this one skips each run of plain text a word at a time.
enum UTF8Validation {
    /// The offset of the first byte of the first sequence that is not
    /// valid UTF-8 (a stray byte, a sequence cut short, an overlong form, a
    /// surrogate), or nil when all of `bytes` is valid.
    static func firstInvalidOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var offset = 0
        while offset < count {
            while offset + 8 <= count, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                offset += 8
            }
            guard offset < count else { break }
            let lead = base[offset]
            if lead < 0x80 {
                offset += 1
                continue
            }
            // The lead byte says how long the sequence is and bounds its
            // second byte (Table 3-7 of the Unicode standard).
            let length: Int
            var lowest: UInt8 = 0x80, highest: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: length = 3; lowest = 0xA0
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: length = 3; highest = 0x9F
            case 0xF0: length = 4; lowest = 0x90
            case 0xF1...0xF3: length = 4
            case 0xF4: length = 4; highest = 0x8F
            default: return offset
            }
            guard count - offset >= length else { return offset }
            let second = base[offset + 1]
            guard second >= lowest, second <= highest else { return offset }
            var next = 2
            while next < length {
                guard base[offset + next] & 0xC0 == 0x80 else { return offset }
                next += 1
            }
            offset += length
        }
        return nil
    }

    /// Whether all of `bytes` is valid UTF-8.
    static func isValid(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { firstInvalidOffset(in: $0) == nil }
    }
}
