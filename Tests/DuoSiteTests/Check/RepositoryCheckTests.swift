import Foundation
import Testing
import DuoSite

/// The repository is a site root: its own Content/ passes `duosite check`
/// today, and goes stale when its review is due.
struct RepositoryCheckTests {
    private let root = CheckSupport.repositoryRoot

    /// The line and column of the value of `key` in a page's front matter,
    /// read from the file itself.
    private func valuePosition(of key: String, in path: String) throws -> (line: Int, column: Int) {
        let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard line.hasPrefix(key + ":") else { continue }
            let afterKey = line.dropFirst(key.count + 1)
            let spaces = afterKey.prefix { $0 == " " }.count
            return (index + 1, key.count + 1 + spaces + 1)
        }
        Issue.record("\(path) has no \(key)")
        return (0, 0)
    }

    @Test func contentPassesCheck() throws {
        let run = CheckSupport.run(["check", "--today", "2026-11-29"], in: root)
        #expect(run.status == 0, "\(run.err)")
        #expect(!run.err.contains("error:"), "\(run.err)")
    }

    @Test func contentPassesCheckWithRoot() throws {
        let run = CheckSupport.run(["check", "--root", root.path, "--today", "2026-11-29", "--format", "json"], in: FileManager.default.temporaryDirectory)
        #expect(run.status == 0)
        let json = try run.json()
        #expect(json.findings.filter { $0["severity"] as? String == "error" }.isEmpty, "\(json.findings)")
        let page = try #require(json.page("symbols-not-labels"))
        #expect(page["status"] as? String == "fresh")
        #expect(page["file"] as? String == "Content/patterns/symbols-not-labels.md")
    }

    @Test func contentGoesStale() throws {
        let path = "Content/patterns/symbols-not-labels.md"
        let run = CheckSupport.run(["check", "--today", "2027-06-01", "--format", "json"], in: root)
        #expect(run.status == 1)
        let json = try run.json()
        let (line, column) = try valuePosition(of: "last_checked", in: path)
        let stale = json.located.filter { $0.code == "stale" && $0.file == path }
        #expect(stale == [LocatedFinding(file: path, line: line, column: column, severity: "error", code: "stale")])
        // Staleness is the only error.
        let errors = json.located.filter { $0.severity == "error" }
        #expect(errors.allSatisfy { $0.code == "stale" }, "\(errors)")
        #expect(json.page("symbols-not-labels")?["status"] as? String == "stale")
    }

    @Test func contentGoesStaleInText() throws {
        let path = "Content/patterns/symbols-not-labels.md"
        let run = CheckSupport.run(["check", "--today", "2027-06-01"], in: root)
        #expect(run.status == 1)
        let (line, column) = try valuePosition(of: "last_checked", in: path)
        let prefix = "\(path):\(line):\(column): error: last checked "
        #expect(run.err.split(separator: "\n").contains { $0.hasPrefix(prefix) && $0.hasSuffix("[stale]") }, "\(run.err)")
    }
}
