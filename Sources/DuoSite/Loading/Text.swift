/// Small text operations on the hot path of reading pages, done on Unicode
/// scalars and UTF-8 bytes instead of through Foundation's NSString bridge,
/// which costs thousands of instructions a call on Linux.
extension StringProtocol {
    /// The text without whitespace at either end.
    var trimmed: String {
        // Most text has nothing to trim: a printable ASCII byte at each end.
        let text = String(self)
        if let first = text.utf8.first, let last = text.utf8.last,
           first > 0x20, first < 0x7F, last > 0x20, last < 0x7F {
            return text
        }
        let scalars = text.unicodeScalars
        var start = scalars.startIndex, end = scalars.endIndex
        while start < end, scalars[start].isSpace { start = scalars.index(after: start) }
        while end > start {
            let before = scalars.index(before: end)
            guard scalars[before].isSpace else { break }
            end = before
        }
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars[start..<end])
        return String(view)
    }

    /// How many Unicode scalars the text has (the unit editors' columns
    /// are counted in), from its UTF-8 bytes: every byte but a continuation
    /// byte starts one.
    var scalarCount: Int {
        utf8.withContiguousStorageIfAvailable(scalarCount(of:)) ?? utf8.reduce(0) { $0 &+ ($1 & 0xC0 != 0x80 ? 1 : 0) }
    }

    /// Whether the text contains `needle`, compared byte for byte, where
    /// the bytes lie (every link of every page is asked for `://`).
    func containsBytes(_ needle: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = needle.first else { return true }
        let search = { (text: UnsafeBufferPointer<UInt8>) -> Bool in
            guard text.count >= needle.count else { return false }
            for start in 0...(text.count - needle.count) where text[start] == first {
                if UnsafeBufferPointer(rebasing: text[start..<(start + needle.count)]).elementsEqual(needle) { return true }
            }
            return false
        }
        return utf8.withContiguousStorageIfAvailable(search) ?? Array(utf8).withUnsafeBufferPointer(search)
    }

    /// Whether the text's UTF-8 starts with `prefix`'s. For the ASCII
    /// markup it is used with (`Sources (`, `/`, `<h`) it answers as
    /// `hasPrefix` does, but without comparing Character by Character,
    /// which costs thousands of instructions a call.
    func hasBytePrefix(_ prefix: StaticString) -> Bool {
        let count = prefix.utf8CodeUnitCount
        var index = utf8.startIndex
        for offset in 0..<count {
            guard index != utf8.endIndex, utf8[index] == prefix.utf8Start[offset] else { return false }
            index = utf8.index(after: index)
        }
        return true
    }

    /// Whether the text's UTF-8 ends with `suffix`'s (see ``hasBytePrefix(_:)``).
    func hasByteSuffix(_ suffix: StaticString) -> Bool {
        let suffix = UnsafeBufferPointer(start: suffix.utf8Start, count: suffix.utf8CodeUnitCount)
        return utf8.withContiguousStorageIfAvailable { bytes in
            bytes.count >= suffix.count && bytes[(bytes.count - suffix.count)...].elementsEqual(suffix)
        } ?? Array(utf8).suffix(suffix.count).elementsEqual(suffix)
    }
}

extension Array where Element == UInt8 {
    /// Where `needle` first occurs at or after `start`, byte for byte.
    func firstRange(of needle: [UInt8], from start: Int = 0) -> Range<Int>? {
        guard !needle.isEmpty, count - start >= needle.count else { return nil }
        let first = needle[0]
        var index = start
        while index <= count - needle.count {
            if self[index] == first, self[index..<index + needle.count].elementsEqual(needle) {
                return index..<index + needle.count
            }
            index += 1
        }
        return nil
    }
}

/// A file's text split at its front matter: the YAML between the opening
/// and closing `---` lines, and the Markdown after them, found by scanning
/// bytes once.
struct FrontMatterSplit {
    /// Where the YAML text is in the file's bytes (it starts on line 2).
    let yaml: Range<Int>
    /// Where the Markdown after the closing line is.
    let body: Range<Int>
    /// The file line the Markdown starts on.
    let bodyFirstLine: Int

    /// Why a file has no front matter.
    enum Failure: Error {
        /// The file does not open with `---`.
        case missingOpening
        /// The front matter is never closed.
        case unclosed
    }

    /// Splits a file's UTF-8 `bytes`, or says why it cannot.
    static func split(_ bytes: [UInt8]) -> Result<FrontMatterSplit, Failure> {
        bytes.withUnsafeBufferPointer { utf8 in
            let end = utf8.count
            var lineStart = 0
            var lineNumber = 1
            var yamlStart: Int?
            while lineStart < end {
                let lineEnd = utf8[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? end
                let isFence = isFenceLine(UnsafeBufferPointer(rebasing: utf8[lineStart..<lineEnd]))
                if lineNumber == 1 {
                    guard isFence else { return .failure(.missingOpening) }
                    yamlStart = lineEnd < end ? lineEnd + 1 : lineEnd
                } else if isFence, let yamlStart {
                    let yamlEnd = lineStart > yamlStart ? lineStart - 1 : yamlStart
                    let bodyStart = lineEnd < end ? lineEnd + 1 : lineEnd
                    return .success(FrontMatterSplit(yaml: yamlStart..<yamlEnd, body: bodyStart..<end, bodyFirstLine: lineNumber + 1))
                }
                guard lineEnd < end else { break }
                lineStart = lineEnd + 1
                lineNumber += 1
            }
            return .failure(lineNumber == 1 && yamlStart == nil ? .missingOpening : .unclosed)
        }
    }

    /// `---`, with optional spaces or tabs around it.
    private static func isFenceLine(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        var dashes = 0
        for byte in line {
            switch byte {
            case UInt8(ascii: "-"): dashes += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): continue
            default: return false
            }
        }
        return dashes == 3
    }
}

extension Unicode.Scalar {
    /// The scalar whose UTF-8 encoding starts at `offset` of `utf8`, and how
    /// many bytes it takes. `utf8` is valid UTF-8 (a `String`'s bytes), so
    /// the lead byte says how many bytes follow.
    static func decode(_ utf8: UnsafeBufferPointer<UInt8>, at offset: Int) -> (scalar: Unicode.Scalar, length: Int) {
        let lead = UInt32(utf8[offset])
        var value: UInt32
        let length: Int
        switch lead {
        case 0..<0x80: return (Unicode.Scalar(UInt8(lead)), 1)
        case 0xC0..<0xE0: value = lead & 0x1F; length = 2
        case 0xE0..<0xF0: value = lead & 0x0F; length = 3
        default: value = lead & 0x07; length = 4
        }
        for next in 1..<length where offset + next < utf8.count {
            value = value << 6 | UInt32(utf8[offset + next] & 0x3F)
        }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// Whether the scalar is white space (Unicode's White_Space), with a
    /// fast answer for ASCII and Latin-1, where a citation's `·` and `§` are.
    var isSpace: Bool {
        if value < 0x100 {
            return value == 0x20 || (0x09...0x0D).contains(value) || value == 0x85 || value == 0xA0
        }
        return properties.isWhitespace
    }
}

extension StringProtocol {
    /// Whether the text is empty or only white space.
    var isBlank: Bool {
        unicodeScalars.allSatisfy(\.isSpace)
    }
}

/// How many Unicode scalars UTF-8 `bytes` hold: every byte but a
/// continuation byte starts one. Eight bytes a step; an ASCII word has no
/// continuation byte.
private func scalarCount(of bytes: UnsafeBufferPointer<UInt8>) -> Int {
    guard let base = bytes.baseAddress else { return 0 }
    let raw = UnsafeRawPointer(base)
    var continuations = 0, offset = 0
    while offset + 8 <= bytes.count {
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        if word & 0x8080_8080_8080_8080 != 0 {
            let marks = (word & ~(word << 1) & 0x8080_8080_8080_8080) >> 7
            continuations += Int((marks &* 0x0101_0101_0101_0101) >> 56)
        }
        offset += 8
    }
    while offset < bytes.count {
        if bytes[offset] & 0xC0 == 0x80 { continuations += 1 }
        offset += 1
    }
    return bytes.count - continuations
}

extension String {
    /// Up to five pieces one after another, made with one allocation (none
    /// for fifteen bytes or fewer): `+` and `+=` make or grow a string for
    /// each piece, at hundreds of instructions a piece, and a page joins
    /// hundreds.
    static func joining(_ first: String, _ second: String, _ third: String = "", _ fourth: String = "", _ fifth: String = "") -> String {
        let total = first.utf8.count + second.utf8.count + third.utf8.count + fourth.utf8.count + fifth.utf8.count
        // Up to 15 bytes the string is a small one, held inline: no allocation either.
        return String(unsafeUninitializedCapacity: total) { buffer in
            var offset = 0
            func put(_ piece: String) {
                ByteScan.withUTF8(of: piece) { bytes in
                    guard let source = bytes.baseAddress, bytes.count > 0 else { return }
                    (buffer.baseAddress! + offset).update(from: source, count: bytes.count)
                    offset += bytes.count
                }
            }
            put(first)
            put(second)
            put(third)
            put(fourth)
            put(fifth)
            return offset
        }
    }
}
