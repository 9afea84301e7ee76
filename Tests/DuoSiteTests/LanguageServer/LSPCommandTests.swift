import Foundation
import Testing
@testable import DuoSite

/// `duosite lsp`'s command line: its help, and a wrong one refused with 64.
@Suite struct LSPCommandTests {
    @Test func theHelpNamesTheCommand() throws {
        let site = try TestSite()
        defer { site.remove() }
        let result = site.run(["lsp", "--help"])
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("Usage: duosite lsp [--root DIR]"))
        #expect(site.run(["--help"]).out.contains("  lsp "))
    }

    @Test(arguments: [["lsp", "--rot", "x"], ["lsp", "extra"], ["lsp", "--root", "/nonexistent/folder"], ["lsp", "--today", "tomorrow"]])
    func aWrongCommandLineIsRefused(arguments: [String]) throws {
        let site = try TestSite()
        defer { site.remove() }
        let result = site.run(arguments)
        #expect(result.status == 64)
        #expect(result.err.hasPrefix("error: "))
    }
}
