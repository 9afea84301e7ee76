@testable import DuoSite
import Foundation
import Testing

/// The build cache: what is written is read back, and what is damaged is
/// refused rather than read wrong.
@Suite("Build cache: records written are read back")
struct BuildCacheTests {
    @Test(arguments: [
        "plain", "", "back\\slash", "two\nlines", "carriage\r\nreturn", "unit\u{1F}separator",
        "\\n is not a newline", "Café — “quoted” · § 👍", "\u{0}",
    ])
    func textRoundTrips(text: String) throws {
        var writer = RecordWriter()
        writer.add(text)
        writer.add("after")
        #expect(!writer.bytes.contains(0x0A) && !writer.bytes.contains(0x0D), "a record is one line")
        #expect(writer.bytes.filter { $0 == 0x1F }.count == 1, "one separator, between the two fields")
        var reader = RecordReader(writer.bytes)
        #expect(try reader.text() == text)
        #expect(try reader.text() == "after")
        #expect(reader.isAtEnd)
    }

    @Test(arguments: [0, 7, -3, 1_234_567, Int(Int32.max), -999_999_999_999, Int.max, Int.min + 1])
    func numbersRoundTrip(number: Int) throws {
        var writer = RecordWriter()
        writer.add(number)
        #expect(writer.line == String(number))
        var reader = RecordReader(writer.bytes)
        #expect(try reader.number() == number)
    }

    @Test(arguments: [0, 1, 9, 10, 15, 16, 255, 0xABCD_1234, 1 << 32, 0xFEDC_BA98_7654_3210, UInt64.max] + (0..<64).map { 1 << UInt64($0) } as [UInt64])
    func hashesAndTimesRoundTripInHexadecimal(number: UInt64) throws {
        var writer = RecordWriter()
        writer.add(number)
        #expect(writer.line == String(number, radix: 16))
        var reader = RecordReader(writer.bytes)
        #expect(try reader.unsigned() == number)
    }

    @Test(arguments: ["", "12G", "1A", "-1", "1 2", "10000000000000000"])
    func aDamagedHexadecimalNumberIsRefused(field: String) {
        var reader = RecordReader(Array(field.utf8))
        #expect(throws: RecordReader.Malformed.self) { _ = try reader.unsigned() }
    }

    @Test(arguments: ["", "12x", "-", "--1", "99999999999999999999", "1\u{1F}2"])
    func aDamagedNumberIsRefused(field: String) {
        var reader = RecordReader(Array(field.utf8))
        #expect(throws: RecordReader.Malformed.self) {
            _ = try reader.number()
            guard reader.isAtEnd else { throw RecordReader.Malformed() }
        }
    }

    /// A count says how many fields follow: never negative, never more than the record could hold.
    @Test(arguments: ["-1", "5", "1000000000000"])
    func aCountThatCannotBeIsRefused(field: String) {
        var reader = RecordReader(Array((field + "\u{1F}a\u{1F}b").utf8))
        #expect(throws: RecordReader.Malformed.self) { _ = try reader.count() }
    }

    @Test func optionalTextAndLocationsRoundTrip() throws {
        var writer = RecordWriter()
        writer.add(optional: nil)
        writer.add(optional: "")
        writer.add(DuoSite.SourceLocation(file: "Content/patterns/a.md", line: 12, column: 61))
        var reader = RecordReader(writer.bytes)
        reader.file = "Content/patterns/a.md"
        #expect(try reader.optionalText() == nil)
        #expect(try reader.optionalText() == "")
        let location = try reader.location()
        #expect((location.file, location.line, location.column) == ("Content/patterns/a.md", 12, 61))
    }

    @Test func aShortRecordIsRefused() {
        var writer = RecordWriter()
        writer.add("only")
        var reader = RecordReader(writer.bytes)
        #expect(throws: RecordReader.Malformed.self) {
            _ = try reader.text()
            _ = try reader.text()
        }
    }

    @Test func whatAFolderHoldsRoundTrips() throws {
        var tree = OutputTree()
        tree.pages["where-the-bars-go"] = .init(key: .max, folderStamp: 1_795_969_222_094_524_900, fileStamp: 0)
        tree.pages["a"] = .init(key: 42, folderStamp: 1, fileStamp: 2)
        tree.folderStamp = 1_795_969_222_000_000_001
        tree.siteFilesKey = 7
        tree.siteFileStamps = [1, 2, 3, 4, 5, 6]
        for tree in [tree, OutputTree()] {
            var writer = RecordWriter()
            tree.encode(into: &writer)
            var reader = RecordReader(writer.bytes)
            #expect(try OutputTree.decode(from: &reader) == tree)
        }
        var damaged = RecordReader(Array("1\u{1F}a\u{1F}12\u{1F}x\u{1F}3".utf8))
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

    /// A page's entry is read back with every fact the checks across
    /// pages and the site-wide files read.
    @Test func aPageEntryRoundTrips() throws {
        let (site, _) = SiteLoader(root: TestSite.repositoryRoot).load()
        let page = try #require(site.patterns.first { $0.slug == "symbols-not-labels" })
        let finding = Diagnostic(.invalidField, "a finding, with a\nnew line and a \u{1F} separator", at: DuoSite.SourceLocation(file: page.file, line: 3, column: 7), severity: .warning)
        let entry = BuildCache.Entry(file: page.file, hash: 7, stamp: 9, written: true, facts: PageFacts(page, findings: [finding]))
        #expect(!entry.record.contains(0x0A), "a record is one line")

        let bytes = Array(entry.record) + [0x0A] + Array(entry.record)
        let (read, next) = try BuildCache.Entry.read(bytes, at: 0)
        #expect(next == entry.record.count + 1)
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
        // Made again from what was read, the same record; and the second line reads alike.
        #expect(BuildCache.Entry(file: read.file, hash: read.hash, stamp: read.stamp, written: read.written, facts: read.facts).record == entry.record)
        #expect(try BuildCache.Entry.read(bytes, at: next).entry.record == entry.record)
        #expect(read.restamped(10).stamp == 10 && read.restamped(10).record != entry.record)
    }

    /// A record changed anywhere, cut short or with a field it cannot hold
    /// is refused as it is read: a damaged cache is no cache, never a
    /// wrong one.
    @Test func aDamagedRecordIsRefused() throws {
        let (site, _) = SiteLoader(root: TestSite.repositoryRoot).load()
        let page = try #require(site.patterns.first)
        let record = Array(BuildCache.Entry(file: page.file, hash: 1, stamp: 2, written: true, facts: PageFacts(page, findings: [])).record)
        #expect((try? BuildCache.Entry.read(record, at: 0)) != nil)
        #expect((try? BuildCache.Entry.read(Array(record.dropLast(5)), at: 0)) == nil, "cut short")
        for offset in stride(from: 0, to: record.count, by: 7) where record[offset] != 0x1F {
            var damaged = record
            damaged[offset] = damaged[offset] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
            #expect((try? BuildCache.Entry.read(damaged, at: 0)) == nil, "a byte changed at \(offset)")
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
        #expect(read.entries.map(\.record) == entries.map(\.record))
        #expect(read.live == live && read.readingFingerprint == 20)
        #expect(try #require(BuildCache.read(beside: output, fingerprint: 20, reading: true)).entries.count == entries.count)
        let other = try #require(BuildCache.read(beside: output, fingerprint: 11))
        #expect(other.entries.isEmpty && other.live == live)

        // A byte changed anywhere: the cache is not trusted at all.
        let bytes = try Data(contentsOf: BuildCache.location(for: output))
        for offset in [bytes.firstIndex(of: 0x0A)! + 2, bytes.count / 2, bytes.count - 3] {
            var damaged = bytes
            damaged[offset] = damaged[offset] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
            try damaged.write(to: BuildCache.location(for: output))
            #expect(BuildCache.read(beside: output, fingerprint: 10)?.entries.isEmpty ?? true, "a byte changed at \(offset)")
        }
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
