import Foundation
import Testing
import DuoSite

/// What `duosite` printed and returned.
struct CheckRun: Sendable {
    var status: Int32
    var out: String
    var err: String

    /// Standard output parsed as the JSON of `--format json`.
    func json() throws -> CheckJSON {
        let object = try JSONSerialization.jsonObject(with: Data(out.utf8))
        return try #require(CheckJSON(object))
    }
}

/// The JSON document of `duosite check --format json`, read with
/// JSONSerialization as a script would.
struct CheckJSON {
    var findings: [[String: Any]]
    var pages: [[String: Any]]

    init?(_ object: Any) {
        guard let root = object as? [String: Any],
              let findings = root["findings"] as? [[String: Any]],
              let pages = root["pages"] as? [[String: Any]] else { return nil }
        self.findings = findings
        self.pages = pages
    }

    /// Each finding without its message, for comparing with expectations.
    var located: [LocatedFinding] {
        findings.compactMap(LocatedFinding.init)
    }

    /// The page whose slug is `slug`.
    func page(_ slug: String) -> [String: Any]? {
        pages.first { $0["slug"] as? String == slug }
    }
}

/// A finding's file, line, column, severity and code.
struct LocatedFinding: Hashable, Codable, Sendable, CustomStringConvertible {
    var file: String
    var line: Int
    var column: Int
    var severity: String
    var code: String

    init(file: String, line: Int, column: Int, severity: String, code: String) {
        self.file = file
        self.line = line
        self.column = column
        self.severity = severity
        self.code = code
    }

    init?(_ object: [String: Any]) {
        guard let file = object["file"] as? String, let line = object["line"] as? Int,
              let column = object["column"] as? Int, let severity = object["severity"] as? String,
              let code = object["code"] as? String else { return nil }
        self.init(file: file, line: line, column: column, severity: severity, code: code)
    }

    var description: String { "\(file):\(line):\(column): \(severity) [\(code)]" }
}

enum CheckSupport {
    /// The repository's root, found from this file's path.
    static let repositoryRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `Fixtures/Check` in the test bundle.
    static var fixtures: URL {
        get throws {
            let url = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
            return url.appendingPathComponent("Check")
        }
    }

    /// Runs `duosite` with `arguments` in `folder`.
    static func run(_ arguments: [String], in folder: URL) -> CheckRun {
        let output = Captured()
        let console = Console(out: { output.append(out: $0) }, err: { output.append(err: $0) })
        let status = DuoSiteCommand.run(arguments: arguments, currentDirectory: folder, console: console)
        return CheckRun(status: status, out: output.out, err: output.err)
    }
}

/// A site root of its own in a temporary folder, for one test (tests run in
/// parallel): a copy of a fixture, changed as the test needs, removed when
/// the test lets go of it.
final class ScratchSite {
    let root: URL

    /// A copy of the fixture `Fixtures/Check/<fixture>` (by default the
    /// clean site, with nothing to report).
    init(copying fixture: String = "clean") throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("duosite-check-\(UUID().uuidString)")
        let source = try CheckSupport.fixtures.appendingPathComponent(fixture)
        try FileManager.default.copyItem(at: source, to: root)
        try? FileManager.default.removeItem(at: root.appendingPathComponent("expected.json"))
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// Writes text to a file under the root.
    func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// Writes bytes to a file under the root.
    func write(_ data: Data, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    /// Removes a file under the root.
    func remove(_ path: String) throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent(path))
    }

    /// Runs `duosite check` on this site with `arguments` added.
    func check(_ arguments: [String] = [], today: String = "2026-11-29") -> CheckRun {
        CheckSupport.run(["check", "--root", root.path, "--today", today] + arguments, in: root)
    }

    /// `duosite check --format json`, parsed.
    func checkJSON(today: String = "2026-11-29") throws -> (status: Int32, json: CheckJSON) {
        let run = check(["--format", "json"], today: today)
        return (run.status, try run.json())
    }
}

/// The clean fixture's page: a page with nothing wrong, whose lines the
/// tests change one at a time.
enum CleanPage {
    static let path = "Content/patterns/first-page.md"

    static func text(
        lastChecked: String = "2026-10-08",
        frontMatterExtra: String = "",
        citation: String = "hig § Vertical controls · talk @ 6:13",
        tail: String = ""
    ) -> String {
        """
        ---
        title: First page
        summary: A page with nothing wrong.
        status: apple
        last_checked: \(lastChecked)
        \(frontMatterExtra)---

        ## The rules

        1. A rule.

           Sources (apple): \(citation)

        ## FAQ

        ### A question?

        An answer.

        """ + tail
    }
}
