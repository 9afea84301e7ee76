import Foundation
import Testing
import DuoSite

/// `duosite check`'s three output formats: compiler-style lines on standard
/// error, one JSON document, and GitHub Actions annotations.
struct CheckOutputFormatTests {
    /// A site with an error and a warning on one page, and a second page
    /// that is fresh.
    private func siteWithFindings() throws -> ScratchSite {
        let site = try ScratchSite()
        // Stale (2026-03-02 + 180d = 2026-08-29), and an unknown key.
        try site.write(CleanPage.text(lastChecked: "2026-03-02", frontMatterExtra: "tagz: [bars]\n"), to: CleanPage.path)
        try site.write("""
        ---
        title: "Second page: “quoted”, <b>bold</b> & 100%"
        summary: Another page.
        status: recommendation
        last_checked: 2026-10-08
        ---

        Text.

        """, to: "Content/patterns/second-page.md")
        return site
    }

    @Test func jsonFindingsAndPages() throws {
        let site = try siteWithFindings()
        let run = site.check(["--format", "json"])
        #expect(run.status == 1)
        #expect(run.err.isEmpty)
        let json = try run.json()

        #expect(json.findings.count == 2)
        for finding in json.findings {
            #expect(Set(finding.keys) == ["file", "line", "column", "severity", "code", "message"])
            #expect(finding["file"] is String)
            #expect(finding["line"] is Int)
            #expect(finding["column"] is Int)
            #expect(finding["message"] is String)
        }
        #expect(json.located == [
            LocatedFinding(file: CleanPage.path, line: 5, column: 15, severity: "error", code: "stale"),
            LocatedFinding(file: CleanPage.path, line: 6, column: 1, severity: "warning", code: "unknown-key"),
        ])
        let message = try #require(json.findings.first?["message"] as? String)
        #expect(message == "last checked 2026-03-02 is 272 days ago; pages are due every 180 days")

        #expect(json.pages.count == 2)
        for page in json.pages {
            #expect(Set(page.keys) == ["file", "slug", "last_checked", "due", "status"])
        }
        let first = try #require(json.page("first-page"))
        #expect(first["file"] as? String == CleanPage.path)
        #expect(first["last_checked"] as? String == "2026-03-02")
        #expect(first["due"] as? String == "2026-08-29")
        #expect(first["status"] as? String == "stale")
        let second = try #require(json.page("second-page"))
        #expect(second["file"] as? String == "Content/patterns/second-page.md")
        #expect(second["last_checked"] as? String == "2026-10-08")
        #expect(second["due"] as? String == "2027-04-06")
        #expect(second["status"] as? String == "fresh")
    }

    @Test func jsonOfACleanSite() throws {
        let site = try ScratchSite()
        let run = site.check(["--format", "json"])
        #expect(run.status == 0)
        let json = try run.json()
        #expect(json.findings.isEmpty)
        #expect(json.pages.count == 1)
    }

    @Test func jsonEscapesEveryMessage() throws {
        let site = try siteWithFindings()
        // The same awkward title twice: the message quotes it.
        try site.write("""
        ---
        title: "Second page: “quoted”, <b>bold</b> & 100%"
        summary: "A \\"third\\" page\\twith a tab and a \\\\ backslash."
        status: apple
        last_checked: 2026-10-08
        ---

        """, to: "Content/patterns/third-page.md")
        let json = try site.check(["--format", "json"]).json()
        let duplicate = try #require(json.findings.first { $0["code"] as? String == "duplicate-title" })
        #expect((duplicate["message"] as? String)?.contains("“quoted”, <b>bold</b> & 100%") == true)
    }

    @Test func jsonFormatIsTheSameWrittenWithAnEqualsSign() throws {
        let site = try siteWithFindings()
        let spaced = site.check(["--format", "json"])
        let joined = CheckSupport.run(["check", "--root=\(site.root.path)", "--today=2026-11-29", "--format=json"], in: site.root)
        #expect(spaced.out == joined.out)
        #expect(spaced.status == joined.status)
    }

    @Test func githubAnnotations() throws {
        let site = try siteWithFindings()
        let run = site.check(["--format", "github"])
        #expect(run.status == 1)
        #expect(run.err.isEmpty)
        let lines = run.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines == [
            "::error file=Content/patterns/first-page.md,line=5,col=15,title=stale::last checked 2026-03-02 is 272 days ago; pages are due every 180 days",
            "::warning file=Content/patterns/first-page.md,line=6,col=1,title=unknown-key::unknown key 'tagz' in the front matter; did you mean 'tags'?",
            "",
        ])
    }

    @Test func githubAnnotationsEscapeTheirMessages() throws {
        let site = try ScratchSite()
        try site.write("""
        ---
        title: "100% sure"
        summary: Percent signs and commas, in a title.
        status: apple
        last_checked: 2026-10-08
        ---

        """, to: "Content/patterns/a-page.md")
        try site.write("""
        ---
        title: "100% sure"
        summary: The same title.
        status: apple
        last_checked: 2026-10-08
        ---

        """, to: "Content/patterns/b-page.md")
        let run = site.check(["--format", "github"])
        let line = try #require(run.out.split(separator: "\n").first { $0.contains("title=duplicate-title") })
        #expect(line.hasPrefix("::error file=Content/patterns/b-page.md,line=2,col=8,title=duplicate-title::"))
        #expect(line.contains("100%25 sure"))
        #expect(!line.contains("100% "))
    }

    @Test func githubOfACleanSiteIsEmpty() throws {
        let site = try ScratchSite()
        let run = site.check(["--format", "github"])
        #expect(run.status == 0)
        #expect(run.out.isEmpty)
    }

    @Test func textOnStandardError() throws {
        let site = try siteWithFindings()
        let run = site.check()
        #expect(run.status == 1)
        let lines = run.err.split(separator: "\n").map(String.init)
        #expect(lines == [
            "Content/patterns/first-page.md:5:15: error: last checked 2026-03-02 is 272 days ago; pages are due every 180 days [stale]",
            "Content/patterns/first-page.md:6:1: warning: unknown key 'tagz' in the front matter; did you mean 'tags'? [unknown-key]",
        ])
        // Standard output holds only the summary line.
        #expect(run.out == "2 pages checked (1 fresh, 0 due soon, 1 stale): 1 error, 1 warning\n")
    }

    @Test func textKeepsEachFindingOnOneLine() throws {
        let site = try ScratchSite()
        for name in ["a-page", "b-page"] {
            try site.write("""
            ---
            title: "Two\\nlines\\r\\nof title\\u2028here"
            summary: A title with line breaks in it.
            status: apple
            last_checked: 2026-10-08
            ---

            """, to: "Content/patterns/\(name).md")
        }
        let run = site.check()
        let lines = run.err.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2, "\(run.err)")
        #expect(lines.first?.hasPrefix("Content/patterns/b-page.md:2:8: error: the title 'Two lines of title here'") == true, "\(run.err)")
        #expect(lines.first?.hasSuffix("[duplicate-title]") == true)
        // JSON and GitHub keep the message as it is, escaped.
        let json = try site.check(["--format", "json"]).json()
        #expect((json.findings.first?["message"] as? String)?.contains("Two\nlines\r\nof title\u{2028}here") == true)
        let github = site.check(["--format", "github"])
        #expect(github.out.contains("Two%0Alines%0D%0Aof title"))
        #expect(github.out.split(separator: "\n").count == 1)
    }

    @Test func textIsTheDefaultAndNamedTheSame() throws {
        let site = try siteWithFindings()
        let implicit = site.check()
        let explicit = site.check(["--format", "text"])
        #expect(implicit.err == explicit.err)
        #expect(implicit.out == explicit.out)
    }

    @Test func textOfACleanSitePrintsNoFinding() throws {
        let site = try ScratchSite()
        let run = site.check()
        #expect(run.status == 0)
        #expect(run.err.isEmpty)
        #expect(run.out == "1 page checked (1 fresh, 0 due soon, 0 stale): 0 errors, 0 warnings\n")
    }

    /// A page whose last-checked date cannot be read is counted all the
    /// same, apart from those reviewed, and so is a page that cannot be read.
    @Test func pagesWithNoDateToGoByAreCounted() throws {
        let site = try ScratchSite()
        try site.write(CleanPage.text(lastChecked: "2026-10-8"), to: "Content/patterns/second-page.md")
        try site.write("---\ntitle: [unclosed\n---\n", to: "Content/patterns/third-page.md")
        let run = site.check()
        #expect(run.status == 1)
        #expect(run.out == "3 pages checked (1 fresh, 0 due soon, 0 stale, 2 with no last-checked date to go by): 3 errors, 1 warning\n", "\(run.err)")
    }

    @Test func findingsAreSortedByFileLineAndColumn() throws {
        let site = try ScratchSite()
        try site.write(CleanPage.text(citation: "hgi · talk @ 25:00"), to: CleanPage.path)
        try site.write(CleanPage.text(lastChecked: "2026-03-02").replacingOccurrences(of: "First page", with: "Another page")
            .replacingOccurrences(of: "A question?", with: "Another question?"), to: "Content/patterns/another-page.md")
        let json = try site.check(["--format", "json"]).json()
        let located = json.located
        #expect(located.count >= 3)
        let keys = located.map { ($0.file, $0.line, $0.column) }
        #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(located.first?.file == "Content/patterns/another-page.md")
    }

    @Test func runsGiveTheSameOutput() throws {
        let site = try siteWithFindings()
        let first = site.check(["--format", "json"])
        let second = site.check(["--format", "json"])
        #expect(first.out == second.out)
    }
}
