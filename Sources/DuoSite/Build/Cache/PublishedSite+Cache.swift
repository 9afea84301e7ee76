import Foundation

extension PublishedSite {
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
            if let slug = Alias.slug(of: path), Pattern.isValidSlug(slug) {
                pages.append(Page(slug: slug))
            }
        }
        return PublishedSite(day: day, pages: pages)
    }
}
