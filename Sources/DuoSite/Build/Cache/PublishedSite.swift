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

    // MARK: In the cache

    /// Encodes the addresses as one record: the day, the pages (each its
    /// slug and keys), then the other addresses (each with its kind), in
    /// the order they are held.
    func encode(into writer: inout RecordWriter) {
        writer.add(day.description)
        writer.add(pages.count)
        for page in pages {
            writer.add(page.slug)
            writer.add(page.titleKey)
            writer.add(page.rulesKey)
        }
        writer.add(others.count)
        for other in others {
            writer.add(other.address)
            writer.add(other.kind.rawValue)
        }
    }

    /// Decodes addresses written by `encode`.
    static func decode(from reader: inout RecordReader) throws -> PublishedSite {
        guard let day = Day(try reader.text()) else { throw RecordReader.Malformed() }
        let pages = try (0..<reader.count()).map { _ in Page(slug: try reader.text(), titleKey: try reader.unsigned(), rulesKey: try reader.unsigned()) }
        let others = try (0..<reader.count()).map { _ in
            let address = try reader.text()
            guard let kind = Kind(rawValue: try reader.number()) else { throw RecordReader.Malformed() }
            return Other(address: address, kind: kind)
        }
        return PublishedSite(day: day, pages: pages, others: others)
    }

    // MARK: The last published site

    /// What the last build published into `output`: its cache's record
    /// (`cache`, when the caller read it; else read here), or, without a
    /// cache, the pages `output/sitemap.xml` lists; nil without either.
    static func last(in output: URL, cache: BuildCache?) -> PublishedSite? {
        if let published = cache?.published { return published }
        if cache == nil, let published = BuildCache.read(beside: output, fingerprint: 0)?.published { return published }
        return sitemap(in: output)
    }

    /// The pages the sitemap of `output` lists, on the day it was written
    /// (its file's modification day, UTC); nil when it has none or cannot
    /// be read.
    static func sitemap(in output: URL) -> PublishedSite? {
        let path = output.appendingPathComponent("sitemap.xml").path
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size <= 64 << 20,
              let bytes = FileManager.default.contents(atPath: path) else { return nil }
        let day = Day.todayUTC(secondsSince1970: Double(info.st_mtim.tv_sec))
        var pages: [Page] = []
        let text = String(decoding: bytes, as: UTF8.self)
        var rest = text[...]
        while let open = rest.range(of: "<loc>") {
            guard let close = rest[open.upperBound...].range(of: "</loc>") else { break }
            let location = rest[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
            rest = rest[close.upperBound...]
            // The address's path, its XML and percent escapes undone.
            let unescaped = location.replacingOccurrences(of: "&amp;", with: "&")
            guard let scheme = unescaped.range(of: "://") else { continue }
            let afterHost = unescaped[scheme.upperBound...]
            guard let slash = afterHost.firstIndex(of: "/") else { continue }
            var path = String(afterHost[slash...]).removingPercentEncodingIfPossible
            // A site published under a path of its host: its pages' addresses from /patterns/.
            if let pages = path.range(of: "/patterns/", options: .backwards) { path = String(path[pages.lowerBound...]) }
            if let slug = Alias.slug(of: path), SiteLoader.isValidSlug(slug) {
                pages.append(Page(slug: slug))
            }
        }
        return PublishedSite(day: day, pages: pages)
    }
}
