import Foundation
import Mustache

/// One page's way from its file's text to what the build keeps of it:
/// read (the front matter and the Markdown) → check (the checks about the
/// page alone) → place and render (the demos run through the placement
/// engine, the page's context, its HTML) → its facts (`PageFacts`).
///
/// It holds what every page shares — the site's settings, sources,
/// devices, the compiled placement table, and for a build the theme — and
/// keeps nothing of any page: a build runs it on every page at once, and a
/// long-running process can run it again on one page whose file changed.
struct PagePipeline: Sendable {
    /// What became of a page.
    struct Result: Sendable {
        /// The page's facts; nil when it could not be read.
        var facts: PageFacts?
        /// Every finding about the page alone (with its facts' findings).
        var findings: [Diagnostic]
        /// Whether the page's HTML was made and handed on (it is published).
        var rendered = false
        /// Why the page could not be rendered (a template's error at its
        /// tag) or its HTML written.
        var failure: Diagnostic?
    }

    private let parser: PatternParser
    private let checks: CheckContext
    private let renderer: PageRenderer?

    /// A pipeline for the pages of `site` (read without its pages): with
    /// `renderer`, pages are rendered too; without, only read and checked.
    init(site: Site, today: Day, renderer: PageRenderer?) {
        parser = PatternParser(rendersHTML: renderer != nil, allowRawHTML: site.settings.allowRawHTML, sourceIDs: site.sources.map(\.id))
        checks = Checkers.pageContext(site: site, today: today, engine: site.placement.map(PlacementEngine.init(table:)))
        self.renderer = renderer
    }

    /// Runs the page file `file`, whose bytes are `bytes`, through every
    /// step; a published page's HTML is handed to `publish` where it lies.
    /// Without `rendering` (a build whose writing has stopped), the page is
    /// read and checked only.
    func run(file: String, bytes: [UInt8], rendering: Bool = true, publish: (Pattern, Span<UInt8>) throws -> Void = { _, _ in }) -> Result {
        // Read.
        let (read, found) = parser.read(file: file, bytes: bytes)
        guard let pattern = read else { return Result(facts: nil, findings: found) }
        // Check.
        let findings = found + Checkers.page(pattern, checks)
        // Place and render, when the page is published.
        var result = Result(facts: PageFacts(pattern, findings: findings), findings: findings)
        if rendering, let renderer, renderer.publishes(pattern), !findings.contains(where: \.blocksBuild) {
            do {
                try renderer.render(pattern) { try publish(pattern, $0) }
                result.rendered = true
            } catch let error as TemplateError {
                result.failure = ThemeTemplates.diagnostic(error)
            } catch is FileSystemFailure {
                // The publisher noted it: the build reports it once, at the
                // output folder, not at a page that is not at fault.
            } catch {
                result.failure = Diagnostic(.writeFailed, "cannot write the page of \(pattern.slug): \(error)", at: SourceLocation(file: file))
            }
        }
        return result
    }
}

/// What renders a page: the theme's templates and the maker of each
/// page's template context (the demos placed and drawn on the way).
struct PageRenderer: Sendable {
    let templates: TemplateLibrary
    private let contexts: PageContext
    /// Whether drafts are published (`--drafts`).
    let drafts: Bool

    /// A renderer of `site`'s pages with the theme's `templates`.
    init(site: Site, templates: TemplateLibrary, options: BuildOptions) {
        self.templates = templates
        let demos = DemoContext(site: site, symbols: SymbolLibrary(root: site.root))
        contexts = PageContext(site: site, baseURL: SiteBuilder.baseURL(site, options), today: options.today, demos: demos)
        drafts = options.drafts
    }

    /// Whether `pattern` is published by this build.
    func publishes(_ pattern: Pattern) -> Bool {
        drafts || !pattern.frontMatter.draft
    }

    /// Renders the page and calls `body` with its HTML where it lies.
    func render(_ pattern: Pattern, _ body: (Span<UInt8>) throws -> Void) throws {
        let context = contexts.make(pattern)
        defer { contexts.recycle(context) }
        try templates.renderBytes("pattern", context, body)
    }
}

extension PatternParser {
    /// The page file `file` read from its bytes: checked to be text, then
    /// parsed; nil when it cannot be read, with the findings.
    func read(file: String, bytes: [UInt8]) -> (Pattern?, [Diagnostic]) {
        switch SourceFile.decode(bytes, path: file) {
        case .failure(let finding): return (nil, [finding])
        case .success(let source): return parse(source)
        }
    }
}

extension Diagnostic {
    /// Whether the finding stops a build (every error but staleness).
    var blocksBuild: Bool {
        severity == .error && code.blocksBuild
    }
}
