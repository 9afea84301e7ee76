import Foundation

/// A tmpfs mounted for one test, where the machine allows it (as root, as
/// CI runs): a real file system of a chosen size that can be filled, shrunk
/// to what it holds, or made read-only, to meet the failures a build meets
/// on a real disk. Unmounted by `unmount()`, which every test defers.
struct TmpfsMount {
    /// Where it is mounted.
    let folder: URL

    /// Whether this machine lets a test mount a tmpfs: tried once, on a
    /// folder of its own.
    static let isAllowed: Bool = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duosite-mount-probe-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)) != nil else { return false }
        defer { try? FileManager.default.removeItem(at: folder) }
        guard mount("tmpfs", folder.path, "tmpfs", 0, "size=64k") == 0 else { return false }
        umount2(folder.path, Int32(MNT_DETACH))
        return true
    }()

    /// Mounts a tmpfs of `kilobytes` at `folder`, made first.
    init(at folder: URL, kilobytes: Int) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        guard mount("tmpfs", folder.path, "tmpfs", 0, "size=\(kilobytes)k,mode=755") == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EPERM)
        }
        self.folder = folder
    }

    /// The bytes its files take (blocks used, as `df` counts them).
    var used: UInt64 {
        var info = statvfs()
        guard statvfs(folder.path, &info) == 0 else { return 0 }
        return UInt64(info.f_blocks - info.f_bfree) * UInt64(info.f_frsize)
    }

    /// Makes it `kilobytes` large (no smaller than what it holds).
    func resize(kilobytes: Int) throws {
        guard mount("tmpfs", folder.path, "tmpfs", UInt(MS_REMOUNT), "size=\(kilobytes)k") == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EINVAL)
        }
    }

    /// Makes it read-only, or writable again.
    func remount(readOnly: Bool) throws {
        guard mount("tmpfs", folder.path, "tmpfs", UInt(MS_REMOUNT) | (readOnly ? UInt(MS_RDONLY) : 0), nil) == 0 else {
            throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EINVAL)
        }
    }

    /// Unmounts it (lazily, should something still hold it open).
    func unmount() {
        if umount2(folder.path, 0) != 0 { umount2(folder.path, Int32(MNT_DETACH)) }
    }
}
