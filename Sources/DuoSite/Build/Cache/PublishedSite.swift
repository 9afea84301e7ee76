import Foundation

/// The addresses the last published build of a site answered at, which
/// the next one must answer at too (`address-removed` otherwise): each
/// page's (not a draft's), each of its aliases, and each address `gone:`
/// let go, with the day of that build. A page's address keeps what tells
/// the page apart — the hash of its title and of its rule list — so that
/// a page renamed by hand is found as the one that took its place.
///
/// The build cache keeps it as a record of its own, read whatever the
/// fingerprint (a change to `site.yml`, a `gone:` added, changes every
/// page's fingerprint, not the addresses published). Without a cache, the
/// published `sitemap.xml` lists the pages' addresses alone.
struct PublishedSite: Sendable, Equatable {
    /// What answered at an address.
    enum Kind: Int, Sendable {
        /// A page.
        case page = 0
        /// A page's alias, sending the reader on to it.
        case alias = 1
        /// A page saying the pattern was withdrawn (`gone:`).
        case gone = 2
    }

    /// One address.
    struct Address: Sendable, Equatable {
        var kind: Kind
        /// For a page: the hash of its title as titles are compared
        /// (`DuplicateTitleChecker.key`), or 0 when not known.
        var titleKey: UInt64 = 0
        /// For a page: its `Pattern.rulesKey`, or 0.
        var rulesKey: UInt64 = 0
    }

    /// The day of the build that published them (`--today`).
    var day: Day
    /// Each address (`/patterns/x/`, an alias as `Alias.address` makes it).
    var addresses: [String: Address] = [:]

    /// What a build publishes of `pages` (its pages' facts: drafts are
    /// left out whatever the build's options) and the addresses `gone`, on `day`.
    init(pages: [Pattern], gone: [String], day: Day) {
        self.day = day
        addresses.reserveCapacity(pages.count)
        for page in pages where !page.frontMatter.draft {
            addresses[Alias.pageAddress(page.slug)] = Address(kind: .page, titleKey: Self.titleKey(page.frontMatter.title.value), rulesKey: page.rulesKey)
            for alias in page.frontMatter.aliases where addresses[alias.value] == nil {
                addresses[alias.value] = Address(kind: .alias)
            }
        }
        for address in gone where addresses[address] == nil {
            addresses[address] = Address(kind: .gone)
        }
    }

    /// The addresses as they were recorded.
    init(day: Day, addresses: [String: Address]) {
        self.day = day
        self.addresses = addresses
    }

    /// What two pages' titles are compared by, as a number.
    static func titleKey(_ title: String) -> UInt64 {
        max(1, ContentHash.of(DuplicateTitleChecker.key(title)))
    }

    // MARK: In the cache

    /// Encodes the addresses as one record: the day, the count, then each
    /// address (in byte order), its kind and, for a page, its keys.
    func encode(into writer: inout RecordWriter) {
        writer.add(day.description)
        writer.add(addresses.count)
        for (address, entry) in addresses.sorted(by: { $0.key < $1.key }) {
            writer.add(address)
            writer.add(entry.kind.rawValue)
            if entry.kind == .page {
                writer.add(entry.titleKey)
                writer.add(entry.rulesKey)
            }
        }
    }

    /// Decodes addresses written by `encode`.
    static func decode(from reader: inout RecordReader) throws -> PublishedSite {
        guard let day = Day(try reader.text()) else { throw RecordReader.Malformed() }
        let count = try reader.count()
        var addresses: [String: Address] = [:]
        addresses.reserveCapacity(count)
        for _ in 0..<count {
            let address = try reader.text()
            guard let kind = Kind(rawValue: try reader.number()) else { throw RecordReader.Malformed() }
            addresses[address] = kind == .page ? Address(kind: kind, titleKey: try reader.unsigned(), rulesKey: try reader.unsigned()) : Address(kind: kind)
        }
        return PublishedSite(day: day, addresses: addresses)
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
        var addresses: [String: Address] = [:]
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
                addresses[path] = Address(kind: .page)
            }
        }
        return PublishedSite(day: day, addresses: addresses)
    }
}
