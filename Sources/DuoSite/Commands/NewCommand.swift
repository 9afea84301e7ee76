import Diagnostics
import Files
import Foundation

/// `duosite new TITLE`: writes a new pattern page, a draft, from the site's
/// skeleton.
struct NewCommand: Subcommand {
    static let name = "new"
    static let abstract = "Start a new pattern page, as a draft"
    /// The options it takes a value for, and its flags.
    static let options: Set<String> = ["--status", "--slug", "--root", "--today"]
    static let flags: Set<String> = []
    static let help = """
    Usage: duosite new TITLE|FILE.md [--status apple|recommendation]
                       [--slug SLUG] [--root DIR] [--today DATE]

    Writes Content/patterns/<slug>.md: a draft pattern page with the title, the
    status, last_checked today and the site's owner (site.yml's owner), and a
    section for the problem, the rules and the FAQ, with what goes in each in
    HTML comments, which the build leaves out. The page is from
    Content/archetype.md when the site has one (a Mustache template given title,
    slug, status, today and owner, and title_yaml and owner_yaml, the same in
    YAML quotes).

    The build publishes the page once its 'draft: true' line is gone; the
    skeleton's placeholder sentences left in it then are errors (placeholder),
    and so is a rule of an apple page with no citation block (uncited-rule). It
    never writes over a page: a page file of that slug, or a page of that title,
    is an error.

    Options:
      --status STATUS    apple (guidance as Apple gives it) or recommendation
                         (the site's own advice; the default)
      --slug SLUG        The page's slug, its file name and address (default:
                         made from the title in ASCII: "Where the bars go" gives
                         where-the-bars-go, "Über-menüs" uber-menus; a title
                         with no Latin letter needs one). Given a file, as hugo
                         new takes it (foo-bar.md, patterns/foo-bar.md), the
                         slug is its name and the title is made of it ("Foo
                         bar")
      -r, --root DIR     The site root (default: the nearest folder from here
                         upward with Content/site.yml)
      --today DATE       The page's last_checked, YYYY-MM-DD (default: today,
                         UTC)
      -h, --help         Show this help

    Exit status: 0 the page is written; 1 it is not (the page exists, or the
    site's files or skeleton have errors); 64 the command line is wrong.

    """

    let title: String
    let status: Pattern.Status
    let slug: String
    let root: URL
    let today: Day

    init(arguments: [String], currentDirectory: URL) throws(UsageError) {
        let parsed = try Arguments(arguments, options: Self.options, flags: Self.flags)
        guard let title = parsed.positionals.first else { throw UsageError("missing TITLE: the new page's title, in quotes if it has several words") }
        if parsed.positionals.count > 1 {
            throw UsageError("unexpected argument '\(parsed.positionals[1])'; put a title of several words in quotes: duosite new \"\(parsed.positionals.joined(separator: " "))\"")
        }
        let given = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !given.isEmpty else { throw UsageError("the title is empty; give the new page's title") }
        let statusText = parsed["--status"] ?? Pattern.Status.recommendation.rawValue
        guard let status = Pattern.Status(rawValue: statusText) else {
            var reason = "--status should be apple or recommendation, not '\(statusText)'"
            if let meant = Suggestion.nearest(to: statusText.lowercased(), in: ["apple", "recommendation"]) { reason += "; did you mean '\(meant)'?" }
            throw UsageError(reason)
        }
        self.status = status
        if let slug = parsed["--slug"] {
            guard Pattern.isValidSlug(slug) else {
                var reason = "--slug should be lowercase letters (a to z), digits and '-', at most 100, not '\(slug)'"
                if let meant = Slug.address(slug) { reason += "; did you mean '\(meant)'?" }
                throw UsageError(reason)
            }
            self.slug = slug
            self.title = given
        } else if let file = try Self.pageFile(given) {
            // Hugo's form: the page's file, its title made of its name.
            self.slug = file
            self.title = Self.title(ofSlug: file)
        } else {
            guard let slug = Slug.address(given) else {
                throw UsageError("the title '\(given)' has no letter or digit of the Latin alphabet to make the page's address of; give --slug (lowercase letters, digits and '-')")
            }
            self.slug = slug
            self.title = given
        }
        root = CommonOptions.root(parsed, currentDirectory: currentDirectory)
        today = try CommonOptions.today(parsed)
    }

    /// The slug of a page file named as Hugo's `hugo new` takes it
    /// (`patterns/foo-bar.md`, `foo-bar.md`, `Content/patterns/foo-bar.md`),
    /// or nil when `argument` is a title; a file name that cannot be an
    /// address, or a folder other than the pages', is refused.
    static func pageFile(_ argument: String) throws(UsageError) -> String? {
        // A file's name ends in .md and has no space; a title may hold '/'.
        guard argument.lowercased().hasSuffix(".md"), !argument.contains(" ") else { return nil }
        var parts = argument.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard let name = parts.popLast() else { throw UsageError("'\(argument)' names no page file") }
        let folder = parts.joined(separator: "/")
        guard ["", "patterns", "content/patterns", Site.Paths.patterns].contains(folder) || folder == "./" + Site.Paths.patterns else {
            throw UsageError("'\(argument)': pages are all in \(Site.Paths.patterns)/; name the file alone (duosite new \(name)) or give a title")
        }
        let slug = String(name.dropLast(3))
        guard Pattern.isValidSlug(slug) else {
            var reason = "the file name '\(name)' cannot be a page's address; use lowercase letters, digits and '-'"
            if let meant = Slug.address(slug) { reason += "; did you mean '\(meant).md'?" }
            throw UsageError(reason)
        }
        return slug
    }

    /// A title made of a slug, as Hugo makes one of a file's name:
    /// `foo-bar` → `Foo bar` (in sentence case, as the site's titles are).
    static func title(ofSlug slug: String) -> String {
        let words = slug.replacingOccurrences(of: "-", with: " ")
        return words.prefix(1).uppercased() + words.dropFirst()
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
        if let other = NewPage.page(titled: title, among: SiteLoader.pageFiles(root: root), root: root) {
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
        Next: write the page in place of its placeholder sentences (its comments say what goes where), run 'duosite check', and delete its 'draft: true' line to publish it.

        """)
        return 0
    }
}
