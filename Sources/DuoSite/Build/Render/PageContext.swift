import Foundation
import Mustache
import Synchronization

/// Turns a pattern into the context `pattern.mustache` renders, as
/// `docs/theme.md` describes it. Values are plain text here; the templates
/// escape them. Only HTML duosite made safe (cmark-gfm's output, figures,
/// JSON-LD) goes in the keys templates insert raw.
///
/// A class with constant fields: a worker makes one and every page's
/// context is made by it, taken by one reference rather than its fields
/// (the site among them) copied for each page.
final class PageContext: Sendable {
    let site: Site
    let baseURL: String
    let today: Day
    let demos: DemoContext
    /// Each source's short name and address, made safe once a build.
    let links: SourceLinks
    /// The context's keys, numbered once.
    let keys = ContextKeys()
    /// The site's address, made safe once.
    private let siteURL: String
    /// The stylesheet's address, with its published name (`head.stylesheet`).
    let stylesheet: String
    /// The site's review settings, read once rather than copied with all
    /// the others for every page.
    private let reviewEvery: ReviewInterval, dueSoon: ReviewInterval
    /// The last page's context, once rendered: where the next one is
    /// written (`recycle`). Under a lock, as every worker shares the maker:
    /// one takes it, and another writes a context anew meanwhile.
    private let spent = Mutex<CompactContext?>(nil)

    /// A maker of contexts for `site`'s pages, published at `baseURL` on
    /// `today`, linking the theme's assets by the names `assets` gives.
    init(site: Site, baseURL: String, today: Day, demos: DemoContext, links: SourceLinks? = nil, assets: AssetNames = AssetNames()) {
        self.site = site
        self.baseURL = baseURL
        self.today = today
        self.demos = demos
        self.links = links ?? SourceLinks(site.sources)
        siteURL = HTMLText.safeURL(baseURL)
        stylesheet = assets.address(of: AssetNames.stylesheet)
        reviewEvery = site.settings.reviewEvery
        dueSoon = site.settings.dueSoon
    }

    /// The whole context of a pattern page, written as the template reads
    /// it, but for what other pages show of its rules: that is the
    /// `rule-links` partial's, rendered when the page is written (`ruleLinks`).
    /// `markdown` is the page's Markdown, made HTML as the context is written.
    func make(_ pattern: Pattern, markdown: PageMarkdown) -> CompactContext {
        let review = Review(pattern, reviewEvery: reviewEvery, dueSoon: dueSoon, today: today)
        let sources = SourceList(pattern, sources: site.sources)
        let canonical = baseURL + pattern.path
        let front = pattern.frontMatter
        let keys = self.keys
        // Where the last page's context was, or room for a usual page's.
        var context = spent.withLock { $0.take() }.map { CompactContext.Builder(reusing: $0) } ?? CompactContext.Builder(slots: 1_024, bytes: 32_768)
        // The symbols the page's figures draw, for its sprite.
        var sprite = PageSprite()
        context.beginObject(nil)
        addSite(to: &context)

        context.beginObject(keys.page)
        context.add(keys.title, front.title.value)
        context.add(keys.summary, front.summary.value)
        context.add(keys.slug, pattern.slug)
        context.add(keys.url, pattern.path)
        addStatus(front.status.value, to: &context)
        addDay(keys.lastChecked, review.lastChecked.value, to: &context)
        addDay(keys.due, review.due, to: &context)
        context.add(keys.stale, review.status == .stale)
        context.add(keys.draft, front.draft)
        addTags(front.tags, to: &context)
        context.add(keys.hasTags, front.tags.contains { Tag.slug($0) != nil })
        context.list(keys.breadcrumb) { list in
            for (index, crumb) in breadcrumb(pattern).enumerated() {
                list.object(nil) { item in
                    item.add(keys.name, crumb.name)
                    item.add(keys.position, index + 1)
                    item.add(keys.current, crumb.url == nil)
                    if let url = crumb.url { item.add(keys.url, url) }
                }
            }
        }
        // Sections, rules and questions by index, each field read where it
        // lies rather than each whole entry copied (and its texts retained).
        context.list(keys.introduction) { list in
            addParts(pattern.introduction, pattern, markdown, sprite: &sprite, to: &list)
        }
        context.list(keys.sections) { list in
            let sectionsArray = pattern.sections
            let sections = sectionsArray.span
            for index in sections.indices {
                list.beginObject(nil)
                list.add(keys.title, sections[index].title)
                list.add(keys.titleHTML, markdown.inline(sections[index].heading))
                list.add(keys.anchor, sections[index].anchor)
                list.list(keys.parts) { parts in addParts(sections[index].parts, pattern, markdown, sprite: &sprite, to: &parts) }
                list.end()
            }
        }
        context.list(keys.rules) { list in
            let rulesArray = pattern.rules
            let rules = rulesArray.span
            for index in rules.indices {
                addRule(rules[index], at: index, pattern, markdown, sources: sources, sprite: &sprite, to: &list)
            }
        }
        context.list(keys.faq) { list in
            let faqArray = pattern.faq
            let faq = faqArray.span
            for index in faq.indices {
                list.beginObject(nil)
                list.add(keys.question, faq[index].question)
                list.add(keys.questionHTML, markdown.inline(faq[index].heading))
                list.add(keys.anchor, faq[index].anchor)
                list.list(keys.answer) { parts in addParts(faq[index].answer, pattern, markdown, sprite: &sprite, to: &parts) }
                list.end()
            }
        }
        context.list(keys.sources) { list in
            for entry in sources.entries {
                list.object(nil) { item in
                    item.add(keys.number, entry.number)
                    item.add(keys.anchor, entry.anchor)
                    item.add(keys.title, entry.source.title)
                    item.add(keys.publisher, entry.source.publisher)
                    item.beginText(keys.url)
                    if !links.appendHref(entry.siteIndex, atSecond: nil, to: &item) {
                        item.appendText(HTMLText.safeURL(entry.source.url))
                    }
                    item.endText()
                    if entry.source.isVideo { item.add(keys.kind, entry.source.kind) }
                    if let date = entry.source.date?.value { addDay(keys.date, date, to: &item) }
                }
            }
        }
        context.add(keys.hasFAQ, !pattern.faq.isEmpty)
        context.add(keys.hasSources, !sources.entries.isEmpty)
        if let owner = front.owner { context.add(keys.owner, owner) }
        sprite.add(keys.sprite, from: demos.symbols, keys: keys, to: &context)
        if review.status == .stale {
            context.add(keys.staleNotice, "This page was last checked against Apple’s guidance on \(review.lastChecked.value.longDescription), and was due to be checked again on \(review.due.longDescription). Some of it may be out of date.")
        }
        context.end()

        context.beginObject(keys.head)
        context.add(keys.title, .joining(front.title.value, " — ", site.settings.title))
        context.add(keys.description, front.summary.value)
        context.add(keys.canonical, HTMLText.safeURL(canonical))
        context.add(keys.ogType, "article")
        let answers = pattern.faq.map { markdown.text(of: $0.answerBlocks) }
        context.add(keys.jsonLD, StructuredData.page(pattern, answers: answers, site: site, baseURL: baseURL, breadcrumb: breadcrumb(pattern)))
        context.add(keys.stylesheet, stylesheet)
        context.add(keys.noindex, false)
        context.end()

        context.end()
        return context.finish()
    }

    /// Takes back a page's context once rendered, for the next page's to
    /// be written where it was.
    func recycle(_ context: CompactContext) {
        spent.withLock { $0 = context }
    }

    /// Writes the `site` object every template gets.
    func addSite(to context: inout CompactContext.Builder) {
        context.beginObject(keys.site)
        context.add(keys.title, site.settings.title)
        context.add(keys.description, site.settings.description)
        context.add(keys.language, site.settings.language)
        context.add(keys.baseURL, siteURL)
        context.add(keys.home, "/")
        context.add(keys.year, today.year)
        context.end()
    }

    /// The visible breadcrumb: the home page, then the page (no link).
    func breadcrumb(_ pattern: Pattern) -> [(name: String, url: String?)] {
        [("All patterns", "/"), (pattern.frontMatter.title.value, nil)]
    }

    /// Writes each of `parts`, by index, as elements of the list being written.
    /// The symbols their figures draw are marked in `sprite`.
    private func addParts(_ parts: [Section.Part], _ pattern: Pattern, _ markdown: PageMarkdown, sprite: inout PageSprite,
                          to context: inout CompactContext.Builder) {
        let parts = parts.span
        for index in parts.indices { addPart(parts[index], pattern, markdown, sprite: &sprite, to: &context) }
    }

    /// The context of the `demo` partial for the page's `index`th demo (from 0).
    /// The symbols it draws are marked in `sprite`, the page's.
    func demo(_ block: DemoBlock, index: Int, sprite: inout PageSprite) -> CompactContext? {
        guard let demo = block.demo else { return nil }
        var context = CompactContext.Builder(slots: 512, bytes: 8_192)
        demos.add(demo, number: index + 1, layouts: block.layouts, sprite: &sprite, as: nil, to: &context)
        return context.finish()
    }

    /// Writes one part of a section, as an element of the list being written.
    private func addPart(_ part: Section.Part, _ pattern: Pattern, _ markdown: PageMarkdown, sprite: inout PageSprite, to context: inout CompactContext.Builder) {
        context.beginObject(nil)
        switch part {
        case .markdown(let blocks):
            context.add(keys.html, markdown.html(blocks, sprite: &sprite))
        case .demo(let index):
            let block = pattern.demos[index]
            if let demo = block.demo { demos.add(demo, number: index + 1, layouts: block.layouts, sprite: &sprite, as: keys.demo, to: &context) }
        case .rules:
            context.add(keys.rules, true)
        case .faq:
            context.add(keys.faq, true)
        }
        context.end()
    }

    /// The context of the `rule-links` partial under the rule `number`:
    /// what other pages show of it (`links`), with the rule's `number` and
    /// `anchor`.
    func ruleLinks(_ links: PageLinks.RuleLinks, rule number: Int) -> CompactContext {
        var context = CompactContext.Builder(slots: 16 + 4 * (links.citedBy.count + links.appliedIn.count), bytes: 512)
        context.beginObject(nil)
        context.add(keys.number, number)
        context.add(keys.anchor, String.numbered("rule-", number))
        addLinks(links, to: &context)
        context.end()
        return context.finish()
    }

    /// Writes what other pages show of a rule: `cited` and `citedBy`
    /// (`{title, url}` of each page citing it), and `appliedIn`, false or
    /// `{countText, figures}` (`{title, url, number}` of each figure).
    private func addLinks(_ links: PageLinks.RuleLinks, to context: inout CompactContext.Builder) {
        let keys = self.keys
        context.add(keys.cited, !links.citedBy.isEmpty)
        context.list(keys.citedBy) { list in
            for citing in links.citedBy {
                list.object(nil) { item in
                    item.add(keys.title, citing.title)
                    item.add(keys.url, citing.url)
                }
            }
        }
        guard !links.appliedIn.isEmpty else { return context.add(keys.appliedIn, false) }
        context.object(keys.appliedIn) { object in
            object.add(keys.countText, .counted(links.appliedIn.count, "figure", "figures"))
            object.list(keys.figures) { list in
                for figure in links.appliedIn {
                    list.object(nil) { item in
                        item.add(keys.title, figure.title)
                        item.add(keys.url, figure.url)
                        item.add(keys.number, figure.number)
                    }
                }
            }
        }
    }

    /// Writes a page's tags: `{name, slug, url}` each, those with no
    /// address (an `invalid-tag` error) left out.
    func addTags(_ tags: [String], to context: inout CompactContext.Builder) {
        let keys = self.keys
        context.list(keys.tags) { list in
            for tag in tags {
                guard let slug = Tag.slug(tag) else { continue }
                list.object(nil) { item in
                    item.add(keys.name, tag)
                    item.add(keys.slug, slug)
                    item.add(keys.url, Tag.path(slug))
                }
            }
        }
    }

    /// Writes a status object: which one it is, and its label.
    func addStatus(_ status: Pattern.Status, to context: inout CompactContext.Builder) {
        context.beginObject(keys.status)
        context.add(keys.apple, status == .apple)
        context.add(keys.recommendation, status == .recommendation)
        context.add(keys.label, status.label)
        context.end()
    }

    /// Writes a day: as an ISO date for `datetime` and in words.
    private func addDay(_ key: ContextKey, _ day: Day, to context: inout CompactContext.Builder) {
        addDay(key, iso: day.description, long: day.longDescription, to: &context)
    }

    /// Writes a day whose texts are made already (the index's pages share their days).
    func addDay(_ key: ContextKey, iso: String, long: String, to context: inout CompactContext.Builder) {
        context.beginObject(key)
        context.add(keys.iso, iso)
        context.add(keys.long, long)
        context.end()
    }

    /// Writes one rule, as an element of the list being written: the
    /// `rule`-th of the page (`sources` knows each of its citations' entry).
    private func addRule(_ rule: Rule, at ruleIndex: Int, _ pattern: Pattern, _ markdown: PageMarkdown, sources: SourceList, sprite: inout PageSprite,
                         to context: inout CompactContext.Builder) {
        let keys = self.keys
        let citations = rule.citations?.citations ?? []
        context.beginObject(nil)
        context.add(keys.number, rule.number)
        context.add(keys.anchor, rule.anchor)
        context.list(keys.parts) { parts in addParts(rule.parts, pattern, markdown, sprite: &sprite, to: &parts) }
        context.add(keys.hasCitations, !citations.isEmpty)
        // A rule with no citation block has neither basis.
        let basis = rule.citations?.basis
        context.object(keys.basis) { object in
            object.add(keys.apple, basis == .apple)
            object.add(keys.recommendation, basis == .recommendation)
            object.add(keys.label, basis == .recommendation ? "Recommendation" : "Apple")
        }
        // By index, each citation's entry found as the list was made, its
        // source's parts written from bytes prepared once a build.
        let first = sources.firstCitation(ofRule: ruleIndex)
        context.list(keys.citations) { list in
            for index in citations.indices {
                let entry = sources.entry(ofCitation: first + index)
                guard entry >= 0 else { continue }
                let siteIndex = sources.entries[entry].siteIndex
                let number = sources.entries[entry].number
                var seconds: Int?
                list.beginObject(nil)
                // The label and the address written in parts, with no string made of them.
                list.beginText(keys.label)
                links.appendShort(siteIndex, to: &list)
                switch citations[index].locator {
                case .section(let name)?:
                    list.appendText(", ")
                    list.appendText(name)
                case .time(let at, let text)?:
                    list.appendText(", ")
                    list.appendText(text)
                    seconds = at
                case nil: break
                }
                list.endText()
                list.beginText(keys.href)
                if !links.appendHref(siteIndex, atSecond: seconds, to: &list) {
                    list.appendText(HTMLText.safeURL(sources.entries[entry].source.address(atSecond: seconds)))
                }
                list.endText()
                list.add(keys.sourceNumber, number)
                list.add(keys.sourceAnchor, sources.entries[entry].anchor)
                list.add(keys.last, index == citations.count - 1)
                list.end()
            }
        }
        context.end()
    }
}

/// A page's numbered source list: the sources its citations use, in order of
/// first citation.
struct SourceList {
    /// One numbered entry.
    struct NumberedSource {
        var number: Int
        var source: Source
        /// The source's place in the site's list (the first of its id).
        var siteIndex: Int
        /// `source-1`: the id of the entry in the page, which citations link to.
        var anchor: String
    }

    /// The entries, numbered from 1.
    private(set) var entries: [NumberedSource] = []
    /// Each citation's place in `entries`, the page's rules' citations one
    /// after another; -1 for a source the site does not list.
    private var entryOfCitation: [Int32] = []
    /// Where each rule's citations start in `entryOfCitation`.
    private var ruleStarts: [Int32] = []

    init(_ pattern: Pattern, sources: [Source]) {
        // Each of the site's sources' place in `entries`, by its place in
        // the site's list; -1 for a source the page does not cite.
        var entryOfSource = [Int32].filled(with: -1, count: sources.count)
        let rules = pattern.rules
        ruleStarts.reserveCapacity(rules.count)
        // Room for a few citations a rule, as most blocks have.
        entryOfCitation.reserveCapacity(4 * rules.count)
        for ruleIndex in rules.indices {
            ruleStarts.append(Int32(entryOfCitation.count))
            guard let citations = rules[ruleIndex].citations?.citations else { continue }
            for citation in citations {
                guard let siteIndex = sources.index(of: citation) else {
                    entryOfCitation.append(-1)
                    continue
                }
                if entryOfSource[siteIndex] < 0 {
                    let number = entries.count + 1
                    entries.append(NumberedSource(number: number, source: sources[siteIndex], siteIndex: siteIndex, anchor: .numbered("source-", number)))
                    entryOfSource[siteIndex] = Int32(entries.count - 1)
                }
                entryOfCitation.append(entryOfSource[siteIndex])
            }
        }
    }

    /// Where the citations of the page's `rule`-th rule start, for
    /// ``entry(ofCitation:)``.
    func firstCitation(ofRule rule: Int) -> Int {
        rule < ruleStarts.count ? Int(ruleStarts[rule]) : entryOfCitation.count
    }

    /// The index in `entries` of the source the page's `citation`-th
    /// citation cites (counted over its rules in order); -1 when the site
    /// lists no such source.
    func entry(ofCitation citation: Int) -> Int {
        citation < entryOfCitation.count ? Int(entryOfCitation[citation]) : -1
    }
}

/// Each source's short name, address and the two halves of its moment
/// address around the seconds, escaped for an attribute once a build
/// instead of once a citation, as bytes; by the source's place in the
/// site's list.
struct SourceLinks: Sendable {
    /// Where a source's parts lie in `bytes`.
    private struct Parts: Sendable {
        var short: Range<Int>
        var base: Range<Int>
        /// The moment address's halves, when the source has a moment
        /// address that is safe; empty otherwise.
        var before: Range<Int>
        var after: Range<Int>
        var hasMoment: Bool
        /// Whether the source names a moment address at all.
        var hasTimeURL: Bool
    }

    private var parts: [Parts] = []
    private var bytes: [UInt8] = []

    init(_ sources: [Source]) {
        var bytes: [UInt8] = []
        func add(_ text: String) -> Range<Int> {
            let start = bytes.count
            bytes.append(contentsOf: text.utf8)
            return start..<bytes.count
        }
        parts = sources.map { source in
            var entry = Parts(short: add(source.short), base: add(HTMLText.safeURL(source.url)), before: 0..<0, after: 0..<0,
                              hasMoment: false, hasTimeURL: source.timeURL != nil)
            if let timeURL = source.timeURL {
                let expanded = Source.expand(timeURL, ["{url}": source.url])
                let halves = expanded.components(separatedBy: "{seconds}")
                if halves.count == 2, HTMLText.safeURL(halves[0]) != "#" {
                    entry.before = add(HTMLText.percentEncode(halves[0]))
                    entry.after = add(HTMLText.percentEncode(halves[1]))
                    entry.hasMoment = true
                }
            }
            return entry
        }
        self.bytes = bytes
    }

    /// Appends the short name of the site's source at `index` (as written:
    /// templates escape it) to the text being written.
    func appendShort(_ index: Int, to context: inout CompactContext.Builder) {
        guard parts.indices.contains(index) else { return }
        let range = parts[index].short
        context.appendText(bytes: bytes.span.extracting(range))
    }

    /// Appends the escaped address of the site's source at `index`, at a
    /// moment when one is given, to the text being written, in its parts;
    /// false, having appended nothing, when there is none (a moment of a
    /// source whose moment address is not safe).
    func appendHref(_ index: Int, atSecond seconds: Int?, to context: inout CompactContext.Builder) -> Bool {
        guard parts.indices.contains(index) else { return false }
        let source = parts[index]
        let bytes = bytes.span
        guard let seconds, source.hasTimeURL else {
            context.appendText(bytes: bytes.extracting(source.base))
            return true
        }
        guard source.hasMoment else { return false }
        context.appendText(bytes: bytes.extracting(source.before))
        context.appendText(seconds)
        context.appendText(bytes: bytes.extracting(source.after))
        return true
    }
}
