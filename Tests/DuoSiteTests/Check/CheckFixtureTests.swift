import Diagnostics
import Foundation
import Testing
import DuoSite

/// One fixture per finding code: a small site root under
/// `Fixtures/Check/<code>/` with one thing wrong, and, next to it,
/// `expected.json`: the day to check on, the exit status, and every finding
/// `duosite check` must report, with its file, line, column and severity.
struct CheckFixtureTests {
    /// The codes `duosite check` reports about content; the placement
    /// table's codes are tested with the placement engine.
    static let contentCodes = [
        "stale", "due-soon", "future-date", "missing-field", "invalid-field", "unknown-key",
        "unknown-source", "timestamp-past-end", "broken-link", "broken-anchor", "invalid-demo",
        "unknown-device", "unknown-field", "unknown-symbol", "rule-numbering", "empty-answer",
        "invalid-citation", "unused-source", "checked-before-source", "duplicate-title",
        "duplicate-question", "invalid-tag", "yaml-syntax", "missing-front-matter", "unreadable-file",
        "duplicate-section", "misnamed-section", "empty-faq", "misnamed-demo", "empty-heading", "raw-html", "missing-alt", "heading-order",
        "static-conflict", "placeholder", "uncited-rule", "ignored-file", "over-limit", "alias-conflict", "address-removed",
    ]

    /// Codes that are not about what editors write in pages and files of
    /// Content/ (the placement table's, a missing file, a theme template,
    /// the file system refusing to write or read, the answers of other
    /// sites to `--links`, tested against a local server), or that only
    /// `build` reports (`placeholder-base-url`, tested with a build).
    static let otherCodes: Set<DiagnosticCode> = [
        .unreachablePlacement, .unknownPatternRule, .invalidPlacement, .missingFile, .template, .writeFailed, .readFailed,
        .linkBroken, .linkMoved, .placeholderBaseURL,
    ]

    struct Expectation: Decodable {
        var today: String
        var status: Int32
        var findings: [LocatedFinding]
    }

    private func expectation(_ fixture: URL) throws -> Expectation {
        let data = try Data(contentsOf: fixture.appendingPathComponent("expected.json"))
        return try JSONDecoder().decode(Expectation.self, from: data)
    }

    @Test(arguments: ["clean"] + contentCodes)
    func fixture(_ name: String) throws {
        let fixture = try CheckSupport.fixtures.appendingPathComponent(name)
        let expected = try expectation(fixture)
        let run = CheckSupport.run(["check", "--root", fixture.path, "--today", expected.today, "--format", "json"], in: fixture)
        let json = try run.json()

        let found = json.located
        #expect(found.sorted { $0.description < $1.description } == expected.findings.sorted { $0.description < $1.description },
                "\(json.findings.map { "\($0["file"]!):\($0["line"]!):\($0["column"]!): \($0["code"]!): \($0["message"]!)" })")
        #expect(run.status == expected.status)
        if name != "clean" {
            #expect(found.contains { $0.code == name }, "the fixture \(name) reports no \(name)")
        }
        for finding in json.findings {
            let message = try #require(finding["message"] as? String)
            #expect(!message.isEmpty)
            #expect(!message.contains("\n"))
        }
    }

    @Test func everyContentCodeHasAFixture() throws {
        let codes = Set(DiagnosticCode.allCases).subtracting(Self.otherCodes).map(\.rawValue)
        #expect(Set(codes) == Set(Self.contentCodes))
        let folders = try FileManager.default.contentsOfDirectory(atPath: CheckSupport.fixtures.path)
        for code in Self.contentCodes {
            #expect(folders.contains(code), "no fixture for \(code)")
        }
    }

    /// The severities `docs/content-format.md` promises editors are the ones
    /// duosite gives, and it lists every code.
    @Test func documentedFindingsMatchTheCodes() throws {
        let docs = try String(contentsOf: CheckSupport.repositoryRoot.appendingPathComponent("docs/content-format.md"), encoding: .utf8)
        let findings = try #require(docs.range(of: "## Findings"))
        var documented: [String: String] = [:]
        for line in docs[findings.upperBound...].split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 2 else { continue }
            documented[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1]
        }
        for code in Self.contentCodes {
            let severity = try #require(documented[code], "docs/content-format.md does not list \(code)")
            #expect(DiagnosticCode(rawValue: code)?.defaultSeverity.rawValue == severity, "\(code)")
        }
        for (code, severity) in documented {
            let known = try #require(DiagnosticCode(rawValue: code), "docs/content-format.md lists \(code), which duosite does not have")
            #expect(known.defaultSeverity.rawValue == severity, "\(code)")
        }
    }
}
