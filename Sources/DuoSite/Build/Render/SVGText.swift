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

    /// Whether `lowered` (in ASCII lower case) refers to anything by
    /// address or id: an `href` or a `src` attribute (`xlink:href` too),
    /// whatever its value, or a `url(…)` anywhere (a gradient, a pattern,
    /// a clip path, a mask, a marker, a filter, or a file elsewhere).
    static func hasReference(_ lowered: [UInt8]) -> Bool {
        if lowered.firstRange(of: Array("url(".utf8)) != nil { return true }
        for name in ["href", "src"] {
            let name = Array(name.utf8)
            var from = 0
            while let found = lowered.firstRange(of: name, from: from) {
                from = found.lowerBound + 1
                let index = afterSpaces(lowered, from: found.upperBound)
                if index < lowered.count, lowered[index] == UInt8(ascii: "=") { return true }
            }
        }
        return false
    }

    /// The root element's start tag at the head of `bytes` (`<svg …>`),
    /// read as an HTML parser reads a tag: its attributes, each as written
    /// (`viewBox="0 0 24 24"`) with its name in ASCII lower case, where the
    /// tag ends (just after its `>`), and whether it closes itself; nil
    /// when the tag does not end.
    static func startTag(_ bytes: [UInt8]) -> (attributes: [(name: [UInt8], text: Range<Int>)], end: Int, selfClosing: Bool)? {
        var attributes: [(name: [UInt8], text: Range<Int>)] = []
        // After the element's name.
        var index = 0
        while index < bytes.count, !isTagSpace(bytes[index]), bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: ">") { index += 1 }
        while index < bytes.count {
            let byte = bytes[index]
            if isTagSpace(byte) {
                index += 1
                continue
            }
            if byte == UInt8(ascii: ">") { return (attributes, index + 1, false) }
            if byte == UInt8(ascii: "/") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: ">") { return (attributes, index + 2, true) }
                index += 1
                continue
            }
            // A name: up to a space, `/`, `>` or `=` (a leading `=` is part of it).
            let start = index
            index += 1
            while index < bytes.count, !isTagSpace(bytes[index]), bytes[index] != UInt8(ascii: "/"),
                  bytes[index] != UInt8(ascii: ">"), bytes[index] != UInt8(ascii: "=") { index += 1 }
            let name = bytes[start..<index].map { $0 >= UInt8(ascii: "A") && $0 <= UInt8(ascii: "Z") ? $0 | 0x20 : $0 }
            var end = index
            var next = index
            while next < bytes.count, isTagSpace(bytes[next]) { next += 1 }
            if next < bytes.count, bytes[next] == UInt8(ascii: "=") {
                next += 1
                while next < bytes.count, isTagSpace(bytes[next]) { next += 1 }
                guard next < bytes.count else { return nil }
                let quote = bytes[next]
                if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
                    guard let close = bytes[(next + 1)...].firstIndex(of: quote) else { return nil }
                    end = close + 1
                } else {
                    // Unquoted, up to a space or `>` (none at all before a `>`).
                    end = next
                    while end < bytes.count, !isTagSpace(bytes[end]), bytes[end] != UInt8(ascii: ">") { end += 1 }
                }
                index = end
            }
            attributes.append((name, start..<end))
        }
        return nil
    }

    /// Whether `byte` is white space between a tag's attributes, as HTML has it.
    private static func isTagSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0C || byte == 0x0D
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
