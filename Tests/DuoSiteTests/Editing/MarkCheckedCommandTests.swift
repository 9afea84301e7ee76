import Foundation
import Testing
import DuoSite

/// `duosite mark-checked`: sets a page's `last_checked:` and changes no
/// other byte; refuses, changing nothing, what it cannot do.
struct MarkCheckedCommandTests {
    /// `Fixtures/MarkChecked` in the test bundle: each `<name>.md` beside
    /// `<name>.expected.md`, the same file marked checked on 2026-12-06.
    static func fixture(_ name: String) throws -> Data {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)).appendingPathComponent("MarkChecked")
        return try Data(contentsOf: folder.appendingPathComponent(name))
    }

    /// A copy of the repository's site with the fixture `name` as the page `name`.
    static func site(with names: [String]) throws -> TestSite {
        let site = try TestSite()
        for name in names {
            try fixture("\(name).md").write(to: site.root.appendingPathComponent("Content/patterns/\(name).md"))
        }
        return site
    }

    static func bytes(_ site: TestSite, _ name: String) throws -> Data {
        try Data(contentsOf: site.root.appendingPathComponent("Content/patterns/\(name).md"))
    }

    @Test(arguments: [
        ("plain", "2026-02-28", "2027-06-04"),
        ("double-quoted", "2026-02-28", "2027-06-04"),
        ("single-quoted", "2026-02-28", "2027-06-04"),
        ("comments", "2026-02-28", "2027-06-04"),
        ("crlf", "2026-02-28", "2027-06-04"),
        ("no-date", "never", "2027-06-06"),
        ("no-date-crlf", "never", "2027-06-04"),
    ])
    func changesTheOneLine(name: String, before: String, due: String) throws {
        let site = try Self.site(with: [name])
        defer { site.remove() }
        let result = site.run(["mark-checked", name, "--today", "2026-12-06"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out == "Content/patterns/\(name).md: last checked \(before) → 2026-12-06; next due \(due)\n")
        #expect(try Self.bytes(site, name) == Self.fixture("\(name).expected.md"))

        // What check now says of the page.
        let check = site.checkJSON(today: "2026-12-06")
        let page = try #require(try check.json().page(name))
        #expect(page["last_checked"] as? String == "2026-12-06")
        #expect(page["due"] as? String == due)
        #expect(page["status"] as? String == "fresh")
    }

    @Test func keepsPermissionsAndLeavesNothingBeside() throws {
        let site = try Self.site(with: ["plain"])
        defer { site.remove() }
        let path = site.root.appendingPathComponent("Content/patterns/plain.md").path
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: path)
        let before = try FileManager.default.contentsOfDirectory(atPath: site.root.appendingPathComponent("Content/patterns").path).sorted()
        #expect(site.run(["mark-checked", "plain", "--date", "2026-12-01", "--today", "2026-12-06"]).status == 0)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.appendingPathComponent("Content/patterns").path).sorted() == before)
        #expect(try site.read("Content/patterns/plain.md").contains("last_checked: 2026-12-01\n"))
    }

    @Test func namesAPageBySlugOrPath() throws {
        let site = try Self.site(with: ["plain", "crlf", "comments"])
        defer { site.remove() }
        // From the Content folder, a path from there; from the root, a path and a slug.
        let output = Captured()
        let console = Console(out: { output.append(out: $0) }, err: { output.append(err: $0) })
        let status = DuoSiteCommand.run(
            arguments: ["mark-checked", "patterns/plain.md", "Content/patterns/crlf.md", "comments", "--root", site.root.path, "--today", "2026-12-06"],
            currentDirectory: site.root.appendingPathComponent("Content"), console: console)
        #expect(status == 0, "\(output.err)")
        #expect(output.out.split(separator: "\n").map { String($0.prefix(while: { $0 != ":" })) } == ["Content/patterns/plain.md", "Content/patterns/crlf.md", "Content/patterns/comments.md"])
        for name in ["plain", "crlf", "comments"] {
            #expect(try Self.bytes(site, name) == Self.fixture("\(name).expected.md"))
        }
    }

    @Test(arguments: [
        ("refused-yaml-error", "Content/patterns/refused-yaml-error.md:3:1: error: the front matter's YAML cannot be read", "yaml-syntax"),
        ("refused-no-front-matter", "Content/patterns/refused-no-front-matter.md:1:1: error: the page must open with front matter", "missing-front-matter"),
        ("refused-block-date", "Content/patterns/refused-block-date.md:5:15: error: 'last_checked' should be a date written YYYY-MM-DD", "invalid-field"),
        ("refused-flow-front-matter", "Content/patterns/refused-flow-front-matter.md:2:1: error: the front matter is written in a way mark-checked cannot change", "invalid-field"),
    ])
    func refusesAPageItCannotRead(name: String, message: String, code: String) throws {
        let site = try Self.site(with: [name])
        defer { site.remove() }
        let result = site.run(["mark-checked", name, "--today", "2026-12-06"])
        #expect(result.status == 1)
        #expect(result.out == "")
        #expect(result.err.hasPrefix(message), "\(result.err)")
        #expect(result.err.contains("[\(code)]\nNothing was changed.\n"))
        #expect(try Self.bytes(site, name) == Self.fixture("\(name).md"))
    }

    @Test(arguments: [
        (["plian"], "error: no page 'plian': Content/patterns/plian.md does not exist; did you mean 'plain'?"),
        (["Content/site.yml"], "error: 'Content/site.yml' is not a page of the site"),
        (["Content/patterns/gone.md"], "error: no page 'Content/patterns/gone.md': there is no such file"),
        (["refused-yaml-error"], "Content/patterns/refused-yaml-error.md:3:1: error:"),
    ])
    func refusesAndChangesNothing(arguments: [String], message: String) throws {
        // Every refusal leaves every page named as it was, even those it could mark.
        let site = try Self.site(with: ["plain", "no-date", "refused-yaml-error"])
        defer { site.remove() }
        let result = site.run(["mark-checked", "plain", "no-date"] + arguments + ["--today", "2026-12-06"])
        #expect(result.status == 1)
        #expect(result.err.hasPrefix(message), "\(result.err)")
        #expect(result.err.hasSuffix("Nothing was changed.\n"))
        #expect(result.out == "")
        for name in ["plain", "no-date", "refused-yaml-error"] {
            #expect(try Self.bytes(site, name) == Self.fixture("\(name).md"))
        }
    }

    /// A date that cannot be read, or after today, is a wrong command line,
    /// as `--today`'s is: exit 64 with the usage, and no page changes.
    @Test(arguments: [
        (["--date", "2026-12-07"], "error: --date 2026-12-07 is after today (2026-12-06)"),
        (["--date", "2026/12/01"], "error: --date should be a date written YYYY-MM-DD, not '2026/12/01'; did you mean '2026-12-01'?"),
        (["--date", "2026-02-30"], "error: --date should be a date written YYYY-MM-DD, not '2026-02-30'"),
        (["--date", "yesterday"], "error: --date should be a date written YYYY-MM-DD, not 'yesterday'"),
        (["--date", "December 1, 2026"], "error: --date should be a date written YYYY-MM-DD, not 'December 1, 2026'; did you mean '2026-12-01'?"),
    ])
    func aWrongDateIsAWrongCommandLine(arguments: [String], message: String) throws {
        let site = try Self.site(with: ["plain", "no-date"])
        defer { site.remove() }
        let result = site.run(["mark-checked", "plain", "no-date"] + arguments + ["--today", "2026-12-06"])
        #expect(result.status == 64)
        #expect(result.err.hasPrefix(message), "\(result.err)")
        #expect(result.err.contains("Usage: duosite mark-checked PAGE..."))
        #expect(result.out == "")
        for name in ["plain", "no-date"] {
            #expect(try Self.bytes(site, name) == Self.fixture("\(name).md"))
        }
    }

    @Test func markingTheSameDateAgainChangesNothing() throws {
        let site = try Self.site(with: ["plain"])
        defer { site.remove() }
        #expect(site.run(["mark-checked", "plain", "--today", "2026-12-06"]).status == 0)
        let again = site.run(["mark-checked", "plain", "plain", "--today", "2026-12-06"])
        #expect(again.status == 0)
        #expect(again.out == "Content/patterns/plain.md: last checked 2026-12-06 → 2026-12-06; next due 2027-06-04\n")
        #expect(try Self.bytes(site, "plain") == Self.fixture("plain.expected.md"))
    }

    @Test(arguments: [
        ([], "error: missing PAGE"),
        (["plain", "--dat", "2026-12-01"], "error: unknown option '--dat'; did you mean '--date'?"),
        (["plain", "--today", "soon"], "error: --today should be a date written YYYY-MM-DD"),
    ])
    func wrongCommandLine(arguments: [String], message: String) throws {
        let site = try Self.site(with: ["plain"])
        defer { site.remove() }
        let result = site.run(["mark-checked"] + arguments)
        #expect(result.status == 64)
        #expect(result.err.hasPrefix(message), "\(result.err)")
        #expect(result.err.contains("Usage: duosite mark-checked PAGE..."))
        #expect(try Self.bytes(site, "plain") == Self.fixture("plain.md"))
    }
}
