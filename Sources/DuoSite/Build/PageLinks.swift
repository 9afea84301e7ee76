import Files

/// What each published page shows of the others, under each of its
/// rules: the pages that cite the rule ("cited by": a cross-reference
/// such as `where-the-bars-go.md#rule-1`, the link to the place in the
/// citing page where it stands) and the figures in which the placement
/// engine gave the rule as the reason for an item ("applied in").
///
/// Made from every published page's facts, in one pass over them in the
/// index's order (so the lists are in that order), after the pages are
/// read and before they are rendered: a page's HTML depends on it, and
/// `key(of:)` tells a rebuild which kept pages it changed.
struct PageLinks: Sendable {
    /// A page that cites a rule, and where in it the citation stands.
    struct Citing: Sendable, Equatable {
        /// The citing page's title.
        var title: String
        /// The citing spot's address: `/patterns/<slug>/#<spot>`.
        var url: String
    }

    /// A figure in which a rule decides an item.
    struct Figure: Sendable, Equatable {
        /// The title of the page the figure is on.
        var title: String
        /// The figure's address: `/patterns/<slug>/#figure-N`.
        var url: String
        /// The figure's place among its page's demos, from 1.
        var number: Int
    }

    /// What one rule shows.
    struct RuleLinks: Sendable, Equatable {
        /// The pages citing it, each once (at its first citation).
        var citedBy: [Citing] = []
        /// The figures it decides an item in.
        var appliedIn: [Figure] = []
    }

    /// Each page's rules' links, by slug; pages none cites or applies have none.
    private var rules: [String: [RuleLinks]] = [:]
    /// Each page's key, by slug (see `key(of:)`).
    private var keys: [String: UInt64] = [:]

    /// Whether every page's links were made, rather than a few pages'
    /// alone (`init(_:only:siteKey:)`).
    private(set) var isWhole = true

    /// No links: a site none of whose rules is cited or applied.
    init() {}

    /// The links among `pages` (the published ones), which are listed in
    /// the index's order.
    init(_ pages: [Pattern]) {
        self.init(pages, targets: nil)
    }

    /// The links of the pages `targets` alone among `pages` (the published
    /// ones), for a rebuild whose pages read again give the links they gave
    /// (`sameLinks`): every other page's are as the previous build made
    /// them, whose key for the site-wide files was `siteKey`. The other
    /// pages' lists are not made, and their keys not known.
    init(_ pages: [Pattern], only targets: Set<String>, siteKey: UInt64) {
        // The pages listed under theirs: those citing them, or whose figures
        // apply their rules. (A rebuild's few slugs compared as they are,
        // rather than hashed for each of every page's links.)
        let few = targets.count <= 8 ? Array(targets) : nil
        let named: (String) -> Bool = { slug in few.map { $0.contains(slug) } ?? targets.contains(slug) }
        let involved = pages.filter { page in
            named(page.slug) || page.crossReferences.contains { named($0.slug) } || page.figureRules.contains { $0.rules.contains { named($0.slug) } }
        }
        self.init(involved, targets: targets)
        self.siteKey = siteKey
        isWhole = false
    }

    /// The links among `pages` in the index's order, of every page, or of
    /// the pages `targets` alone.
    private init(_ pages: [Pattern], targets: Set<String>?) {
        let ordered = Self.indexOrder(pages)
        var places: [String: Int] = [:]
        places.reserveCapacity(ordered.count)
        for (index, page) in ordered.enumerated() { places[page.slug] = index }
        // Each page's rules' links, by its place in the index (nil: none yet).
        var found: [[RuleLinks]?] = Array(repeating: nil, count: ordered.count)
        func add(to target: Int, rule number: Int, _ body: (inout RuleLinks) -> Void) {
            if let targets, !targets.contains(ordered[target].slug) { return }
            let count = ordered[target].rules.count
            guard number >= 1, number <= count else { return }
            if found[target] == nil { found[target] = Array(repeating: RuleLinks(), count: count) }
            body(&found[target]![number - 1])
        }
        for page in ordered {
            let title = page.frontMatter.title.value
            let slug = page.slug
            // Each rule once a citing page: at the first place that cites it.
            var cited: [RuleAddress] = []
            for link in page.crossReferences where link.slug != slug {
                guard let anchor = link.anchor, let number = Self.ruleNumber(anchor), let target = places[link.slug] else { continue }
                let rule = RuleAddress(slug: link.slug, number: number)
                guard !cited.contains(rule) else { continue }
                cited.append(rule)
                let url = link.spot.map { String.joining("/patterns/", slug, "/#", $0) } ?? page.path
                add(to: target, rule: number) { $0.citedBy.append(Citing(title: title, url: url)) }
            }
            for figure in page.figureRules {
                let url = String.joining("/patterns/", slug, "/#", FigureRules.anchor(figure.figure))
                for rule in figure.rules {
                    guard let target = places[rule.slug] else { continue }
                    add(to: target, rule: rule.number) { $0.appliedIn.append(Figure(title: title, url: url, number: figure.figure)) }
                }
            }
        }
        var hasher = ContentHash()
        for (target, links) in found.enumerated() {
            guard let links else { continue }
            let slug = ordered[target].slug
            let key = Self.key(links)
            rules[slug] = links
            keys[slug] = key
            hasher.add(UInt64(slug.utf8.count))
            hasher.add(slug)
            hasher.add(key)
        }
        siteKey = hasher.value
    }

    /// Whether the links are the same with `new` in place of `old` (the
    /// same page file read again): it gives the same title, order, draft
    /// flag and number of rules, cites the same rules from the same spots,
    /// and its figures have the same rules. A preview then keeps the links
    /// it has rather than making them again from every page.
    static func sameLinks(_ old: Pattern, _ new: Pattern) -> Bool {
        guard old.slug == new.slug, old.frontMatter.title.value == new.frontMatter.title.value,
              old.frontMatter.order == new.frontMatter.order, old.frontMatter.draft == new.frontMatter.draft,
              old.rules.count == new.rules.count, old.figureRules == new.figureRules,
              old.crossReferences.count == new.crossReferences.count
        else { return false }
        return zip(old.crossReferences, new.crossReferences).allSatisfy { $0.slug == $1.slug && $0.anchor == $1.anchor && $0.spot == $1.spot }
    }

    /// The links of the page `slug`'s rules, by rule number from 1 (empty
    /// when none of its rules is cited or applied).
    func rules(of slug: String) -> [RuleLinks] {
        rules[slug] ?? []
    }

    /// A key for what the page `slug` shows of the others (0 when nothing):
    /// a page kept from the previous build whose key changed is rendered
    /// again, and the key is part of its bytes' key in the output.
    func key(of slug: String) -> UInt64 {
        keys[slug] ?? 0
    }

    /// The pages whose links differ from what `other` gives them (one of
    /// them having none), by slug.
    func slugs(changedFrom other: PageLinks) -> [String] {
        var changed: [String] = []
        for (slug, key) in keys where other.keys[slug] != key { changed.append(slug) }
        for slug in other.keys.keys where keys[slug] == nil { changed.append(slug) }
        return changed
    }

    /// A key for every page's links, for the site-wide files
    /// (`api/pages.json` lists the citing pages): made with the links, in
    /// the index's order.
    private(set) var siteKey: UInt64 = ContentHash().value

    /// The pages in the index's order: by `order` (none last), then title, then slug.
    static func indexOrder(_ pages: [Pattern]) -> [Pattern] {
        pages.sorted { lhs, rhs in
            let left = lhs.frontMatter.order ?? Int.max, right = rhs.frontMatter.order ?? Int.max
            return (left, lhs.frontMatter.title.value, lhs.slug) < (right, rhs.frontMatter.title.value, rhs.slug)
        }
    }

    /// The number of `rule-N`, or nil for another anchor.
    static func ruleNumber(_ anchor: String) -> Int? {
        let digits = anchor.utf8.count - 5
        guard anchor.hasBytePrefix("rule-"), digits > 0, digits <= 18 else { return nil }
        var number = 0
        for byte in anchor.utf8.dropFirst(5) {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            number = number * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return number
    }

    /// The hash of one page's rules' links: every text it shows, each with its length.
    private static func key(_ links: [RuleLinks]) -> UInt64 {
        var hasher = ContentHash()
        func add(_ text: String) {
            hasher.add(UInt64(text.utf8.count))
            hasher.add(text)
        }
        hasher.add(UInt64(links.count))
        for rule in links {
            hasher.add(UInt64(rule.citedBy.count))
            for citing in rule.citedBy { add(citing.title); add(citing.url) }
            hasher.add(UInt64(rule.appliedIn.count))
            for figure in rule.appliedIn { add(figure.title); add(figure.url) }
        }
        // Never 0, which stands for no links.
        return hasher.value | 1
    }
}
