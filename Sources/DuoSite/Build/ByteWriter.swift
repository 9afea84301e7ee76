/// Text written as UTF-8 bytes, each value escaped for where it lands.
///
/// The site-wide files and the JSON-LD are long runs of small pieces; a byte
/// array takes them without the checks `String` makes on every append, and
/// its bytes go to a file as they are.
struct ByteWriter {
    /// The bytes written, then zeros: room for more, up to the array's count.
    /// Appending copies into that room, with none of the checks and the
    /// element-by-element copy of `Array.append(contentsOf:)`, which cost a
    /// hundred instructions a piece (a page's JSON-LD is two hundred pieces).
    private var storage: [UInt8]
    /// How many bytes are written.
    private(set) var count = 0

    init(capacity: Int) {
        storage = .filled(with: 0, count: max(capacity, 16))
    }

    /// The bytes written (a copy).
    var bytes: [UInt8] { Array(storage[..<count]) }

    /// The bytes written, the writer given up (no copy).
    consuming func finish() -> [UInt8] {
        storage.removeSubrange(count...)
        return storage
    }

    /// Calls `body` with the bytes written, where they are.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try storage.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[..<count])) }
    }

    /// The bytes as text.
    var text: String { withBytes { String(decoding: $0, as: UTF8.self) } }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if storage.count - count < extra { grow(extra) }
    }

    @inline(never)
    private mutating func grow(_ extra: Int) {
        storage.append(contentsOf: repeatElement(0, count: max(storage.count, extra)))
    }

    /// Appends text as it is (markup, punctuation, text already escaped).
    mutating func append(_ text: String) {
        ByteScan.withUTF8(of: text) { append(utf8: $0) }
    }

    /// Appends markup known when duosite was built (`", "`, `"{"`), as it is.
    mutating func append(markup: StaticString) {
        append(utf8: UnsafeBufferPointer(start: markup.utf8Start, count: markup.utf8CodeUnitCount))
    }

    /// Appends bytes of valid UTF-8 text as they are.
    @inline(__always)
    mutating func append(utf8 piece: UnsafeBufferPointer<UInt8>) {
        let length = piece.count
        guard length > 0, let source = piece.baseAddress else { return }
        reserve(length)
        let start = count
        storage.withUnsafeMutableBufferPointer { ($0.baseAddress! + start).update(from: source, count: length) }
        count += length
    }

    /// Appends one byte (ASCII, or part of text already valid UTF-8).
    @inline(__always)
    mutating func append(byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    /// Appends an integer in decimal.
    mutating func append(_ number: Int) {
        if number < 0 { append(byte: UInt8(ascii: "-")) }
        append(unsigned: UInt64(number.magnitude))
    }

    /// Appends an unsigned integer in decimal, at least `width` digits
    /// (zeros first), made from the right where they go (cache records
    /// hold a million numbers on a large site).
    mutating func append(unsigned number: UInt64, width: Int = 1) {
        let digits = max(DecimalDigits.count(of: number), min(width, 20))
        reserve(digits)
        let start = count
        storage.withUnsafeMutableBufferPointer { DecimalDigits.write(number, width: digits, into: $0, at: start) }
        count += digits
    }

    /// Appends a number in lowercase hexadecimal, without leading zeros
    /// (the build cache's hashes and times: no division, a digit a shift),
    /// made from the right where they go.
    mutating func append(hex number: UInt64) {
        let digits = max(1, (64 - number.leadingZeroBitCount + 3) / 4)
        reserve(16)
        // All sixteen digits at once, each nibble spread to a byte of its
        // own and made a digit or a letter by arithmetic on the eight
        // bytes together; then the last `digits` of them kept.
        @inline(__always) func spread(_ half: UInt32) -> UInt64 {
            var x = UInt64(half)
            x = (x | x << 16) & 0x0000_FFFF_0000_FFFF
            x = (x | x << 8) & 0x00FF_00FF_00FF_00FF
            x = (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F
            // `a`–`f` are 0x27 past where `0` + 10 would put them.
            let letters = ((x &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
            // Most significant digit first in memory.
            return (x &+ 0x3030_3030_3030_3030 &+ letters &* 0x27).byteSwapped
        }
        let high = spread(UInt32(truncatingIfNeeded: number >> 32)), low = spread(UInt32(truncatingIfNeeded: number))
        let start = count
        storage.withUnsafeMutableBytes { buffer in
            withUnsafeBytes(of: (high, low)) { all in
                buffer.baseAddress!.advanced(by: start).copyMemory(from: all.baseAddress!.advanced(by: 16 - digits), byteCount: digits)
            }
        }
        count += digits
    }

    /// Appends a date as `2026-10-08`.
    mutating func append(_ day: Day) {
        appendDigits(day.year, 4)
        append(byte: UInt8(ascii: "-"))
        appendDigits(day.month, 2)
        append(byte: UInt8(ascii: "-"))
        appendDigits(day.day, 2)
    }

    private mutating func appendDigits(_ value: Int, _ width: Int) {
        if value < 0 { append(byte: UInt8(ascii: "-")) }
        append(unsigned: UInt64(value.magnitude), width: width)
    }

    /// Appends text escaped for XML: `&`, `<`, `>`, `"` and `'` as entities,
    /// and the control characters XML 1.0 forbids dropped.
    mutating func appendXML(_ text: String) {
        ByteScan.withUTF8(of: text) { utf8 in
            var runStart = 0
            for index in utf8.indices {
                let byte = utf8[index]
                guard byte < 0x3F else { continue }
                let entity: StaticString
                switch byte {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&apos;"
                case 0x09, 0x0A, 0x0D: continue
                case 0..<0x20: entity = ""
                default: continue
                }
                append(utf8: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                append(utf8: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
                runStart = index + 1
            }
            append(utf8: UnsafeBufferPointer(rebasing: utf8[runStart...]))
        }
    }

    /// Appends the address of the page `slug` on the site at `base`, for
    /// XML: `base` as it is (escaped for XML already, once for every page),
    /// then `/patterns/<slug>/`, the bytes of `appendXML(base + page.path)`
    /// without making that string for each page.
    mutating func appendXMLPageAddress(base: [UInt8], slug: String) {
        base.withUnsafeBufferPointer { append(utf8: $0) }
        append(markup: "/patterns/")
        appendXML(slug)
        append(byte: UInt8(ascii: "/"))
    }

    /// Appends the address of the page `slug` as a JSON string: `base` as it
    /// is (escaped for JSON already, without quotes; empty for a
    /// root-relative path), then `/patterns/<slug>/`, the bytes of
    /// `appendJSON(base + page.path)`.
    mutating func appendJSONPageAddress(base: [UInt8], slug: String) {
        append(byte: UInt8(ascii: "\""))
        base.withUnsafeBufferPointer { append(utf8: $0) }
        append(markup: "/patterns/")
        HTMLText.appendJSONContent(slug, to: &self)
        append(markup: "/\"")
    }

    /// Appends a JSON string literal, safe inside a `<script>` element
    /// (see `HTMLText.jsonString`).
    mutating func appendJSON(_ text: String) {
        HTMLText.appendJSONString(text, to: &self)
    }
}
