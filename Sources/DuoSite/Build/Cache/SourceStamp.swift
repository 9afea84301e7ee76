import Files
import Foundation

/// What a page file's metadata says of its contents: its size, modification
/// and change times, inode and device, in one number. A page file whose
/// stamp is the one the cache recorded is not read again. Like git's
/// index, a stamp is recorded only for a file last changed more than a
/// second before the build began: a change made within the same clock
/// tick as the read could otherwise leave the times as they were.
enum SourceStamp {
    /// The stamp of the file at `path` relative to the open folder
    /// `folder`, or 0 when it cannot be looked at or was changed too
    /// recently (`since` is when the build began, in nanoseconds).
    static func of(_ path: String, relativeTo folder: OpenFolder, notAfter since: UInt64) -> UInt64 {
        var info = stat()
        guard fstatat(folder.descriptor, path, &info, 0) == 0 else { return 0 }
        return of(info, notAfter: since)
    }

    /// The stamp of a file whose status is `info`.
    static func of(_ info: stat, notAfter since: UInt64) -> UInt64 {
        let modified = OutputTree.Page.stamp(info.st_mtim), changed = OutputTree.Page.stamp(info.st_ctim)
        guard max(modified, changed) &+ 1_000_000_000 < since else { return 0 }
        var hasher = ContentHash()
        for number in [UInt64(info.st_size), modified, changed, UInt64(info.st_ino), UInt64(info.st_dev)] {
            hasher.add(number)
        }
        return max(hasher.value, 1)
    }

    /// Now, in nanoseconds, as file times count.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return OutputTree.Page.stamp(time)
    }
}
