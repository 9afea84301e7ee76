/// The bound on a table's work that cmark-gfm's later releases keep
/// (0.29.0.gfm.13, `MAX_AUTOCOMPLETED_CELLS` in its table extension),
/// applied to the text before the 0.29.0.gfm.6 extension sees it.
///
/// A table has as many columns as its delimiter row, and cmark-gfm gives
/// every row a cell for each column, making up the cells a short row leaves
/// out. A table of 1,500 columns followed by 1,500 rows of one cell is
/// 13 KB of text and 2.25 million cells: hundreds of megabytes, and a
/// wider one more, with the square of the text's length. Later releases
/// count the cells made up so (the table's columns times its rows, less
/// the cells the text writes) and end the table past a limit; here a page
/// past a limit is refused, with the place where its table passes it, so
/// that the memory and time a page takes grow with its length alone.
///
/// The scan reads lines as cmark-gfm's table extension does, and errs on
/// the side of counting more: a table is a delimiter row (`|---|:-:|`)
/// under a line of as many cells, inside any quotes or lists, and runs to
/// the next blank line; each row's cells are its unescaped `|` but one at
/// either end.
public enum TableBound {
    /// The most cells a page's tables may leave for cmark-gfm to make up
    /// (a real page's tables leave a few dozen). cmark-gfm's own limit is
    /// 0x80000 cells, some 200 MB of its tree; this one, markdown-it's,
    /// keeps a table's made-up cells to some 25 MB.
    public static let maximumMadeUpCells = 65_536

    /// Where a table of `text` passes the limit: the first row whose
    /// made-up cells, with the rows' above it in its table, are more than
    /// `maximumMadeUpCells` (1-based line and column, in `text`); nil when
    /// no table does.
    public static func firstExcess(in text: [UInt8]) -> SourcePosition? {
        // Nearly every page: too few `|` and lines to make that many cells
        // (a table's columns are at most its text's `|` plus one, its rows
        // at most its lines).
        let (pipes, newlines) = count(in: text.span)
        guard (pipes + 1) * (newlines + 1) > maximumMadeUpCells else { return nil }

        var columns = 0  // the table's, or 0 outside a table
        var madeUp = 0
        var previousCells = 0  // the cells of the line above, when it has text
        var lineNumber = 0
        var start = 0
        while start <= text.count {
            lineNumber += 1
            var end = start
            while end < text.count, text[end] != UInt8(ascii: "\n") { end += 1 }
            let (contentStart, cells, isDelimiter) = read(text, start..<end)
            if contentStart == end {
                // A blank line ends a table and a header's paragraph.
                columns = 0
                previousCells = 0
            } else if columns > 0 {
                if cells < columns { madeUp += columns - cells }
                if madeUp > maximumMadeUpCells {
                    return SourcePosition(line: lineNumber, column: column(of: contentStart, lineStart: start, in: text))
                }
            } else if isDelimiter, cells == previousCells {
                columns = cells
                madeUp = 0
            } else {
                previousCells = cells
            }
            start = end + 1
        }
        return nil
    }

    /// How many `|` and line feeds `bytes` hold: the line feeds only when
    /// there are `|` enough for a table to matter.
    static func count(in bytes: Span<UInt8>) -> (pipes: Int, newlines: Int) {
        let pipes = count(UInt8(ascii: "|"), in: bytes)
        guard pipes > 0 else { return (0, 0) }
        return (pipes, count(UInt8(ascii: "\n"), in: bytes))
    }

    /// How many times `wanted` stands in `bytes`, counted 255 bytes at a
    /// time into a one-byte count, which no block can overflow: a count
    /// that small the compiler keeps in a vector's lanes, counting sixteen
    /// bytes in the instructions one would take.
    static func count(_ wanted: UInt8, in bytes: Span<UInt8>) -> Int {
        var total = 0, start = 0
        while start < bytes.count {
            let end = min(start + 255, bytes.count)
            var count: UInt8 = 0
            for index in start..<end where bytes[index] == wanted { count &+= 1 }
            total += Int(count)
            start = end
        }
        return total
    }

    /// A line's first byte of text (past spaces, tabs and the `>` of
    /// quotes), how many cells it holds as a table's row, and whether it
    /// is a delimiter row: cells of `-` with a `:` at either end or both.
    private static func read(_ text: [UInt8], _ line: Range<Int>) -> (contentStart: Int, cells: Int, isDelimiter: Bool) {
        var index = line.lowerBound
        while index < line.upperBound, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: ">"), UInt8(ascii: "\r")].contains(text[index]) {
            index += 1
        }
        let contentStart = index
        var last = line.upperBound
        while last > contentStart, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(text[last - 1]) { last -= 1 }
        guard contentStart < last else { return (line.upperBound, 0, false) }
        var pipes = 0
        var delimiter = true, dashes = false
        var escaped = false
        var cursor = contentStart
        while cursor < last {
            let byte = text[cursor]
            if escaped {
                escaped = false
                delimiter = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
                delimiter = false
            } else if byte == UInt8(ascii: "|") {
                pipes += 1
            } else if byte == UInt8(ascii: "-") {
                dashes = true
            } else if byte != UInt8(ascii: ":"), byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") {
                delimiter = false
            }
            cursor += 1
        }
        var cells = pipes + 1
        if text[contentStart] == UInt8(ascii: "|") { cells -= 1 }
        if last - contentStart > 1 || pipes == 0, text[last - 1] == UInt8(ascii: "|"), !(last >= 2 && text[last - 2] == UInt8(ascii: "\\")) { cells -= 1 }
        return (contentStart, max(cells, 0), delimiter && dashes && pipes > 0)
    }

    /// The 1-based column, in Unicode scalars, of the byte at `offset` of the line starting at `lineStart`.
    private static func column(of offset: Int, lineStart: Int, in text: [UInt8]) -> Int {
        var column = 1
        for index in lineStart..<offset where text[index] & 0xC0 != 0x80 { column += 1 }
        return column
    }
}
