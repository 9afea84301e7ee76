import Foundation
import Testing
import DuoSite

/// On a terminal, each finding in text is followed by its source line and
/// a caret under its column, as the preview's panel shows them; JSON,
/// GitHub annotations, `--no-source` and a pipe keep one line a finding.
struct SourceExcerptTests {
    static func run(_ site: TestSite, _ arguments: [String], terminal: Bool) -> (status: Int32, out: String, err: String) {
        let output = Captured()
        let console = Console(out: { output.append(out: $0) }, err: { output.append(err: $0) }, isTerminal: terminal)
        let status = DuoSiteCommand.run(arguments: arguments, currentDirectory: site.root, console: console)
        return (status, output.out, output.err)
    }

    static func brokenSite() throws -> TestSite {
        let site = try TestSite()
        let path = "Content/patterns/where-the-bars-go.md"
        try site.write(try site.read(path).replacingOccurrences(of: "last_checked: 2026-10-08", with: "last_checked: 2026-10-32"), to: path)
        return site
    }

    static let finding = "Content/patterns/where-the-bars-go.md:5:15: error: 'last_checked' should be a date"
    static let excerpt = "\n 5 | last_checked: 2026-10-32\n   |               ^\n"

    @Test(arguments: [["check"], ["build"], ["check", "--source"]])
    func aTerminalShowsTheLineAndACaret(arguments: [String]) throws {
        let site = try Self.brokenSite()
        defer { site.remove() }
        let run = Self.run(site, arguments + ["--today", "2026-11-29"], terminal: true)
        #expect(run.status == 1)
        let start = try #require(run.err.range(of: Self.finding))
        let line = try #require(run.err[start.lowerBound...].range(of: "[invalid-field]"))
        #expect(run.err[line.upperBound...].hasPrefix(Self.excerpt), "\(run.err)")
    }

    @Test(arguments: [
        (["check", "--no-source"], true), (["check"], false), (["build"], false), (["build", "--no-source"], true),
        (["check", "--format", "json"], true), (["check", "--format", "github"], true), (["check", "--format", "github", "--source"], true),
    ])
    func oneLineAFindingOtherwise(arguments: [String], terminal: Bool) throws {
        let site = try Self.brokenSite()
        defer { site.remove() }
        let run = Self.run(site, arguments + ["--today", "2026-11-29"], terminal: terminal)
        #expect(run.status == 1)
        #expect(!(run.err + run.out).contains(" | last_checked"), "\(run.err)")
        #expect(!(run.err + run.out).contains("   |"))
    }

    @Test func placeShowsTheLineOfItsFindings() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write("device: duo-closed-portrait\nscreen:\n  title Library\n  tabs:\n    - {title: Home, symbol: house}\n", to: "demo.yml")
        let run = Self.run(site, ["place", "demo.yml", "--source"], terminal: false)
        #expect(run.status == 1)
        #expect(run.err == "demo.yml:3:8: error: the demo's YAML cannot be read: 'title Library' has no ':' after its key: write 'title: Library' (YAML: mapping values are not allowed in this context) [invalid-demo]\n 3 |   title Library\n   |        ^\n", "\(run.err)")
    }

    @Test func bothIsAWrongCommandLine() throws {
        let site = try TestSite()
        defer { site.remove() }
        let run = Self.run(site, ["check", "--source", "--no-source"], terminal: true)
        #expect(run.status == 64)
        #expect(run.err.hasPrefix("error: --source and --no-source ask for opposite things; give one"))
    }
}
