@testable import DuoSite
import Foundation
import Testing

@Suite("Build cache records: what is written is read back")
struct RecordCodingTests {
    @Test(arguments: [
        "plain", "", "back\\slash", "two\nlines", "carriage\r\nreturn", "unit\u{1F}separator",
        "\\n is not a newline", "Café — “quoted” · § 👍", "\u{0}",
    ])
    func textRoundTrips(text: String) throws {
        var writer = RecordWriter()
        writer.add(text)
        writer.add("after")
        #expect(!writer.bytes.contains(0x0A), "a record is one line")
        var reader = RecordReader(StoredBytes(writer.bytes))
        #expect(try reader.text() == text)
        #expect(try reader.text() == "after")
    }

    /// Plain text is copied eight bytes at a time: a byte to escape is found
    /// wherever it falls in a long field.
    @Test(arguments: ["\\", "\n", "\r", "\u{1F}"])
    func aByteToEscapeIsFoundAnywhereInALongField(character: String) throws {
        let plain = "abcdefghijklmnopqrstuvwxyz0123456789"
        for offset in 0...plain.count {
            let text = String(plain.prefix(offset)) + character + String(plain.dropFirst(offset))
            var writer = RecordWriter()
            writer.add(text)
            writer.add("after")
            #expect(!writer.bytes.contains(0x0A) && !writer.bytes.contains(0x0D), "a record is one line")
            #expect(writer.bytes.filter { $0 == 0x1F }.count == 1, "one separator, between the two fields")
            var reader = RecordReader(StoredBytes(writer.bytes))
            #expect(try reader.text() == text, "at \(offset)")
            #expect(try reader.text() == "after")
        }
    }

    @Test(arguments: [0, 7, -3, 1_234_567, Int(Int32.max), -999_999_999_999])
    func numbersRoundTrip(number: Int) throws {
        var writer = RecordWriter()
        writer.add(number)
        #expect(writer.line == String(number))
        var reader = RecordReader(StoredBytes(writer.bytes))
        #expect(try reader.number() == number)
    }

    @Test(arguments: [0, 1, 9, 10, 15, 16, 255, 0xABCD_1234, 0x9_0000_0000, 1 << 32, 0xFEDC_BA98_7654_3210, 0x0123_4567_89AB_CDEF, UInt64.max, 1_795_969_222_094_524_900]
          + (0..<64).map { 1 << UInt64($0) } + (1...16).map { UInt64.max >> UInt64(64 - 4 * $0) } as [UInt64])
    func hashesAndTimesRoundTripInHexadecimal(number: UInt64) throws {
        var writer = RecordWriter()
        writer.add(number)
        #expect(writer.line == String(number, radix: 16))
        var reader = RecordReader(StoredBytes(writer.bytes))
        #expect(try reader.unsigned() == number)
    }

    @Test(arguments: ["", "12G", "1A", "-1", "1 2", "10000000000000000"])
    func aDamagedHexadecimalNumberIsRefused(field: String) {
        var reader = RecordReader(StoredBytes(Array(field.utf8)))
        #expect(throws: RecordReader.Malformed.self) { _ = try reader.unsigned() }
    }

    /// Hexadecimal fields are read eight digits at a time: every byte
    /// that is not a lowercase hexadecimal digit is refused wherever it
    /// stands, of fields of every length, and every digit reads as its value.
    @Test func everyByteAtEveryPlaceOfAHexadecimalFieldIsReadOrRefused() throws {
        let digits = Array("0123456789abcdef".utf8)
        for length in 1...16 {
            for place in 0..<length {
                // (U+001F ends a field: the digits before it are a field of their own.)
                for byte in UInt8.min...UInt8.max where byte != 0x1F {
                    var field = (0..<length).map { digits[($0 * 7 + length) % 16] }
                    field[place] = byte
                    var reader = RecordReader(StoredBytes(field))
                    if digits.contains(byte) {
                        #expect(try reader.unsigned() == UInt64(String(decoding: field, as: UTF8.self), radix: 16))
                    } else {
                        #expect(throws: RecordReader.Malformed.self, "byte \(byte) at \(place) of \(length)") { _ = try reader.unsigned() }
                    }
                }
            }
        }
        // Many numbers, of every length, read back as written.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for round in 0..<4_096 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let number = state >> UInt64(round % 64)
            var writer = RecordWriter()
            writer.add(number)
            var reader = RecordReader(StoredBytes(writer.bytes))
            #expect(try reader.unsigned() == number)
        }
    }

    @Test func optionalTextAndLocationsRoundTrip() throws {
        var writer = RecordWriter()
        writer.add(optional: nil)
        writer.add(optional: "")
        writer.add(DuoSite.SourceLocation(file: "Content/patterns/a.md", line: 12, column: 61))
        var reader = RecordReader(StoredBytes(writer.bytes))
        reader.file = "Content/patterns/a.md"
        #expect(try reader.optionalText() == nil)
        #expect(try reader.optionalText() == "")
        let location = try reader.location()
        #expect((location.file, location.line, location.column) == ("Content/patterns/a.md", 12, 61))
    }

    @Test func aShortOrDamagedRecordIsRefused() {
        var writer = RecordWriter()
        writer.add("only")
        var reader = RecordReader(StoredBytes(writer.bytes))
        #expect(throws: RecordReader.Malformed.self) {
            _ = try reader.text()
            _ = try reader.text()
        }
        var numbers = RecordReader(StoredBytes(Array("12x".utf8)))
        #expect(throws: RecordReader.Malformed.self) { _ = try numbers.number() }
        var empty = RecordReader(StoredBytes(Array("".utf8)))
        #expect(throws: RecordReader.Malformed.self) { _ = try empty.number() }
    }

    @Test func whatAFolderHoldsRoundTrips() throws {
        var tree = OutputTree()
        tree.pages["where-the-bars-go"] = .init(key: .max, folderStamp: 1_795_969_222_094_524_900, fileStamp: 0)
        tree.pages["a"] = .init(key: 42, folderStamp: 1, fileStamp: 2)
        tree.folderStamp = 1_795_969_222_000_000_001
        for tree in [tree, OutputTree()] {
            var writer = RecordWriter()
            tree.encode(into: &writer)
            var reader = RecordReader(StoredBytes(writer.bytes))
            #expect(try OutputTree.decode(from: &reader) == tree)
        }
        var damaged = RecordReader(StoredBytes(Array("1\u{1F}a\u{1F}12\u{1F}x\u{1F}3".utf8)))
        #expect(throws: RecordReader.Malformed.self) { _ = try OutputTree.decode(from: &damaged) }
    }

    /// The same folder gives the same bytes however its pages were noted
    /// (two cores note them in any order), its page folders in the order
    /// of their names.
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
        var reader = RecordReader(StoredBytes(first.bytes))
        _ = try reader.unsigned()  // the site files' key
        for _ in 0..<(try reader.number()) { _ = try reader.unsigned() }  // their stamps
        _ = try reader.unsigned()  // the folder's stamp
        #expect(try reader.number() == slugs.count)
        var written: [String] = []
        for _ in slugs {
            written.append(try reader.text())
            for _ in 0..<3 { _ = try reader.rawField() }
        }
        #expect(written == slugs.sorted())
    }

    /// A cache's page line referring to a line of its records file.
    @Test(arguments: [0, 7, 9, 10, 99, 100, 9_999, 10_000, 123_456_789, Int.max])
    func aReferenceToARecordsLineIsItsNumber(line: Int) {
        var bytes: [UInt8] = Array("before".utf8)
        BuildCache.appendReference(to: line, into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "before@\(line)")
        #expect(BuildCache.RecordsFile.line(StoredBytes(bytes.dropFirst(6))) == line)
    }

    /// A page's entry is read back with its summary left encoded; its
    /// findings are read alone, and the summary decoded on demand is the
    /// one that was written.
    @Test func aPageEntryRoundTripsWithItsSummaryLeftEncoded() throws {
        let (site, _) = SiteLoader(root: TestSite.repositoryRoot).load()
        let page = try #require(site.patterns.first { $0.slug == "symbols-not-labels" })
        let finding = Diagnostic(.invalidField, "a finding, with a\nnew line and a \u{1F} separator", at: DuoSite.SourceLocation(file: page.file, line: 3, column: 7), severity: .warning)
        let entry = BuildCache.Entry(hash: 7, written: true, stamp: 9, siteKey: 11, summary: PageSummary(pattern: page.withoutHTML, diagnostics: [finding]))
        var record: [UInt8] = []
        entry.encodeRecord(into: &record)
        #expect(!record.contains(0x0A), "a record is one line")

        let read = try #require(BuildCache.Entry(record: StoredBytes(record)))
        #expect(read.hash == 7 && read.written && read.stamp == 9 && read.siteKey == 11)
        #expect(!read.draft && read.file == page.file && read.summaryHash == entry.summaryHash)
        #expect(read.outwardHash == entry.outwardHash && read.anchorsHash == entry.anchorsHash)
        #expect(read.citedHash == entry.citedHash)
        // What a rebuild reads of a kept page's questions, sources and links, alone.
        let facts = try #require(read.crossPageFacts())
        #expect(facts == PageSummary.CrossPageFacts(questionKeys: page.faq.map { PageSummary.fieldHash($0.key) }, citedSources: page.citedSources.map(PageSummary.fieldHash),
                                                     linkedSlugs: page.crossReferences.map { PageSummary.fieldHash($0.slug) }))
        // The ids behind the cited sources' hashes, read alone.
        #expect(read.citedSources() == page.citedSources)
        #expect(!facts.questionKeys.isEmpty && !facts.citedSources.isEmpty && !facts.linkedSlugs.isEmpty)
        #expect(try read.summary().pattern.anchors.sorted == page.anchors.sorted)
        // A summary cut short tells nothing.
        var short = entry
        short.summaryFields = entry.summaryFields.dropLast(entry.summaryFields.count / 3)
        #expect(short.crossPageFacts() == nil)
        #expect(try read.diagnostics() == [finding])
        let summary = try read.summary()
        #expect(summary.diagnostics == [finding])
        #expect(summary.pattern.slug == page.slug && summary.pattern.file == page.file)
        #expect(summary.pattern.frontMatter.title.value == page.frontMatter.title.value)
        #expect(summary.pattern.faq.map(\.question) == page.faq.map(\.question))
        #expect(summary.pattern.crossReferences.map(\.destination) == page.crossReferences.map(\.destination))
        // The front matter alone: what the site-wide files and the duplicate-title check read.
        let listing = try read.listing()
        #expect(listing.slug == page.slug && listing.file == page.file)
        let front = listing.frontMatter, original = page.frontMatter
        #expect(front.title.value == original.title.value && front.title.location == original.title.location)
        #expect(front.summary.value == original.summary.value && front.status.value == original.status.value)
        #expect(front.lastChecked.value == original.lastChecked.value && front.reviewEvery?.value == original.reviewEvery?.value)
        #expect(front.owner == original.owner && front.tags == original.tags && front.order == original.order && front.draft == original.draft)
        #expect(listing.faq.isEmpty && listing.rules.isEmpty && listing.crossReferences.isEmpty)
        // Decoded and encoded again, the summary is the same bytes.
        let again = BuildCache.Entry(hash: 7, written: true, stamp: 9, siteKey: 11, summary: summary)
        #expect(again.summaryFields == entry.summaryFields)
    }

    /// What a rebuild reads of a kept page (its questions, cited sources,
    /// links and what a mistake hid) is read where it lies, from the places
    /// the summary ends with: the same as decoding the whole summary gives,
    /// for pages with and without each part; a summary whose places do not
    /// lead to its parts tells nothing.
    @Test func aPageFactsAreReadWhereTheyLieAsDecodingFindsThem() throws {
        let (site, _) = SiteLoader(root: TestSite.repositoryRoot).load()
        var bare = try #require(site.patterns.first)
        bare.rules = []
        bare.faq = []
        bare.crossReferences = []
        bare.citedSources = []
        bare.citationsIncomplete = true
        for page in site.patterns + [bare] {
            let entry = BuildCache.Entry(hash: 1, written: true, stamp: 2, siteKey: 3, summary: PageSummary(pattern: page.withoutHTML, diagnostics: []))
            let decoded = try entry.summary().pattern
            let expected = PageSummary.CrossPageFacts(questionKeys: decoded.faq.map { PageSummary.fieldHash($0.key) }, citedSources: decoded.citedSources.map(PageSummary.fieldHash),
                                                      linkedSlugs: decoded.crossReferences.map { PageSummary.fieldHash($0.slug) }, hides: decoded.rulesIncomplete || decoded.citationsIncomplete)
            #expect(entry.crossPageFacts() == expected, "\(page.slug)")
            #expect(entry.citedSources() == decoded.citedSources, "\(page.slug)")
            // The places swapped: the parts are not where they say.
            var text = Array(entry.summaryFields)
            let places = text.split(separator: 0x1F, omittingEmptySubsequences: false).suffix(3).map { Array($0) }
            text.removeLast(places.map(\.count).reduce(2, +))
            text += places[1] + [0x1F] + places[0] + [0x1F] + places[2]
            var swapped = entry
            swapped.summaryFields = StoredBytes(text)
            #expect(swapped.crossPageFacts() == nil, "\(page.slug)")
        }
    }

    /// A page's title, what the other checks across pages read of it, its
    /// anchors and questions, where its rules and questions stand, and its
    /// links are hashed apart: a link that moves along its line changes
    /// the last alone, a rule or a question moved to another line the
    /// positions, a question, a heading, a rule or a draft the anchors, a
    /// title the first; the rest of the front matter, which no check
    /// across pages reads, none of them.
    @Test func aPageLinksAreHashedApartFromWhatOtherPagesRead() throws {
        let (site, _) = SiteLoader(root: TestSite.repositoryRoot).load()
        let page = try #require(site.patterns.first { !$0.crossReferences.isEmpty })
        let entry = { (pattern: Pattern) in
            BuildCache.Entry(hash: 1, written: true, stamp: 2, siteKey: 3, summary: PageSummary(pattern: pattern.withoutHTML, diagnostics: []))
        }
        var moved = page
        moved.crossReferences[0].location.column += 4
        #expect(entry(moved).outwardHash == entry(page).outwardHash)
        #expect(entry(moved).linksHash != entry(page).linksHash)
        #expect(entry(moved).positionsHash == entry(page).positionsHash)
        #expect(entry(moved).titleHash == entry(page).titleHash)
        var retitled = page
        retitled.frontMatter.title.value += " again"
        #expect(entry(retitled).titleHash != entry(page).titleHash)
        #expect(entry(retitled).outwardHash == entry(page).outwardHash)
        #expect(entry(retitled).linksHash == entry(page).linksHash)
        #expect(entry(retitled).positionsHash == entry(page).positionsHash)
        // The title moved to another line of the front matter is another title to the check.
        var titleLower = page
        titleLower.frontMatter.title.location.line += 1
        #expect(entry(titleLower).titleHash != entry(page).titleHash)
        #expect(entry(titleLower).outwardHash == entry(page).outwardHash)
        // Another question: what other pages' questions are compared with, alone.
        var asked = page
        asked.faq[0].question += " too"
        asked.faq[0].key += "-too"
        #expect(entry(asked).anchorsHash != entry(page).anchorsHash)
        #expect(entry(asked).crossPageFacts()?.questionKeys.first == PageSummary.fieldHash(page.faq[0].key + "-too"))
        #expect(entry(asked).outwardHash == entry(page).outwardHash && entry(asked).citedHash == entry(page).citedHash)
        #expect(entry(asked).titleHash == entry(page).titleHash)
        #expect(entry(asked).linksHash == entry(page).linksHash)
        // Another heading: an anchor other pages' links may name, alone.
        var headed = page
        headed.anchors = AnchorList(page.anchors.sorted.map { $0 == page.anchors.sorted.first ? $0 + "-again" : $0 })
        #expect(entry(headed).anchorsHash != entry(page).anchorsHash)
        #expect(entry(headed).outwardHash == entry(page).outwardHash)
        #expect(entry(headed).crossPageFacts() == entry(page).crossPageFacts())
        // What a mistake hid is read with the facts: a page added or
        // removed that hid something is checked with the whole site.
        var hiding = page
        hiding.citationsIncomplete = true
        #expect(entry(hiding).crossPageFacts()?.hides == true)
        #expect(entry(page).crossPageFacts()?.hides == false)
        #expect(entry(hiding).outwardHash != entry(page).outwardHash)
        // A draft is left out of the published pages the links are checked against.
        var drafted = page
        drafted.frontMatter.draft.toggle()
        #expect(entry(drafted).anchorsHash != entry(page).anchorsHash)
        #expect(entry(drafted).outwardHash == entry(page).outwardHash)
        #expect(entry(drafted).titleHash == entry(page).titleHash)
        #expect(entry(drafted).citedHash == entry(page).citedHash)
        // Another source cited: what the unused-source check reads, alone.
        var citing = page
        citing.citedSources = page.citedSources + ["another-source"]
        #expect(entry(citing).citedHash != entry(page).citedHash)
        #expect(entry(citing).crossPageFacts()?.citedSources.last == PageSummary.fieldHash("another-source"))
        #expect(entry(citing).citedSources()?.last == "another-source")
        #expect(entry(citing).outwardHash == entry(page).outwardHash)
        #expect(entry(citing).anchorsHash == entry(page).anchorsHash)
        // The pages a page links to, each once, by their slugs' hashes.
        #expect(entry(page).crossPageFacts()?.linkedSlugs == page.crossReferences.map { PageSummary.fieldHash($0.slug) })
        // The summary, the status and the date are read by the site-wide files alone.
        var rechecked = page
        rechecked.frontMatter.summary.value += " More."
        rechecked.frontMatter.lastChecked.value = Day("2026-11-28")!
        rechecked.frontMatter.status.value = rechecked.frontMatter.status.value == .apple ? .recommendation : .apple
        #expect(entry(rechecked).titleHash == entry(page).titleHash)
        #expect(entry(rechecked).outwardHash == entry(page).outwardHash)
        #expect(entry(rechecked).anchorsHash == entry(page).anchorsHash)
        #expect(entry(rechecked).positionsHash == entry(page).positionsHash)
        #expect(entry(rechecked).linksHash == entry(page).linksHash)
        #expect(entry(rechecked).summaryHash != entry(page).summaryHash)
        // A line added above the rules and the questions moves them alone.
        var lower = page
        lower.rules[0].location.line += 1
        lower.faq[0].location.line += 1
        #expect(entry(lower).outwardHash == entry(page).outwardHash)
        #expect(entry(lower).anchorsHash == entry(page).anchorsHash)
        #expect(entry(lower).positionsHash != entry(page).positionsHash)
        #expect(entry(lower).linksHash == entry(page).linksHash)
        // A finding of the page's own, say at the moved link, changes neither.
        let finding = Diagnostic(.invalidField, "a finding", at: DuoSite.SourceLocation(file: page.file, line: 9, column: 1), severity: .warning)
        let found = BuildCache.Entry(hash: 1, written: true, stamp: 2, siteKey: 3, summary: PageSummary(pattern: page.withoutHTML, diagnostics: [finding]))
        #expect(found.outwardHash == entry(page).outwardHash && found.linksHash == entry(page).linksHash)
    }

    /// A record whose summary no longer has the hash it was written with is
    /// refused as it is read, not when a rebuild comes to decode it.
    @Test func aRecordWhoseSummaryIsDamagedIsRefused() throws {
        let (site, _) = SiteLoader(root: TestSite.repositoryRoot).load()
        let page = try #require(site.patterns.first)
        let entry = BuildCache.Entry(hash: 1, written: true, stamp: 2, siteKey: 3, summary: PageSummary(pattern: page.withoutHTML, diagnostics: []))
        var record: [UInt8] = []
        entry.encodeRecord(into: &record)
        #expect(BuildCache.Entry(record: StoredBytes(record)) != nil)
        for offset in [record.count - entry.summaryFields.count, record.count - entry.summaryFields.count / 2, record.count - 1] {
            var damaged = record
            damaged[offset] = damaged[offset] == UInt8(ascii: "x") ? UInt8(ascii: "y") : UInt8(ascii: "x")
            let refused = BuildCache.Entry(record: StoredBytes(damaged)) == nil
            #expect(refused, "a byte changed at \(offset)")
        }
        let refused = BuildCache.Entry(record: StoredBytes(record.dropLast(5))) == nil
        #expect(refused, "cut short")
    }

    @Test func findingsAcrossPagesRoundTrip() throws {
        let findings = BuildCache.SiteFindings(
            key: .max, citedKey: 3, anchorsKey: 5, titlesKey: 7,
            links: [Diagnostic(.brokenLink, "no such page", at: DuoSite.SourceLocation(file: "Content/patterns/a.md", line: 9, column: 5))],
            patternRules: [Diagnostic(.unknownPatternRule, "'a#rule-9' cites rule 9, but Content/patterns/a.md has 8 rules", at: DuoSite.SourceLocation(file: "Content/placement.yml", line: 30, column: 9))],
            questions: [Diagnostic(.duplicateQuestion, "the question 'Why?' is also asked in Content/patterns/a.md:12", at: DuoSite.SourceLocation(file: "Content/patterns/b.md", line: 30, column: 1), severity: .warning)],
            questionPages: ["Content/patterns/a.md", "Content/patterns/b.md"],
            unusedSources: [Diagnostic(.unusedSource, "the source 'y' is cited on no page", at: DuoSite.SourceLocation(file: "Content/sources.yml", line: 9, column: 1), severity: .warning)],
            sourcesCounted: true,
            titles: [Diagnostic(.duplicateTitle, "the title 'A' is also the title of Content/patterns/a.md; give each page its own", at: DuoSite.SourceLocation(file: "Content/patterns/b.md", line: 2, column: 8), severity: .warning)],
            others: [Diagnostic(.unusedSource, "the source 'x' is cited on no page", at: DuoSite.SourceLocation(file: "Content/sources.yml", line: 4, column: 1), severity: .warning)]
        )
        let read = try #require(BuildCache.SiteFindings(record: StoredBytes(findings.encodedRecord())))
        #expect(read.citedKey == 3 && read.unusedSources == findings.unusedSources && read.sourcesCounted)
        #expect(read.key == .max && read.anchorsKey == 5 && read.titlesKey == 7)
        #expect(read.links == findings.links && read.patternRules == findings.patternRules && read.others == findings.others)
        #expect(read.titles == findings.titles)
        #expect(read.questions == findings.questions && read.questionPages == findings.questionPages)
        #expect(BuildCache.SiteFindings(record: StoredBytes(Array("12\u{1F}0".utf8))) == nil, "a page's record is not findings")
    }

    /// The key of what the checks across pages read changes with the
    /// fingerprint, with any page's summary, and with which pages could
    /// not be read.
    @Test func whatTheChecksAcrossPagesReadChangesTheirKey() {
        let files = ["Content/patterns/a.md", "Content/patterns/b.md"]
        let key = BuildCache.key(fingerprint: 1, files: files, hashes: [10, 20])
        #expect(key == BuildCache.key(fingerprint: 1, files: files, hashes: [10, 20]))
        #expect(key != BuildCache.key(fingerprint: 2, files: files, hashes: [10, 20]))
        #expect(key != BuildCache.key(fingerprint: 1, files: files, hashes: [10, 21]))
        #expect(key != BuildCache.key(fingerprint: 1, files: files, hashes: [20, 10]))
        #expect(key != BuildCache.key(fingerprint: 1, files: ["Content/patterns/a.md", "Content/patterns/c.md"], hashes: [10, 20]))
        #expect(BuildCache.key(fingerprint: 1, files: files, hashes: [10, nil])
            != BuildCache.key(fingerprint: 1, files: files, hashes: [10, 0]))
        let titles = BuildCache.key(fingerprint: 1, files: files, hashes: [10, 20])
        #expect(titles == BuildCache.key(fingerprint: 1, files: files, hashes: [10, 20]))
        #expect(titles != BuildCache.key(fingerprint: 2, files: files, hashes: [10, 20]))
        #expect(titles != BuildCache.key(fingerprint: 1, files: files, hashes: [10, 21]))
        #expect(titles != BuildCache.key(fingerprint: 1, files: files, hashes: [10, nil]))
        let cited = BuildCache.key(fingerprint: 1, files: files, hashes: [10, 20])
        #expect(cited == BuildCache.key(fingerprint: 1, files: files, hashes: [10, 20]))
        #expect(cited != BuildCache.key(fingerprint: 1, files: files, hashes: [10, 21]))
        #expect(cited != BuildCache.key(fingerprint: 1, files: files, hashes: [nil, 20]))
        let anchors = BuildCache.key(fingerprint: 1, files: files, hashes: [10, 20])
        #expect(anchors == BuildCache.key(fingerprint: 1, files: files, hashes: [10, 20]))
        #expect(anchors != BuildCache.key(fingerprint: 2, files: files, hashes: [10, 20]))
        #expect(anchors != BuildCache.key(fingerprint: 1, files: files, hashes: [10, 21]))
        #expect(anchors != BuildCache.key(fingerprint: 1, files: files, hashes: [10, nil]))
        // Made in one pass, each is the same.
        let (site, _) = SiteLoader(root: TestSite.repositoryRoot).load()
        let pages = site.patterns.prefix(2).map { BuildCache.Entry(hash: 1, written: true, stamp: 2, siteKey: 3, summary: PageSummary(pattern: $0.withoutHTML, diagnostics: [])) }
        let paths = pages.map(\.file) + ["Content/patterns/unreadable.md"]
        let entry = { (index: Int) in index < pages.count ? pages[index] : nil }
        let all = BuildCache.siteKeys(fingerprint: 4, files: paths, entry: entry)
        #expect(all.checks == BuildCache.key(fingerprint: 4, files: paths, hashes: paths.indices.map { entry($0)?.outwardHash }))
        #expect(all.cited == BuildCache.key(fingerprint: 4, files: paths, hashes: paths.indices.map { entry($0)?.citedHash }))
        #expect(all.anchors == BuildCache.key(fingerprint: 4, files: paths, hashes: paths.indices.map { entry($0)?.anchorsHash }))
        #expect(all.titles == BuildCache.key(fingerprint: 4, files: paths, hashes: paths.indices.map { entry($0)?.titleHash }))
        #expect(Set([all.checks, all.cited, all.anchors, all.titles]).count == 4)
    }

    /// A cache made by another build of duosite is not reused: the
    /// fingerprints change with the code that builds, which the running
    /// executable tells apart.
    @Test func theFingerprintsChangeWithTheCode() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("duosite-fingerprint-\(UUID().uuidString)")
        let options = BuildOptions(root: root, today: try #require(Day(year: 2026, month: 11, day: 29)))
        let this = BuildCache.fingerprints(root: root, options: options)
        #expect(!BuildCache.codeIdentity.isEmpty)
        #expect(this == BuildCache.fingerprints(root: root, options: options, code: BuildCache.codeIdentity))
        let other = BuildCache.fingerprints(root: root, options: options, code: BuildCache.codeIdentity + "0")
        #expect(other.build != this.build)
        #expect(other.reading != this.reading)
    }

    @Test func aPageKeyDependsOnTheTextAndTheFingerprint() {
        let key = OutputTree.key(hash: 1, fingerprint: 2)
        #expect(key == OutputTree.key(hash: 1, fingerprint: 2))
        #expect(key != OutputTree.key(hash: 2, fingerprint: 2))
        #expect(key != OutputTree.key(hash: 1, fingerprint: 3))
        #expect(key != OutputTree.key(hash: 2, fingerprint: 1))
    }
}
