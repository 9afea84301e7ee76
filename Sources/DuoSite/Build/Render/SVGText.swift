import Bytes

/// The searches `SymbolLibrary.prepare` makes in a drawing's UTF-8 bytes:
/// what a regular expression did before, without setting up ICU.
///
/// White space is Unicode's (`Unicode.Scalar.isSpace`, the White_Space
/// property, which a regular expression's `\s` matches).
enum SVGText {
    /// `bytes` without white space at either end (Unicode's, line ends
    /// included), nor zero width spaces: what Foundation's
    /// `whitespacesAndNewlines` trimmed from a drawing before.
    static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
        let scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars
        let isTrimmed = { (scalar: Unicode.Scalar) in scalar.isSpace || scalar == "\u{200B}" }
        guard let first = scalars.firstIndex(where: { !isTrimmed($0) }),
              let last = scalars.lastIndex(where: { !isTrimmed($0) }) else { return [] }
        return Array(String(scalars[first...last]).utf8)
    }

    /// Whether `lowered` (in ASCII lower case) has an event handler
    /// attribute: white space, `on`, letters, white space, `=`.
    static func hasEventHandler(_ lowered: [UInt8]) -> Bool {
        var index = 0
        while index + 1 < lowered.count {
            if lowered[index] == UInt8(ascii: "o"), lowered[index + 1] == UInt8(ascii: "n"), spaceEnds(lowered, before: index) {
                var end = index + 2
                while end < lowered.count, lowered[end] >= UInt8(ascii: "a"), lowered[end] <= UInt8(ascii: "z") { end += 1 }
                if end > index + 2 {
                    end = afterSpaces(lowered, from: end)
                    if end < lowered.count, lowered[end] == UInt8(ascii: "=") { return true }
                }
            }
            index += 1
        }
        return false
    }

    /// Whether `lowered` (in ASCII lower case) has an `href` or a `src`
    /// whose quoted value does not start with `#`: a reference to
    /// something outside the drawing.
    static func hasOutsideReference(_ lowered: [UInt8]) -> Bool {
        for name in ["href", "src"] {
            let name = Array(name.utf8)
            var from = 0
            while let found = lowered.firstRange(of: name, from: from) {
                from = found.lowerBound + 1
                var index = afterSpaces(lowered, from: found.upperBound)
                guard index < lowered.count, lowered[index] == UInt8(ascii: "=") else { continue }
                index = afterSpaces(lowered, from: index + 1)
                guard index < lowered.count, lowered[index] == UInt8(ascii: "\"") || lowered[index] == UInt8(ascii: "'") else { continue }
                if index + 1 == lowered.count || lowered[index + 1] != UInt8(ascii: "#") { return true }
            }
        }
        return false
    }

    /// `bytes` without its `id` attributes: each `id="…"` or `id='…'`
    /// goes, with the white space just before it.
    static func removingIDs(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let space = spaceLength(bytes, at: index)
            if space > 0, let end = idAttributeEnd(bytes, from: index + space) {
                index = end
                continue
            }
            result.append(bytes[index])
            index += 1
        }
        return result
    }

    /// Where an `id` attribute starting at `start` ends (after its closing
    /// quote), or nil when none starts there.
    private static func idAttributeEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        guard start + 1 < bytes.count, bytes[start] == UInt8(ascii: "i"), bytes[start + 1] == UInt8(ascii: "d") else { return nil }
        var index = afterSpaces(bytes, from: start + 2)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { return nil }
        index = afterSpaces(bytes, from: index + 1)
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else { return nil }
        let quote = bytes[index]
        guard let close = bytes[(index + 1)...].firstIndex(of: quote) else { return nil }
        return close + 1
    }

    /// The first index at or after `index` that is not white space.
    private static func afterSpaces(_ bytes: [UInt8], from index: Int) -> Int {
        var index = index
        while index < bytes.count {
            let length = spaceLength(bytes, at: index)
            if length == 0 { break }
            index += length
        }
        return index
    }

    /// Whether a white space character ends just before `index`.
    private static func spaceEnds(_ bytes: [UInt8], before index: Int) -> Bool {
        guard index > 0 else { return false }
        var start = index - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        let length = spaceLength(bytes, at: start)
        return length > 0 && start + length == index
    }

    /// The length in bytes of the white space character at `index`, or 0.
    static func spaceLength(_ bytes: [UInt8], at index: Int) -> Int {
        let (scalar, length) = UTF8Text.scalar(at: index, in: bytes.span)
        return scalar.isSpace ? length : 0
    }
}
