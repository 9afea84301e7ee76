import Foundation

/// `duosite new TITLE`: writes a new pattern page, a draft, from the site's
/// skeleton.
struct NewCommand: Subcommand {
    static let name = "new"
    static let abstract = "Start a new pattern page, as a draft"
    static let help = """
    Usage: duosite new TITLE [--status apple|recommendation] [--slug SLUG] [--root DIR] [--today DATE]

    Writes Content/patterns/<slug>.md: a draft pattern page with the title,
    the status, last_checked today and the site's owner (site.yml's owner),
    and a section for the problem, the rules and the FAQ, with what goes in
    each in HTML comments, which the build leaves out. The page is from
    Content/archetype.md when the site has one (a Mustache template given
    title, slug, status, today and owner, and title_yaml and owner_yaml, the
    same in YAML quotes). The build publishes the page once its
    'draft: true' line is gone. It never writes over a page: a page file of
    that slug, or a page of that title, is an error.

    Options:
      --status STATUS  apple (guidance as Apple gives it) or recommendation
                       (the site's own advice; the default)
      --slug SLUG      The page's slug, its file name and address (default:
                       made from the title: "Where the bars go" gives
                       where-the-bars-go)
      --root DIR       The site root (default: the current folder)
      --today DATE     The page's last_checked, YYYY-MM-DD (default: today, UTC)
      --help           Show this help

    Exit status: 0 the page is written; 1 it is not (the page exists, or the
    site's files or skeleton have errors); 64 the command line is wrong.

    """

    let title: String
    let status: Pattern.Status
    let slug: String
    let root: URL
    let today: Day

    init(arguments: [String], currentDirectory: URL) throws(UsageError) {
        let parsed = try Arguments(arguments, options: ["--status", "--slug", "--root", "--today"], flags: [])
        guard let title = parsed.positionals.first else { throw UsageError("missing TITLE: the new page's title, in quotes if it has several words") }
        if parsed.positionals.count > 1 {
            throw UsageError("unexpected argument '\(parsed.positionals[1])'; put a title of several words in quotes: duosite new \"\(parsed.positionals.joined(separator: " "))\"")
        }
        self.title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !self.title.isEmpty else { throw UsageError("the title is empty; give the new page's title") }
        let statusText = parsed["--status"] ?? Pattern.Status.recommendation.rawValue
        guard let status = Pattern.Status(rawValue: statusText) else {
            var reason = "--status should be apple or recommendation, not '\(statusText)'"
            if let meant = Suggestion.nearest(to: statusText.lowercased(), in: ["apple", "recommendation"]) { reason += "; did you mean '\(meant)'?" }
            throw UsageError(reason)
        }
        self.status = status
        if let slug = parsed["--slug"] {
            guard Slug.make(slug) == slug else {
                var reason = "--slug should be lowercase letters and digits joined by '-', not '\(slug)'"
                if let meant = Slug.make(slug) { reason += "; did you mean '\(meant)'?" }
                throw UsageError(reason)
            }
            self.slug = slug
        } else {
            guard let slug = Slug.make(self.title) else {
                throw UsageError("the title '\(self.title)' has no letter or digit to make a slug of; give one with --slug")
            }
            self.slug = slug
        }
        root = CommonOptions.root(parsed, currentDirectory: currentDirectory)
        today = try CommonOptions.today(parsed)
    }

    func validate() throws(UsageError) {
        try CommonOptions.validateRoot(root)
    }

    func run(_ console: Console) -> Int32 {
        let (settings, found) = SiteSettings.forEditing(root: root)
        guard let settings else {
            DiagnosticWriter.writeText(found.sortedForOutput(), to: console)
            console.err("Nothing was written.\n")
            return 1
        }
        let page = NewPage(title: title, slug: slug, status: status, today: today, owner: settings.owner)
        let file = root.appendingPathComponent(page.path)

        // Never over another page: its file, or its title.
        if FileManager.default.fileExists(atPath: file.path) {
            console.err("error: \(page.path) exists already; give the new page another title, or another slug with --slug\nNothing was written.\n")
            return 1
        }
        if let other = NewPage.page(titled: title, among: PageSource.pageFiles(root: root), root: root) {
            let finding = Diagnostic(.duplicateTitle, "'\(title)' is this page's title already; give the new page a title of its own", at: other)
            console.err(finding.formatted + "\nNothing was written.\n")
            return 1
        }

        // The skeleton: the site's, else the built-in one.
        var result: (text: String?, errors: [Diagnostic])
        let hasArchetype = FileManager.default.fileExists(atPath: root.appendingPathComponent(NewPage.archetypePath).path)
        if hasArchetype {
            switch SourceFile.read(NewPage.archetypePath, root: root) {
            case .failure(let diagnostic):
                result = (nil, [diagnostic])
            case .success(let archetype):
                result = page.text(skeleton: archetype.text, skeletonPath: NewPage.archetypePath, allowRawHTML: settings.allowRawHTML)
            }
        } else {
            result = page.text(allowRawHTML: settings.allowRawHTML)
        }
        guard let text = result.text else {
            console.err("error: the page for '\(title)' cannot be made\(hasArchetype ? " from \(NewPage.archetypePath)" : ""):\n")
            DiagnosticWriter.writeText(result.errors, to: console)
            console.err("Nothing was written.\n")
            return 1
        }

        do {
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try PageFileWriter.create(Array(text.utf8), at: file)
        } catch let failure as PageFileWriter.Failure {
            console.err("error: \(page.path): \(failure.reason)\nNothing was written.\n")
            return 1
        } catch {
            console.err("error: cannot make \(Site.Paths.patterns)/: \(error.localizedDescription)\nNothing was written.\n")
            return 1
        }
        console.out("""
        Wrote \(page.path), a draft.
        Next: write the page (its comments say what goes where), run 'duosite check', and delete its 'draft: true' line to publish it.

        """)
        return 0
    }
}
