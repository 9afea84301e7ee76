import Diagnostics
import Files
import Foundation

/// The page files of a site, and for each what the pipeline starts from:
/// its text, read now, or — when it is unchanged since the previous build
/// (its size, times and inode as that build recorded them, or else its
/// text the same) — that build's entry, whose facts stand in for reading
/// it again. `build` and `check` both take their pages from here.
struct PageSource: Sendable {
    /// What a page file offers the pipeline.
    enum Input: Sendable {
        /// Its text, read now.
        case text(PageText)
        /// Unchanged since the previous build: the entry that build kept.
        case unchanged(BuildCache.Entry)
        /// It cannot be read, and why (a finding at the file).
        case unreadable([Diagnostic])
        /// The system refused to read it (`read-failed`), and why.
        case refused(FileSystemFailure)
    }

    /// The site root.
    let root: URL
    /// The page files, relative to the root, sorted by name.
    let files: [String]
    /// Why the page files could not be listed, when the system refused
    /// (too many open files): a `read-failed` finding at `Content/patterns`,
    /// which stops the reading as a page the system refuses to read does
    /// (`SiteEngine.stopped`).
    let unlisted: Diagnostic?
    /// The previous build's entries, in its page file order.
    private let previous: [BuildCache.Entry]
    /// The previous build's entries by page file, made only when a page
    /// file is not where it was (files added or removed since).
    private let byFile = Once<[String: Int]>()
    /// When this run began, in nanoseconds: a file changed within the
    /// second before it is read whatever its stamp says.
    private let started: UInt64
    /// The site root, open: each page file's status is looked up relative
    /// to it (ten thousand short paths).
    private let rootFolder: OpenFolder?

    /// Whether every page file's hash is wanted (a build records them);
    /// otherwise a file is hashed only to compare it with an entry.
    private let hashesEveryFile: Bool

    /// The page files of the site at `root`, the entries of `previous`
    /// standing in for those unchanged since; `hashesEveryFile` for a build.
    init(root: URL, previous: BuildCache?, hashesEveryFile: Bool = false) {
        self.root = root
        self.hashesEveryFile = hashesEveryFile
        do {
            files = try SiteLoader.listPageFiles(root: root)
            unlisted = nil
        } catch {
            files = []
            unlisted = Diagnostic(.readFailed, "cannot read the pages: \(error.reason) (listing \(Site.Paths.patterns)); no page was read",
                                  at: SourceLocation(file: Site.Paths.patterns))
        }
        self.previous = previous?.entries ?? []
        started = SourceStamp.now()
        rootFolder = OpenFolder(root.standardizedFileURL.path)
    }

    /// The page files `files` of the site at `root` alone, none listed: a
    /// long-running process reads again the files it is told changed.
    init(root: URL, files: [String]) {
        self.root = root
        hashesEveryFile = false
        self.files = files
        unlisted = nil
        previous = []
        started = SourceStamp.now()
        rootFolder = nil
    }

    /// Whether the page file `file` (relative to `root`) is there, as a file.
    static func exists(_ file: String, root: URL) -> Bool {
        var status = stat()
        return stat(root.path + "/" + file, &status) == 0 && status.st_mode & S_IFMT != S_IFDIR
    }

    /// What the `index`th page file offers: the previous build's entry
    /// when its stamp is the one recorded (the file is not read), or when
    /// its text is the same, and `keep` takes the entry (a build puts the
    /// entry's page into its output, and may find it gone); else its text.
    func input(at index: Int, keeping keep: (BuildCache.Entry) -> Bool = { _ in true }) -> Input {
        let file = files[index]
        if let problem = Self.nameProblem(file) { return .unreadable([problem]) }
        var entry = previousEntry(for: file, at: index)
        if let unchanged = entry, unchanged.stamp != 0, let rootFolder,
           SourceStamp.of(file, relativeTo: rootFolder, notAfter: started) == unchanged.stamp {
            if keep(unchanged) { return .unchanged(unchanged) }
            entry = nil
        }
        return text(of: file, comparedWith: entry, keeping: keep)
    }

    /// The `index`th page file's text, read now whatever the previous
    /// build holds of it: a page kept from it whose page must be made again.
    func text(at index: Int) -> Input {
        let file = files[index]
        if let problem = Self.nameProblem(file) { return .unreadable([problem]) }
        return text(of: file, comparedWith: nil, keeping: { _ in true })
    }

    /// The page file `file` read; the previous build's `entry` when its
    /// text is the same and `keep` takes it.
    private func text(of file: String, comparedWith entry: BuildCache.Entry?, keeping keep: (BuildCache.Entry) -> Bool) -> Input {
        let read: (bytes: [UInt8], status: stat)?
        do {
            read = try SourceFile.contents(atPath: root.path + "/" + file, naming: file)
        } catch {
            return .refused(error)
        }
        guard let (bytes, status) = read else {
            return .unreadable([SourceFile.notRead(file, root: root)])
        }
        let hash = hashesEveryFile || entry != nil ? ContentHash.of(bytes) : 0
        let text = PageText(file: file, bytes: bytes, hash: hash, stamp: SourceStamp.of(status, notAfter: started))
        if let entry, entry.hash == text.hash {
            // The same text: the stamp the next build compares is the file's now.
            let unchanged = entry.restamped(text.stamp)
            if keep(unchanged) { return .unchanged(unchanged) }
        }
        return .text(text)
    }

    /// The previous build's entry of the page file `file`, the `index`th
    /// now: looked for at the same place first (a rebuild asks ten
    /// thousand times), by its path only when files were added or removed.
    private func previousEntry(for file: String, at index: Int) -> BuildCache.Entry? {
        if index < previous.count, previous[index].file == file { return previous[index] }
        let places = byFile.get { Dictionary(previous.indices.map { (previous[$0].file, $0) }, uniquingKeysWith: { first, _ in first }) }
        return places[file].map { previous[$0] }
    }

    /// Why the page file `file` cannot be a page: its name cannot be an address.
    private static func nameProblem(_ file: String) -> Diagnostic? {
        let name = SiteLoader.slug(ofFile: file)
        guard !Pattern.isValidSlug(name) else { return nil }
        return Diagnostic(.invalidField, "the file name '\(name).md' cannot be a page's address; use lowercase letters, digits and '-' (like where-the-bars-go.md)", at: SourceLocation(file: file))
    }
}

/// A page file's text as read, with its hash and stamp (`SourceStamp`).
struct PageText: Sendable {
    /// The page file, relative to the site root.
    var file: String
    /// Its bytes.
    var bytes: [UInt8]
    /// The hash of its bytes (`ContentHash`), when the source was asked
    /// for it (0 otherwise).
    var hash: UInt64
    /// Its size, times and inode when read, or 0 when too recent to trust.
    var stamp: UInt64
}
