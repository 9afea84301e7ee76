import Files
import Foundation
import Synchronization

internal import CFileSystem

/// The output folder and its replacement: the build writes into a staging
/// folder beside it and swaps it in only when everything is written, so a
/// failed build leaves the previous site exactly as it was, and a good one
/// replaces it whole.
///
/// The site before the published one is kept beside it as the spare
/// (`.Public.spare`), and the next build brings the spare up to date as its
/// staging folder: a page it already holds unchanged is left as it is, and
/// nothing else is. So a rebuild after a change to one page writes, links
/// and removes a handful of files, not ten thousand. Everything at the top of
/// the spare but its pages is written anew, a page folder not in the build or
/// touched by hand since duosite wrote it is removed, and the swap exchanges
/// the two folders in one step, so the output folder is never missing.
///
/// A class: it holds the open staging and mirror folders, and every page
/// written takes it by one reference rather than a copy of its fields.
final class OutputFolder: Sendable {
    /// The folder readers' site is in.
    let url: URL
    /// Where this build writes until it is done.
    let staging: URL
    /// The staging folder's path, which every file's path starts with.
    private let stagingPath: String
    /// The published site's path, where unchanged pages are linked from.
    private let livePath: String
    /// Where the site before the published one is kept.
    private let sparePath: String
    /// The pages the staging folder holds from the spare, as they were left.
    let held: OutputTree
    /// What the published site's pages hold, as the previous build left them.
    let live: OutputTree
    /// Whether the staging folder is the spare, brought up to date.
    let reusesSpare: Bool
    /// The pages this build has put into the staging folder.
    private let ledger = PageLedger()
    /// The first build into an output has no site before it to keep as the
    /// spare: it makes one as it goes, each page hard-linked into a folder
    /// of its own (`.Public.mirror-<pid>`), so that the next build need not.
    private let mirrorPath: String?
    /// The pages put into the mirror.
    private let mirrorLedger = PageLedger()
    /// The staging folder and the mirror, open: each page's files are made
    /// relative to them, so the kernel does not walk the whole path for
    /// each of ten thousand pages.
    private let openStaging: OpenFolder
    private let openMirror: OpenFolder?
    /// For tests: the page writes made to fail, as a full disk would.
    private let fault: PageWriteFault?
    /// What writes the `.gz` and `.br` beside each text file, when the
    /// build precompresses; they go wherever their file goes (written,
    /// linked, kept, mirrored).
    let precompressor: Precompressor?

    /// Prepares a staging folder beside `url`: the spare, when `spare`
    /// describes it (from the build cache), or else an empty folder. `live`
    /// describes the published site's pages, which unchanged pages link to.
    /// Throws, with the system's reason, when the folder cannot be made.
    init(_ url: URL, live: OutputTree = OutputTree(), spare: OutputTree? = nil, fault: PageWriteFault? = nil,
         precompressor: Precompressor? = nil) throws(FileSystemFailure) {
        self.live = live
        self.fault = fault
        self.precompressor = precompressor
        self.url = url.standardizedFileURL
        let parent = self.url.deletingLastPathComponent()
        let name = self.url.lastPathComponent
        staging = parent.appendingPathComponent(".\(name).staging-\(ProcessInfo.processInfo.processIdentifier)")
        stagingPath = staging.path
        livePath = self.url.path
        sparePath = Self.spare(of: self.url).path
        do {
            try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        } catch {
            throw FileSystemFailure.writing(parent.path, error)
        }
        Self.removeLeftovers(beside: parent.path, name: name)
        FolderRemoval.remove(stagingPath)
        if let spare, Self.isFolder(sparePath), rename(sparePath, stagingPath) == 0 {
            held = Self.prune(stagingPath, keeping: spare)
            reusesSpare = true
            mirrorPath = nil
        } else {
            // A spare no cache describes cannot be trusted.
            FolderRemoval.remove(sparePath)
            guard mkdir(stagingPath, 0o755) == 0 else { throw FileSystemFailure(writing: staging.lastPathComponent) }
            held = OutputTree()
            reusesSpare = false
            let mirror = parent.appendingPathComponent(".\(name).mirror-\(ProcessInfo.processInfo.processIdentifier)").path
            FolderRemoval.remove(mirror)
            let first = !FileManager.default.fileExists(atPath: self.url.path)
            mirrorPath = first && mkdir(mirror, 0o755) == 0 && mkdir(mirror + "/patterns", 0o755) == 0 ? mirror : nil
        }
        guard let openStaging = OpenFolder(stagingPath) else {
            let failure = FileSystemFailure(writing: staging.lastPathComponent)
            if let mirror = mirrorPath { FolderRemoval.remove(mirror) }
            FolderRemoval.remove(staging.path)
            throw failure
        }
        self.openStaging = openStaging
        openMirror = mirrorPath.flatMap(OpenFolder.init)
    }

    /// Removes the staging folders and mirrors that builds into the same
    /// output, stopped before they finished, left beside it (a stopped build
    /// of ten thousand pages leaves hundreds of megabytes). Each is named for
    /// its build's process: one whose process still runs is left alone.
    static func removeLeftovers(beside parent: String, name: String) {
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: parent) else { return }
        let own = ProcessInfo.processInfo.processIdentifier
        for entry in entries {
            for prefix in [".\(name).staging-", ".\(name).mirror-", ".\(name).duosite-cache.previous-"] where entry.hasPrefix(prefix) {
                guard let process = Int32(entry.dropFirst(prefix.count)), process > 0, process != own else { continue }
                if kill(process, 0) == -1 && errno == ESRCH {
                    FolderRemoval.remove(parent + "/" + entry)
                }
            }
        }
    }

    /// Empties a spare of all but the pages `description` describes exactly:
    /// the same folder and file, with the times duosite left them at.
    /// Returns the pages kept.
    private static func prune(_ folder: String, keeping description: OutputTree) -> OutputTree {
        // Every build writes everything at the top anew; only pages are kept.
        let pages = folder + "/patterns"
        for name in entries(of: folder) where name != "patterns" || !isFolder(pages) {
            FolderRemoval.remove(folder + "/" + name)
        }
        // A pages' folder at the time the cache recorded holds exactly the
        // page folders it describes: it need not be listed.
        let unchanged = description.folderStamp != 0 && OutputTree.Page.folderStamp(pages) == description.folderStamp
        // Besides its pages, it holds the site-wide files' folders it
        // describes (aliases' pages), which every build writes anew.
        if unchanged {
            for name in description.siteFolders where description.pages[name] == nil { FolderRemoval.remove(pages + "/" + name) }
        }
        // Each page folder with what the cache says of it: when the folder
        // is unchanged, the pages it describes, none looked up by name.
        let candidates: [(slug: String, expected: OutputTree.Page?)] = unchanged
            ? description.pages.map { ($0.key, $0.value) }
            : entries(of: pages).map { ($0, description.pages[$0]) }
        let descriptor = open(pages, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if descriptor >= 0 { close(descriptor) } }
        let kept = ParallelMap.map(candidates) { slug, expected -> Bool in
            if let expected, descriptor >= 0,
               let found = OutputTree.Page(key: expected.key, folder: slug, file: "index.html", relativeTo: descriptor),
               found == expected {
                return true
            }
            FolderRemoval.remove(pages + "/" + slug)
            return false
        }
        var tree = OutputTree()
        // Usually every page described is there as it was left: the
        // description is then the tree kept, with no page hashed again.
        if unchanged, !kept.contains(false) {
            tree.pages = description.pages
            return tree
        }
        tree.pages.reserveCapacity(kept.count)
        for index in candidates.indices where kept[index] {
            tree.pages[candidates[index].slug] = candidates[index].expected
        }
        return tree
    }

    /// The names in a folder (none when it cannot be read).
    private static func entries(of path: String) -> [String] {
        FolderListing.entries(of: path).map(\.name)
    }

    private static func isFolder(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
    }

    /// Where the site before the one published at `output` is kept: beside
    /// it, `.Public.spare`.
    static func spare(of output: URL) -> URL {
        let output = output.standardizedFileURL
        return output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).spare")
    }

    /// Refuses outputs that would replace the site's own files (the root
    /// itself, a folder above it, or one of its source folders), or, in a
    /// folder no build has published into (no build cache or spare beside
    /// it), any file a build does not write, anywhere in it: the build
    /// replaces its output whole, so a folder given by mistake (`--output
    /// ~/Documents`) would be lost. It names them instead. A build's own
    /// output is looked at once the build holds it (`foreignFiles`).
    static func validate(_ output: URL, root: URL) -> String? {
        let output = output.standardizedFileURL.resolvingSymlinksInPath().path
        let root = root.standardizedFileURL.resolvingSymlinksInPath().path
        if output == "/" || output == root || (root + "/").hasPrefix(output + "/") {
            return "--output \(output) would replace the site root; choose a folder of its own, like Public"
        }
        for folder in ["Content", "Theme", "Sources", "Tests", ".git", "docs"] where (output + "/").hasPrefix(root + "/" + folder + "/") {
            return "--output \(output) is inside the site's \(folder)/ folder; choose a folder of its own, like Public"
        }
        var isFolder: ObjCBool = false
        for marker in ["Content", ".git", "Package.swift"] where FileManager.default.fileExists(atPath: output + "/" + marker, isDirectory: &isFolder) {
            return "--output \(output) holds \(marker); the build replaces its output whole, so choose an empty folder or a previous build"
        }
        let outputURL = URL(fileURLWithPath: output)
        let published = FileManager.default.fileExists(atPath: BuildCache.location(for: outputURL).path)
            || FileManager.default.fileExists(atPath: spare(of: outputURL).path)
        guard !published else { return nil }
        return refusal(output, holding: OutputTree.unwrittenFiles(in: output, root: URL(fileURLWithPath: root)))
    }

    /// Refuses an output holding files no build wrote, naming them; nil
    /// when it holds none. `live`, what the previous build left (its
    /// cache's), says which (`OutputTree.foreignFiles`); without it, the
    /// paths do (`OutputTree.unwrittenFiles`, for the site at `root`). For
    /// a build that holds the output's lock: no other build changes it
    /// meanwhile.
    static func foreignFiles(in output: URL, root: URL, live: OutputTree?) -> String? {
        let path = output.standardizedFileURL.resolvingSymlinksInPath().path
        if let foreign = live?.foreignFiles(in: path) {
            return refusal(path, holding: foreign)
        }
        // No cache that describes its folders (lost, unreadable, an earlier
        // duosite's): the output is judged by its paths, as a folder no
        // build published into is.
        return refusal(path, holding: OutputTree.unwrittenFiles(in: path, root: root))
    }

    /// Why an output holding `foreign`, files duosite did not write, is
    /// not replaced; nil when it holds none.
    private static func refusal(_ output: String, holding foreign: [String]) -> String? {
        guard !foreign.isEmpty else { return nil }
        let names = foreign.prefix(3).map { "'\($0)'" }.joined(separator: ", ") + (foreign.count > 3 ? " and \(foreign.count - 3) more" : "")
        let one = foreign.count == 1
        return "--output \(output) holds \(names), which duosite did not write; the build replaces its output whole, so \(one ? "it" : "they") would be lost: move \(one ? "it" : "them") out (into Static/ to publish \(one ? "it" : "them")), or choose an empty folder or a previous build's"
    }

    /// The staging path for `relative` (`patterns/x/index.html`); relative
    /// paths are built by duosite from validated slugs, never from links.
    func path(_ relative: String) -> URL {
        staging.appendingPathComponent(relative)
    }

    /// Writes a file into the staging folder, creating its folders; throws
    /// naming it, with the system's reason, when it cannot be written.
    func write(_ bytes: [UInt8], to relative: String) throws(FileSystemFailure) {
        try write(bytes.span, to: relative)
    }

    /// Writes bytes where they lie into a file of the staging folder, as
    /// `write(_:to:)` does.
    func write(_ bytes: Span<UInt8>, to relative: String) throws(FileSystemFailure) {
        do {
            let file = try prepare(relative)
            try FileOutput.write(bytes, toFile: file)
            for (suffix, packed) in try precompressor?.siblings(of: bytes, path: relative) ?? [] {
                try FileOutput.write(packed, toFile: file + suffix)
            }
        } catch {
            throw error.naming(relative)
        }
    }

    /// The relative path of a page's file.
    static func pagePath(_ slug: String) -> String {
        .joining("patterns/", slug, "/index.html")
    }

    /// Writes a page whose bytes `key` identifies. A page the spare already
    /// holds with the same key is left as it is. Throws naming the page's
    /// file, with the system's reason, when it cannot be written.
    func writePage(_ bytes: Span<UInt8>, slug: String, key: UInt64) throws(FileSystemFailure) {
        if let page = held.pages[slug], page.key == key {
            ledger.record(page, for: slug)
            return
        }
        try writeDraft(bytes, slug: slug)
        try finishPage(slug: slug, key: key, fills: [])
    }

    /// Writes the bytes of a page rendered before its lists of what other
    /// pages show of it are known (`TemplateHole`): the page is finished
    /// (`finishPage`) once they are, its holes filled where it lies.
    /// Throws naming the page's file, with the system's reason, when it
    /// cannot be written.
    func writeDraft(_ bytes: Span<UInt8>, slug: String) throws(FileSystemFailure) {
        let relative = Self.pagePath(slug)
        guard Self.isSafe(relative) else { throw FileSystemFailure(writing: relative, code: EINVAL) }
        let staging = openStaging.descriptor
        let folder = String.joining("patterns/", slug)
        // The spare's file may be the published site's too (a hard link):
        // never write through it. Nor keep its .gz and .br, of other bytes.
        if held.pages[slug] != nil {
            unlinkat(staging, relative, 0)
            for suffix in Precompressor.suffixes { unlinkat(staging, relative + suffix, 0) }
        }
        if mkdirat(staging, folder, 0o755) != 0, errno != EEXIST { _ = try prepare(relative) }
        if let code = fault?.failure() { throw FileSystemFailure(writing: relative, code: code) }
        let descriptor = openat(staging, relative, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemFailure(writing: relative) }
        defer { close(descriptor) }
        guard FileOutput.write(bytes, to: descriptor) else { throw FileSystemFailure(writing: relative) }
    }

    /// Finishes a page written by `writeDraft`, whose bytes, once `fills`
    /// are put in at their offsets (in order), `key` identifies: the
    /// bytes after the first fill written again, then the page noted, with
    /// its file's and folder's times, and linked into the mirror. Throws
    /// naming the page's file, with the system's reason, when it cannot be
    /// read back or written.
    func finishPage(slug: String, key: UInt64, fills: [PageFill]) throws(FileSystemFailure) {
        let relative = Self.pagePath(slug)
        let staging = openStaging.descriptor
        let folder = String.joining("patterns/", slug)
        let descriptor = openat(staging, relative, (fills.isEmpty ? O_RDONLY : O_RDWR) | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileSystemFailure(writing: relative) }
        defer { close(descriptor) }
        if let first = fills.first {
            guard FileOutput.insert(fills, from: first.offset, in: descriptor) else { throw FileSystemFailure(writing: relative) }
        }
        // Its .gz and .br, of its bytes with the holes filled, before its folder's time is taken.
        if let precompressor {
            try writeSiblings(of: relative, descriptor: descriptor, with: precompressor)
        }
        // The file's time once written, and its folder's once the file is in it.
        var file = stat(), made = stat()
        guard fstat(descriptor, &file) == 0, fstatat(staging, folder, &made, AT_SYMLINK_NOFOLLOW) == 0,
              made.st_mode & S_IFMT == S_IFDIR else { throw FileSystemFailure(writing: relative, code: errno == 0 ? ENOTDIR : errno) }
        let page = OutputTree.Page(key: key, folderStamp: OutputTree.Page.stamp(made.st_mtim), fileStamp: OutputTree.Page.stamp(file.st_mtim))
        mirror(page, file: relative, folder: folder, slug: slug)
        ledger.record(page, for: slug)
    }

    /// Writes the `.gz` and `.br` of the page file `relative` (open as
    /// `descriptor`) beside it, its bytes read back whole; none when it is
    /// too small to be worth it. Throws naming the file that could not be
    /// read or written, with the system's reason.
    private func writeSiblings(of relative: String, descriptor: Int32, with precompressor: Precompressor) throws(FileSystemFailure) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw FileSystemFailure(writing: relative) }
        guard Precompressor.compresses(relative, size: Int(info.st_size)) else { return }
        guard let bytes = FileOutput.read(descriptor, from: 0, count: Int(info.st_size)) else { throw FileSystemFailure(writing: relative) }
        for (suffix, packed) in try precompressor.siblings(of: bytes.span, path: relative) {
            do {
                try FileOutput.write(packed, toFile: relative + suffix, relativeTo: openStaging.descriptor)
            } catch {
                throw error.naming(relative + suffix)
            }
        }
    }

    /// Puts the published site's page for `slug` (unchanged: its bytes are
    /// `key`'s) into the staging folder, as a hard link: no bytes are copied.
    /// A page the spare already holds with the same key is left as it is.
    /// Throws when the published page is not as the previous build left it
    /// (missing, or touched by hand): the page is then built again.
    func reusePage(slug: String, key: UInt64) throws {
        if let page = held.pages[slug], page.key == key {
            ledger.record(page, for: slug)
            return
        }
        let relative = Self.pagePath(slug)
        // Only the file is linked (the folder is this build's own), so only the file's time counts.
        guard let expected = live.pages[slug], expected.key == key,
              OutputTree.Page.fileStamp(livePath + "/" + relative) == expected.fileStamp else {
            throw CocoaError(.fileReadUnknown, userInfo: [NSFilePathErrorKey: livePath + "/" + relative])
        }
        let file = try prepare(relative)
        if held.pages[slug] != nil {
            unlink(file)
            for suffix in Precompressor.suffixes { unlink(file + suffix) }
        }
        guard Foundation.link(livePath + "/" + relative, file) == 0, linkSiblings(of: relative, to: file) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file])
        }
        try record(slug, key: key)
    }

    /// Hard-links the published site's `.gz` and `.br` of `relative`
    /// beside `file`, its link in the staging folder, when the build
    /// precompresses; false when one it should have is not there.
    private func linkSiblings(of relative: String, to file: String) -> Bool {
        guard precompressor != nil else { return true }
        var info = stat()
        guard stat(file, &info) == 0 else { return false }
        guard Precompressor.compresses(relative, size: Int(info.st_size)) else { return true }
        return Precompressor.suffixes.allSatisfy { Foundation.link(livePath + "/" + relative + $0, file + $0) == 0 }
    }

    private func record(_ slug: String, key: UInt64) throws {
        let stagedFolder = String.joining(stagingPath, "/patterns/", slug)
        guard let page = OutputTree.Page(key: key, folder: stagedFolder, file: "index.html") else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: String.joining(stagedFolder, "/index.html")])
        }
        ledger.record(page, for: slug)
        mirror(page, file: Self.pagePath(slug), folder: String.joining("patterns/", slug), slug: slug)
    }

    /// Hard-links a page just put into staging into the mirror, when this
    /// build makes one: `file` is the page file's path and `folder` its
    /// folder's, in the staging folder as in the mirror. A page the mirror
    /// could not take is left out of its description, and the next build,
    /// finding it unknown, builds it again there.
    private func mirror(_ page: OutputTree.Page, file: String, folder: String, slug: String) {
        guard let openMirror else { return }
        let mirror = openMirror.descriptor
        // The file is the staging folder's (a hard link): only the folder's time is new.
        var made = stat()
        // With its .gz and .br, when it has them.
        let siblings = precompressor == nil ? [] : Precompressor.suffixes.filter { faccessat(openStaging.descriptor, file + $0, F_OK, 0) == 0 }
        if mkdirat(mirror, folder, 0o755) == 0, linkat(openStaging.descriptor, file, mirror, file, 0) == 0,
           siblings.allSatisfy({ linkat(openStaging.descriptor, file + $0, mirror, file + $0, 0) == 0 }),
           fstatat(mirror, folder, &made, AT_SYMLINK_NOFOLLOW) == 0 {
            let folderStamp = OutputTree.Page.stamp(made.st_mtim)
            if folderStamp != 0 {
                mirrorLedger.record(OutputTree.Page(key: page.key, folderStamp: folderStamp, fileStamp: page.fileStamp), for: slug)
            }
        }
    }

    /// Links the published site's site-wide files, `names` (in the order
    /// they were recorded), into the staging folder when they show what
    /// `key` describes and are as the previous build left them; returns
    /// false, having linked none, otherwise.
    func linkSiteFiles(key: UInt64, names: [String]) -> Bool {
        ledger.recordSiteFolders(SiteWideFiles.pageFolders(names))
        guard key != 0, live.siteWideFilesKey == key, live.siteWideFileStamps.count == names.count,
              zip(names, live.siteWideFileStamps).allSatisfy({ OutputTree.Page.fileStamp(livePath + "/" + $0) == $1 }) else {
            return false
        }
        var linked: [String] = []
        for name in names {
            guard let file = try? prepare(name), Foundation.link(livePath + "/" + name, file) == 0 else {
                // Never leave a link that a write would go through.
                linked.forEach { unlink($0) }
                return false
            }
            linked.append(file)
            // With its .gz and .br, when the build precompresses.
            guard linkSiblings(of: name, to: file) else {
                for suffix in Precompressor.suffixes { unlink(file + suffix) }
                linked.forEach { unlink($0) }
                return false
            }
            if precompressor != nil {
                linked += Precompressor.suffixes.map { file + $0 }
            }
        }
        ledger.recordSiteWideFiles(key: key, stamps: live.siteWideFileStamps)
        return true
    }

    /// Notes the folders among the pages' that the site-wide files of
    /// `names` go into, before any is written: the next build removes
    /// them from the spare.
    func recordSiteFolders(_ names: [String]) {
        ledger.recordSiteFolders(SiteWideFiles.pageFolders(names))
    }

    /// Notes the site-wide files just written, `names`, for the cache.
    func recordSiteWideFiles(key: UInt64, names: [String]) {
        let stamps = names.compactMap { OutputTree.Page.fileStamp(stagingPath + "/" + $0) }
        if stamps.count == names.count { ledger.recordSiteWideFiles(key: key, stamps: stamps) }
    }

    /// Removes the pages of the spare this build has not put in: pages
    /// removed or made drafts since. Called when every page is written,
    /// before the site-wide files (an alias's page may take the place of
    /// a page renamed since).
    func removeUnwrittenPages() {
        let written = ledger.tree.pages
        let stale = held.pages.keys.filter { written[$0] == nil }
        let stagingPath = self.stagingPath
        let remove: @Sendable (String) -> Void = { FolderRemoval.remove(stagingPath + "/patterns/" + $0) }
        _ = stale.count >= 64 ? ParallelMap.map(stale, remove) : stale.map(remove)
    }

    /// The pages this build has put into the staging folder, for the cache,
    /// with the time of their folder and every other folder's, with what it
    /// holds, and the time they settled at: called once every file is in.
    var tree: OutputTree {
        var tree = ledger.tree
        tree.folderStamp = OutputTree.Page.folderStamp(stagingPath + "/patterns")
        tree.settled = settle()
        tree.precompressed = precompressor != nil
        tree.folders = OutputTree.folders(of: stagingPath)
        return tree
    }

    /// Sets the staging folder's time to now and returns it, as the file
    /// system keeps it: the time from which a folder's time is not trusted
    /// (`OutputTree.settled`). A file system keeps times in ticks of its
    /// own (a second, two, or the kernel's coarse clock), so a folder
    /// changed within the tick the build ended in may show the time it was
    /// left at; this time, taken from the same clock in the same ticks, is
    /// that tick. 0, every folder untrusted, when the system refuses.
    private func settle() -> UInt64 {
        var info = stat()
        guard futimens(openStaging.descriptor, nil) == 0, fstat(openStaging.descriptor, &info) == 0 else { return 0 }
        return OutputTree.Page.stamp(info.st_mtim)
    }

    /// What the mirror holds, when this build makes one (it becomes the
    /// spare): called once every page is in.
    var mirrorTree: OutputTree? {
        guard let mirrorPath else { return nil }
        var tree = mirrorLedger.tree
        tree.siteWideFilesKey = 0
        tree.siteWideFileStamps = []
        tree.siteFolders = []
        tree.folderStamp = OutputTree.Page.folderStamp(mirrorPath + "/patterns")
        return tree
    }

    /// The staging path of `relative`, with its folders made. `relative` is
    /// built by duosite from validated slugs; anything that could climb out
    /// of the staging folder is refused.
    private func prepare(_ relative: String) throws(FileSystemFailure) -> String {
        guard Self.isSafe(relative) else { throw FileSystemFailure(writing: relative, code: EINVAL) }
        let file = String.joining(stagingPath, "/", relative)
        guard let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/")) else { return file }
        // The file's own folder first: its parents exist for all but the first file in them.
        let folder = String.joining(stagingPath, "/", String(relative[..<slash]))
        if mkdir(folder, 0o755) == 0 || errno == EEXIST { return file }
        var path = stagingPath, made = ""
        for component in relative[..<slash].split(separator: "/") {
            path += "/" + component
            made += (made.isEmpty ? "" : "/") + component
            if mkdir(path, 0o755) != 0 && errno != EEXIST { throw FileSystemFailure(writing: made) }
        }
        return file
    }

    /// Whether `relative` is a path inside the folder: not absolute, not
    /// empty, no empty, `.` or `..` component.
    static func isSafe(_ relative: String) -> Bool {
        // Component by component, as bytes: this runs once a page.
        var length = 0, dots = 0
        for byte in relative.utf8 {
            if byte == UInt8(ascii: "/") {
                guard length > 0, dots != length || length > 2 else { return false }
                length = 0
                dots = 0
            } else {
                length += 1
                if byte == UInt8(ascii: ".") { dots += 1 }
            }
        }
        return length > 0 && (dots != length || length > 2)
    }

    /// Swaps the staging folder in for the output folder, in one step where
    /// the file system can, and keeps the previous output as the spare.
    /// Throws, with the system's reason, when the folders cannot be renamed:
    /// the output is then as it was.
    func commit() throws(FileSystemFailure) {
        guard FileManager.default.fileExists(atPath: livePath) else {
            guard rename(stagingPath, livePath) == 0 else { throw FileSystemFailure(writing: url.lastPathComponent) }
            if let mirrorPath { keepAsSpare(mirrorPath) }
            return
        }
        // Another build published first: the site it replaces is the spare.
        if let mirrorPath { FolderRemoval.remove(mirrorPath) }
        if duosite_exchange(stagingPath, livePath) == 0 {
            // The staging path now holds the previous output.
            keepAsSpare(stagingPath)
            return
        }
        // Where two folders cannot be exchanged: two renames.
        let previous = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).previous-\(ProcessInfo.processInfo.processIdentifier)")
        FolderRemoval.remove(previous.path)
        guard rename(livePath, previous.path) == 0 else { throw FileSystemFailure(writing: url.lastPathComponent) }
        guard rename(stagingPath, livePath) == 0 else {
            let failure = FileSystemFailure(writing: url.lastPathComponent)
            _ = rename(previous.path, livePath)
            throw failure
        }
        keepAsSpare(previous.path)
    }

    private func keepAsSpare(_ path: String) {
        FolderRemoval.remove(sparePath)
        if rename(path, sparePath) != 0 { FolderRemoval.remove(path) }
    }

    /// Gives up the staging folder after a failed build. With
    /// `keepingSpare`, a spare goes back where it was: the pages this build
    /// changed in it no longer match their times, so the next build writes
    /// them again. Without (a build the file system failed), everything the
    /// build made is removed, the spare with it: a partial site is never
    /// kept, and a full disk gets its room back.
    func discard(keepingSpare: Bool = true) {
        // Nothing is written after this: the folders' descriptors are given
        // back first, for a removal short of open files (too many open).
        openStaging.close()
        openMirror?.close()
        if let mirrorPath { FolderRemoval.remove(mirrorPath) }
        if keepingSpare, reusesSpare, !Self.isFolder(sparePath), rename(stagingPath, sparePath) == 0 { return }
        FolderRemoval.remove(stagingPath)
    }
}

/// A folder held open, for calls relative to it (`openat`, `mkdirat`,
/// `linkat`, `fstatat`); closed by `close()`, or when the last copy of the
/// build's output folder goes.
final class OpenFolder: Sendable {
    /// The open descriptor, or -1 once closed.
    private let opened: Atomic<Int32>

    /// The open folder's descriptor (-1 once closed: every call on it fails).
    var descriptor: Int32 {
        opened.load(ordering: .acquiring)
    }

    /// Opens the folder at `path`, or nil when it cannot be opened.
    init?(_ path: String) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        opened = Atomic(descriptor)
    }

    /// Closes the folder now, once nothing more is made in it.
    func close() {
        let descriptor = opened.exchange(-1, ordering: .acquiringAndReleasing)
        if descriptor >= 0 { _ = Foundation.close(descriptor) }
    }

    deinit {
        close()
    }
}

/// The pages a build has put into its staging folder, from many threads.
final class PageLedger: Sendable {
    private let noted = Mutex(OutputTree())

    /// Notes the site-wide files' key and times.
    func recordSiteWideFiles(key: UInt64, stamps: [UInt64]) {
        noted.withLock { tree in
            tree.siteWideFilesKey = key
            tree.siteWideFileStamps = stamps
        }
    }

    /// Notes the site-wide files' folders among the pages'.
    func recordSiteFolders(_ folders: [String]) {
        noted.withLock { $0.siteFolders = folders }
    }

    /// Notes that `slug`'s page is in, as `page` describes it.
    func record(_ page: OutputTree.Page, for slug: String) {
        noted.withLock { $0.pages[slug] = page }
    }

    /// Every page noted.
    var tree: OutputTree {
        noted.withLock { $0 }
    }
}
