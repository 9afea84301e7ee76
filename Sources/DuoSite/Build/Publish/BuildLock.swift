import Files
import Foundation

/// One build at a time into an output folder.
///
/// A build turns the spare into its staging folder, writes the cache beside
/// the output and swaps folders; two builds into the same output at once
/// would take the spare from each other and leave a cache that describes
/// neither site. So a build holds this lock, a `flock(2)` on
/// `.Public.lock` beside the output, from before it reads the previous
/// cache until its site and cache are in place; a second build waits for it.
///
/// The kernel lets go of the lock when its process ends, however it ends,
/// so a build stopped by Ctrl-C never leaves one behind. The file is removed
/// as the lock is let go; a build that was waiting on the removed file
/// notices and takes the lock on the file that is there now.
final class BuildLock: Sendable {
    /// The lock file's path.
    let path: String
    /// The open lock file, locked.
    private let descriptor: Int32
    /// Whether another build held the lock when it was asked for.
    let waited: Bool

    /// The lock file of the output folder at `output`.
    static func path(beside output: URL) -> String {
        let output = output.standardizedFileURL
        return output.deletingLastPathComponent().appendingPathComponent(".\(output.lastPathComponent).lock").path
    }

    /// Takes the lock of the output folder at `output`, calling `waiting`
    /// once if another build holds it, and then waiting until it lets go.
    /// Throws, with the system's reason, when the lock file cannot be made
    /// or locked (the folder it goes in cannot be written: a read-only file
    /// system; something other than a file is there).
    init(beside output: URL, waiting: () -> Void = {}) throws(FileSystemFailure) {
        path = Self.path(beside: output)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        let name = URL(fileURLWithPath: path).lastPathComponent
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw FileSystemFailure.writing(folder.path, error)
        }
        var hasWaited = false
        while true {
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else { throw FileSystemFailure(writing: name) }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK else {
                    let failure = FileSystemFailure(writing: name)
                    close(descriptor)
                    throw failure
                }
                if !hasWaited {
                    waiting()
                    hasWaited = true
                }
                var status: Int32
                repeat { status = flock(descriptor, LOCK_EX) } while status != 0 && errno == EINTR
                guard status == 0 else {
                    let failure = FileSystemFailure(writing: name)
                    close(descriptor)
                    throw failure
                }
            }
            // The build that held the lock removed the file as it let go:
            // the lock that counts is the one on the file at the path now.
            var opened = stat(), named = stat()
            if fstat(descriptor, &opened) == 0, stat(path, &named) == 0, opened.st_dev == named.st_dev, opened.st_ino == named.st_ino {
                self.descriptor = descriptor
                waited = hasWaited
                return
            }
            close(descriptor)
        }
    }

    deinit {
        // Removed while still held, so that no build can lock this file
        // after it is gone from the folder.
        unlink(path)
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
