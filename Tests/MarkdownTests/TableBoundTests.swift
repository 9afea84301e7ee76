import Markdown
import Testing

/// The bound on the cells cmark-gfm makes up for a table's short rows,
/// counted before the text reaches its table extension, as its later
/// releases count them.
@Suite struct TableBoundTests {
    /// A table of `columns` columns and `rows` rows of one cell each, after a paragraph.
    static func table(columns: Int, rows: Int, prefix: String = "") -> [UInt8] {
        let header = prefix + String(repeating: "| a ", count: columns) + "|\n"
        let delimiter = prefix + String(repeating: "|:-:", count: columns) + "|\n"
        return Array(("Intro.\n\n" + header + delimiter + String(repeating: prefix + "| x |\n", count: rows)).utf8)
    }

    @Test func cellsMadeUpToTheLimitPassAndOneRowMoreDoesNot() {
        // 257 columns: 256 cells made up for each one-cell row.
        let rows = TableBound.maximumMadeUpCells / 256
        #expect(TableBound.firstExcess(in: Self.table(columns: 257, rows: rows)) == nil)
        // The row past the limit: after the paragraph, the blank line, the header and the delimiter row.
        #expect(TableBound.firstExcess(in: Self.table(columns: 257, rows: rows + 1)) == SourcePosition(line: 4 + rows + 1, column: 1))
    }

    @Test func aTableInAQuoteOrAListCountsAndItsPlaceIsPastTheMarks() {
        #expect(TableBound.firstExcess(in: Self.table(columns: 1_500, rows: 100, prefix: "> ")) == SourcePosition(line: 4 + 44, column: 3))
        #expect(TableBound.firstExcess(in: Self.table(columns: 1_500, rows: 100, prefix: "   ")) == SourcePosition(line: 4 + 44, column: 4))
    }

    @Test(arguments: [
        // Rows with their cells: nothing made up, however long.
        String(repeating: "| a | b |\n", count: 1) + "|---|---|\n" + String(repeating: "| x | y |\n", count: 70_000),
        // A blank line ends the table: the lines after it are no rows.
        String(repeating: "| a ", count: 2_000) + "|\n" + String(repeating: "|---", count: 2_000) + "|\n\n" + String(repeating: "x\n", count: 1_000),
        // A delimiter row under a line of another number of cells makes no table.
        "| a | b |\n" + String(repeating: "|---", count: 2_000) + "|\n" + String(repeating: "x\n", count: 1_000),
        // Escaped pipes are text.
        "a \\| b\n---|---\n" + String(repeating: "x\n", count: 1_000),
    ])
    func whatMakesNoCellsUpPasses(text: String) {
        #expect(TableBound.firstExcess(in: Array(text.utf8)) == nil)
    }

    /// The page of the report: 13 KB of text, 2.25 million cells.
    @Test func theReportedPageIsRefusedAtItsFortyFourthRow() {
        let n = 1_500
        let text = String(repeating: "|a", count: n) + "|\n" + String(repeating: "|-", count: n) + "|\n" + String(repeating: "|x|\n", count: n)
        #expect(TableBound.firstExcess(in: Array(text.utf8)) == SourcePosition(line: 2 + 44, column: 1))
    }
}
