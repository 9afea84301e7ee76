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
    /// Each source's address, made safe once a build.
    let links: SourceLinks?
    /// The context's keys, numbered once.
    let keys = ContextKeys()
    /// The site's address, made safe once.
    private let siteURL: String
    /// The last page's context, once rendered: where the next one is
    /// written (`recycle`). Under a lock, as two workers share a maker for
    /// their first pages (`WorkerCopies`); then one takes it and the other
    /// writes a context anew.
    private let spent = Mutex<CompactContext?>(nil)

    init(site: Site, baseURL: String, today: Day, demos: DemoContext, links: SourceLinks? = nil) {
        self.site = site
        self.baseURL = baseURL
        self.today = today
        self.demos = demos
        self.links = links
        siteURL = HTMLText.safeURL(baseURL)
    }

    /// The whole context of a pattern page, written as the template reads it.
    func make(_ pattern: Pattern) -> CompactContext {
        let review = Review(pattern, settings: site.settings, today: today)
        let sources = SourceList(pattern, site: site)
        let canonical = baseURL + pattern.path
        let front = pattern.frontMatter
        let keys = self.keys
        // Where the last page's context was, or room for a usual page's.
        var context = spent.withLock { $0.take() }.map { CompactContext.Builder(reusing: $0) } ?? CompactContext.Builder(slots: 1_024, bytes: 32_768)
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
        context.list(keys.tags) { list in
            for tag in front.tags { list.add(nil, tag) }
        }
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
        context.list(keys.introduction) { list in
            for part in pattern.introduction { addPart(part, pattern, to: &list) }
        }
        context.list(keys.sections) { list in
            for section in pattern.sections {
                list.object(nil) { object in
                    object.add(keys.title, section.title)
                    object.add(keys.titleHTML, section.titleHTML)
                    object.add(keys.anchor, section.anchor)
                    object.list(keys.parts) { parts in
                        for part in section.parts { addPart(part, pattern, to: &parts) }
                    }
                }
            }
        }
        context.list(keys.rules) { list in
            for rule in pattern.rules { addRule(rule, pattern, sources: sources, to: &list) }
        }
        context.list(keys.faq) { list in
            for entry in pattern.faq {
                list.object(nil) { object in
                    object.add(keys.question, entry.question)
                    object.add(keys.questionHTML, entry.questionHTML)
                    object.add(keys.anchor, entry.anchor)
                    object.list(keys.answer) { parts in
                        for part in entry.answer { addPart(part, pattern, to: &parts) }
                    }
                }
            }
        }
        context.list(keys.sources) { list in
            for entry in sources.entries {
                list.object(nil) { item in
                    item.add(keys.number, entry.number)
                    item.add(keys.anchor, entry.anchor)
                    item.add(keys.title, entry.source.title)
                    item.add(keys.publisher, entry.source.publisher)
                    item.add(keys.url, links?.href(entry.siteIndex, entry.source, atSecond: nil) ?? HTMLText.safeURL(entry.source.url))
                    if entry.source.isVideo { item.add(keys.kind, entry.source.kind) }
                    if let date = entry.source.date?.value { addDay(keys.date, date, to: &item) }
                }
            }
        }
        context.add(keys.hasFAQ, !pattern.faq.isEmpty)
        context.add(keys.hasSources, !sources.entries.isEmpty)
        if let owner = front.owner { context.add(keys.owner, owner) }
        if review.status == .stale {
            context.add(keys.staleNotice, "This page was last checked against Apple’s guidance on \(review.lastChecked.value.longDescription), and was due to be checked again on \(review.due.longDescription). Some of it may be out of date.")
        }
        context.end()

        context.beginObject(keys.head)
        context.add(keys.title, .joining(front.title.value, " — ", site.settings.title))
        context.add(keys.description, front.summary.value)
        context.add(keys.canonical, HTMLText.safeURL(canonical))
        context.add(keys.ogType, "article")
        context.add(keys.jsonLD, StructuredData.page(pattern, site: site, baseURL: baseURL, breadcrumb: breadcrumb(pattern)))
        context.add(keys.stylesheet, "/assets/site.css")
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

    /// Writes one part of a section, as an element of the list being written.
    private func addPart(_ part: Section.Part, _ pattern: Pattern, to context: inout CompactContext.Builder) {
        context.beginObject(nil)
        switch part {
        case .html(let html):
            context.add(keys.html, html)
        case .demo(let index):
            if let demo = pattern.demos[index].demo { demos.add(demo, as: keys.demo, to: &context) }
        case .rules:
            context.add(keys.rules, true)
        case .faq:
            context.add(keys.faq, true)
        }
        context.end()
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

    /// Writes one rule, as an element of the list being written.
    private func addRule(_ rule: Rule, _ pattern: Pattern, sources: SourceList, to context: inout CompactContext.Builder) {
        let keys = self.keys
        let citations = rule.citations?.citations ?? []
        context.beginObject(nil)
        context.add(keys.number, rule.number)
        context.add(keys.anchor, rule.anchor)
        context.list(keys.parts) { parts in
            for part in rule.parts { addPart(part, pattern, to: &parts) }
        }
        context.add(keys.hasCitations, !citations.isEmpty)
        // A rule with no citation block has neither basis.
        let basis = rule.citations?.basis
        context.object(keys.basis) { object in
            object.add(keys.apple, basis == .apple)
            object.add(keys.recommendation, basis == .recommendation)
            object.add(keys.label, basis == .recommendation ? "Recommendation" : "Apple")
        }
        // By index, each citation's fields read where they lie.
        context.list(keys.citations) { list in
            for index in citations.indices {
                guard let entry = sources.entry(for: citations[index]) else { continue }
                let source = sources.entries[entry].source
                var seconds: Int?
                list.beginObject(nil)
                // The label and the address written in parts, with no string made of them.
                list.beginText(keys.label)
                list.appendText(source.short)
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
                if links?.appendHref(sources.entries[entry].siteIndex, source, atSecond: seconds, to: &list) != true {
                    list.appendText(HTMLText.safeURL(source.url(atSecond: seconds)))
                }
                list.endText()
                list.add(keys.sourceNumber, sources.entries[entry].number)
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
    struct Entry {
        var number: Int
        var source: Source
        /// The source's place in the site's list (the first of its id).
        var siteIndex: Int
        /// `source-1`: the id of the entry in the page, which citations link to.
        var anchor: String
    }

    /// The entries, numbered from 1.
    private(set) var entries: [Entry] = []
    /// Each of the site's sources' place in `entries`, by its place in
    /// the site's list; -1 for a source the page does not cite.
    private var entryOfSource: [Int]
    /// The site's sources, which citations are found in.
    private let sources: [Source]

    init(_ pattern: Pattern, site: Site) {
        sources = site.sources
        entryOfSource = .filled(with: -1, count: site.sources.count)
        for rule in pattern.rules {
            for citation in rule.citations?.citations ?? [] {
                guard let siteIndex = sources.index(of: citation), entryOfSource[siteIndex] < 0 else { continue }
                let number = entries.count + 1
                entries.append(Entry(number: number, source: site.sources[siteIndex], siteIndex: siteIndex, anchor: .numbered("source-", number)))
                entryOfSource[siteIndex] = entries.count - 1
            }
        }
    }

    /// The index in `entries` of the source `citation` cites.
    func entry(for citation: Citation) -> Int? {
        guard let siteIndex = sources.index(of: citation) else { return nil }
        let entry = entryOfSource[siteIndex]
        return entry < 0 ? nil : entry
    }
}

/// Each source's address and the two halves of its moment address around
/// the seconds, escaped for an attribute once a build instead of once a
/// citation; by the source's place in the site's list.
struct SourceLinks: Sendable {
    private struct Link: Sendable {
        var base: String
        var moment: (before: String, after: String)?
    }

    private var links: [Link] = []

    init(_ sources: [Source]) {
        links = sources.map { source in
            var link = Link(base: HTMLText.safeURL(source.url), moment: nil)
            if let timeURL = source.timeURL {
                let expanded = Source.expand(timeURL, ["{url}": source.url])
                let parts = expanded.components(separatedBy: "{seconds}")
                if parts.count == 2, HTMLText.safeURL(parts[0]) != "#" {
                    link.moment = (HTMLText.percentEncode(parts[0]), HTMLText.percentEncode(parts[1]))
                }
            }
            return link
        }
    }

    /// The escaped address of `source`, the site's source at `index`, at a
    /// moment when one is given.
    func href(_ index: Int, _ source: Source, atSecond seconds: Int?) -> String? {
        guard links.indices.contains(index) else { return nil }
        guard let seconds, source.timeURL != nil else { return links[index].base }
        guard let moment = links[index].moment else { return nil }
        return .joining(moment.before, String(seconds), moment.after)
    }

    /// Appends ``href(_:_:atSecond:)`` to the text being written, in its
    /// parts; false, having appended nothing, when it is nil.
    func appendHref(_ index: Int, _ source: Source, atSecond seconds: Int?, to context: inout CompactContext.Builder) -> Bool {
        guard links.indices.contains(index) else { return false }
        guard let seconds, source.timeURL != nil else {
            context.appendText(links[index].base)
            return true
        }
        guard let moment = links[index].moment else { return false }
        context.appendText(moment.before)
        context.appendText(seconds)
        context.appendText(moment.after)
        return true
    }
}
