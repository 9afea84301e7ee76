import Foundation

/// The room the files under a folder take on the disk: their blocks, each
/// file counted once however many links it has (the spare shares its
/// files with the published site).
enum SpaceUsed {
    /// The bytes the files and folders under `folder` take.
    static func of(_ folder: URL) -> UInt64 {
        var seen = Set<UInt64>(), total: UInt64 = 0
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        while let relative = enumerator?.nextObject() as? String {
            var info = stat()
            guard lstat(folder.appendingPathComponent(relative).path, &info) == 0, seen.insert(UInt64(info.st_ino)).inserted else { continue }
            total += UInt64(info.st_blocks) * 512
        }
        return total
    }
}
