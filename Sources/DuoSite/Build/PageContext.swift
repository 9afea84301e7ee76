import Foundation
import Mustache

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

    init(site: Site, baseURL: String, today: Day, demos: DemoContext, links: SourceLinks? = nil) {
        self.site = site
        self.baseURL = baseURL
        self.today = today
        self.demos = demos
        self.links = links
    }

    /// The whole context of a pattern page.
    func make(_ pattern: Pattern) -> Value {
        let review = Review(pattern, settings: site.settings, today: today)
        let sources = SourceList(pattern, site: site)
        let canonical = baseURL + pattern.path
        let front = pattern.frontMatter
        var page: Members = [
            "title": .string(front.title.value),
            "summary": .string(front.summary.value),
            "slug": .string(pattern.slug),
            "url": .string(pattern.path),
            "status": Self.status(front.status.value),
            "lastChecked": Self.day(review.lastChecked.value),
            "due": Self.day(review.due),
            "stale": .bool(review.status == .stale),
            "tags": .list(front.tags.map(Value.string)),
            "breadcrumb": .list(breadcrumb(pattern).enumerated().map { index, crumb in
                var item: Members = ["name": .string(crumb.name), "position": .int(index + 1), "current": .bool(crumb.url == nil)]
                if let url = crumb.url { item["url"] = .string(url) }
                return .object(item)
            }),
            "introduction": .list(pattern.introduction.map { part($0, pattern) }),
            "sections": .list(pattern.sections.map { section in
                .object([
                    "title": .string(section.title),
                    "titleHTML": .string(section.titleHTML),
                    "anchor": .string(section.anchor),
                    "parts": .list(section.parts.map { part($0, pattern) }),
                ])
            }),
            "rules": .list(pattern.rules.map { rule($0, pattern, sources: sources) }),
            "faq": .list(pattern.faq.map { entry in
                .object([
                    "question": .string(entry.question),
                    "questionHTML": .string(entry.questionHTML),
                    "anchor": .string(entry.anchor),
                    "answer": .list(entry.answer.map { part($0, pattern) }),
                ])
            }),
            "sources": .list(sources.entries.map { entry in
                var item: Members = [
                    "number": .int(entry.number),
                    "anchor": .string(entry.anchor),
                    "title": .string(entry.source.title),
                    "publisher": .string(entry.source.publisher),
                    "url": .string(links?.href(entry.siteIndex, entry.source, atSecond: nil) ?? HTMLText.safeURL(entry.source.url)),
                ]
                if entry.source.isVideo { item["kind"] = .string(entry.source.kind) }
                if let date = entry.source.date?.value { item["date"] = Self.day(date) }
                return .object(item)
            }),
            "hasFAQ": .bool(!pattern.faq.isEmpty),
            "hasSources": .bool(!sources.entries.isEmpty),
        ]
        if let owner = front.owner { page["owner"] = .string(owner) }
        if review.status == .stale {
            page["staleNotice"] = .string("This page was last checked against Apple’s guidance on \(review.lastChecked.value.longDescription), and was due to be checked again on \(review.due.longDescription). Some of it may be out of date.")
        }
        let head: Members = [
            "title": .string("\(front.title.value) — \(site.settings.title)"),
            "description": .string(front.summary.value),
            "canonical": .string(HTMLText.safeURL(canonical)),
            "ogType": "article",
            "jsonLD": .string(StructuredData.page(pattern, site: site, baseURL: baseURL, breadcrumb: breadcrumb(pattern))),
            "stylesheet": "/assets/site.css",
            "noindex": false,
        ]
        return .object(["site": siteValue(), "page": .object(page), "head": .object(head)])
    }

    /// The `site` object every template gets.
    func siteValue() -> Value {
        .object([
            "title": .string(site.settings.title),
            "description": .string(site.settings.description),
            "language": .string(site.settings.language),
            "baseURL": .string(HTMLText.safeURL(baseURL)),
            "home": "/",
            "year": .int(today.year),
        ])
    }

    /// The visible breadcrumb: the home page, then the page (no link).
    func breadcrumb(_ pattern: Pattern) -> [(name: String, url: String?)] {
        [("All patterns", "/"), (pattern.frontMatter.title.value, nil)]
    }

    private func part(_ part: Section.Part, _ pattern: Pattern) -> Value {
        switch part {
        case .html(let html): return .object(["html": .string(html)])
        case .demo(let index):
            guard let demo = pattern.demos[index].demo else { return .object([:]) }
            return .object(["demo": demos.value(for: demo)])
        case .rules: return Self.rulesPart
        case .faq: return Self.faqPart
        }
    }

    // What every page's context holds the same of, made once: each value
    // is then shared by reference instead of built and freed on every page.
    private static let rulesPart: Value = .object(["rules": true])
    private static let faqPart: Value = .object(["faq": true])
    private static let appleBasis: Value = .object(["apple": true, "recommendation": false, "label": "Apple"])
    private static let recommendationBasis: Value = .object(["apple": false, "recommendation": true, "label": "Recommendation"])
    private static let noBasis: Value = .object(["apple": false, "recommendation": false, "label": "Apple"])
    private static let appleStatus = statusValue(.apple)
    private static let recommendationStatus = statusValue(.recommendation)

    private static func statusValue(_ status: Pattern.Status) -> Value {
        .object(["apple": .bool(status == .apple), "recommendation": .bool(status == .recommendation), "label": .string(status.label)])
    }

    private func rule(_ rule: Rule, _ pattern: Pattern, sources: SourceList) -> Value {
        let citations = rule.citations?.citations ?? []
        return .object([
            "number": .int(rule.number),
            "anchor": .string(rule.anchor),
            "parts": .list(rule.parts.map { part($0, pattern) }),
            "hasCitations": .bool(!citations.isEmpty),
            "basis": rule.citations.map { $0.basis == .apple ? Self.appleBasis : Self.recommendationBasis } ?? Self.noBasis,
            // By index, each citation's fields read where they lie.
            "citations": .list(Self.values(at: citations.indices) { index in
                guard let entry = sources.entry(for: citations[index].sourceID) else { return nil }
                let source = sources.entries[entry].source
                let number = sources.entries[entry].number
                var label = source.short
                var seconds: Int?
                switch citations[index].locator {
                case .section(let name)?: label = .joining(label, ", ", name)
                case .time(let at, let text)?:
                    label = .joining(label, ", ", text)
                    seconds = at
                case nil: break
                }
                return .object([
                    "label": .string(label),
                    "href": .string(links?.href(sources.entries[entry].siteIndex, source, atSecond: seconds) ?? HTMLText.safeURL(source.url(atSecond: seconds))),
                    "sourceNumber": .int(number),
                    "sourceAnchor": .string(sources.entries[entry].anchor),
                    "last": .bool(index == citations.count - 1),
                ])
            }),
        ])
    }

    /// The values `make` gives for `indices`, nil ones left out, in a list
    /// with room for all of them from the start (`compactMap` grows its
    /// result one element at a time).
    static func values(at indices: Range<Int>, _ make: (Int) -> Value?) -> [Value] {
        var values: [Value] = []
        values.reserveCapacity(indices.count)
        for index in indices {
            if let value = make(index) { values.append(value) }
        }
        return values
    }

    static func status(_ status: Pattern.Status) -> Value {
        status == .apple ? appleStatus : recommendationStatus
    }

    static func day(_ day: Day) -> Value {
        .object(["iso": .string(day.description), "long": .string(day.longDescription)])
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
    /// Each entry's source id, searched in order: a page cites a handful of
    /// sources, found faster by comparing ids than by hashing them.
    private var ids: [String] = []

    init(_ pattern: Pattern, site: Site) {
        for rule in pattern.rules {
            for citation in rule.citations?.citations ?? [] where entry(for: citation.sourceID) == nil {
                guard let siteIndex = site.sources.firstIndex(where: { $0.id == citation.sourceID }) else { continue }
                let number = entries.count + 1
                entries.append(Entry(number: number, source: site.sources[siteIndex], siteIndex: siteIndex, anchor: "source-\(number)"))
                ids.append(citation.sourceID)
            }
        }
    }

    /// The index in `entries` of the source `id`.
    func entry(for id: String) -> Int? { ids.firstIndex(of: id) }
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
}
