import Files
import Foundation

/// What the pages of an output folder hold, as duosite left them: for each
/// page's slug, a key for its content and the modification times of its
/// folder and file just after duosite wrote them.
///
/// The build cache keeps one for the published site and one for the spare
/// (the site before it), so that the next build can bring the spare up to
/// date page by page instead of writing a whole new folder. A page whose
/// folder or file has been touched since (a file added beside it, the file
/// edited by hand) no longer matches its times and is written again.
struct OutputTree: Sendable, Equatable {
    /// One page's entry.
    struct Page: Sendable, Equatable {
        /// Identifies the page's bytes: the same key, the same bytes.
        var key: UInt64
        /// The page folder's modification time, in nanoseconds.
        var folderStamp: UInt64
        /// The page file's modification time, in nanoseconds.
        var fileStamp: UInt64
    }

    /// Pages by slug.
    var pages: [String: Page] = [:]
    /// The modification time of the pages' folder (`patterns/`), in
    /// nanoseconds, once every page was in: while it is the same, the
    /// folder holds no page folder but those in `pages`.
    var folderStamp: UInt64 = 0
    /// A key for everything the site-wide files show (`MachineReadableFiles.key`), or
    /// 0 when they were not recorded.
    var siteWideFilesKey: UInt64 = 0
    /// The modification times of the site-wide files
    /// (`SiteWideFiles.paths`, in that order) just after they were written.
    var siteWideFileStamps: [UInt64] = []
    /// Every other folder of the output, with its time and what it held
    /// (`Folder`): with the pages' folders' times, what says which files
    /// the build did not write (`foreignFiles(in:)`). None for the spare.
    var folders: [Folder] = []
    /// The time, as the file system keeps it, once the last file was
    /// written (`OutputFolder.settle`): a folder whose time is this or
    /// later may have changed since within the same tick of its clock, its
    /// time unchanged, and is looked into whatever its time.
    var settled: UInt64 = 0
    /// Whether the pages' folders hold their `.gz` and `.br` (a build with
    /// `--precompress`).
    var precompressed = false
    /// The folders among the pages' (`patterns/<name>/`) that hold a
    /// site-wide file rather than a page: an alias's page, a withdrawn
    /// address's. A spare whose pages' folder is unchanged has exactly
    /// these besides its pages.
    var siteFolders: [String] = []

    /// The key of a page's bytes: its file's hash under a build's
    /// fingerprint (everything every page depends on).
    static func key(hash: UInt64, fingerprint: UInt64) -> UInt64 {
        var hasher = ContentHash()
        hasher.add(fingerprint)
        hasher.add(hash)
        return hasher.value
    }

    /// Encodes the tree as one record: the site-wide files' key and times,
    /// the other folders with their times and entries, the time they
    /// settled, whether the pages are precompressed, the pages' folder's
    /// time, the site-wide files' folders among the pages, the count, then
    /// each page's slug, key and times.
    func encode(into writer: inout RecordWriter) {
        writer.add(siteWideFilesKey)
        writer.add(siteWideFileStamps.count)
        siteWideFileStamps.forEach { writer.add($0) }
        writer.add(folders.count)
        for folder in folders {
            writer.add(folder.path)
            writer.add(folder.stamp)
            writer.add(folder.entries.count)
            folder.entries.forEach { writer.add($0) }
        }
        writer.add(settled)
        writer.add(precompressed ? 1 : 0)
        writer.add(folderStamp)
        writer.add(siteFolders.count)
        siteFolders.forEach { writer.add($0) }
        writer.add(pages.count)
        for (slug, page) in pages.sorted(by: { $0.key < $1.key }) {
            writer.add(slug)
            writer.add(page.key)
            writer.add(page.folderStamp)
            writer.add(page.fileStamp)
        }
    }

    /// Decodes a tree written by `encode`.
    static func decode(from reader: inout RecordReader) throws -> OutputTree {
        var tree = OutputTree()
        tree.siteWideFilesKey = try reader.unsigned()
        tree.siteWideFileStamps = try (0..<reader.count()).map { _ in try reader.unsigned() }
        tree.folders = try (0..<reader.count()).map { _ in
            Folder(path: try reader.text(), stamp: try reader.unsigned(), entries: try (0..<reader.count()).map { _ in try reader.text() })
        }
        tree.settled = try reader.unsigned()
        tree.precompressed = try reader.number() == 1
        tree.folderStamp = try reader.unsigned()
        tree.siteFolders = try (0..<reader.count()).map { _ in try reader.text() }
        let count = try reader.count()
        tree.pages.reserveCapacity(count)
        for _ in 0..<count {
            let slug = try reader.text()
            tree.pages[slug] = Page(key: try reader.unsigned(), folderStamp: try reader.unsigned(), fileStamp: try reader.unsigned())
        }
        return tree
    }
}

extension OutputTree.Page {
    /// The page's entry with the times of `folder` and of `file` in it
    /// (relative to the open folder `base`), or nil when either is missing.
    init?(key: UInt64, folder: String, file: String, relativeTo base: Int32 = AT_FDCWD) {
        guard let folderStamp = Self.stamp(of: folder, kind: S_IFDIR, relativeTo: base),
              let fileStamp = Self.stamp(of: String.joining(folder, "/", file), kind: S_IFREG, relativeTo: base) else { return nil }
        self.init(key: key, folderStamp: folderStamp, fileStamp: fileStamp)
    }

    /// The modification time of the file at `path`, in nanoseconds, or nil
    /// when it is not a file.
    static func fileStamp(_ path: String) -> UInt64? {
        stamp(of: path, kind: S_IFREG)
    }

    /// The modification time of the folder at `path`, in nanoseconds, or 0.
    static func folderStamp(_ path: String) -> UInt64 {
        stamp(of: path, kind: S_IFDIR) ?? 0
    }

    /// The modification time of what `path` names (never followed if a
    /// link), when it is of `kind` (`S_IFREG`, `S_IFDIR`).
    private static func stamp(of path: String, kind: mode_t, relativeTo base: Int32 = AT_FDCWD) -> UInt64? {
        var info = stat()
        guard fstatat(base, path, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == kind else { return nil }
        return stamp(info.st_mtim)
    }

    /// A modification time in nanoseconds.
    static func stamp(_ time: timespec) -> UInt64 {
        UInt64(truncatingIfNeeded: Int64(time.tv_sec) &* 1_000_000_000 &+ Int64(time.tv_nsec))
    }
}
