import Foundation

/// What a build remembers for the next one, beside its output folder
/// (`.Public.duosite-cache`, its page records in a records file of their
/// own, which later caches refer to: `RecordsFile`): a fingerprint of everything every page depends
/// on (settings, sources, devices, placement table, templates, symbols, base
/// URL, drafts, the build's date and duosite's version); for each page file
/// the hash of its text, its size and times (`SourceStamp`), its part of the
/// site-wide files' key and its summary; and what the output folder and its
/// spare hold (`OutputTree`); and the findings of the checks across pages,
/// with the key of what they read (`FindingsAcrossPages`). A page whose
/// text and fingerprint are unchanged is not read again: its page from the
/// previous output is linked into the new one (or left in the spare), and
/// its summary stands in for it, decoded only when the checks across pages
/// or the site-wide files must be made anew. The result is byte-identical
/// to a full build.
struct BuildCache: Sendable {
    /// One page's entry.
    struct Entry: Sendable {
        /// The hash of the page file's bytes.
        var hash: UInt64
        /// Whether the page was written (drafts are not, without --drafts).
        var written: Bool
        /// The page file's size, times and inode as they were before it was
        /// read (`SourceStamp`), or 0 when they were too recent to trust.
        var stamp: UInt64 = 0
        /// The page's `SiteFiles.pageKey`.
        var siteKey: UInt64 = 0
        /// Whether the page is a draft (a build without --drafts leaves it out).
        var draft: Bool
        /// The page file's path.
        var file: String
        /// The hash of `summaryFields`, which a cache record's must match.
        var summaryHash: UInt64
        /// The hash of the page's title and where it stands: what the
        /// duplicate-title check reads of the page.
        var titleHash: UInt64
        /// The hash of what the other checks across pages read of this page
        /// (its slug, and what a mistake hid), but whether it is a draft,
        /// the sources it cites, its rules, anchors and questions, where its
        /// rules and questions stand, and its links. A rebuild learns from these
        /// hashes alone whether the checks across pages would find
        /// anything new.
        var outwardHash: UInt64
        /// The hash of the sources the page cites: a rebuild in which they
        /// changed finds the sources cited nowhere again, from every page's
        /// `crossPageFacts()`, and checks nothing else again.
        var citedHash: UInt64
        /// The hash of the page's rule numbers, anchors and questions, and
        /// of whether it is a draft: what other pages' links to it, their
        /// questions and the placement table's rows are checked against. A rebuild in which they changed
        /// checks again the links to this page, the questions asked twice
        /// and the rows citing pattern rules, and nothing else.
        var anchorsHash: UInt64
        /// The hash of the lines and columns the page's rules and questions
        /// stand at: a rebuild in which only these moved finds the questions
        /// asked twice again, and only when this page asks one of them.
        var positionsHash: UInt64
        /// The hash of the page's links: a rebuild checks again the links of
        /// a page whose links changed.
        var linksHash: UInt64
        /// The page's summary, encoded (`PageSummary.encode`): as the
        /// previous cache wrote it, or as encoded when the page was built.
        var summaryFields: StoredBytes
        /// The whole record as the previous cache wrote it, written again as
        /// it is while nothing in it changes (a page kept, its file untouched).
        var record: StoredBytes?
        /// The line of the previous cache's records file that `record` is,
        /// while it is: the next cache refers to that line rather than
        /// writing the record again (`RecordsFile`).
        var recordsLine: Int?

        /// The entry of a page built now, its summary encoded on the
        /// thread that built it.
        init(hash: UInt64, written: Bool, stamp: UInt64, siteKey: UInt64, summary: PageSummary) {
            self.hash = hash
            self.written = written
            self.stamp = stamp
            self.siteKey = siteKey
            draft = summary.pattern.frontMatter.draft
            file = summary.pattern.file
            var writer = RecordWriter()
            let parts = summary.encode(into: &writer)
            // A copy of exactly the summary's size: the cache keeps ten thousand.
            let fields = writer.withBytes { StoredBytes($0) }
            summaryFields = fields
            (summaryHash, titleHash, outwardHash, citedHash, anchorsHash, positionsHash, linksHash) = fields.withUnsafeBufferPointer { bytes in
                (ContentHash.of(bytes), ContentHash.of(UnsafeBufferPointer(rebasing: bytes[parts.title..<parts.listing])),
                 ContentHash.of(UnsafeBufferPointer(rebasing: bytes[parts.outward..<parts.cited])),
                 ContentHash.of(UnsafeBufferPointer(rebasing: bytes[parts.cited..<parts.anchors])),
                 ContentHash.of(UnsafeBufferPointer(rebasing: bytes[parts.anchors..<parts.positions]))
                    ^ ContentHash.of(UnsafeBufferPointer(rebasing: bytes[parts.draft..<parts.outward])),
                 ContentHash.of(UnsafeBufferPointer(rebasing: bytes[parts.positions..<parts.links])),
                 ContentHash.of(UnsafeBufferPointer(rebasing: bytes[parts.links..<parts.end])))
            }
        }

        /// What the checks across pages read of the page that a rebuild
        /// needs now and then without the rest of its summary: its
        /// questions' keys, the sources it cites and the pages it links to,
        /// read from the summary's fields where they lie (no other text of
        /// it is made). Nil when the summary cannot be read so.
        func crossPageFacts() -> PageSummary.CrossPageFacts? {
            try? PageSummary.crossPageFacts(in: summaryFields)
        }

        /// The ids of the sources the page cites, as text: what a cited
        /// source's hash in its `crossPageFacts()` is checked against.
        func citedSources() -> [String]? {
            try? PageSummary.citedSources(in: summaryFields)
        }

        /// The entry a cache record holds, its summary left encoded; nil
        /// when the record is damaged (its summary no longer has its hash).
        init?(record: StoredBytes) {
            var reader = RecordReader(record)
            guard let hash = try? reader.unsigned(), let written = try? reader.number(), let stamp = try? reader.unsigned(),
                  let siteKey = try? reader.unsigned(), let draft = try? reader.number(), let summaryHash = try? reader.unsigned(),
                  let titleHash = try? reader.unsigned(), let outwardHash = try? reader.unsigned(), let citedHash = try? reader.unsigned(), let anchorsHash = try? reader.unsigned(),
                  let positionsHash = try? reader.unsigned(), let linksHash = try? reader.unsigned(),
                  let file = try? reader.text() else { return nil }
            let fields = reader.rest
            guard fields.withUnsafeBufferPointer({ ContentHash.of($0) }) == summaryHash else { return nil }
            self.hash = hash
            self.written = written == 1
            self.stamp = stamp
            self.siteKey = siteKey
            self.draft = draft == 1
            self.summaryHash = summaryHash
            self.titleHash = titleHash
            self.outwardHash = outwardHash
            self.citedHash = citedHash
            self.anchorsHash = anchorsHash
            self.positionsHash = positionsHash
            self.linksHash = linksHash
            self.file = file
            summaryFields = fields
            self.record = record
        }

        /// The page without HTML, and its own findings.
        func summary() throws -> PageSummary {
            var reader = RecordReader(summaryFields)
            return try PageSummary.decode(from: &reader, file: file)
        }

        /// The page's front matter and slug alone, as the site-wide files
        /// and the duplicate-title check read them (`PageSummary.decode`'s
        /// `listingOnly`).
        func listing() throws -> Pattern {
            var reader = RecordReader(summaryFields)
            return try PageSummary.decode(from: &reader, file: file, listingOnly: true).pattern
        }

        /// The page's own findings alone (what a rebuild reports of a page it keeps).
        func diagnostics() throws -> [Diagnostic] {
            var reader = RecordReader(summaryFields)
            return try PageSummary.decodeDiagnostics(from: &reader)
        }

        /// Appends the entry's record, without its line end.
        func encodeRecord(into bytes: inout [UInt8]) {
            if let record {
                bytes.append(contentsOf: record)
                return
            }
            // Twelve hashes of up to sixteen digits and the file's path: room
            // for them all, so that the writer never grows.
            var writer = RecordWriter(capacity: 512)
            writer.add(hash)
            writer.add(written ? 1 : 0)
            writer.add(stamp)
            writer.add(siteKey)
            writer.add(draft ? 1 : 0)
            writer.add(summaryHash)
            writer.add(titleHash)
            writer.add(outwardHash)
            writer.add(citedHash)
            writer.add(anchorsHash)
            writer.add(positionsHash)
            writer.add(linksHash)
            writer.add(file)
            writer.withBytes { bytes.append(contentsOf: $0) }
            bytes.append(0x1F)
            bytes.append(contentsOf: summaryFields)
        }
    }

    /// The findings of the checks across pages, and the keys of what they
    /// read (the four of `siteKeys`): a rebuild whose
    /// keys are the same reports them again without reading any kept page's
    /// summary, checking again only the links of the pages whose links
    /// changed, and the questions asked twice when one of the pages asking
    /// them moved its questions. When the cited sources' key changed, the
    /// sources cited nowhere are found again; when the anchors' key changed
    /// (rules, anchors, questions), the links to the pages whose anchors
    /// changed, the questions asked twice and the table's rows citing
    /// pattern rules are checked again; when only the titles' key changed, the
    /// titles are compared again.
    struct SiteFindings: Sendable {
        /// The checks key (`siteKeys`) of the build that made the findings.
        var key: UInt64
        /// `citedKey` of the build that made the findings.
        var citedKey: UInt64
        /// `anchorsKey` of the build that made the findings.
        var anchorsKey: UInt64
        /// `titlesKey` of the build that made the findings.
        var titlesKey: UInt64
        /// The findings about links, each in the file of the page whose link it is.
        var links: [Diagnostic]
        /// The placement table's rows and advice citing pattern rules that
        /// do not exist (`PlacementChecker`'s `unknown-pattern-rule` findings).
        var patternRules: [Diagnostic]
        /// The questions asked on two pages (`DuplicateQuestionChecker`'s findings).
        var questions: [Diagnostic]
        /// The files of the pages that ask a question another page asks too.
        var questionPages: [String]
        /// The sources cited on no page (`UnusedSourceChecker`'s findings).
        var unusedSources: [Diagnostic]
        /// Whether the unused-source check could tell (every page read, no
        /// rule or citation block hidden by a mistake): it stays so while
        /// `key` does.
        var sourcesCounted: Bool
        /// The titles given twice (`DuplicateTitleChecker`'s findings).
        var titles: [Diagnostic]
        /// The other findings.
        var others: [Diagnostic]

        /// The marker that starts the cache's last line.
        static let marker = "site"

        /// The findings as a record, without its line end.
        func encodedRecord() -> [UInt8] {
            var writer = RecordWriter(capacity: 256)
            writer.add(Self.marker)
            writer.add(key)
            writer.add(citedKey)
            writer.add(anchorsKey)
            writer.add(titlesKey)
            PageSummary.encode(links, into: &writer)
            PageSummary.encode(patternRules, into: &writer)
            PageSummary.encode(questions, into: &writer)
            writer.add(questionPages.count)
            questionPages.forEach { writer.add($0) }
            PageSummary.encode(unusedSources, into: &writer)
            writer.add(sourcesCounted ? 1 : 0)
            PageSummary.encode(titles, into: &writer)
            PageSummary.encode(others, into: &writer)
            return writer.bytes
        }

        /// The findings a record written by `encodedRecord` holds.
        init?(record: StoredBytes) {
            var reader = RecordReader(record)
            guard (try? reader.text()) == Self.marker, let key = try? reader.unsigned(), let citedKey = try? reader.unsigned(), let anchorsKey = try? reader.unsigned(), let titlesKey = try? reader.unsigned(),
                  let links = try? PageSummary.decodeDiagnostics(from: &reader),
                  let patternRules = try? PageSummary.decodeDiagnostics(from: &reader),
                  let questions = try? PageSummary.decodeDiagnostics(from: &reader),
                  let questionPages = try? (0..<reader.number()).map({ _ in try reader.text() }),
                  let unusedSources = try? PageSummary.decodeDiagnostics(from: &reader),
                  let sourcesCounted = try? reader.number(),
                  let titles = try? PageSummary.decodeDiagnostics(from: &reader),
                  let others = try? PageSummary.decodeDiagnostics(from: &reader) else { return nil }
            self.init(key: key, citedKey: citedKey, anchorsKey: anchorsKey, titlesKey: titlesKey, links: links, patternRules: patternRules, questions: questions, questionPages: questionPages,
                      unusedSources: unusedSources, sourcesCounted: sourcesCounted == 1, titles: titles, others: others)
        }

        /// Findings with their key.
        init(key: UInt64, citedKey: UInt64, anchorsKey: UInt64, titlesKey: UInt64, links: [Diagnostic], patternRules: [Diagnostic], questions: [Diagnostic], questionPages: [String],
             unusedSources: [Diagnostic], sourcesCounted: Bool, titles: [Diagnostic], others: [Diagnostic]) {
            self.key = key
            self.citedKey = citedKey
            self.anchorsKey = anchorsKey
            self.titlesKey = titlesKey
            self.links = links
            self.patternRules = patternRules
            self.questions = questions
            self.questionPages = questionPages
            self.unusedSources = unusedSources
            self.sourcesCounted = sourcesCounted
            self.titles = titles
            self.others = others
        }

        /// Every finding.
        var all: [Diagnostic] { links + patternRules + questions + unusedSources + titles + others }
    }

    /// A key of what a check across pages reads of every page, as one
    /// number: the fingerprint, and for each page file in order its path
    /// and one of its entry's hashes (or that it could not be read). Four
    /// are made (`siteKeys`): of the `outwardHash`es (what the checks
    /// read but for what the three others cover and the links), of the
    /// `citedHash`es (what the unused-source check reads), of the
    /// `anchorsHash`es (what other pages' links, their questions and the
    /// placement table's rows are checked against) and of the `titleHash`es
    /// (what the duplicate-title check reads).
    static func key(fingerprint: UInt64, files: [String], hashes: [UInt64?]) -> UInt64 {
        var hasher = KeyHasher(fingerprint: fingerprint)
        for (file, hash) in zip(files, hashes) {
            hasher.add(ContentHash.of(file), hash)
        }
        return hasher.value
    }

    /// The four keys of what the checks across pages read (`key` of the
    /// outward, cited, anchors and title hashes), each the same as `key` gives,
    /// made in one pass over the page files: a rebuild makes them all, over
    /// ten thousand files, each entry looked at and each path hashed once.
    static func siteKeys(fingerprint: UInt64, files: [String], entry: (Int) -> Entry?) -> (checks: UInt64, cited: UInt64, anchors: UInt64, titles: UInt64) {
        var checks = KeyHasher(fingerprint: fingerprint), cited = checks, anchors = checks, titles = checks
        for index in files.indices {
            let path = ContentHash.of(files[index])
            let found = entry(index)
            checks.add(path, found?.outwardHash)
            cited.add(path, found?.citedHash)
            anchors.add(path, found?.anchorsHash)
            titles.add(path, found?.titleHash)
        }
        return (checks.value, cited.value, anchors.value, titles.value)
    }

    /// A key over page files: for each in order, its path's hash and one
    /// of its entry's hashes, or that it has none.
    private struct KeyHasher {
        private var hasher = ContentHash()

        init(fingerprint: UInt64) {
            withUnsafeBytes(of: fingerprint) { hasher.add($0) }
        }

        mutating func add(_ path: UInt64, _ hash: UInt64?) {
            withUnsafeBytes(of: (path, hash ?? 0, hash == nil ? 0 as UInt8 : 1)) { hasher.add($0) }
        }

        var value: UInt64 { hasher.value }
    }

    /// The fingerprint of everything pages depend on.
    var fingerprint: UInt64
    /// Entries in the order the previous build read the page files: none
    /// when the fingerprint has changed.
    var entries: [Entry]
    /// Each entry's place by page file path, made only when a page file is
    /// not where it was (files added or removed since).
    private let places = Once<[String: Int]>()
    /// What the pages of the output folder hold.
    var live = OutputTree()
    /// What the pages of the spare (the output before it) hold.
    var spare = OutputTree()
    /// The previous build's findings across pages (none when the fingerprint has changed).
    var siteFindings: SiteFindings?
    /// The records file the entries were read from (none when the
    /// fingerprint has changed).
    var records: RecordsFile?

    /// The entry of the page file `path`, the `index`th this build reads:
    /// looked up by its place first, by its path only when files were
    /// added or removed (a rebuild asks for ten thousand).
    func entry(for path: String, at index: Int) -> Entry? {
        if index < entries.count, entries[index].file == path { return entries[index] }
        let positions = places.get { Dictionary(entries.indices.map { (entries[$0].file, $0) }, uniquingKeysWith: { first, _ in first }) }
        return positions[path].map { entries[$0] }
    }

    static let header = "duosite-cache 19"

    /// Where the cache of an output folder lives.
    static func location(for output: URL) -> URL {
        let output = output.standardizedFileURL
        return output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).duosite-cache")
    }

    /// The fingerprint of what a page's own findings and its summary
    /// depend on: a build's fingerprint but for its base URL and whether it
    /// publishes drafts, which change only what is written. `check` reuses
    /// a build's page entries when this is the same.
    static func readingFingerprint(root: URL, today: Day) -> UInt64 {
        fingerprints(root: root, options: BuildOptions(root: root, today: today)).reading
    }

    /// Which duosite made a cache: the running executable's size, time
    /// and inode. What a page's record holds (its findings, its HTML) is
    /// only as good as the code that made it, and the version number does
    /// not change with every build of that code: a cache made by another
    /// build of duosite is not reused. Empty where the executable cannot be
    /// looked at (then the version alone tells).
    static let codeIdentity: String = {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return "" }
        return "\(info.st_size)|\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)|\(info.st_ino)"
    }()

    /// A build's fingerprint (every global input, in a fixed order) and its
    /// reading fingerprint (`readingFingerprint`), the files read once;
    /// `code` says which duosite builds (``codeIdentity``).
    static func fingerprints(root: URL, options: BuildOptions, code: String = codeIdentity) -> (build: UInt64, reading: UInt64) {
        var build = ContentHash(), reading = ContentHash()
        build.add(Data("\(DuoSiteCommand.version)|\(code)|\(options.today)|\(options.baseURL ?? "")|\(options.drafts)".utf8))
        // As a build's with no base URL given and no drafts.
        reading.add(Data("\(DuoSiteCommand.version)|\(code)|\(options.today)||false".utf8))
        func add(_ data: Data) {
            build.add(data)
            reading.add(data)
        }
        let fileManager = FileManager.default
        for path in [Site.Paths.settings, Site.Paths.sources, Site.Paths.devices, Site.Paths.placement] {
            add(Data(path.utf8))
            add(fileManager.contents(atPath: root.appendingPathComponent(path).path) ?? Data())
        }
        // The theme's files by name: pages' links to them are checked.
        for path in SiteLoader.assetPaths(root: root) {
            add(Data("\(Site.Paths.assets)/\(path)\n".utf8))
        }
        // The site's own files by name, for the same reason.
        for path in SiteLoader.staticPaths(root: root) {
            add(Data("\(Site.Paths.staticFiles)/\(path)\n".utf8))
        }
        for folder in [Site.Paths.templates, Site.Paths.symbols] {
            let names = ((try? fileManager.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? []).sorted()
            for name in names {
                add(Data("\(folder)/\(name)".utf8))
                add(fileManager.contents(atPath: root.appendingPathComponent(folder).appendingPathComponent(name).path) ?? Data())
            }
        }
        return (build.value, reading.value)
    }

    /// The cache of the previous build into `output`, when the output it
    /// describes is still there. Its page entries are kept only when it was
    /// made with the same fingerprint (with `reading`, the same
    /// `readingFingerprint`); what the folders hold is kept anyway.
    static func load(output: URL, fingerprint: UInt64, reading: Bool = false) -> BuildCache? {
        guard FileManager.default.fileExists(atPath: output.path),
              let bytes = StoredBytes(mapping: location(for: output).path) else { return nil }
        var lines = Self.lines(of: bytes)[...]
        guard let first = lines.popFirst(), String(decoding: first, as: UTF8.self).hasPrefix("\(header) "),
              let liveLine = lines.popFirst(), let spareLine = lines.popFirst() else { return nil }
        // The two folders' trees decode beside the page records.
        nonisolated(unsafe) var trees: (OutputTree, OutputTree)?
        let decodingTrees = DispatchGroup()
        DispatchQueue.global().async(group: decodingTrees) {
            var liveReader = RecordReader(liveLine), spareReader = RecordReader(spareLine)
            if let live = try? OutputTree.decode(from: &liveReader), let spare = try? OutputTree.decode(from: &spareReader) {
                trees = (live, spare)
            }
        }
        // The first line: the header, the fingerprint, the reading
        // fingerprint, and the records file's name and size.
        let fields = String(decoding: first, as: UTF8.self).dropFirst(header.utf8.count + 1).split(separator: " ")
        let sameFingerprint = fields.count == 4 && fields[reading ? 1 : 0] == "\(fingerprint)"
        var references = sameFingerprint ? Array(lines) : []
        // The last line holds the findings across pages.
        let siteFindings = references.last.flatMap(SiteFindings.init(record:))
        if siteFindings != nil { references.removeLast() }
        // Each page's line refers to a record of the records file, or is
        // a record itself; the records file is read only when its
        // records can be used.
        let recordsFile = sameFingerprint ? RecordsFile(id: String(fields[2]), count: Int(fields[3]) ?? -1) : nil
        let recordLines = recordsFile.flatMap { readRecords(of: $0, beside: output) }
        // Records decode on every core, their summaries left encoded; one
        // that cannot be read voids them all.
        let decoded = ParallelMap.map(references) { line -> Entry? in
            guard line.first == UInt8(ascii: "@") else { return Entry(record: line) }
            guard let recordLines, let index = RecordsFile.line(line), index < recordLines.count else { return nil }
            var entry = Entry(record: recordLines[index])
            entry?.recordsLine = index
            return entry
        }
        decodingTrees.wait()
        guard let (live, spare) = trees else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(decoded.count)
        for entry in decoded {
            guard let entry else { return BuildCache(fingerprint: fingerprint, entries: [], live: live, spare: spare) }
            entries.append(entry)
        }
        return BuildCache(fingerprint: fingerprint, entries: entries, live: live, spare: spare, siteFindings: siteFindings,
                          records: recordLines == nil ? nil : recordsFile)
    }

    /// The non-empty lines of `bytes`, without their line ends.
    static func lines(of bytes: StoredBytes) -> [StoredBytes] {
        let ends = bytes.withUnsafeBufferPointer { buffer -> [Int] in
            var ends: [Int] = []
            var start = 0
            while start < buffer.count {
                guard let found = memchr(buffer.baseAddress! + start, 0x0A, buffer.count - start) else {
                    ends.append(buffer.count)
                    break
                }
                let end = buffer.baseAddress!.distance(to: found.assumingMemoryBound(to: UInt8.self))
                ends.append(end)
                start = end + 1
            }
            return ends
        }
        var lines: [StoredBytes] = []
        lines.reserveCapacity(ends.count)
        var start = bytes.startIndex
        for end in ends {
            if bytes.startIndex + end > start { lines.append(bytes[start..<(bytes.startIndex + end)]) }
            start = bytes.startIndex + end + 1
        }
        return lines
    }

    /// Where a cache is written before it replaces the previous one.
    private static func draftPath(for output: URL) -> String {
        location(for: output).path + ".new"
    }

    /// The records file the next cache beside `output` refers to:
    /// `previous`, when most of `entries` (in page file order) are still
    /// its lines, or a new one with every entry's record, written now. A
    /// build writes it beside the site-wide files, before the cache that
    /// names it: ten thousand records are some twenty megabytes.
    static func writeRecords(beside output: URL, entries: [Entry], previous: RecordsFile?) throws -> RecordsFile {
        let referring = previous == nil ? 0 : entries.reduce(0) { $0 + ($1.record != nil && $1.recordsLine != nil ? 1 : 0) }
        if let previous, !RecordsFile.writesAnew(entries: entries.count, referring: referring, previous: previous) {
            return previous
        }
        let records = RecordsFile(count: entries.count)
        let path = recordsPath(of: records, beside: output)
        var file = try LineFile(creating: path)
        file.append("\(RecordsFile.header) \(records.id)\n")
        for entry in entries {
            file.append { entry.encodeRecord(into: &$0) }
        }
        guard file.finish() else {
            unlink(path)
            throw CocoaError(.fileWriteUnknown)
        }
        return records
    }

    /// Writes a cache beside `output` under a temporary name, while the
    /// build is still running: `publishDraft` puts it in place once the
    /// output is swapped in, and `discardDraft` removes it (and `records`,
    /// when new) if it is not. `entries` come in page file order. Each
    /// refers to its line of the records file `records` (from
    /// `writeRecords`): when that is a new one, its own line; when it is
    /// the previous cache's (`previous`), the line its record is still,
    /// the others written whole. Records are written a buffer at a time,
    /// never gathered whole. The findings across pages come last:
    /// `siteFindings` is asked for them once the records are written (the
    /// checks run meanwhile).
    static func writeDraft(beside output: URL, fingerprint: UInt64, readingFingerprint: UInt64, entries: [Entry], records: RecordsFile, previous: RecordsFile?,
                           live: OutputTree, spare: OutputTree, siteFindings: () -> SiteFindings) throws {
        let temporary = Self.draftPath(for: output)
        // A records file made for a cache that cannot be written goes with it.
        let madeRecords = records != previous ? recordsPath(of: records, beside: output) : nil
        var file: LineFile
        do {
            file = try LineFile(creating: temporary, replacing: true)
        } catch {
            if let madeRecords { unlink(madeRecords) }
            throw error
        }
        file.append("\(Self.header) \(fingerprint) \(readingFingerprint) \(records.id) \(records.count)\n")
        // The two trees (ten thousand pages each) are encoded side by side.
        let trees = ParallelMap.map([live, spare]) { tree -> [UInt8] in
            var writer = RecordWriter(capacity: 64 * tree.pages.count + 16)
            tree.encode(into: &writer)
            return writer.bytes
        }
        for tree in trees {
            file.append { $0.append(contentsOf: tree) }
        }
        for (index, entry) in entries.enumerated() {
            if records != previous {
                file.append { Self.appendReference(to: index, into: &$0) }
            } else if entry.record != nil, let line = entry.recordsLine {
                file.append { Self.appendReference(to: line, into: &$0) }
            } else {
                file.append { entry.encodeRecord(into: &$0) }
            }
        }
        let findings = siteFindings().encodedRecord()
        file.append { $0.append(contentsOf: findings) }
        guard file.finish() else {
            unlink(temporary)
            if let madeRecords { unlink(madeRecords) }
            throw CocoaError(.fileWriteUnknown)
        }
    }

    /// A page's line referring to line `line` of the records file (`@`
    /// and the number), written as bytes: ten thousand of them a build.
    static func appendReference(to line: Int, into bytes: inout [UInt8]) {
        bytes.append(UInt8(ascii: "@"))
        let width = DecimalDigits.count(of: UInt64(line))
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: width))
        bytes.withUnsafeMutableBufferPointer { DecimalDigits.write(UInt64(line), width: width, into: $0, at: start) }
    }

    /// Puts the cache written by `writeDraft` in place (rename(2) replaces
    /// the previous one in one step), and removes the records files it no
    /// longer refers to.
    static func publishDraft(beside output: URL) throws {
        let temporary = draftPath(for: output)
        guard rename(temporary, location(for: output).path) == 0 else {
            unlink(temporary)
            removeUnusedRecords(beside: output)
            throw CocoaError(.fileWriteUnknown)
        }
        removeUnusedRecords(beside: output)
    }

    /// Removes a cache written by `writeDraft` and never put in place, and
    /// a records file it wrote.
    static func discardDraft(beside output: URL) {
        unlink(draftPath(for: output))
        removeUnusedRecords(beside: output)
    }

    /// Removes the cache of `output` (after a build that could not write
    /// one), and its records file unless `keepingRecords` (a cache drafted
    /// meanwhile may refer to it).
    static func remove(beside output: URL, keepingRecords: Bool = false) {
        unlink(location(for: output).path)
        if !keepingRecords { removeUnusedRecords(beside: output) }
    }
}

/// What a page file's metadata says of its contents: its size, modification
/// and change times and inode, in one number. A page whose stamp is the one
/// the cache recorded is not read again. Like git's index, a stamp is only
/// recorded for a file last changed more than a second before the build
/// began: a change made within the same clock tick as the read could
/// otherwise leave the times as they were.
enum SourceStamp {
    /// The stamp of the file at `path`, or 0 when it cannot be read or was
    /// changed too recently (`since` is when the build began, in nanoseconds).
    static func of(_ path: String, notAfter since: UInt64) -> UInt64 {
        of(path, relativeTo: AT_FDCWD, notAfter: since)
    }

    /// The stamp of the file at `path` relative to the open folder `folder`
    /// (a rebuild looks at every page file: a short path is a short walk).
    static func of(_ path: String, relativeTo folder: Int32, notAfter since: UInt64) -> UInt64 {
        var info = stat()
        guard fstatat(folder, path, &info, 0) == 0 else { return 0 }
        return of(info, notAfter: since)
    }

    /// The stamp of a file whose status is `info`, as ``of(_:notAfter:)`` makes it.
    static func of(_ info: stat, notAfter since: UInt64) -> UInt64 {
        let modified = OutputTree.Page.stamp(info.st_mtim), changed = OutputTree.Page.stamp(info.st_ctim)
        guard max(modified, changed) &+ 1_000_000_000 < since else { return 0 }
        var hasher = ContentHash()
        withUnsafeBytes(of: (UInt64(info.st_size), modified, changed, UInt64(info.st_ino), UInt64(info.st_dev))) { hasher.add($0) }
        return max(hasher.value, 1)
    }

    /// Now, in nanoseconds, as file times count.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return OutputTree.Page.stamp(time)
    }
}

/// A fast 64-bit hash of file contents for the build cache, eight bytes a
/// step, thirty-two in four independent lanes where there are more than
/// sixty-four (not for security: a page's text is compared with its own
/// earlier text, and a page whose hash matched by chance would only be
/// rebuilt late).
struct ContentHash {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    /// Adds bytes to the hash.
    mutating func add(_ data: Data) {
        data.withUnsafeBytes { add($0) }
    }

    /// Adds bytes to the hash.
    mutating func add(_ bytes: UnsafeRawBufferPointer) {
        let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
        var hash = value
        var offset = 0
        // A page file (7 KB), a summary (2 KB): each lane's multiply waits
        // only for its own, so that four go at once where one word at a
        // time waits for the word before. Rebuilds hash twenty megabytes
        // of records; a full build its pages' seventy of Markdown.
        if bytes.count > 64 {
            var lanes = (hash, hash ^ 0x2545_F491_4F6C_DD1D, hash ^ 0x5851_F42D_4C95_7F2D, hash ^ 0x1405_7B7E_F767_814F)
            while bytes.count - offset >= 32 {
                lanes.0 = (lanes.0 ^ bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* multiplier
                lanes.1 = (lanes.1 ^ bytes.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self)) &* multiplier
                lanes.2 = (lanes.2 ^ bytes.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self)) &* multiplier
                lanes.3 = (lanes.3 ^ bytes.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self)) &* multiplier
                lanes.0 ^= lanes.0 >> 31
                lanes.1 ^= lanes.1 >> 31
                lanes.2 ^= lanes.2 >> 31
                lanes.3 ^= lanes.3 >> 31
                offset += 32
            }
            // The lanes folded in order, so that words swapped between
            // lanes do not give the same hash.
            hash = (hash ^ lanes.0) &* multiplier
            hash ^= hash >> 31
            hash = (hash ^ lanes.1) &* multiplier
            hash ^= hash >> 31
            hash = (hash ^ lanes.2) &* multiplier
            hash ^= hash >> 31
            hash = (hash ^ lanes.3) &* multiplier
            hash ^= hash >> 31
        }
        while bytes.count - offset >= 8 {
            let word = bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = (hash ^ word) &* multiplier
            hash ^= hash >> 31
            offset += 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while offset < bytes.count {
            tail |= UInt64(bytes[offset]) << shift
            shift += 8
            offset += 1
        }
        hash = (hash ^ tail ^ UInt64(bytes.count)) &* multiplier
        value = hash ^ (hash >> 29)
    }

    /// The hash of a text's UTF-8 bytes.
    static func of(_ text: String) -> UInt64 {
        ByteScan.withUTF8(of: text) { of($0) }
    }

    /// The hash of bytes where they lie (a page just rendered).
    static func of(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var hasher = ContentHash()
        hasher.add(UnsafeRawBufferPointer(bytes))
        return hasher.value
    }

    /// The hash of one file's bytes, as read.
    static func of(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBufferPointer { of($0) }
    }
}
