import Files
import Foundation

/// The addresses the last published build of a site answered at, which
/// the next one must answer at too (`address-removed` otherwise): each
/// page's (not a draft's), each of its aliases, and each address `gone:`
/// let go, with the day of that build. A page keeps what tells it apart —
/// the hash of its title and of its rule list — so that a page renamed by
/// hand is found as the one that took its place. Held as lists, in the
/// order the build had them: a build makes and writes one with no
/// sorting or hashing of addresses.
///
/// The build cache keeps it as a record of its own, read whatever the
/// fingerprint (a change to `site.yml`, a `gone:` added, changes every
/// page's fingerprint, not the addresses published). Without a cache, the
/// published `sitemap.xml` lists the pages' addresses alone.
struct PublishedSite: Sendable, Equatable {
    /// A page's address, `/patterns/<slug>/`, by its slug, with what tells
    /// the page apart.
    struct Page: Sendable, Equatable {
        var slug: String
        /// The hash of its title (`PublishedSite.titleKey`), or 0 when not known.
        var titleKey: UInt64 = 0
        /// Its `Pattern.rulesKey`, or 0.
        var rulesKey: UInt64 = 0
    }

    /// What answered at an address that is no page's.
    enum Kind: Int, Sendable {
        /// A page's alias, sending the reader on to it.
        case alias = 1
        /// A page saying the pattern was withdrawn (`gone:`).
        case gone = 2
    }

    /// An address that is no page's: an alias, or one `gone:` let go.
    struct Other: Sendable, Equatable {
        /// As `Alias.address` makes it.
        var address: String
        var kind: Kind
    }

    /// The day of the build that published them (`--today`).
    var day: Day
    /// The pages (not the drafts), in page file order.
    var pages: [Page] = []
    /// The aliases, then the addresses `gone:` let go.
    var others: [Other] = []

    /// Whether nothing was published.
    var isEmpty: Bool { pages.isEmpty && others.isEmpty }

    /// What a build publishes of `pages` (its pages' facts, in page file
    /// order: drafts are left out whatever the build's options) and the
    /// addresses `gone`, on `day`.
    init(pages: [Pattern], gone: [String], day: Day) {
        self.day = day
        self.pages.reserveCapacity(pages.count)
        for page in pages where !page.frontMatter.draft {
            self.pages.append(Page(slug: page.slug, titleKey: Self.titleKey(page.frontMatter.title.value), rulesKey: page.rulesKey))
            for alias in page.frontMatter.aliases { others.append(Other(address: alias.value, kind: .alias)) }
        }
        for address in gone { others.append(Other(address: address, kind: .gone)) }
    }

    /// The addresses as they were recorded.
    init(day: Day, pages: [Page], others: [Other] = []) {
        self.day = day
        self.pages = pages
        self.others = others
    }

    /// What two pages' titles are compared by, as a number (never 0).
    static func titleKey(_ title: String) -> UInt64 {
        max(1, ContentHash.of(title))
    }
}
