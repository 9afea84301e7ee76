import Foundation

/// Where a build puts what it makes, and how it is published: a staging
/// folder beside the output (`OutputFolder`: the spare brought up to
/// date, or a new folder) that takes the pages, the site-wide files and
/// the assets, then, when the build has no error, the swap that puts it
/// in place of the output, with the cache the next build reads. A failed
/// build gives the staging folder back and leaves the output and its
/// cache as they were.
///
/// A build holds its output's lock (`BuildLock`) while it has a publisher.
final class Publisher: Sendable {
    /// The output folder.
    let output: URL
    /// The staging folder and what the output and its spare hold.
    private let folder: OutputFolder
    /// The build's fingerprint: with a page's hash, the key of its bytes.
    private let fingerprint: UInt64

    /// Prepares the staging folder of `output`: the spare brought up to
    /// date when the previous build's cache describes it, else a new folder.
    init(output: URL, previous: BuildCache?, fingerprint: UInt64) throws(Diagnostic) {
        self.output = output
        self.fingerprint = fingerprint
        do {
            folder = try OutputFolder(output, live: previous?.live ?? OutputTree(), spare: previous?.spare)
        } catch {
            throw Self.failure(output, error)
        }
    }

    /// Whether the staging folder is the spare, brought up to date.
    var reusesSpare: Bool { folder.reusesSpare }

    /// Puts the page of a previous build's `entry` into the staging folder
    /// unchanged (linked from the output, or left in the spare); false when
    /// the output no longer holds it as that build left it, and the page
    /// must be built again.
    func keep(_ entry: BuildCache.Entry) -> Bool {
        guard entry.written else { return true }
        return (try? folder.reusePage(slug: entry.facts.page.slug, key: OutputTree.key(hash: entry.hash, fingerprint: fingerprint))) != nil
    }

    /// Writes a page's HTML; `hash` is its page file's hash.
    func writePage(_ html: Span<UInt8>, slug: String, hash: UInt64) throws {
        try folder.writePage(html, slug: slug, key: OutputTree.key(hash: hash, fingerprint: fingerprint))
    }

    /// Links the published site's site-wide files into the staging folder
    /// when they show what `key` says (`SiteWideFiles.key`) and are as the
    /// previous build left them; false, having linked none, otherwise.
    func linkSiteFiles(key: UInt64) -> Bool {
        folder.linkSiteFiles(key: key)
    }

    /// Writes the site-wide files, whose key is `key`.
    func writeSiteFiles(_ files: [SiteWideFiles.File], key: UInt64) throws {
        for file in files {
            try folder.write(file.bytes, to: file.path)
        }
        folder.recordSiteFiles(key: key)
    }

    /// Copies the theme's assets to `assets/`, and the site's own files
    /// (`Static/`) to the output's root, as they are. Where one of these
    /// would take the place of a file the build writes, the build has
    /// already stopped (`static-conflict`).
    func copyAssets(root: URL) throws {
        let assets = root.appendingPathComponent(Site.Paths.assets)
        if FileManager.default.fileExists(atPath: assets.path) {
            try folder.copyFolder(assets, to: "assets")
        }
        let staticFolder = root.appendingPathComponent(Site.Paths.staticFiles)
        for path in SiteLoader.staticPaths(root: root) {
            guard let data = FileManager.default.contents(atPath: staticFolder.appendingPathComponent(path).path) else {
                throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: "\(Site.Paths.staticFiles)/\(path)"])
            }
            try folder.write([UInt8](data), to: path)
        }
    }

    /// Swaps the staging folder in for the output, with the next build's
    /// cache made of `entries` (in page file order). The previous cache
    /// goes first: it no longer describes the output should the build stop
    /// before the new one is in place. A cache that cannot be written is
    /// left out: the next build reads every page.
    func publish(entries: [BuildCache.Entry], readingFingerprint: UInt64) throws(Diagnostic) {
        folder.removeUnwrittenPages()
        let cache = BuildCache(fingerprint: fingerprint, readingFingerprint: readingFingerprint, live: folder.tree,
                               spare: folder.mirrorTree ?? folder.live, entries: entries)
        let drafted = (try? cache.writeDraft(beside: output)) != nil
        do {
            BuildCache.remove(beside: output)
            try folder.commit()
        } catch {
            if drafted { BuildCache.discardDraft(beside: output) }
            folder.discard()
            throw Self.failure(output, error)
        }
        if !drafted || (try? BuildCache.publishDraft(beside: output)) == nil {
            BuildCache.remove(beside: output)
        }
    }

    /// Gives up the staging folder after a failed build: the output and
    /// its cache stay as they were.
    func discard() {
        folder.discard()
    }

    /// A failure to write the site, as a finding.
    static func failure(_ output: URL, _ error: any Error) -> Diagnostic {
        if let diagnostic = error as? Diagnostic { return diagnostic }
        return Diagnostic(.missingFile, "cannot write the site to \(output.path): \(error.localizedDescription)", at: SourceLocation(file: output.lastPathComponent))
    }
}
