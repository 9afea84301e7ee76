import Foundation

/// What a folder holds, read with `readdir`: a build lists the theme's
/// files, the output's pages and the folders it removes, and Foundation's
/// listing costs tens of thousands of instructions a file on Linux.
public enum FolderListing {
    /// One name a folder holds.
    public struct Item {
        /// Its file name.
        public let name: String
        /// Whether it is a folder (a symbolic link never is).
        public let isFolder: Bool
    }

    /// The entries of the open folder `stream` but `.` and `..`, in the
    /// order the file system gives them. `isFolder` is asked of an entry
    /// only when the file system does not say what it is.
    public static func entries(of stream: OpaquePointer, isFolder: (String) -> Bool) -> [Item] {
        var entries: [Item] = []
        while let entry = readdir(stream) {
            let name = entry.pointee.name
            if name == "." || name == ".." { continue }
            let type = entry.pointee.d_type
            entries.append(Item(name: name, isFolder: type == UInt8(DT_UNKNOWN) ? isFolder(name) : type == UInt8(DT_DIR)))
        }
        return entries
    }

    /// The entries of the folder at `path`; none when it cannot be read.
    public static func entries(of path: String) -> [Item] {
        (try? listing(of: path)) ?? []
    }

    /// The entries of the folder at `path`; none when there is no folder
    /// there. Throws, naming it `name`, with the system's reason, when the
    /// system refuses to read it (too many open files).
    public static func listing(of path: String, naming name: String? = nil) throws(FileSystemFailure) -> [Item] {
        guard let stream = opendir(path) else {
            if errno == ENOENT || errno == ENOTDIR { return [] }
            throw FileSystemFailure(reading: name ?? path)
        }
        defer { closedir(stream) }
        return entries(of: stream) { name in
            var info = stat()
            return lstat(path + "/" + name, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR
        }
    }
}

extension dirent {
    /// The entry's file name.
    var name: String {
        withUnsafePointer(to: d_name) {
            String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
        }
    }
}
