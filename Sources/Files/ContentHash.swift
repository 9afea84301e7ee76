/// A fast 64-bit hash of bytes, for the build cache: whether a page file's
/// text is the text of the previous build, and keys for what a page and
/// the site-wide files show. Not for security: a page's text is compared
/// with its own earlier text, and a page whose hash matched by chance
/// would only be rebuilt late.
public struct ContentHash {
    public private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// A hash of nothing yet.
    public init() {}

    private static let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// Adds bytes to the hash, eight at a time (a full build hashes every
    /// page file's text; a byte at a time would cost several times as much).
    public mutating func add(_ bytes: Span<UInt8>) {
        var hash = value
        var offset = 0
        while bytes.count - offset >= 8 {
            // Eight bytes as one word, the first lowest (the compiler makes it one load).
            let eight = bytes.extracting(offset..<(offset + 8))
            var word: UInt64 = 0
            for index in 0..<8 { word |= UInt64(eight[index]) << UInt64(8 * index) }
            hash = (hash ^ word) &* Self.multiplier
            hash ^= hash >> 31
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        hash = (hash ^ tail ^ UInt64(bytes.count)) &* Self.multiplier
        value = hash ^ (hash >> 29)
    }

    /// Adds a text's UTF-8 bytes.
    public mutating func add(_ text: String) {
        add(text.utf8.span)
    }

    /// Adds a number's eight bytes.
    public mutating func add(_ number: UInt64) {
        value = ((value ^ number) &* Self.multiplier)
        value ^= value >> 31
    }

    /// The hash of bytes.
    public static func of(_ bytes: Span<UInt8>) -> UInt64 {
        var hasher = ContentHash()
        hasher.add(bytes)
        return hasher.value
    }

    /// The hash of bytes.
    public static func of(_ bytes: [UInt8]) -> UInt64 {
        of(bytes.span)
    }

    /// The hash of part of an array's bytes.
    public static func of(_ bytes: ArraySlice<UInt8>) -> UInt64 {
        of(bytes.span)
    }

    /// The hash of a text's UTF-8 bytes.
    public static func of(_ text: String) -> UInt64 {
        of(text.utf8.span)
    }
}
