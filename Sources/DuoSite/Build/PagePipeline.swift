import Foundation
import Mustache

/// One page's way from its file's text to what the build keeps of it:
/// read (the front matter and the Markdown) → check (the checks about the
/// page alone) → its facts (`PageFacts`, with the rules each figure's
/// items are placed by) → place and render (the demos run through the
/// placement engine, the page's context with what other pages show of
/// its rules, `PageLinks`, its HTML). The two halves are `read` and
/// `render`: between them, the build makes the links from every page's facts.
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
        var parser = PatternParser(rendersHTML: renderer != nil, allowRawHTML: site.settings.allowRawHTML, sourceIDs: site.sources.map(\.id))
        parser.assets = renderer?.assets ?? AssetNames()
        self.parser = parser
        checks = Checkers.pageContext(site: site, today: today, engine: site.placement.map(PlacementEngine.init(table:)))
        self.renderer = renderer
    }

    /// A page read and checked, before it is rendered.
    struct Reading: Sendable {
        /// What became of it so far: its facts and findings.
        var result: Result
        /// The page, when this pipeline renders it (it is published, and
        /// nothing in it stops a build): what `render` takes.
        var page: Pattern?
    }

    /// Reads and checks the page file `file`, whose bytes are `bytes`; a
    /// page to be rendered has its figures' rules noted (`figureRules`) and
    /// is kept for `render`.
    func read(file: String, bytes: [UInt8]) -> Reading {
        // Read.
        let (read, found) = parser.read(file: file, bytes: bytes)
        guard var pattern = read else { return Reading(result: Result(facts: nil, findings: found), page: nil) }
        // Check.
        let findings = found + Checkers.page(pattern, checks)
        if renderer != nil { pattern.figureRules = figureRules(pattern) }
        let renders = renderer.map { $0.publishes(pattern) } == true && !findings.contains(where: \.blocksBuild)
        return Reading(result: Result(facts: PageFacts(pattern, findings: findings), findings: findings), page: renders ? pattern : nil)
    }

    /// Renders `page` (as `read` kept it), showing under its rules what
    /// `links` holds of it, and hands its HTML to `publish` where it lies;
    /// notes in `result` whether it was, or why not.
    func render(_ page: Pattern, links: PageLinks, into result: inout Result, publish: (Pattern, Span<UInt8>) throws -> Void) {
        guard let renderer else { return }
        do {
            try renderer.render(page, links: links.rules(of: page.slug)) { try publish(page, $0) }
            result.rendered = true
        } catch let error as TemplateError {
            result.failure = ThemeTemplates.diagnostic(error)
        } catch is FileSystemFailure {
            // The publisher noted it: the build reports it once, at the
            // output folder, not at a page that is not at fault.
        } catch {
            result.failure = Diagnostic(.writeFailed, "cannot write the page of \(page.slug): \(error)", at: SourceLocation(file: page.file))
        }
    }

    /// The rules the placement engine gives as the reason for an item, in
    /// each of `pattern`'s demos that has one (every state's items).
    private func figureRules(_ pattern: Pattern) -> [FigureRules] {
        guard let engine = checks.placementEngine else { return [] }
        var figures: [FigureRules] = []
        for (index, block) in pattern.demos.enumerated() {
            guard let demo = block.demo, let device = checks.site.device(demo.device.value) else { continue }
            var rules: [RuleAddress] = []
            for state in demo.states {
                state.screen.forEachItem { item in
                    guard let rule = engine.decide(item, on: device)?.rule else { return }
                    let address = RuleAddress(slug: rule.slug, number: rule.number)
                    if !rules.contains(address) { rules.append(address) }
                }
            }
            if !rules.isEmpty { figures.append(FigureRules(figure: index + 1, rules: rules)) }
        }
        return figures
    }
}

/// What renders a page: the theme's templates and the maker of each
/// page's template context (the demos placed and drawn on the way).
struct PageRenderer: Sendable {
    let templates: TemplateLibrary
    private let contexts: PageContext
    /// Whether drafts are published (`--drafts`).
    let drafts: Bool
    /// The names the theme's assets are published under, which pages link.
    let assets: AssetNames

    /// A renderer of `site`'s pages with the theme's `templates`, linking
    /// its assets by the names `assets` gives.
    init(site: Site, templates: TemplateLibrary, options: BuildOptions, assets: AssetNames = AssetNames()) {
        self.templates = templates
        self.assets = assets
        let demos = DemoContext(site: site, symbols: SymbolLibrary(root: site.root))
        contexts = PageContext(site: site, baseURL: SiteBuilder.baseURL(site, options), today: options.today, demos: demos, assets: assets)
        drafts = options.drafts
    }

    /// Whether `pattern` is published by this build.
    func publishes(_ pattern: Pattern) -> Bool {
        drafts || !pattern.frontMatter.draft
    }

    /// Renders the page, its rules' links to other pages `links`, and
    /// calls `body` with its HTML where it lies.
    func render(_ pattern: Pattern, links: [PageLinks.RuleLinks], _ body: (Span<UInt8>) throws -> Void) throws {
        let context = contexts.make(pattern, links: links)
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
