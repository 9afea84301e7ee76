@testable import DuoSite
import Diagnostics
import Foundation
import Testing

/// The build cache: what is written is read back, and what is damaged is
/// refused rather than read wrong.
@Suite("Build cache: records written are read back")
struct BuildCacheTests {
    /// A record of `fields` written by `write`, read back by `read`.
    private func roundTrip<T>(_ write: (inout RecordWriter) -> Void, _ read: (inout RecordReader) throws -> T) throws -> T {
        var writer = RecordWriter()
        write(&writer)
        writer.add("after")
        var reader = RecordReader(writer.bytes)
        let value = try read(&reader)
        #expect(try reader.text() == "after")
        #expect(reader.isAtEnd)
        return value
    }

    @Test(arguments: [
        "plain", "", "back\\slash", "two\nlines", "carriage\r\nreturn", "unit\u{1F}separator",
        "Café — “quoted” · § 👍", "\u{0}", String(repeating: "long ", count: 100),
    ])
    func textRoundTrips(text: String) throws {
        #expect(try roundTrip({ $0.add(text) }, { try $0.text() }) == text)
        #expect(try roundTrip({ $0.add(optional: text) }, { try $0.optionalText() }) == text)
    }

    @Test func anOptionalTextMayBeNone() throws {
        #expect(try roundTrip({ $0.add(optional: nil) }, { try $0.optionalText() }) == nil)
    }

    @Test(arguments: [0, 7, -1, -3, 63, 64, -64, -65, 1_234_567, Int(Int32.max), -999_999_999_999, Int.max, Int.min])
    func numbersRoundTrip(number: Int) throws {
        #expect(try roundTrip({ $0.add(number) }, { try $0.number() }) == number)
    }

    @Test(arguments: [0, 1, 127, 128, 255, 16_383, 16_384, 0xABCD_1234, 1 << 32, 0xFEDC_BA98_7654_3210, UInt64.max] + (0..<64).map { 1 << UInt64($0) } as [UInt64])
    func hashesAndTimesRoundTrip(number: UInt64) throws {
        #expect(try roundTrip({ $0.add(number) }, { try $0.unsigned() }) == number)
    }

    /// Small numbers, the most common, take one byte.
    @Test func smallNumbersTakeOneByte() {
        var writer = RecordWriter()
        writer.add(5)
        writer.add(-5)
        writer.add(127 as UInt64)
        #expect(writer.bytes.count == 3)
    }

    @Test func optionalTextAndLocationsRoundTrip() throws {
        var writer = RecordWriter()
        writer.add(optional: nil)
        writer.add(optional: "")
        writer.add(Diagnostics.SourceLocation(file: "Content/patterns/a.md", line: 12, column: 61))
        var reader = RecordReader(writer.bytes)
        reader.file = "Content/patterns/a.md"
        #expect(try reader.optionalText() == nil)
        #expect(try reader.optionalText() == "")
        let location = try reader.location()
        #expect((location.file, location.line, location.column) == ("Content/patterns/a.md", 12, 61))
        #expect(reader.isAtEnd)
    }

    /// A field the record cannot hold is refused: a number whose bytes run
    /// out, a text or a count longer than what is left, a field past the end.
    @Test func whatARecordCannotHoldIsRefused() {
        var cut = RecordReader([0x80, 0x80])
        #expect(throws: RecordReader.Malformed.self) { _ = try cut.unsigned() }
        var tooLong = RecordReader([0x05, 0x61, 0x62])
        #expect(throws: RecordReader.Malformed.self) { _ = try tooLong.text() }
        var tooMany = RecordReader([0x10, 0x61])  // 8, with one byte left
        #expect(throws: RecordReader.Malformed.self) { _ = try tooMany.count() }
        var negative = RecordReader([0x09, 0x61])  // -5
        #expect(throws: RecordReader.Malformed.self) { _ = try negative.count() }
        var tooLongOptional = RecordReader([0x09, 0x61])
        #expect(throws: RecordReader.Malformed.self) { _ = try tooLongOptional.optionalText() }
        var overflowing = RecordReader([UInt8](repeating: 0xFF, count: 11) + [0x01])
        #expect(throws: RecordReader.Malformed.self) { _ = try overflowing.unsigned() }
        var empty = RecordReader([])
        #expect(throws: RecordReader.Malformed.self) { _ = try empty.number() }
    }

    /// A sealed record is read back only as written; its length goes ahead
    /// of it, and records whose lengths do not add up are none.
    @Test func aSealRefusesAnyByteChanged() throws {
        var writer = RecordWriter()
        writer.add("a text field")
        writer.add(42)
        let sealed = writer.sealed()
        let frames = try #require(RecordReader.frames(of: sealed + sealed, from: 0))
        #expect(frames.count == 2 && frames[0].frame == 0..<sealed.count && frames[1].frame.lowerBound == sealed.count)
        var reader = RecordReader(sealed, frames[0].fields)
        #expect(try reader.text() == "a text field" && reader.number() == 42)
        try reader.checkSeal()
        for offset in frames[0].fields {
            var damaged = sealed
            damaged[offset] ^= 0x01
            var reader = RecordReader(damaged, frames[0].fields)
            #expect(throws: RecordReader.Malformed.self, "a byte changed at \(offset)") {
                _ = try reader.text()
                _ = try reader.number()
                try reader.checkSeal()
            }
        }
        #expect(RecordReader.frames(of: Array(sealed.dropLast()), from: 0) == nil)
    }

    @Test func whatAFolderHoldsRoundTrips() throws {
        var tree = OutputTree()
        tree.pages["where-the-bars-go"] = .init(key: .max, folderStamp: 1_795_969_222_094_524_900, fileStamp: 0)
        tree.pages["a"] = .init(key: 42, folderStamp: 1, fileStamp: 2)
        tree.folderStamp = 1_795_969_222_000_000_001
        tree.siteWideFilesKey = 7
        tree.siteWideFileStamps = [1, 2, 3, 4, 5, 6]
        for tree in [tree, OutputTree()] {
            var writer = RecordWriter()
            tree.encode(into: &writer)
            var reader = RecordReader(writer.bytes)
            #expect(try OutputTree.decode(from: &reader) == tree)
        }
        var damaged = RecordReader([0x01, 0x05, 0x02])
        #expect(throws: RecordReader.Malformed.self) { _ = try OutputTree.decode(from: &damaged) }
    }

    /// The same folder gives the same bytes however its pages were noted
    /// (two cores note them in any order).
    @Test func whatAFolderHoldsIsWrittenInTheOrderOfItsNames() throws {
        let slugs = ["page-2", "page-10", "Zebra", "apple", "café", "cafe", "é", "a", "page-1", "b-\u{301}"]
        var forward = OutputTree(), backward = OutputTree()
        for (index, slug) in slugs.enumerated() {
            forward.pages[slug] = .init(key: UInt64(index), folderStamp: 1, fileStamp: 2)
        }
        for (index, slug) in slugs.enumerated().reversed() {
            backward.pages[slug] = .init(key: UInt64(index), folderStamp: 1, fileStamp: 2)
        }
        var first = RecordWriter(), second = RecordWriter()
        forward.encode(into: &first)
        backward.encode(into: &second)
        #expect(first.bytes == second.bytes)
    }

    /// The entry a record of `entry` holds, read as a cache file holds it.
    private func reread(_ record: ArraySlice<UInt8>) throws -> BuildCache.Entry {
        let bytes = Array(record)
        let frames = try #require(RecordReader.frames(of: bytes, from: 0))
        #expect(frames.count == 1)
        return try BuildCache.Entry(frame: frames[0].frame, fields: frames[0].fields, in: bytes)
    }

    /// A page's entry is read back with every fact the checks across
    /// pages and the site-wide files read.
    @Test func aPageEntryRoundTrips() throws {
        let (site, _) = SiteLoader(root: TestSite.repositoryRoot).load()
        let page = try #require(site.patterns.first { $0.slug == "symbols-not-labels" })
        let finding = Diagnostic(.invalidField, "a finding, with a\nnew line and a \u{1F} separator", at: Diagnostics.SourceLocation(file: page.file, line: 3, column: 7), severity: .warning)
        let entry = BuildCache.Entry(file: page.file, hash: 7, stamp: 9, written: true, facts: PageFacts(page, findings: [finding]))

        let read = try reread(entry.encoded)
        #expect(read.hash == 7 && read.written && read.stamp == 9 && read.file == page.file)
        #expect(read.facts.findings == [finding])
        let facts = read.facts.page
        #expect(facts.slug == page.slug && facts.file == page.file)
        #expect(facts.frontMatter.title == page.frontMatter.title && facts.frontMatter.summary == page.frontMatter.summary)
        #expect(facts.frontMatter.lastChecked == page.frontMatter.lastChecked && facts.frontMatter.status == page.frontMatter.status)
        #expect(facts.frontMatter.tags == page.frontMatter.tags && facts.frontMatter.draft == page.frontMatter.draft)
        #expect(facts.anchors == page.anchors && facts.citedSources == page.citedSources)
        #expect(facts.rules.map(\.number) == page.rules.map(\.number) && facts.rules.map(\.location) == page.rules.map(\.location))
        #expect(facts.faq.map(\.question) == page.faq.map(\.question) && facts.faq.map(\.key) == page.faq.map(\.key))
        #expect(facts.faq.map(\.location) == page.faq.map(\.location))
        #expect(facts.crossReferences.map(\.destination) == page.crossReferences.map(\.destination))
        #expect(facts.crossReferences.map(\.location) == page.crossReferences.map(\.location))
        #expect(!facts.rules.isEmpty && !facts.faq.isEmpty && !facts.crossReferences.isEmpty && !facts.citedSources.isEmpty)
        // Made again from what was read, the same record.
        #expect(BuildCache.Entry(file: read.file, hash: read.hash, stamp: read.stamp, written: read.written, facts: read.facts).encoded == entry.encoded)
        // An entry read is written again as it was read; one made now, encoded when written.
        #expect(read.record == entry.encoded && entry.record == nil)
        #expect(read.restamped(10).stamp == 10 && read.restamped(10).encoded != entry.encoded)
    }

    /// A record changed anywhere or cut short is refused as it is read: a
    /// damaged cache is no cache, never a wrong one.
    @Test func aDamagedRecordIsRefused() throws {
        let (site, _) = SiteLoader(root: TestSite.repositoryRoot).load()
        let page = try #require(site.patterns.first)
        let record = BuildCache.Entry(file: page.file, hash: 1, stamp: 2, written: true, facts: PageFacts(page, findings: [])).encoded
        #expect((try? reread(record)) != nil)
        let frame = try #require(RecordReader.frames(of: Array(record), from: 0)?.first)
        for offset in stride(from: frame.fields.lowerBound, to: record.count, by: 5) {
            var damaged = Array(record)
            damaged[offset] ^= 0x20
            #expect((try? BuildCache.Entry(frame: frame.frame, fields: frame.fields, in: damaged)) == nil, "a byte changed at \(offset)")
        }
    }

    /// A cache is read back whole; with another fingerprint its entries
    /// are left out, what its folders hold kept; damaged, its entries are
    /// none (and with its folders' lines damaged, it is none).
    @Test func aCacheRoundTripsAndAnotherFingerprintLeavesItsEntriesOut() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duosite-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Public")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let (site, _) = SiteLoader(root: TestSite.repositoryRoot).load()
        var live = OutputTree()
        live.pages["a"] = .init(key: 1, folderStamp: 2, fileStamp: 3)
        let entries = site.patterns.map { BuildCache.Entry(file: $0.file, hash: 4, stamp: 5, written: true, facts: PageFacts($0, findings: [])) }
        let cache = BuildCache(fingerprint: 10, readingFingerprint: 20, live: live, spare: OutputTree(), entries: entries)
        try cache.writeDraft(beside: output)
        try BuildCache.publishDraft(beside: output)

        let read = try #require(BuildCache.read(beside: output, fingerprint: 10))
        #expect(read.entries.map(\.encoded) == entries.map(\.encoded))
        #expect(read.live == live && read.readingFingerprint == 20)
        #expect(try #require(BuildCache.read(beside: output, fingerprint: 20, reading: true)).entries.count == entries.count)
        let other = try #require(BuildCache.read(beside: output, fingerprint: 11))
        #expect(other.entries.isEmpty && other.live == live)

        // A byte changed anywhere: no entry is trusted.
        let bytes = try Data(contentsOf: BuildCache.location(for: output))
        for offset in [bytes.firstIndex(of: 0x0A)! + 3, bytes.count / 2, bytes.count - 3] {
            var damaged = bytes
            damaged[offset] ^= 0x20
            try damaged.write(to: BuildCache.location(for: output))
            #expect(BuildCache.read(beside: output, fingerprint: 10)?.entries.isEmpty ?? true, "a byte changed at \(offset)")
        }
    }

    /// The findings across pages and the links' key a build kept are read
    /// back by a build with its fingerprint alone (a build with another,
    /// or `check`, starts from none), and a cache that kept none says so
    /// rather than "no findings".
    @Test func theFindingsAcrossPagesAndTheLinksKeyComeBackWithTheSameFingerprintAlone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duosite-cache-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Public")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let (site, _) = SiteLoader(root: TestSite.repositoryRoot).load()
        let entries = site.patterns.map { BuildCache.Entry(file: $0.file, hash: 4, stamp: 5, written: true, facts: PageFacts($0, findings: [])) }
        let found = [Diagnostic(.unusedSource, "source 'hig' is cited by no page", at: Diagnostics.SourceLocation(file: "Content/sources.yml", line: 12, column: 3), severity: .warning)]
        var cache = BuildCache(fingerprint: 10, readingFingerprint: 20, live: OutputTree(), spare: OutputTree(), entries: entries,
                               acrossPages: found, linksKey: 0xFEED)
        try cache.writeDraft(beside: output)
        try BuildCache.publishDraft(beside: output)
        let read = try #require(BuildCache.read(beside: output, fingerprint: 10))
        #expect(read.acrossPages == found && read.linksKey == 0xFEED)
        let reading = try #require(BuildCache.read(beside: output, fingerprint: 20, reading: true))
        #expect(reading.acrossPages == nil && reading.linksKey == nil)
        let other = try #require(BuildCache.read(beside: output, fingerprint: 11))
        #expect(other.acrossPages == nil && other.linksKey == nil)

        cache.acrossPages = nil
        cache.linksKey = nil
        try cache.writeDraft(beside: output)
        try BuildCache.publishDraft(beside: output)
        let unknown = try #require(BuildCache.read(beside: output, fingerprint: 10))
        #expect(unknown.acrossPages == nil && unknown.linksKey == nil && unknown.entries.count == entries.count)
    }

    /// A cache made by another build of duosite is not reused: the
    /// fingerprints change with the code that builds, which the running
    /// executable tells apart.
    @Test func theFingerprintsChangeWithTheCode() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("duosite-fingerprint-\(UUID().uuidString)")
        let options = BuildOptions(root: root, today: try #require(Day(year: 2026, month: 11, day: 29)))
        let this = BuildFingerprint(root: root, options: options)
        #expect(!BuildFingerprint.codeIdentity.isEmpty)
        #expect(this == BuildFingerprint(root: root, options: options, code: BuildFingerprint.codeIdentity))
        let other = BuildFingerprint(root: root, options: options, code: BuildFingerprint.codeIdentity + "0")
        #expect(other.build != this.build)
        #expect(other.reading != this.reading)
        // The base URL and drafts change what is written, not what a page's facts hold.
        var published = options
        published.baseURL = "https://example.org"
        published.drafts = true
        let elsewhere = BuildFingerprint(root: root, options: published)
        #expect(elsewhere.build != this.build && elsewhere.reading == this.reading)
    }

    @Test func aPageKeyDependsOnTheTextAndTheFingerprint() {
        let key = OutputTree.key(hash: 1, fingerprint: 2)
        #expect(key == OutputTree.key(hash: 1, fingerprint: 2))
        #expect(key != OutputTree.key(hash: 2, fingerprint: 2))
        #expect(key != OutputTree.key(hash: 1, fingerprint: 3))
        #expect(key != OutputTree.key(hash: 2, fingerprint: 1))
    }
}
