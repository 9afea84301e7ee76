/// The text a render writes, owned by that one render: UTF-8 bytes.
///
/// Rendering appends thousands of small pieces per page. Appending them to a
/// `String` one by one costs hundreds of instructions each (uniqueness and
/// capacity checks, count and flag updates), and making a `String` from bytes
/// validates them. Every piece appended is valid UTF-8 (literal text cut at
/// line ends, whole values, ASCII escapes), so the pieces are copied into a
/// byte buffer whose bytes are the page, exactly, and can be written to a
/// file as they are.
struct Output: ~Copyable {
    /// The bytes written so far.
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        self.base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    /// Makes room for `extra` more bytes in the buffer.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if capacity - count < extra { grow(extra) }
    }

    @inline(never)
    private mutating func grow(_ extra: Int) {
        let newCapacity = max(capacity * 2, count + extra)
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    // MARK: Bytes

    /// Appends valid UTF-8 bytes.
    @inline(__always)
    mutating func appendBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        let length = bytes.count
        guard length > 0, let source = bytes.baseAddress else { return }
        reserve(length)
        Output.copy(source, to: base + count, length)
        count += length
    }

    /// Copies `length` bytes, without a call to `memcpy` for short pieces (most of them).
    @inline(__always)
    private static func copy(_ source: UnsafePointer<UInt8>, to target: UnsafeMutablePointer<UInt8>, _ length: Int) {
        if length > 16 {
            target.update(from: source, count: length)
        } else if length >= 8 {
            // Two eight-byte moves that overlap when the length is under 16.
            let head = UnsafeRawPointer(source).loadUnaligned(as: UInt64.self)
            let tail = UnsafeRawPointer(source + length - 8).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(target).storeBytes(of: head, as: UInt64.self)
            UnsafeMutableRawPointer(target + length - 8).storeBytes(of: tail, as: UInt64.self)
        } else {
            for offset in 0..<length { target[offset] = source[offset] }
        }
    }

    /// Appends an ASCII byte.
    @inline(__always)
    mutating func appendASCII(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    /// Appends an integer in decimal.
    mutating func append(_ value: Int) {
        reserve(20)
        var magnitude = value.magnitude
        if value < 0 {
            base[count] = UInt8(ascii: "-")
            count += 1
        }
        var digits = 1
        var rest = magnitude / 10
        while rest > 0 {
            digits += 1
            rest /= 10
        }
        var index = count + digits
        count = index
        repeat {
            index -= 1
            base[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: magnitude % 10)
            magnitude /= 10
        } while magnitude > 0
    }

    // MARK: Any text

    /// Appends valid UTF-8 bytes (a line of literal text).
    mutating func append(validUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        appendBytes(bytes)
    }

    /// Appends a string.
    @inline(__always)
    mutating func append(_ string: String) {
        withUTF8(of: string) { appendBytes($0) }
    }

    // MARK: Escaping

    /// Appends `string` with `&`, `<`, `>`, `"` and `'` escaped for HTML.
    mutating func appendEscaped(_ string: String) {
        withUTF8(of: string) { appendEscaped($0) }
    }

    /// `0x0101…01` times a byte, to find it eight bytes at a time.
    private static let ampersands: UInt64 = 0x2626_2626_2626_2626
    private static let greaterThans: UInt64 = 0x3E3E_3E3E_3E3E_3E3E
    private static let apostrophes: UInt64 = 0x2727_2727_2727_2727
    /// Bit 2 of every byte: with it set, `"` (0x22) reads as `&` (0x26),
    /// and no other byte does; so one test finds both.
    private static let bit2: UInt64 = 0x0404_0404_0404_0404
    /// Bit 1 of every byte: with it set, `<` (0x3C) reads as `>` (0x3E),
    /// and no other byte does.
    private static let bit1: UInt64 = 0x0202_0202_0202_0202

    /// Whether some byte of `word` may be one to escape (never `false` when one is).
    @inline(__always)
    private static func mayNeedEscaping(_ word: UInt64) -> Bool {
        @inline(__always) func hasZeroByte(_ value: UInt64) -> UInt64 {
            (value &- 0x0101_0101_0101_0101) & ~value & 0x8080_8080_8080_8080
        }
        return (hasZeroByte((word | bit2) ^ ampersands) | hasZeroByte((word | bit1) ^ greaterThans)
            | hasZeroByte(word ^ apostrophes)) != 0
    }

    /// The bytes that escaping replaces: bit `b` is set for byte `b` (all are below 64).
    private static let escapedBytes: UInt64 =
        1 << UInt64(UInt8(ascii: "&")) | 1 << UInt64(UInt8(ascii: "<")) | 1 << UInt64(UInt8(ascii: ">"))
        | 1 << UInt64(UInt8(ascii: "\"")) | 1 << UInt64(UInt8(ascii: "'"))

    /// The bytes of `block` that escaping replaces, as a mask: each of the
    /// two words has `0xFF` in the byte of each such byte of its half.
    /// (`"` and `&` differ only in bit 2, `<` and `>` only in bit 1.)
    @inline(__always)
    private static func escapable(_ block: SIMD16<UInt8>) -> SIMD2<UInt64> {
        let quoteOrAmpersand = (block | SIMD16<UInt8>(repeating: 0x04)) .== SIMD16<UInt8>(repeating: UInt8(ascii: "&"))
        let angleBracket = (block | SIMD16<UInt8>(repeating: 0x02)) .== SIMD16<UInt8>(repeating: UInt8(ascii: ">"))
        let apostrophe = block .== SIMD16<UInt8>(repeating: UInt8(ascii: "'"))
        return unsafeBitCast(quoteOrAmpersand .| angleBracket .| apostrophe, to: SIMD2<UInt64>.self)
    }

    /// Appends `bytes` escaped.
    mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        let end = bytes.count
        // Unchanged bytes always fit; an entity makes more room for itself.
        reserve(end)
        var index = 0
        // Sixteen bytes at a time: the block is copied whole (there is room
        // for the bytes still to come) and kept up to its first byte to escape.
        while end - index >= 16 {
            let block = UnsafeRawPointer(source + index).loadUnaligned(as: SIMD16<UInt8>.self)
            UnsafeMutableRawPointer(base + count).storeBytes(of: block, as: SIMD16<UInt8>.self)
            let found = Output.escapable(block)
            let kept: Int
            if found[0] != 0 {
                kept = found[0].trailingZeroBitCount >> 3
            } else if found[1] != 0 {
                kept = 8 + found[1].trailingZeroBitCount >> 3
            } else {
                count += 16
                index += 16
                continue
            }
            count += kept
            index += kept
            appendEntity(source[index], remaining: end - index - 1)
            index += 1
        }
        while index < end {
            if end - index >= 8 {
                let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
                if !Output.mayNeedEscaping(word) {
                    UnsafeMutableRawPointer(base + count).storeBytes(of: word, as: UInt64.self)
                    count += 8
                    index += 8
                    continue
                }
            }
            let stop = min(index + 8, end)
            while index < stop {
                let byte = source[index]
                if byte < 64, Output.escapedBytes & (1 << UInt64(byte)) != 0 {
                    appendEntity(byte, remaining: end - index - 1)
                } else {
                    base[count] = byte
                    count += 1
                }
                index += 1
            }
        }
    }

    /// Appends the entity for `byte`, keeping room for the `remaining` bytes to escape.
    private mutating func appendEntity(_ byte: UInt8, remaining: Int) {
        reserve(6 + remaining)
        let entity: StaticString
        switch byte {
        case UInt8(ascii: "&"): entity = "&amp;"
        case UInt8(ascii: "<"): entity = "&lt;"
        case UInt8(ascii: ">"): entity = "&gt;"
        case UInt8(ascii: "\""): entity = "&quot;"
        default: entity = "&#39;"
        }
        (base + count).update(from: entity.utf8Start, count: entity.utf8CodeUnitCount)
        count += entity.utf8CodeUnitCount
    }

    // MARK: Result

    /// The bytes written.
    consuming func makeBytes() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }

    /// Calls `body` with the bytes written, where they are.
    consuming func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: base, count: count))
    }

    /// The text written, as a string.
    consuming func makeString() -> String {
        String(decoding: UnsafeBufferPointer(start: base, count: count), as: UTF8.self)
    }
}

/// Calls `body` with the UTF-8 bytes of `string`, without copying a native string.
@inline(__always)
func withUTF8<R>(of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
    if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
    var copy = string
    return copy.withUTF8(body)
}
