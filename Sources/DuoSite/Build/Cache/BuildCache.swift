import Diagnostics
import Files
import Foundation

/// What a build leaves beside its output for the next one
/// (`.Public.duosite-cache`): the fingerprints of what every page depends
/// on (`BuildFingerprint`), what the output folder and its spare hold
/// (`OutputTree`), the addresses the output answers at (`PublishedSite`,
/// what the next build is checked against), the findings of the checks
/// across pages and the links' key, and for each page file the hash of its text, its size
/// and times (`SourceStamp`), whether its page was written, and its facts
/// (`PageFacts`). After a first line of text, each is a record sealed with
/// the hash of its bytes (`RecordWriter`): a cache changed since it was
/// written is not trusted.
///
/// A page file whose text and fingerprint are unchanged is not read
/// again: its page is kept from the previous output, and its facts stand
/// in for it in the checks across pages (which look again only at the
/// files the pages read again can affect) and the site-wide files. The
/// result is byte-identical to a full build.
struct BuildCache: Sendable {
    /// One page file's entry, with its record as the cache holds it.
    struct Entry: Sendable {
        /// The page file's path, relative to the site root.
        let file: String
        /// The hash of the page file's bytes (`ContentHash`).
        let hash: UInt64
        /// The page file's size, times and inode before it was read
        /// (`SourceStamp`), or 0 when they were too recent to trust.
        let stamp: UInt64
        /// Whether the page was written (drafts are not, without --drafts).
        let written: Bool
        /// What the site-wide files show of the page (`SiteWideFiles.pageKey`).
        let listingKey: UInt64
        /// The page's facts: what the checks across pages and the
        /// site-wide files read of it, and its own findings.
        let facts: PageFacts
        /// The entry as the cache file holds it (its length, its fields
        /// and its seal), as the previous cache held it; nil for an entry
        /// made now, encoded when the cache is written (`encoded`), so that
        /// ten thousand records are not held through the build.
        let record: ArraySlice<UInt8>?

        /// The entry as the cache file holds it.
        var encoded: ArraySlice<UInt8> {
            if let record { return record }
            var writer = RecordWriter()
            writer.add(hash)
            writer.add(stamp)
            writer.add(written ? 1 : 0)
            writer.add(listingKey)
            writer.add(file)
            facts.encode(into: &writer)
            return writer.sealed()[...]
        }
    }

    /// The fingerprint of everything every page depends on (`BuildFingerprint.build`).
    var fingerprint: UInt64
    /// The fingerprint of what a page's facts depend on (`BuildFingerprint.reading`).
    var readingFingerprint: UInt64
    /// What the pages of the output folder hold.
    var live = OutputTree()
    /// What the pages of the spare (the output before it) hold.
    var spare = OutputTree()
    /// The addresses the output answers at: kept whatever the fingerprint.
    var published: PublishedSite?
    /// The page files' entries, in page file order; none when read with
    /// another fingerprint.
    var entries: [Entry] = []
    /// The findings of the checks across pages of the build that wrote the
    /// cache (it published: warnings alone), which the next build with the
    /// same fingerprint starts from, checking again only the files its
    /// changed pages can affect; nil when not known.
    var acrossPages: [Diagnostic]?
    /// The key of the links between pages of the build that wrote the
    /// cache (`PageLinks.siteKey`): a next build whose edits change no
    /// page's links makes those of the pages it read again alone, and
    /// keeps this one for the site-wide files; nil when not known.
    var linksKey: UInt64?

    /// The first words of the cache's first line: its format's name and number.
    static let header = "duosite-cache 24"

    /// Where the cache of an output folder lives: beside it, `.Public.duosite-cache`.
    static func location(for output: URL) -> URL {
        let output = output.standardizedFileURL
        return output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).duosite-cache")
    }

    /// Where a cache is written before it replaces the previous one.
    private static func draftPath(for output: URL) -> String {
        location(for: output).path + ".new"
    }

    /// The cache of the previous build into `output`, when the output it
    /// describes is still there and the cache can be read. Its entries are
    /// kept only when it was made with the same fingerprint (with `reading`,
    /// the same reading fingerprint); what the folders hold is kept anyway.
    static func read(beside output: URL, fingerprint: UInt64, reading: Bool = false) -> BuildCache? {
        guard FileManager.default.fileExists(atPath: output.path),
              let (bytes, _) = try? SourceFile.contents(atPath: location(for: output).path),
              let end = bytes.firstIndex(of: 0x0A) else { return nil }
        // The first line: the header, and the two fingerprints; then the
        // records: what the output and the spare hold, the addresses it
        // answers at, the findings across pages, and each page file's entry.
        let fields = String(decoding: bytes[..<end], as: UTF8.self).split(separator: " ")
        guard fields.count == 4, "\(fields[0]) \(fields[1])" == header,
              let built = UInt64(fields[2], radix: 16), let read = UInt64(fields[3], radix: 16),
              let frames = RecordReader.frames(of: bytes, from: end + 1), frames.count >= 4 else { return nil }
        // (The two, ten thousand pages each, side by side.)
        let trees = ParallelMap.map([frames[0].fields, frames[1].fields]) { range -> OutputTree? in
            var reader = RecordReader(bytes, range)
            guard let tree = try? OutputTree.decode(from: &reader), (try? reader.checkSeal()) != nil else { return nil }
            return tree
        }
        guard let live = trees[0], let spare = trees[1] else { return nil }
        var addresses = RecordReader(bytes, frames[2].fields)
        guard let published = try? PublishedSite.decode(from: &addresses), (try? addresses.checkSeal()) != nil else { return nil }
        var cache = BuildCache(fingerprint: built, readingFingerprint: read, live: live, spare: spare, published: published)
        guard (reading ? read : built) == fingerprint else { return cache }
        // Every entry decoded on every core; one that cannot be read voids them all.
        let entries = ParallelMap.map(Array(frames.dropFirst(4))) { try? Entry(frame: $0.frame, fields: $0.fields, in: bytes) }
        if !entries.contains(where: { $0 == nil }) {
            cache.entries = entries.map { $0! }
            if !reading {
                var record = RecordReader(bytes, frames[3].fields)
                if let links = try? record.unsigned(), let known = try? record.number(), let found = try? PageFacts.decodeFindings(from: &record),
                   (try? record.checkSeal()) != nil {
                    cache.linksKey = known & 1 != 0 ? links : nil
                    cache.acrossPages = known & 2 != 0 ? found : nil
                }
            }
        }
        return cache
    }

    /// Writes the cache beside `output` under a temporary name:
    /// `publishDraft` puts it in place once the output is swapped in, and
    /// `discardDraft` removes it if it is not. Throws, having removed it,
    /// with the system's reason, when it cannot be written whole.
    func writeDraft(beside output: URL) throws(FileSystemFailure) {
        var file = try BufferedFile(creating: Self.draftPath(for: output))
        file.append(Array("\(Self.header) \(String(fingerprint, radix: 16)) \(String(readingFingerprint, radix: 16))\n".utf8)[...])
        // (The two, ten thousand pages each, side by side.)
        let trees = ParallelMap.map([live, spare]) { tree -> [UInt8] in
            var writer = RecordWriter(capacity: 64 * tree.pages.count + 16)
            tree.encode(into: &writer)
            return writer.sealed()
        }
        trees.forEach { file.append($0[...]) }
        var addresses = RecordWriter(capacity: 48 * ((published?.pages.count ?? 0) + (published?.others.count ?? 0)) + 32)
        (published ?? PublishedSite(day: Day(dayNumber: 0), pages: [])).encode(into: &addresses)
        file.append(addresses.sealed()[...])
        // The links' key and the findings across pages, each with whether it is known.
        var record = RecordWriter(capacity: 128 * (acrossPages?.count ?? 0) + 32)
        record.add(linksKey ?? 0)
        record.add((linksKey == nil ? 0 : 1) | (acrossPages == nil ? 0 : 2))
        PageFacts.encode(acrossPages ?? [], into: &record)
        file.append(record.sealed()[...])
        // The entries made now encoded on every core, a part at a time, and
        // written in page file order as each part is done.
        for part in stride(from: 0, to: entries.count, by: 2_048).map({ $0..<min($0 + 2_048, entries.count) }) {
            let records = ParallelMap.map(Array(part)) { entries[$0].encoded }
            records.forEach { file.append($0) }
        }
        try file.finish()
    }

    /// Puts the cache written by `writeDraft` in place (rename(2) replaces
    /// the previous one in one step).
    static func publishDraft(beside output: URL) throws(FileSystemFailure) {
        let draft = draftPath(for: output)
        guard rename(draft, location(for: output).path) == 0 else {
            let failure = FileSystemFailure(writing: location(for: output).lastPathComponent)
            unlink(draft)
            throw failure
        }
    }

    /// Moves the cache of `output` aside while the output is swapped
    /// (`.Public.duosite-cache.previous-<process>`), and returns where; nil
    /// when there is none. Should the build stop there, the next one
    /// removes it with the staging folders it left.
    static func setAside(beside output: URL) -> String? {
        let cache = location(for: output).path
        let aside = "\(cache).previous-\(ProcessInfo.processInfo.processIdentifier)"
        return rename(cache, aside) == 0 ? aside : nil
    }

    /// Puts a cache set aside back in place: the swap failed, and the
    /// output it describes is still the one published.
    static func putBack(_ aside: String, beside output: URL) {
        if rename(aside, location(for: output).path) != 0 { unlink(aside) }
    }

    /// Removes a cache written by `writeDraft` and never put in place.
    static func discardDraft(beside output: URL) {
        unlink(draftPath(for: output))
    }

    /// Removes the cache of `output`: it no longer describes the output.
    static func remove(beside output: URL) {
        unlink(location(for: output).path)
    }
}

extension BuildCache.Entry {
    /// An entry made now, its record encoded when the cache is written: its hash, stamp, whether it
    /// was written, its key for the site-wide files, its file, its facts,
    /// and the seal.
    init(file: String, hash: UInt64, stamp: UInt64, written: Bool, facts: PageFacts) {
        self.init(file: file, hash: hash, stamp: stamp, written: written, listingKey: SiteWideFiles.pageKey(facts.page), facts: facts, record: nil)
    }

    /// The entry whose record lies at `frame` in `bytes`, a cache file's
    /// (its fields and seal at `fields`, past its length).
    init(frame: Range<Int>, fields: Range<Int>, in bytes: [UInt8]) throws {
        var reader = RecordReader(bytes, fields)
        let hash = try reader.unsigned()
        let stamp = try reader.unsigned()
        let written = try reader.number() == 1
        let listingKey = try reader.unsigned()
        let file = try reader.text()
        let facts = try PageFacts.decode(from: &reader, file: file)
        try reader.checkSeal()
        self.init(file: file, hash: hash, stamp: stamp, written: written, listingKey: listingKey, facts: facts, record: bytes[frame])
    }

    /// The same entry with another stamp (the file's text unchanged, its times not).
    func restamped(_ stamp: UInt64) -> Self {
        stamp == self.stamp ? self : Self(file: file, hash: hash, stamp: stamp, written: written, facts: facts)
    }
}
