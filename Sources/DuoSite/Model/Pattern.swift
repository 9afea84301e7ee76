import Diagnostics

/// One pattern page, `Content/patterns/<slug>.md`, as the site model holds it.
@dynamicMemberLookup
public struct Pattern: Sendable {
    /// Whether a page states Apple's guidance or the site's own advice.
    public enum Status: String, Sendable {
        case apple, recommendation

        /// How readers see it.
        public var label: String {
            self == .apple ? "Apple guidance" : "Recommendation"
        }
    }

    /// The page's values, held in one shared box: a page is copied often
    /// (into the site, the cache, sorted lists, each check) and holds dozens
    /// of strings and arrays, so a copy shares the box, and a change to a
    /// shared page copies it first (copy on write).
    public struct Fields: Sendable {
        /// The page's file, relative to the site root.
        public var file: String
        /// The file name without `.md`: the page's URL is `/patterns/<slug>/`.
        public var slug: String
        /// The page's front matter.
        public var frontMatter: FrontMatter
        /// The page's `##` sections, in order.
        public var sections: [Section]
        /// The rule list of `## The rules`.
        public var rules: [Rule]
        /// The FAQ of `## FAQ`.
        public var faq: [FAQEntry]
        /// Every demo block, in document order.
        public var demos: [DemoBlock]
        /// Every link to another page's file.
        public var crossReferences: [CrossReference]
        /// Every anchor the page offers other pages: `rule-N`, heading slugs.
        public var anchors: AnchorList
        /// The Markdown before the first `##` heading (an introduction).
        public var introduction: [Section.Part]
        /// The ids ``Pattern/citedSources`` gives, when set rather than found
        /// from the rules (a page read back from the build cache).
        fileprivate var citedSourcesKept: [String]? = nil
        /// Every link and image to an address of the site other than a page's
        /// (`/assets/fold.svg`, `/feed.xml`): checked against what the build
        /// publishes. A page's facts in the build cache leave them out, as the
        /// findings about them are kept with the page's own.
        public var siteAddresses: [SiteAddress] = []
        /// Every link and image to an http or https address of another site,
        /// as written: what `duosite check --links` asks over HTTP. A page's
        /// facts in the build cache leave them out; a check with `--links`
        /// reads every page.
        public var externalLinks: [ExternalLink] = []
        /// The pattern rules the placement engine gave as the reason for an
        /// item, figure by figure (only figures with one): what the cited
        /// pages list under "applied in". Found when the page is read for
        /// building; kept in its facts.
        public var figureRules: [FigureRules] = []
        /// Every link to a tag page (`/tags/`, `/tags/<slug>/`): checked
        /// against every published page's tags, across pages (kept in the
        /// page's facts).
        public var tagAddresses: [SiteAddress] = []
        /// Whether a mistake that the page's own findings report hid some of its
        /// rules from the rule list (a second numbered list under
        /// `## The rules`, a rules section with no list, a second rules
        /// section). The checks across pages then leave out what the hidden
        /// rules may account for (links to `#rule-N`, the placement table's
        /// rows citing them, the sources they cite) rather than report each as
        /// a mistake of its own: mending the page mends them.
        public var rulesIncomplete = false
        /// Whether a citation block that the page's own findings report as shown
        /// as text was not read: the sources it alone cites seem cited nowhere,
        /// which the check for unused sources then does not report.
        public var citationsIncomplete = false
        /// The hash of the page's rule list as written (0 when it has none):
        /// a page renamed by hand, whose title changed too, is still known by
        /// it as the page that took the old address's place.
        public var rulesKey: UInt64 = 0
        /// What the page's Markdown holds for its checks to judge, each where
        /// it stands (headings, code blocks, images, paragraphs that read like
        /// citation blocks, …). A page's facts leave it out: its findings are
        /// kept instead.
        public var outline = PageOutline()
    }

    private var storage: CopyOnWrite<Fields>

    /// Each field of ``Fields`` as a property of its own (`page.slug`): read where
    /// it lies in the shared box, copied first when changed while shared.
    @inline(__always)
    public subscript<Value>(dynamicMember field: WritableKeyPath<Fields, Value>) -> Value {
        _read { yield storage.fields[keyPath: field] }
        _modify { yield &storage.fields[keyPath: field] }
    }

    /// A page from its parts.
    public init(
        file: String,
        slug: String,
        frontMatter: FrontMatter,
        sections: [Section],
        rules: [Rule],
        faq: [FAQEntry],
        demos: [DemoBlock],
        crossReferences: [CrossReference],
        anchors: AnchorList,
        introduction: [Section.Part]
    ) {
        storage = CopyOnWrite(Fields(
            file: file, slug: slug, frontMatter: frontMatter, sections: sections, rules: rules, faq: faq, demos: demos,
            crossReferences: crossReferences, anchors: anchors, introduction: introduction
        ))
    }

    /// The IDs of the sources the page's rules cite, each once, in the order
    /// first cited: what the check for unused sources needs. A page's facts
    /// (in the build cache) keep these rather than every citation.
    public var citedSources: [String] {
        get {
            if let cited = storage.fields.citedSourcesKept { return cited }
            // A page cites a handful of sources: those whose place in the
            // site's list the reading found are told apart by it (a bit
            // each), the others by searching the ids in order.
            var cited: [String] = []
            var placed: UInt64 = 0
            for rule in storage.fields.rules {
                for citation in rule.citations?.citations ?? [] {
                    if let index = citation.sourceIndex, index < 64 {
                        guard placed & (1 << UInt64(index)) == 0 else { continue }
                        placed |= 1 << UInt64(index)
                        // A page's citations are read against one list: those
                        // of one id all have its place, or none has.
                    } else if cited.contains(citation.sourceID) {
                        continue
                    }
                    cited.append(citation.sourceID)
                }
            }
            return cited
        }
        set { storage.fields.citedSourcesKept = newValue }
    }

    /// Whether a name makes a safe slug (a page file's name, an alias's
    /// last segment): lowercase letters, digits, `-`.
    static func isValidSlug(_ name: String) -> Bool {
        guard let first = name.utf8.first, first != UInt8(ascii: "-"), name.utf8.count <= 100 else { return false }
        return name.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }
    }

    /// The page's URL path, root-relative: `/patterns/<slug>/`.
    public var path: String { String.joining("/patterns/", self.slug, "/") }
}

/// A page's front matter. When a required key is missing or malformed the
/// finding is reported and a stand-in value keeps the rest of the checks going.
public struct FrontMatter: Sendable {
    /// The page's title.
    public var title: Located<String>
    /// The lede and the meta description.
    public var summary: Located<String>
    /// Apple's guidance, or the site's recommendation.
    public var status: Located<Pattern.Status>
    /// The last time the page was checked against Apple's guidance.
    public var lastChecked: Located<Day>
    /// Whether `lastChecked` was read from the page; when it is missing or
    /// malformed (a finding says so) it is a stand-in, and the page's review
    /// cannot be known.
    public var hasLastChecked: Bool = true
    /// Overrides the site's review interval.
    public var reviewEvery: Located<ReviewInterval>?
    /// Who re-checks the page.
    public var owner: String?
    /// Tags: each has a page, `/tags/<slug>/`, listing the pages that carry it.
    public var tags: [String]
    /// Where the page stands in the index (lowest first; then by title).
    public var order: Int?
    /// Drafts are built only with `--drafts`.
    public var draft: Bool
    /// The opening `---` of the front matter.
    public var location: SourceLocation
    /// Where each tag is written, in the order of `tags` (the front
    /// matter's opening when not known): where a tag that cannot be an
    /// address, or that makes another's, is reported.
    public var tagLocations: [SourceLocation] = []
    /// The other addresses the page answers at (`aliases:`), each made
    /// one way (`Alias.address`), where it is written: each published as a
    /// page that sends the reader on to this one.
    public var aliases: [Located<String>] = []

    /// Where the tag at `index` is written.
    public func tagLocation(_ index: Int) -> SourceLocation {
        index < tagLocations.count ? tagLocations[index] : location
    }

    /// The keys front matter may hold.
    static let keys = ["title", "summary", "status", "last_checked", "review_every", "owner", "tags", "order", "draft", "aliases"]

    /// Hugo's and Zola's front-matter keys that duosite has under another
    /// name (or not at all), each with what the finding adds: the "did you
    /// mean" that names duosite's, and why.
    static let foreignKeys: [String: String] = [
        "description": "; did you mean 'summary'? (duosite's name for the page's description)",
        "lastmod": "; did you mean 'last_checked'? (the day the page was last checked against Apple's guidance; the sitemap's lastmod is made of it)",
        "updated": "; did you mean 'last_checked'? (the day the page was last checked against Apple's guidance)",
        "date": "; did you mean 'last_checked'? (a page has no publication date: it has the day it was last checked against Apple's guidance)",
        "publishdate": "; did you mean 'last_checked'? (a page has no publication date: it has the day it was last checked against Apple's guidance)",
        "weight": "; did you mean 'order'? (where the page stands in the index, lowest first)",
        "categories": "; did you mean 'tags'?",
        "taxonomies": "; did you mean 'tags'? (a list: tags: [bars, column])",
        "author": "; did you mean 'owner'? (who re-checks the page)",
        "authors": "; did you mean 'owner'? (who re-checks the page)",
        "slug": "; the file's name is the page's address (Content/patterns/<slug>.md)",
        "url": "; the file's name is the page's address (Content/patterns/<slug>.md)",
        "alias": "; did you mean 'aliases'? (a list of the page's other addresses: aliases: [/patterns/old-name/])",
    ]
}

/// A `##` section of a page and what it holds, in order.
public struct Section: Sendable {
    /// What a section is to the site.
    public enum Role: Sendable, Equatable {
        /// `## The rules`: holds the rule list.
        case rules
        /// `## FAQ`: holds the FAQ.
        case faq
        /// Any other heading: passes through.
        case other
    }

    /// One piece of a section, in document order.
    public enum Part: Sendable {
        /// Markdown blocks, one after another: rendered by cmark-gfm when
        /// the page is, links rewritten.
        case markdown([MarkdownBlock])
        /// The demo block at this index of `Pattern.demos`.
        case demo(Int)
        /// Where the rule list stands.
        case rules
        /// Where the FAQ stands.
        case faq
    }

    /// The heading's text.
    public var title: String
    /// The heading's place in the page's Markdown (`MarkdownNode.place`):
    /// its inline content is the section's title as the page shows it.
    public var heading: Int
    /// The heading's anchor (`the-problem`).
    public var anchor: String
    /// The section's role.
    public var role: Role
    /// What the section holds.
    public var parts: [Part]
    /// Where the heading is.
    public var location: SourceLocation
}

/// One block of a page's Markdown, where it stands in a section, a rule or
/// an answer: rendered by cmark-gfm when the page is.
public struct MarkdownBlock: Sendable {
    /// Its place in the page's Markdown (`MarkdownNode.place`).
    public var place: Int
    /// A heading's anchor (`id`): the page's other headings are each
    /// anchored, as its sections are.
    public var anchor: String?
    /// The demo blocks inside it (in a list or a quote), by their index in
    /// `Pattern.demos`: each drawn where it stands.
    public var demos: [Int] = []

    /// A block at `place`.
    public init(place: Int, anchor: String? = nil, demos: [Int] = []) {
        self.place = place
        self.anchor = anchor
        self.demos = demos
    }
}

/// One rule of a page's rule list: rule N, anchored `#rule-N`.
public struct Rule: Sendable {
    /// The rule's number, from 1.
    public var number: Int
    /// `rule-N`.
    public var anchor: String { .numbered("rule-", number) }
    /// The rule's text without its citation block: Markdown, and the demos
    /// it holds, drawn where they stand.
    public var parts: [Section.Part]
    /// The rule's citation block, if it has one.
    public var citations: CitationBlock?
    /// Where the rule's list item starts.
    public var location: SourceLocation
}

/// A rule's last paragraph, `Sources (apple): hig § Vertical controls · …`.
public struct CitationBlock: Sendable {
    /// Whether Apple gives the rule, or the site does with Apple's sources behind it.
    public enum Basis: String, Sendable {
        case apple, recommendation
    }

    /// The rule's basis.
    public var basis: Basis
    /// The citations, in order.
    public var citations: [Citation]
    /// Where the block starts.
    public var location: SourceLocation
}

/// One citation: a source id and optionally where in it.
public struct Citation: Sendable {
    /// Where in a source a citation points.
    public enum Locator: Sendable, Equatable {
        /// `§ Vertical controls`: a named part of a document.
        case section(String)
        /// `@ 6:13`: a moment of a video, in seconds, and as written.
        case time(seconds: Int, text: String)
    }

    /// The cited source's id.
    public var sourceID: String
    /// Where in the source, if said.
    public var locator: Locator?
    /// Where the citation is written.
    public var location: SourceLocation
    /// The cited source's place in sources.yml's list, found once as the
    /// page was read (nil when it was not, or the id is not there), so
    /// that the checks and the page's source list need not search the
    /// list by id again: see `[Source].index(of:)`.
    public var sourceIndex: Int? = nil
}

/// One FAQ entry: a `###` question and the blocks under it.
public struct FAQEntry: Sendable {
    /// The question as text.
    public var question: String
    /// The question's heading's place in the page's Markdown
    /// (`MarkdownNode.place`): its inline content is the question as the
    /// page shows it.
    public var heading: Int
    /// The question's anchor.
    public var anchor: String
    /// What the question is compared by across pages: its slug, so that case
    /// and punctuation do not count (the question itself when it has no
    /// letter or digit). Usually the anchor, unless the anchor is numbered.
    public var key: String
    /// The answer: Markdown, and the demos it holds, drawn where they stand.
    public var answer: [Section.Part]
    /// The answer's blocks, each by its place in the page's Markdown (its
    /// demos among them): what its text for structured data is read from.
    public var answerBlocks: [Int]
    /// Whether the question has an answer: some text, or a demo.
    public var isAnswered: Bool
    /// Where the question's heading is.
    public var location: SourceLocation
    /// The hash of `key` (`ContentHash`), made once as the page is read:
    /// the checks across pages compare fifty thousand questions by it.
    public var keyHash: UInt64 = 0
}

/// A link or an image to an address of the site itself that is not a
/// page's (`/assets/fold.svg`, `/feed.xml`, `/about/`), as written.
public struct SiteAddress: Sendable {
    /// The address as written.
    public var destination: String
    /// Whether it is an image's (shown in the page) rather than a link's.
    public var isImage: Bool
    /// Where it is.
    public var location: SourceLocation
}

/// A link or an image in a page to an http or https address of another
/// site (`https://developer.apple.com/…`), where it is written.
public struct ExternalLink: Sendable, Equatable {
    /// The address as written.
    public var address: String
    /// Where the link starts.
    public var location: SourceLocation
}

/// A link in a page to another page's file, `other.md` or `other.md#anchor`
/// (or to its published address, `/patterns/other/#anchor`).
public struct CrossReference: Sendable {
    /// The target page's slug.
    public var slug: String
    /// The anchor, if the link names one.
    public var anchor: String?
    /// The link as written, when it is not the usual `<slug>.md#<anchor>`
    /// (most are: ten thousand pages' facts need not hold each twice).
    private(set) var writtenDestination: String?
    /// Where the link is.
    public var location: SourceLocation
    /// The anchor of the place on its own page where the link stands: the
    /// rule (`rule-2`) or question whose text holds it, else the section
    /// whose heading it is under; nil in the introduction. Where a cited
    /// page's "cited by" list links to.
    public var spot: String?

    /// A link to `slug` (`anchor` in it), written as `destination`.
    public init(slug: String, anchor: String?, destination: String, location: SourceLocation) {
        self.init(slug: slug, anchor: anchor, writtenDestination: destination == Self.usual(slug, anchor) ? nil : destination, location: location)
    }

    /// A link as a page's facts keep it: `writtenDestination` nil when it is the usual one.
    init(slug: String, anchor: String?, writtenDestination: String?, location: SourceLocation, spot: String? = nil) {
        self.slug = slug
        self.anchor = anchor
        self.writtenDestination = writtenDestination
        self.location = location
        self.spot = spot
    }

    /// The link as written.
    public var destination: String {
        writtenDestination ?? Self.usual(slug, anchor)
    }

    /// How a link to a page's file is usually written: `other.md`, `other.md#rule-1`.
    private static func usual(_ slug: String, _ anchor: String?) -> String {
        anchor.map { String.joining(slug, ".md#", $0) } ?? String.joining(slug, ".md")
    }
}

/// The pattern rules that decide where an item goes in one figure of a
/// page (`figure-N`: its Nth demo), each once, in the order first met.
public struct FigureRules: Sendable, Equatable {
    /// The figure's place among the page's demos, from 1.
    public var figure: Int
    /// The rules, as `(slug, number)`.
    public var rules: [RuleAddress]

    /// A figure's rules.
    public init(figure: Int, rules: [RuleAddress]) {
        self.figure = figure
        self.rules = rules
    }

    /// The anchor of the `figure`th figure of a page: `figure-N`.
    public static func anchor(_ figure: Int) -> String { .numbered("figure-", figure) }
}

/// A rule of a page: its slug and the rule's number.
public struct RuleAddress: Sendable, Hashable {
    /// The page's slug.
    public var slug: String
    /// The rule's number, from 1.
    public var number: Int

    /// The rule `number` of the page `slug`.
    public init(slug: String, number: Int) {
        self.slug = slug
        self.number = number
    }
}
