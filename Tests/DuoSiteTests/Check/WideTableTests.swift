import Foundation
import Testing
@testable import DuoSite

/// A table whose short rows leave cmark-gfm thousands of cells to make up
/// (a few kilobytes of text, hundreds of megabytes of cells): refused with
/// a finding at the row that passes the limit, before the Markdown is
/// parsed, in memory and time that grow with the page alone.
@Suite struct WideTableTests {
    /// The page of the report: a header and delimiter row of `columns`
    /// columns, then `columns` rows of one cell.
    static func page(columns: Int) -> String {
        "---\ntitle: Wide\nsummary: A wide table.\nstatus: recommendation\nlast_checked: 2026-11-20\n---\n\nIntro.\n\n"
            + String(repeating: "|a", count: columns) + "|\n" + String(repeating: "|-", count: columns) + "|\n" + String(repeating: "|x|\n", count: columns)
    }

    @Test(arguments: [(1_500, 55), (4_000, 28), (8_000, 20)])
    func aTableOfMadeUpCellsIsRefusedInLittleMemory(columns: Int, line: Int) throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(Self.page(columns: columns), to: "Content/patterns/wide.md")
        for command in ["check", "build"] {
            // 500 MB of address space: the reported page took 889 MB at 1,500 columns, 6.3 GB at 4,000.
            let result = try CommandProcess.run([command, "--today", "2026-11-29"], in: site.root, timeout: 120, memoryKB: 500_000)
            #expect(!result.timedOut, "\(command)")
            #expect(result.status == 1, "\(command): \(result.err.prefix(300))")
            #expect(result.err.contains("Content/patterns/wide.md:\(line):1: error: this table's rows leave out more than 65536 of its cells"), "\(command): \(result.err.prefix(300))")
            #expect(result.err.contains("[over-limit]"), "\(command)")
        }
    }
}
