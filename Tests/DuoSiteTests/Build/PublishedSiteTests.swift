import Foundation
import Testing
@testable import DuoSite

/// What the last build published, as the cache keeps it and as a
/// sitemap gives it.
@Suite struct PublishedSiteTests {
    @Test func aRecordReadsBackAsItWasWritten() throws {
        let site = PublishedSite(day: Day("2026-11-20")!, pages: [PublishedSite.Page(slug: "a", titleKey: 7, rulesKey: 9), PublishedSite.Page(slug: "b-c")],
                                 others: [PublishedSite.Other(address: "/patterns/old/", kind: .alias), PublishedSite.Other(address: "/guides/x.html", kind: .gone)])
        var writer = RecordWriter()
        site.encode(into: &writer)
        let bytes = writer.sealed()
        let frames = try #require(RecordReader.frames(of: bytes, from: 0))
        var reader = RecordReader(bytes, frames[0].fields)
        #expect(try PublishedSite.decode(from: &reader) == site)
        try reader.checkSeal()
    }

    @Test func theSitemapGivesThePagesAddressesUnderAnyPath() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("published-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let sitemap = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <url><loc>https://example.org/duo/</loc></url>
              <url><loc>https://example.org/duo/patterns/where-the-bars-go/</loc><lastmod>2026-10-08</lastmod></url>
              <url><loc>https://example.org/patterns/symbols%2Dfirst/</loc></url>
              <url><loc>https://example.org/tags/bars/</loc></url>
            </urlset>
            """
        try Data(sitemap.utf8).write(to: folder.appendingPathComponent("sitemap.xml"))
        let found = try #require(PublishedSite.sitemap(in: folder))
        #expect(found.pages.map(\.slug) == ["where-the-bars-go", "symbols-first"])
        #expect(found.others.isEmpty)
        #expect(PublishedSite.sitemap(in: folder.appendingPathComponent("nothing")) == nil)
    }
}
