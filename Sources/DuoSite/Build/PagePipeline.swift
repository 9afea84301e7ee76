import Diagnostics
import Files
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

    private let reader: PageReader
    private let checks: CheckContext
    private let renderer: PageRenderer?
    /// Whether each page's facts keep what an editor asks of the whole site
    /// (`PageFacts.editor`) and its figures' rules.
    private let forEditor: Bool

    /// A pipeline for the pages of `site` (read without its pages): with
    /// `renderer`, pages are rendered too; without, only read and checked;
    /// `forEditor`, the facts of each keep what a language server asks of
    /// every page (its citations, its rules' first words, its figures' rules).
    init(site: Site, today: Day, renderer: PageRenderer?, forEditor: Bool = false) {
        reader = PageReader(allowRawHTML: site.settings.allowRawHTML, sourceIDs: site.sources.map { $0.id })
        checks = Checkers.pageContext(site: site, today: today, engine: site.placement.map(PlacementEngine.init(table:)))
        self.renderer = renderer
        self.forEditor = forEditor
    }

    /// Whether pages are rendered.
    var renders: Bool { renderer != nil }

    /// A page read and checked, before it is rendered.
    struct Reading: Sendable {
        /// What became of it so far: its facts and findings.
        var result: Result
        /// The page, when this pipeline renders it (it is published, and
        /// nothing in it stops a build): what `render` takes.
        var page: ReadPage?
    }

    /// Reads and checks the page file `file`, whose bytes are `bytes`; a
    /// page to be rendered has its figures' rules noted (`figureRules`) and
    /// is kept for `render`.
    func read(file: String, bytes: [UInt8]) -> Reading {
        // Read.
        let (read, found) = reader.read(file: file, bytes: bytes)
        guard var page = read else { return Reading(result: Result(facts: nil, findings: found), page: nil) }
        var pattern = page.pattern
        // Place: each demo laid out once, for the checks, the links and the figures alike.
        place(&pattern)
        // Check.
        let findings = found + Checkers.page(pattern, text: bytes, checks)
        if renderer != nil || forEditor { pattern.figureRules = figureRules(pattern) }
        let renders = renderer.map { $0.publishes(pattern) } == true && !findings.contains(where: \.blocksBuild)
        page.pattern = pattern
        var facts = PageFacts(pattern, findings: findings)
        if forEditor { facts.editor = PageFacts.EditorFacts(pattern, text: bytes) }
        return Reading(result: Result(facts: facts, findings: findings), page: renders ? page : nil)
    }

    /// Renders `page` (as `read` kept it) as soon as it is read, what other
    /// pages show of its rules left as holes, and hands its HTML and the
    /// holes to `publish` where they lie; notes in `result` whether it was,
    /// or why not.
    func render(_ page: ReadPage, into result: inout Result, publish: (Pattern, Span<UInt8>, [TemplateHole]) throws -> Void) {
        guard let renderer else { return }
        attempt(page.pattern, into: &result) {
            try renderer.render(page) { try publish(page.pattern, $0, $1) }
        }
    }

    /// Renders `page` (as `read` kept it) whole, its holes filled with what
    /// `links` holds of it at once, and hands its HTML to `publish`: a page
    /// rendered once every page is read. Notes in `result` whether it was,
    /// or why not.
    func renderWhole(_ page: ReadPage, links: PageLinks, into result: inout Result, publish: (Pattern, Span<UInt8>) throws -> Void) {
        guard let renderer else { return }
        let pattern = page.pattern
        attempt(pattern, into: &result) {
            try renderer.render(page) { html, holes in
                let fills = try renderer.fills(holes, links: links.rules(of: pattern.slug))
                if fills.isEmpty {
                    try publish(pattern, html)
                } else {
                    try publish(pattern, PageFill.filled(html, with: fills).span)
                }
            }
        }
    }

    /// Fills the holes of the page `slug` (`page`'s file), rendered with
    /// `holes`, with what `links` holds of it, and hands what goes into
    /// them to `finish`; notes in `result` why not, when they cannot be.
    func fill(_ holes: [TemplateHole], of page: PageFacts, links: PageLinks, into result: inout Result, finish: ([PageFill]) throws -> Void) {
        guard let renderer else { return }
        attempt(page.page, into: &result) {
            try finish(try renderer.fills(holes, links: links.rules(of: page.page.slug)))
        }
    }

    /// Runs `body`, the rendering or writing of `page`, noting in `result`
    /// whether it went through (`rendered`), or what stopped it: a
    /// template's error at its tag, or a failure to write.
    private func attempt(_ page: Pattern, into result: inout Result, _ body: () throws -> Void) {
        do {
            try body()
            result.rendered = true
        } catch let error as TemplateError {
            result.rendered = false
            result.failure = ThemeTemplates.diagnostic(error)
        } catch is FileSystemFailure {
            // The publisher noted it: the build reports it once, at the
            // output folder, not at a page that is not at fault.
            result.rendered = false
        } catch {
            result.rendered = false
            result.failure = Diagnostic(.writeFailed, "cannot write the page of \(page.slug): \(error)", at: SourceLocation(file: page.file))
        }
    }

    /// Lays out each state of each of `pattern`'s demos on its device, once
    /// (`DemoBlock.layouts`): none when the site has no table, or the demo
    /// names a device it does not have.
    private func place(_ pattern: inout Pattern) {
        guard let engine = checks.placementEngine else { return }
        for index in pattern.demos.indices {
            guard let demo = pattern.demos[index].demo, let device = checks.site.device(demo.device.value) else { continue }
            // Figures do not show advice: the layouts are made without it.
            pattern.demos[index].layouts = demo.states.map { engine.layout($0.screen, on: device, withAdvice: false) }
        }
    }

    /// The rules the placement engine gives as the reason for an item, in
    /// each of `pattern`'s demos that has one (every state's items, in the
    /// column's order), as its layouts say.
    private func figureRules(_ pattern: Pattern) -> [FigureRules] {
        var figures: [FigureRules] = []
        for (index, block) in pattern.demos.enumerated() {
            var rules: [RuleAddress] = []
            for layout in block.layouts ?? [] {
                for placement in layout.items {
                    guard let rule = placement.rule else { continue }
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
///
/// A page is rendered as soon as it is read, with what other pages show
/// of its rules (the `rule-links` partial, under each rule) left as holes:
/// those lists are known only once every page is read, and a page waits
/// for them as its facts and its holes alone, not as its text or its
/// HTML. Each hole is filled (`fills`) when the page is written.
struct PageRenderer: Sendable {
    let templates: TemplateLibrary
    private let contexts: PageContext
    /// Whether drafts are published (`--drafts`).
    let drafts: Bool
    /// The partial left as a hole under each rule, filled once every page is read.
    static let ruleLinks = "rule-links"
    /// Whether the theme's `rule-links` shows anything of a rule that no
    /// page cites or applies; when not (the shipped theme), such a rule's
    /// hole stays empty, with nothing rendered.
    private let showsEmptyLinks: Bool
    /// The names the theme's assets are published under, which pages link.
    let assets: AssetNames

    /// A renderer of `site`'s pages with the theme's `templates`, linking
    /// its assets by the names `assets` gives.
    init(site: Site, templates: TemplateLibrary, options: BuildOptions, assets: AssetNames = AssetNames()) {
        self.templates = templates
        self.assets = assets
        let demos = DemoContext(site: site, symbols: SymbolLibrary(root: site.root))
        contexts = PageContext(site: site, baseURL: options.siteBaseURL(site), today: options.today, demos: demos, assets: assets)
        drafts = options.drafts
        // A section only tests whether a value is empty, and every rule's
        // number and anchor are not: what rule 1 shows with empty lists,
        // every rule shows, its number and anchor aside.
        let empty = try? templates.renderBytes(Self.ruleLinks, contexts.ruleLinks(PageLinks.RuleLinks(), rule: 1), indentation: "") { $0.count }
        showsEmptyLinks = empty != 0
    }

    /// Whether `pattern` is published by this build.
    func publishes(_ pattern: Pattern) -> Bool {
        drafts || !pattern.frontMatter.draft
    }

    /// Renders the page, what other pages show of its rules left as
    /// holes, and calls `body` with its HTML where it lies and the holes.
    func render(_ page: ReadPage, _ body: (Span<UInt8>, [TemplateHole]) throws -> Void) throws {
        let (templates, contexts, demos) = (self.templates, self.contexts, page.pattern.demos)
        let markdown = PageMarkdown(page, assets: assets) { index, sprite in
            // A demo in a list or a quote: drawn by the theme, put where it stands.
            guard let context = contexts.demo(demos[index], index: index, sprite: &sprite) else { return "" }
            return (try? templates.renderBytes("demo", context) { String(decoding: [UInt8](copying: $0), as: UTF8.self) }) ?? ""
        }
        let context = contexts.make(page.pattern, markdown: markdown)
        defer { contexts.recycle(context) }
        try templates.renderBytes("pattern", context, deferring: [Self.ruleLinks], body)
    }

    /// What goes into the holes of a page rendered with `holes`, whose
    /// rules' links are `links` (by rule number from 1; empty when none of
    /// its rules is cited or applied), in order: nothing for a hole that
    /// stays empty.
    func fills(_ holes: [TemplateHole], links: [PageLinks.RuleLinks]) throws -> [PageFill] {
        var fills: [PageFill] = []
        for hole in holes where hole.partial == Self.ruleLinks {
            let number = hole.number ?? 0
            let ruleLinks = number >= 1 && number <= links.count ? links[number - 1] : PageLinks.RuleLinks()
            guard showsEmptyLinks || !ruleLinks.citedBy.isEmpty || !ruleLinks.appliedIn.isEmpty else { continue }
            let bytes = try templates.renderBytes(Self.ruleLinks, contexts.ruleLinks(ruleLinks, rule: number), indentation: hole.indentation) { [UInt8](copying: $0) }
            if !bytes.isEmpty { fills.append(PageFill(offset: hole.offset, bytes: bytes)) }
        }
        return fills
    }
}

extension Diagnostic {
    /// Whether the finding stops a build (every error but staleness).
    var blocksBuild: Bool {
        severity == .error && code.blocksBuild
    }
}
