import Diagnostics
import Files
import Foundation
import Synchronization

/// Where a build puts what it makes, and how it is published: a staging
/// folder beside the output (`OutputFolder`: the spare brought up to
/// date, or a new folder) that takes the pages, the site-wide files and
/// the assets, then, when the build has no error, the swap that puts it
/// in place of the output, with the cache the next build reads. A failed
/// build gives the staging folder back and leaves the output and its
/// cache as they were.
///
/// The first write the file system refuses (a full disk, a read-only
/// file system) stops the writing: no page is rendered or written after
/// it, the build reports it once, at the output folder (`write-failed`),
/// and the staging folder is removed whole, the spare with it, so that
/// the build gives back the room it took.
///
/// A build holds its output's lock (`BuildLock`) while it has a publisher.
final class Publisher: Sendable {
    /// The output folder.
    let output: URL
    /// The output folder as findings name it: relative to the site root
    /// when it is inside it.
    let place: String
    /// The staging folder and what the output and its spare hold.
    private let folder: OutputFolder
    /// The build's fingerprint: with a page's hash, the key of its bytes.
    private let fingerprint: UInt64
    /// The first write the file system refused, which stopped the writing.
    private let firstFailure = Mutex<FileSystemFailure?>(nil)

    /// Prepares the staging folder of `output` (for the site at `root`):
    /// the spare brought up to date when the previous build's cache
    /// describes it, else a new folder. With `precompressor`, every text
    /// file written, linked or kept has its `.gz` and `.br` beside it.
    init(output: URL, root: URL, previous: BuildCache?, fingerprint: UInt64, fault: PageWriteFault? = nil,
         precompressor: Precompressor? = nil) throws(Diagnostic) {
        self.output = output
        place = Self.place(of: output, root: root)
        self.fingerprint = fingerprint
        do {
            folder = try OutputFolder(output, live: previous?.live ?? OutputTree(), spare: previous?.spare, fault: fault,
                                      precompressor: precompressor)
        } catch {
            throw Self.diagnostic(error, place: place)
        }
    }

    /// The first write the file system refused, if one was: the build
    /// reports it (`diagnostic`) and publishes nothing.
    var writeFailure: FileSystemFailure? {
        firstFailure.withLock { $0 }
    }

    /// Notes a failure to write; only the first is kept and reported.
    /// Returns it as a finding, or `error` itself when it is one (a
    /// template's error while the site-wide files are made).
    @discardableResult
    func fail(_ error: any Error) -> Diagnostic {
        if let diagnostic = error as? Diagnostic { return diagnostic }
        let failure = FileSystemFailure.writing(place, error)
        let first = firstFailure.withLock { first in
            if first == nil { first = failure }
            return first!
        }
        return Self.diagnostic(first, place: place)
    }

    /// Whether the staging folder is the spare, brought up to date.
    var reusesSpare: Bool { folder.reusesSpare }

    /// Puts the page of a previous build's `entry` into the staging folder
    /// unchanged (linked from the output, or left in the spare); false when
    /// the output no longer holds it as that build left it, and the page
    /// must be built again.
    /// `links` is the key of what the page shows of the others now
    /// (`PageLinks.key(of:)`): a page that showed other links is not kept.
    func keep(_ entry: BuildCache.Entry, links: UInt64) -> Bool {
        // Once the writing has stopped, nothing more is put in.
        guard entry.written, writeFailure == nil else { return true }
        let key = OutputTree.key(hash: Self.pageHash(entry.hash, links: links), fingerprint: fingerprint)
        return (try? folder.reusePage(slug: entry.facts.page.slug, key: key)) != nil
    }

    /// Puts the page of a previous build's `entry` into the staging folder
    /// as the output holds it, whatever it shows of the others: a rebuild
    /// whose edits changed no page's links. False when the output does not
    /// hold it as that build left it.
    func keepAsLeft(_ entry: BuildCache.Entry) -> Bool {
        guard entry.written, writeFailure == nil else { return true }
        let slug = entry.facts.page.slug
        guard let key = folder.live.pages[slug]?.key else { return false }
        return (try? folder.reusePage(slug: slug, key: key)) != nil
    }

    /// What a page's bytes are made from, as one hash: its page file's
    /// hash and the key of what it shows of the other pages (0: nothing).
    static func pageHash(_ file: UInt64, links: UInt64) -> UInt64 {
        guard links != 0 else { return file }
        var hasher = ContentHash()
        hasher.add(file)
        hasher.add(links)
        return hasher.value
    }

    /// Writes a page's HTML; `hash` is its `pageHash`. Throws the
    /// first failure to write (noted, and reported once by the build), or,
    /// once the writing has stopped, that failure again, writing nothing.
    func writePage(_ html: Span<UInt8>, slug: String, hash: UInt64) throws(FileSystemFailure) {
        if let stopped = writeFailure { throw stopped }
        do {
            try folder.writePage(html, slug: slug, key: OutputTree.key(hash: hash, fingerprint: fingerprint))
        } catch {
            fail(error)
            throw error
        }
    }

    /// Writes the HTML of a page rendered before what other pages show of
    /// it was known, for `finishPage` to finish. Throws as `writePage` does.
    func writeDraft(_ html: Span<UInt8>, slug: String) throws(FileSystemFailure) {
        if let stopped = writeFailure { throw stopped }
        do {
            try folder.writeDraft(html, slug: slug)
        } catch {
            fail(error)
            throw error
        }
    }

    /// Finishes the page `slug` written by `writeDraft`: `fills` put in
    /// its holes; `hash` is its `pageHash`. Throws as `writePage` does.
    func finishPage(slug: String, hash: UInt64, fills: [PageFill]) throws(FileSystemFailure) {
        if let stopped = writeFailure { throw stopped }
        do {
            try folder.finishPage(slug: slug, key: OutputTree.key(hash: hash, fingerprint: fingerprint), fills: fills)
        } catch {
            fail(error)
            throw error
        }
    }

    /// Removes the pages of the spare this build has not put in (pages
    /// removed, renamed or made drafts since): called once every page is
    /// in, before the site-wide files, some of which (an alias's page) may
    /// go where such a page was.
    func removeUnwrittenPages() {
        folder.removeUnwrittenPages()
    }

    /// Links the published site's site-wide files into the staging folder
    /// when they show what `key` says (`SiteWideFiles.key`) and are as the
    /// previous build left them; false, having linked none, otherwise.
    /// `names` are the files' paths (`SiteWideFiles.paths`).
    func linkSiteFiles(key: UInt64, names: [String]) -> Bool {
        folder.linkSiteFiles(key: key, names: names)
    }

    /// Writes the site-wide files as `make` hands each over (from any
    /// core), then records them, whose key is `key`, by their paths
    /// `names` (`SiteWideFiles.paths`).
    func writeSiteFiles(key: UInt64, names: [String], _ make: (@Sendable (String, Span<UInt8>) throws -> Void) throws -> Void) throws {
        let folder = self.folder
        folder.recordSiteFolders(names)
        try make { path, bytes in try folder.write(bytes, to: path) }
        folder.recordSiteWideFiles(key: key, names: names)
    }

    /// Copies the theme's assets to `assets/`, each under the name
    /// `names` gives it, and the site's own files (`Static/`) to the
    /// output's root, as they are; then, with `headersFile`, writes
    /// `_headers` (`HeadersFile`). Where one of these would take the place
    /// of a file the build writes, the build has already stopped
    /// (`static-conflict`).
    func copyAssets(root: URL, names: AssetNames, headersFile: Bool) throws {
        let assets = root.appendingPathComponent(Site.Paths.assets)
        for path in SiteLoader.assetPaths(root: root) {
            try folder.write(try Self.contents(of: assets.appendingPathComponent(path), naming: "\(Site.Paths.assets)/\(path)"),
                             to: "assets/" + names.name(of: path))
        }
        let staticFolder = root.appendingPathComponent(Site.Paths.staticFiles)
        for path in SiteLoader.staticPaths(root: root) {
            try folder.write(try Self.contents(of: staticFolder.appendingPathComponent(path), naming: "\(Site.Paths.staticFiles)/\(path)"), to: path)
        }
        if headersFile {
            try folder.write(HeadersFile.bytes(names), to: Site.Paths.headersFile)
        }
    }

    /// The bytes of one of the site's files, `name` as findings say it.
    private static func contents(of file: URL, naming name: String) throws(FileSystemFailure) -> [UInt8] {
        guard let (bytes, _) = try SourceFile.contents(atPath: file.path, naming: name) else {
            throw FileSystemFailure(reading: name, code: ENOENT)
        }
        return bytes
    }

    /// Swaps the staging folder in for the output, with the next build's
    /// cache made of `entries` (in page file order) and the addresses the
    /// site answers at (`published`), and returns what went
    /// wrong with the cache. The previous cache is set aside first: it no
    /// longer describes the output should the build stop before the new
    /// one is in place; a swap that fails puts it back. A cache that cannot
    /// be written is a warning, and the site is published all the same:
    /// the next build reads every page. Throws the swap's failure, having
    /// given everything back: the output and its cache are as they were.
    func publish(entries: [BuildCache.Entry], site published: PublishedSite, acrossPages: [Diagnostic]?, linksKey: UInt64?,
                 readingFingerprint: UInt64) throws(Diagnostic) -> [Diagnostic] {
        // What the spare holds beyond its pages is written anew by the next build.
        var spare = folder.mirrorTree ?? folder.live
        spare.folders = []
        let cache = BuildCache(fingerprint: fingerprint, readingFingerprint: readingFingerprint, live: folder.tree,
                               spare: spare, published: published, entries: entries, acrossPages: acrossPages, linksKey: linksKey)
        var warnings: [Diagnostic] = []
        var drafted = true
        do {
            try cache.writeDraft(beside: output)
        } catch {
            drafted = false
            warnings.append(Self.cacheWarning(error, place: place))
        }
        let setAside = BuildCache.setAside(beside: output)
        do {
            try folder.commit()
        } catch {
            if drafted { BuildCache.discardDraft(beside: output) }
            if let setAside { BuildCache.putBack(setAside, beside: output) }
            let finding = fail(error)
            discard()
            throw finding
        }
        if let setAside { unlink(setAside) }
        if drafted {
            do {
                try BuildCache.publishDraft(beside: output)
            } catch {
                warnings.append(Self.cacheWarning(error, place: place))
            }
        }
        return warnings
    }

    /// Gives up the staging folder after a failed build: the output and
    /// its cache stay as they were. After a failure to write, everything
    /// the build made goes, the spare with it (`OutputFolder.discard`).
    func discard() {
        folder.discard(keepingSpare: writeFailure == nil)
    }

    /// The output folder `output` as findings name it: relative to the
    /// site root `root` when it is inside it, else its whole path.
    static func place(of output: URL, root: URL) -> String {
        let output = output.standardizedFileURL.path, root = root.standardizedFileURL.path
        return output.hasPrefix(root + "/") ? String(output.dropFirst(root.count + 1)) : output
    }

    /// A failure to write the site into the output folder named `place`,
    /// as the one finding the build reports of it: at the output folder,
    /// in the system's words, naming what was being written. A failure to
    /// read one of the site's files (a file of `Static/`) is at that file.
    static func diagnostic(_ error: any Error, place: String) -> Diagnostic {
        if let diagnostic = error as? Diagnostic { return diagnostic }
        let failure = FileSystemFailure.writing(place, error)
        switch failure.action {
        case .reading:
            return failure.diagnostic
        case .writing:
            return Diagnostic(.writeFailed, "cannot write the site into \(place): \(failure.reason) (writing \(failure.path))", at: SourceLocation(file: place))
        }
    }

    /// A cache that could not be written, as a warning: the site is
    /// published, and the next build reads every page again.
    private static func cacheWarning(_ error: any Error, place: String) -> Diagnostic {
        let failure = FileSystemFailure.writing(place, error)
        return Diagnostic(.writeFailed, "cannot write the build cache beside \(place): \(failure.reason) (writing \(failure.path)); the site is published, and the next build reads every page again",
                          at: SourceLocation(file: place), severity: .warning)
    }
}
