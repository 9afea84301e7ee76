import Foundation
import Testing
import DuoSite

/// `duosite new`: a draft page from the site's skeleton that passes
/// `check`, left out of `build` until it is no longer a draft, and never
/// written over another page.
struct NewCommandTests {
    /// A file of `Fixtures/New` in the test bundle.
    static func fixture(_ name: String) throws -> String {
        let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil)).appendingPathComponent("New")
        return try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    /// The names of the page files of `site`.
    static func pages(_ site: TestSite) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: site.root.appendingPathComponent("Content/patterns").path).sorted()
    }

    @Test func aNewPagePassesCheckAndWaitsToBePublished() throws {
        let site = try TestSite()
        defer { site.remove() }
        let made = site.run(["new", "Keep the column clear", "--today", "2026-11-29"])
        #expect(made.status == 0, "\(made.err)")
        #expect(made.out.hasPrefix("Wrote Content/patterns/keep-the-column-clear.md, a draft.\n"))
        let text = try site.read("Content/patterns/keep-the-column-clear.md")
        #expect(text.hasPrefix("---\ntitle: \"Keep the column clear\"\n"))
        for line in ["status: recommendation\n", "last_checked: 2026-11-29\n", "draft: true\n", "## The problem\n", "## The rules\n", "1. Write the first rule here.\n", "## FAQ\n", "<!--"] {
            #expect(text.contains(line), "\(line)")
        }
        #expect(!text.contains("owner:"))

        // check: no finding at all, and the page is fresh.
        let check = site.checkJSON()
        #expect(check.status == 0)
        let json = try check.json()
        #expect(json.findings.isEmpty, "\(json.findings)")
        #expect(json.page("keep-the-column-clear")?["status"] as? String == "fresh")

        // build: left out while a draft; published, comments left out, once not.
        site.build()
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Public/patterns/keep-the-column-clear").path))
        #expect(try !site.read("Public/index.html").contains("Keep the column clear"))
        // Once not a draft, the placeholders are errors at their lines, in
        // check and build, and nothing is published.
        let path = "Content/patterns/keep-the-column-clear.md"
        let undrafted = text.replacingOccurrences(of: "draft: true\n", with: "")
        try site.write(undrafted, to: path)
        let lines = undrafted.split(separator: "\n", omittingEmptySubsequences: false)
        func line(_ text: String) -> Int { (lines.firstIndex { $0.contains(text) } ?? -1) + 1 }
        let placeholders = [
            LocatedFinding(file: path, line: line("summary:"), column: 10, severity: "error", code: "placeholder"),
            LocatedFinding(file: path, line: line("Describe the problem here."), column: 1, severity: "error", code: "placeholder"),
            LocatedFinding(file: path, line: line("1. Write the first rule here."), column: 4, severity: "error", code: "placeholder"),
            LocatedFinding(file: path, line: line("### What question does"), column: 1, severity: "error", code: "placeholder"),
            LocatedFinding(file: path, line: line("Answer it here, in a sentence or two."), column: 1, severity: "error", code: "placeholder"),
            LocatedFinding(file: path, line: line("1. Write the first rule here."), column: 1, severity: "warning", code: "uncited-rule"),
        ]
        let undraftedCheck = site.checkJSON()
        #expect(undraftedCheck.status == 1)
        #expect(Set(try undraftedCheck.json().located) == Set(placeholders))
        let refused = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(refused.status == 1)
        #expect(refused.err.contains("\(path):\(line("Describe the problem here.")):1: error: 'Describe the problem here.' is the new page's placeholder"), "\(refused.err)")
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Public/patterns/keep-the-column-clear").path))

        // Written, it is published, its comments left out.
        var written = undrafted
        for (placeholder, text) in [
            ("One or two sentences on what this pattern asks of an app on iPhone Duo.", "Keep the column for the bars' items."),
            ("Describe the problem here.", "Views in the column hide the bars."),
            ("Write the first rule here.", "Keep the column clear.\n\n   Sources (recommendation): hig § Vertical controls"),
            ("What question does Keep the column clear answer?", "Can a view go in the column?"),
            ("Answer it here, in a sentence or two.", "Only a view that declares it can go vertical."),
        ] {
            written = written.replacingOccurrences(of: placeholder, with: text)
        }
        try site.write(written, to: path)
        site.build()
        let page = try site.read("Public/patterns/keep-the-column-clear/index.html")
        #expect(page.contains("Keep the column clear"))
        #expect(page.contains("Views in the column hide the bars."))
        #expect(!page.contains("A new pattern page."))
        #expect(try site.read("Public/index.html").contains("Keep the column clear"))
    }

    @Test func statusSlugAndTheSiteOwner() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(try site.read("Content/site.yml") + "owner: DuoApps editors\n", to: "Content/site.yml")
        let title = #"Say "hi": a \ title"#
        let made = site.run(["new", title, "--status", "apple", "--slug", "say-hi", "--today", "2026-11-29"])
        #expect(made.status == 0, "\(made.err)")
        let text = try site.read("Content/patterns/say-hi.md")
        #expect(text.hasPrefix(#"""
        ---
        title: "Say \"hi\": a \\ title"
        summary: "One or two sentences on what this pattern asks of an app on iPhone Duo."
        status: apple
        last_checked: 2026-11-29
        owner: "DuoApps editors"
        draft: true
        ---

        """#))
        let json = try site.checkJSON().json()
        #expect(json.findings.isEmpty, "\(json.findings)")
        #expect(json.page("say-hi")?["status"] as? String == "fresh")
    }

    @Test func anArchetypeIsTheSkeleton() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(try site.read("Content/site.yml") + "owner: DuoApps editors\n", to: "Content/site.yml")
        try site.write(try Self.fixture("archetype.md"), to: "Content/archetype.md")
        let made = site.run(["new", "Keep the column clear", "--status", "apple", "--today", "2026-11-29"])
        #expect(made.status == 0, "\(made.err)")
        #expect(try site.read("Content/patterns/keep-the-column-clear.md") == Self.fixture("archetype.expected.md"))
        #expect(try site.checkJSON().json().findings.isEmpty)
    }

    @Test(arguments: [
        ("archetype-published.md", "Content/patterns/keep-the-column-clear.md:1:1: error: Content/archetype.md should make a draft"),
        ("archetype-broken-template.md", "Content/archetype.md:9:1: error:"),
        ("archetype-broken-yaml.md", "Content/patterns/keep-the-column-clear.md:2:"),
    ])
    func aBrokenArchetypeWritesNothing(archetype: String, message: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(try Self.fixture(archetype), to: "Content/archetype.md")
        let before = try Self.pages(site)
        let made = site.run(["new", "Keep the column clear", "--today", "2026-11-29"])
        #expect(made.status == 1)
        #expect(made.err.contains(message), "\(made.err)")
        #expect(made.err.hasSuffix("Nothing was written.\n"))
        #expect(try Self.pages(site) == before)
    }

    @Test func neverOverAnotherPage() throws {
        let site = try TestSite()
        defer { site.remove() }
        let existing = try site.read("Content/patterns/where-the-bars-go.md")
        let before = try Self.pages(site)

        // The slug of a page that exists.
        let sameSlug = site.run(["new", "Where the bars go!", "--today", "2026-11-29"])
        #expect(sameSlug.status == 1)
        #expect(sameSlug.err == "error: Content/patterns/where-the-bars-go.md exists already; give the new page another title, or another slug with --slug\nNothing was written.\n")

        // The title of a page that exists, whatever its case and spaces, under another slug.
        let sameTitle = site.run(["new", " WHERE the bars go ", "--slug", "bars-again", "--today", "2026-11-29"])
        #expect(sameTitle.status == 1)
        #expect(sameTitle.err.hasPrefix("Content/patterns/where-the-bars-go.md:2:8: error: 'WHERE the bars go' is this page's title already"))
        #expect(sameTitle.err.hasSuffix("[duplicate-title]\nNothing was written.\n"))

        #expect(try Self.pages(site) == before)
        #expect(try site.read("Content/patterns/where-the-bars-go.md") == existing)
    }

    @Test(arguments: [
        ([], "error: missing TITLE"),
        ([""], "error: the title is empty"),
        (["   "], "error: the title is empty"),
        (["Keep", "the", "column"], "error: unexpected argument 'the'; put a title of several words in quotes: duosite new \"Keep the column\""),
        (["A title", "--status", "Apple"], "error: --status should be apple or recommendation, not 'Apple'; did you mean 'apple'?"),
        (["A title", "--slug", "A Title"], "error: --slug should be lowercase letters (a to z), digits and '-', at most 100, not 'A Title'; did you mean 'a-title'?"),
        (["A title", "--slug", "über"], "error: --slug should be lowercase letters (a to z), digits and '-', at most 100, not 'über'; did you mean 'uber'?"),
        (["!!!"], "error: the title '!!!' has no letter or digit of the Latin alphabet to make the page's address of; give --slug"),
        (["日本語"], "error: the title '日本語' has no letter or digit of the Latin alphabet to make the page's address of; give --slug"),
        (["posts/foo-bar.md"], "error: 'posts/foo-bar.md': pages are all in Content/patterns/; name the file alone (duosite new foo-bar.md) or give a title"),
        (["Foo_Bar.md"], "error: the file name 'Foo_Bar.md' cannot be a page's address; use lowercase letters, digits and '-'; did you mean 'foo-bar.md'?"),
        (["A title", "--stat", "apple"], "error: unknown option '--stat'; did you mean '--status'?"),
    ])
    func wrongCommandLine(arguments: [String], message: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        let before = try Self.pages(site)
        let result = site.run(["new"] + arguments)
        #expect(result.status == 64)
        #expect(result.err.hasPrefix(message), "\(result.err)")
        #expect(result.err.contains("Usage: duosite new TITLE"))
        #expect(try Self.pages(site) == before)
    }

    /// Any title makes an address `build` takes: letters with accents
    /// lose them, as tags' do, and the page, a draft, stops no build.
    @Test(arguments: [
        ("Über-menüs", "uber-menus"), ("Écran fermé", "ecran-ferme"), ("Straße für Ærø", "strasse-fur-aero"),
        ("Tabs 日本語 in the column", "tabs-in-the-column"), ("Tabs / sidebars", "tabs-sidebars"), ("Notes on README.md", "notes-on-readme-md"), ("Don’t hide the bar!", "dont-hide-the-bar"),
        (String(repeating: "Column ", count: 20), "column" + String(repeating: "-column", count: 13)),
    ])
    func anyTitleMakesAnAddress(title: String, slug: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.setRealBaseURL()
        let made = site.run(["new", title, "--today", "2026-11-29"])
        #expect(made.status == 0, "\(made.err)")
        #expect(made.out.hasPrefix("Wrote Content/patterns/\(slug).md, a draft.\n"), "\(made.out)")
        #expect(slug.utf8.count <= 100)
        #expect(try site.read("Content/patterns/\(slug).md").contains("title: \"\(title.trimmingCharacters(in: .whitespaces))\"\n"))
        let build = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(build.status == 0, "\(build.err)")
        #expect(build.err.isEmpty, "\(build.err)")
    }

    /// `hugo new`'s form: a file, in the pages' folder or alone, whose name
    /// is the slug and gives the title.
    @Test(arguments: ["patterns/foo-bar.md", "foo-bar.md", "Content/patterns/foo-bar.md", "content/patterns/foo-bar.md"])
    func aFileNamesThePage(argument: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        let made = site.run(["new", argument, "--today", "2026-11-29"])
        #expect(made.status == 0, "\(made.err)")
        #expect(made.out.hasPrefix("Wrote Content/patterns/foo-bar.md, a draft.\n"))
        #expect(try site.read("Content/patterns/foo-bar.md").hasPrefix("---\ntitle: \"Foo bar\"\n"))
        #expect(try Self.pages(site) == ["foo-bar.md", "symbols-not-labels.md", "where-the-bars-go.md"])
    }

    @Test func helpAndDidYouMean() throws {
        let site = try TestSite()
        defer { site.remove() }
        for command in ["new", "mark-checked"] {
            let help = site.run([command, "--help"])
            #expect(help.status == 0)
            #expect(help.out.hasPrefix("Usage: duosite \(command) "))
        }
        let overview = site.run(["--help"])
        #expect(overview.out.contains("  new           Start a new pattern page, as a draft\n"))
        #expect(overview.out.contains("  mark-checked  Record that pages were checked against their sources today\n"))
        let typo = site.run(["mark-check", "plain"])
        #expect(typo.status == 64)
        #expect(typo.err.hasPrefix("error: unknown command 'mark-check'; did you mean 'mark-checked'?"))
    }
}
