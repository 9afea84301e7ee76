import Foundation

/// Writes a page file for the editor's commands, so that a page is never
/// left half written: `duosite new` makes a file only where none is, and
/// `duosite mark-checked` replaces one whole, in one rename, keeping its
/// permissions.
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

    /// Replaces the file at `url` with `bytes`: written beside it under a
    /// hidden name, given the old file's permissions, then renamed over it,
    /// so that a reader sees the old file or the new one, never a part.
    static func replace(_ bytes: [UInt8], at url: URL) throws(Failure) {
        let target = url.resolvingSymlinksInPath()
        let folder = target.deletingLastPathComponent()
        let draft = folder.appendingPathComponent(".\(target.lastPathComponent).duosite-\(getpid())")
        var status = stat()
        guard stat(target.path, &status) == 0 else {
            throw Failure(reason: "cannot read \(target.lastPathComponent)'s permissions: \(String(cString: strerror(errno)))")
        }
        do {
            try Data(bytes).write(to: draft, options: .withoutOverwriting)
        } catch {
            try? FileManager.default.removeItem(at: draft)
            throw Failure(reason: "cannot write beside \(target.lastPathComponent): \(error.localizedDescription)")
        }
        guard chmod(draft.path, status.st_mode & 0o7777) == 0, rename(draft.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: draft)
            throw Failure(reason: "cannot replace \(target.lastPathComponent): \(reason)")
        }
    }
}
