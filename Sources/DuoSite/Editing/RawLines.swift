import YAML

/// A file's bytes as written, with lines counted as the readers count them
/// (`\n`, `\r\n` or a lone `\r` ends a line; a byte order mark is not text).
struct RawLines {
    let bytes: [UInt8]

    /// The file's bytes.
    init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The offset of the first byte of line `line` (1-based).
    func lineStart(_ line: Int) -> Int? {
        guard line >= 1 else { return nil }
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        var current = 1
        while current < line {
            guard index < bytes.count else { return nil }
            let byte = bytes[index]
            index += 1
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
                current += 1
            }
        }
        return index
    }

    /// The line (1-based) the byte at `offset` is on.
    func line(at offset: Int) -> Int {
        var line = 1, index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < min(offset, bytes.count) {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index < bytes.count, bytes[index] == 0x0A { index += 1 }
                if index <= offset { line += 1 }
            }
        }
        return line
    }

    /// The offset of character `column` (1-based, counted in Unicode
    /// scalars as libyaml counts them) of line `line`.
    func offset(line: Int, column: Int) -> Int? {
        guard var index = lineStart(line) else { return nil }
        for _ in 1..<max(column, 1) {
            guard index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D else { return nil }
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
        }
        return index
    }

    /// The bytes of a one-line scalar's text that starts at `start`,
    /// inside its quotes when it has them, before any comment.
    func scalarExtent(from start: Int, style: YAMLNode.Style) -> Range<Int>? {
        var end = start
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        switch style {
        case .plain:
            var index = start
            while index < end {
                if bytes[index] == UInt8(ascii: "#"), index > start, bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09 { break }
                index += 1
            }
            while index > start, bytes[index - 1] == 0x20 || bytes[index - 1] == 0x09 { index -= 1 }
            return start..<index
        case .singleQuoted, .doubleQuoted:
            let quote = bytes[start]
            var index = start + 1
            while index < end {
                if quote == UInt8(ascii: "\""), bytes[index] == UInt8(ascii: "\\") {
                    index += 2
                    continue
                }
                if bytes[index] == quote {
                    if quote == UInt8(ascii: "'"), index + 1 < end, bytes[index + 1] == quote {
                        index += 2
                        continue
                    }
                    return start + 1..<index
                }
                index += 1
            }
            return nil
        default:
            return nil
        }
    }

    /// The file's line ending, from its first line: `\r\n`, `\r` or `\n`.
    var lineEnding: [UInt8] {
        guard let index = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return [0x0A] }
        if bytes[index] == 0x0A { return [0x0A] }
        return index + 1 < bytes.count && bytes[index + 1] == 0x0A ? [0x0D, 0x0A] : [0x0D]
    }
}
