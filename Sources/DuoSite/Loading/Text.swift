import Bytes

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
}

extension String {
    /// How many Unicode scalars the text has (the unit editors' columns
    /// are counted in), from its UTF-8 bytes.
    var scalarCount: Int {
        UTF8Text.scalarCount(of: utf8.span)
    }

    /// Whether the text contains `needle`, compared byte for byte, where
    /// the bytes lie (every link of every page is asked for `://`).
    func containsBytes(_ needle: String) -> Bool {
        let bytes = utf8.span, needle = needle.utf8.span
        guard !needle.isEmpty else { return true }
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) where bytes[start] == needle[0] {
            var matched = 1
            while matched < needle.count, bytes[start + matched] == needle[matched] { matched += 1 }
            if matched == needle.count { return true }
        }
        return false
    }

    /// Whether the text's UTF-8 starts with `prefix`'s. For the ASCII
    /// markup it is used with (`Sources (`, `/`, `<h`) it answers as
    /// `hasPrefix` does, but without comparing Character by Character,
    /// which costs thousands of instructions a call.
    func hasBytePrefix(_ prefix: String) -> Bool {
        let bytes = utf8.span, prefix = prefix.utf8.span
        guard bytes.count >= prefix.count else { return false }
        for index in prefix.indices where bytes[index] != prefix[index] { return false }
        return true
    }
}

extension Substring {
    /// How many Unicode scalars the text has (see `String.scalarCount`).
    var scalarCount: Int {
        UTF8Text.scalarCount(of: utf8.span)
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
        let utf8 = bytes.span
        let end = utf8.count
        var lineStart = 0
        var lineNumber = 1
        var yamlStart: Int?
        while lineStart < end {
            var lineEnd = lineStart
            while lineEnd < end, utf8[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            let isFence = isFenceLine(utf8.extracting(lineStart..<lineEnd))
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

    /// `---`, with optional spaces or tabs around it.
    private static func isFenceLine(_ line: Span<UInt8>) -> Bool {
        var dashes = 0
        for index in line.indices {
            switch line[index] {
            case UInt8(ascii: "-"): dashes += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): continue
            default: return false
            }
        }
        return dashes == 3
    }
}

extension Unicode.Scalar {
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

extension String {
    /// Up to five pieces one after another, made in one step (with no
    /// allocation for fifteen bytes or fewer): `+` and `+=` make or grow a
    /// string for each piece, at hundreds of instructions a piece, and a
    /// page joins hundreds.
    static func joining(_ first: String, _ second: String, _ third: String = "", _ fourth: String = "", _ fifth: String = "") -> String {
        let total = first.utf8.count + second.utf8.count + third.utf8.count + fourth.utf8.count + fifth.utf8.count
        return String(utf8Capacity: total) { output in
            output.append(first)
            output.append(second)
            output.append(third)
            output.append(fourth)
            output.append(fifth)
        }
    }
}
