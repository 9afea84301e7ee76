import Files
import Foundation

/// Writes a page file for the editor's commands, so that a page is never
/// left half written: `duosite new` makes a file only where none is, and
/// `duosite mark-checked` replaces one whole, in one rename, keeping its
/// permissions and group, once it is read again unchanged.
enum PageFileWriter {
    /// Why a page file could not be written.
    struct Failure: Error, Equatable {
        /// What went wrong, in one line.
        var reason: String
    }

    /// Writes `bytes` as the new file at `url`, failing (and writing
    /// nothing) when a file is there already, even one made a moment ago by
    /// another process.
    static func create(_ bytes: [UInt8], at url: URL) throws(Failure) {
        do {
            try Data(bytes).write(to: url, options: .withoutOverwriting)
        } catch let error as CocoaError where error.code == .fileWriteFileExists {
            throw Failure(reason: "\(url.lastPathComponent) exists already")
        } catch {
            throw Failure(reason: "cannot write \(url.lastPathComponent): \(error.localizedDescription)")
        }
    }

    /// A page file ready to be replaced: the file's real path (a link
    /// inside the site followed), its bytes and status as read, and the
    /// draft of its new bytes written beside it.
    struct Replacement {
        /// The file replaced: the page's real path.
        let target: URL
        /// The bytes the new ones were made from.
        let original: [UInt8]
        /// The new bytes' draft, beside the file, with its permissions, owner and group.
        let draft: URL
        /// The file's lease, taken before it was read, when the system gives one.
        let lease: PageLease?
    }

    /// A page file read to be replaced: its real path, its bytes and
    /// status, and its lease, taken before it was read.
    struct Original {
        let target: URL
        let bytes: [UInt8]
        let status: stat
        let lease: PageLease?
    }

    /// The real file behind the page at `url`: a link followed when it
    /// leads to a regular file inside `root`; refused when it leads
    /// outside, is not a regular file, or is read-only (as an editor would
    /// refuse to write it), with the file's bytes and status, read under
    /// its lease (`PageLease`): never while another program writes it.
    static func writableFile(at url: URL, root: URL) throws(Failure) -> Original {
        let target = url.resolvingSymlinksInPath()
        let realRoot = root.standardizedFileURL.resolvingSymlinksInPath().path
        guard target.path.hasPrefix(realRoot + "/") else {
            throw Failure(reason: "\(url.lastPathComponent) is a link to \(target.path), outside the site; duosite changes only the site's files")
        }
        let lease = try PageLease.take(target.path, name: target.lastPathComponent)
        let read: (bytes: [UInt8], status: stat)?
        do {
            read = try SourceFile.contents(atPath: target.path)
        } catch {
            throw Failure(reason: "cannot read \(target.lastPathComponent): \(error.reason)")
        }
        guard let (bytes, status) = read else {
            throw Failure(reason: "\(target.lastPathComponent) is not a regular file")
        }
        guard status.st_mode & 0o222 != 0, access(target.path, W_OK) == 0 else {
            let reason = status.st_mode & 0o222 == 0 ? "it is read-only; make it writable first (chmod u+w)" : String(cString: strerror(errno))
            throw Failure(reason: "cannot change \(target.lastPathComponent): \(reason)")
        }
        let folder = target.deletingLastPathComponent().path
        guard access(folder, W_OK) == 0 else {
            throw Failure(reason: "cannot write beside \(target.lastPathComponent): \(String(cString: strerror(errno)))")
        }
        return Original(target: target, bytes: bytes, status: status, lease: lease)
    }

    /// Writes `bytes` beside `target` (read as `original`, with `status`,
    /// under `lease`) under a hidden name, with the file's permissions,
    /// owner and group.
    static func prepare(_ bytes: [UInt8], replacing target: URL, original: [UInt8], status: stat, lease: PageLease? = nil) throws(Failure) -> Replacement {
        let draft = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent).duosite-\(getpid())")
        do {
            try Data(bytes).write(to: draft, options: .withoutOverwriting)
        } catch {
            try? FileManager.default.removeItem(at: draft)
            throw Failure(reason: "cannot write beside \(target.lastPathComponent): \(error.localizedDescription)")
        }
        // The group (and, where allowed, the owner) kept; then the permissions.
        if chown(draft.path, geteuid() == 0 ? status.st_uid : UInt32.max, status.st_gid) != 0, status.st_gid != getegid() {
            unlink(draft.path)
            throw Failure(reason: "cannot keep \(target.lastPathComponent)'s group: \(String(cString: strerror(errno)))")
        }
        guard chmod(draft.path, status.st_mode & 0o7777) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(draft.path)
            throw Failure(reason: "cannot keep \(target.lastPathComponent)'s permissions: \(reason)")
        }
        return Replacement(target: target, original: original, draft: draft, lease: lease)
    }

    /// Renames the draft over its file, once its lease still holds (no
    /// program has opened it to write since it was read) and the file is
    /// read again and found as it was when the draft was made from it: a
    /// change since, or a save begun (an editor saving meanwhile), is
    /// refused, the draft removed.
    static func commit(_ replacement: Replacement, while doing: String = "marking") throws(Failure) {
        let now = try? SourceFile.contents(atPath: replacement.target.path)
        guard replacement.lease?.holds ?? true, let now, now.bytes == replacement.original else {
            unlink(replacement.draft.path)
            throw Failure(reason: "\(replacement.target.lastPathComponent) changed while \(doing); run it again")
        }
        guard rename(replacement.draft.path, replacement.target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(replacement.draft.path)
            throw Failure(reason: "cannot replace \(replacement.target.lastPathComponent): \(reason)")
        }
    }

    /// Replaces each file (as `writableFile` read it) with its new bytes,
    /// all of them or none: every draft written first, then each renamed
    /// over its file once found as it was read (`commit`); should one fail,
    /// the files replaced already get the bytes they were read with back.
    /// `doing` names the command's work in the message of a file changed
    /// meanwhile ("marking", "moving").
    static func replaceAll(_ files: [(file: Original, bytes: [UInt8])], while doing: String) throws(Failure) {
        var drafts: [Replacement] = []
        var replaced: [(Replacement, stat)] = []
        do throws(Failure) {
            for (file, bytes) in files {
                drafts.append(try prepare(bytes, replacing: file.target, original: file.bytes, status: file.status, lease: file.lease))
            }
            for (draft, (file, _)) in zip(drafts, files) {
                try commit(draft, while: doing)
                replaced.append((draft, file.status))
            }
        } catch {
            for draft in drafts { unlink(draft.draft.path) }
            for (done, status) in replaced {
                // The file as it was read, put back the same way.
                if let back = try? prepare(done.original, replacing: done.target, original: done.original, status: status) {
                    if rename(back.draft.path, back.target.path) != 0 { unlink(back.draft.path) }
                }
            }
            throw error
        }
    }
}
