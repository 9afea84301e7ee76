#if canImport(Glibc)
import Glibc
#endif

/// Where cmark-gfm's positions stand in a page: its lines, and how many
/// characters precede each byte, so that cmark's byte columns become the
/// character columns an editor counts.
///
/// A node keeps cmark's line and byte column; its character position is
/// found here when it is asked for (a finding, a rule's place), as most
/// nodes' never are.
struct SourceMap: Sendable {
    private let bytes: [UInt8]
    /// Where each line starts, by byte.
    let lineStarts: [Int]
    private let lineOffset: Int
    /// How many characters start before each multiple of `stride` bytes, so
    /// that finding a column never walks more than `stride` bytes, however
    /// long the line (a page may be one very long line of many nodes).
    private let charactersBefore: [Int]
    private static let stride = 64
    /// Whether each line is known to be ASCII only: there a character
    /// column is the byte column, with nothing to count.
    private let lineIsASCII: [Bool]

    /// The map of the UTF-8 text `bytes`, whose first line is line
    /// `lineOffset + 1` of its file.
    init(bytes: [UInt8], lineOffset: Int) {
        self.bytes = bytes
        var starts = [0]
        var ascii: [Bool] = []
        // Room for the lines of a page of prose at once (a line every 40
        // bytes or so): grown only by a page of short lines.
        starts.reserveCapacity(bytes.count / 32 + 2)
        ascii.reserveCapacity(bytes.count / 32 + 2)
        let blocks = bytes.count / Self.stride
        var counts: [Int] = []
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else {
                counts = [0]
                return
            }
            let raw = UnsafeRawPointer(base)
            let count = buffer.count
            // Characters before each whole block, eight bytes a step: every
            // byte but a UTF-8 continuation byte (10xxxxxx) starts one. An
            // ASCII block, as most are, is told so by one test of its words
            // taken together.
            counts = Array(unsafeUninitializedCapacity: blocks + 1) { table, initialized in
                table[0] = 0
                var characters = 0
                for block in 0..<blocks {
                    let offset = block * Self.stride
                    var any: UInt64 = 0
                    for word in Swift.stride(from: offset, to: offset + Self.stride, by: 8) {
                        any |= raw.loadUnaligned(fromByteOffset: word, as: UInt64.self)
                    }
                    var continuations = 0
                    if any & 0x8080_8080_8080_8080 != 0 {
                        for word in Swift.stride(from: offset, to: offset + Self.stride, by: 8) {
                            continuations += Self.continuationBytes(in: raw.loadUnaligned(fromByteOffset: word, as: UInt64.self))
                        }
                    }
                    characters += Self.stride - continuations
                    table[block + 1] = characters
                }
                initialized = blocks + 1
            }
            // Lines, found with memchr, and whether each is ASCII: told by
            // the blocks it lies in, each all ASCII when it holds as many
            // characters as bytes. A line in a block that is not, or in the
            // bytes after the last whole block, is counted character by
            // character, which gives its columns whatever it holds.
            var lineStart = 0
            while true {
                let lineEnd = memchr(raw + lineStart, Int32(UInt8(ascii: "\n")), count - lineStart)
                    .map { raw.distance(to: UnsafeRawPointer($0)) } ?? count
                if lineEnd == lineStart {
                    ascii.append(true)
                } else if lineEnd > blocks * Self.stride {
                    ascii.append(false)
                } else {
                    let first = lineStart / Self.stride, last = (lineEnd - 1) / Self.stride
                    ascii.append(counts[last + 1] - counts[first] == (last + 1 - first) * Self.stride)
                }
                guard lineEnd < count else { break }
                lineStart = lineEnd + 1
                starts.append(lineStart)
            }
        }
        if ascii.isEmpty { ascii = [true] }
        self.lineStarts = starts
        self.lineIsASCII = ascii
        self.lineOffset = lineOffset
        self.charactersBefore = counts
    }

    /// How many of the eight bytes of `word` are UTF-8 continuation bytes
    /// (10xxxxxx): one bit each, summed by a multiplication (no population
    /// count instruction is assumed).
    @inline(__always)
    private static func continuationBytes(in word: UInt64) -> Int {
        let marks = (word & ~(word << 1) & 0x8080_8080_8080_8080) >> 7
        return Int((marks &* 0x0101_0101_0101_0101) >> 56)
    }

    /// The number of characters that start before byte `offset`.
    private func characters(before offset: Int) -> Int {
        let block = offset / Self.stride
        var count = charactersBefore[block]
        var index = block * Self.stride
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let raw = UnsafeRawPointer(base)
            // Eight bytes a step: all but continuation bytes start a character.
            while index + 8 <= offset {
                count += 8 - Self.continuationBytes(in: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
                index += 8
            }
            while index < offset {
                if buffer[index] & 0xC0 != 0x80 { count += 1 }
                index += 1
            }
        }
        return count
    }

    /// Turns cmark's line and 1-based byte column into a page position with
    /// a character column.
    func position(_ raw: CmarkPosition) -> SourcePosition {
        let line = Int(raw.line), byteColumn = Int(raw.byteColumn)
        guard line >= 1, line <= lineStarts.count else {
            return SourcePosition(line: max(line, 1) + lineOffset, column: max(byteColumn, 1))
        }
        let start = lineStarts[line - 1]
        let end = min(start + max(byteColumn - 1, 0), bytes.count)
        if lineIsASCII[line - 1] {
            return SourcePosition(line: line + lineOffset, column: end - start + 1)
        }
        return SourcePosition(line: line + lineOffset, column: characters(before: end) - characters(before: start) + 1)
    }

    /// The page range of cmark's start and end.
    func range(_ start: CmarkPosition, _ end: CmarkPosition) -> SourceRange {
        SourceRange(start: position(start), end: position(end))
    }

    /// How many bytes the text has.
    var byteCount: Int { bytes.count }

    /// The text of the page.
    func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        bytes.withUnsafeBufferPointer(body)
    }
}

/// A position as cmark-gfm gives it: a line of the Markdown (not yet of
/// the page) and a 1-based byte column; 0 for a node with none of its own.
struct CmarkPosition: Sendable {
    var line: Int32
    var byteColumn: Int32
}
