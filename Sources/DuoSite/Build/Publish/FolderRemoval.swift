import Files
import Foundation

/// Removes a folder and everything in it, for the output's swap.
///
/// A rebuild removes the previous output: ten thousand folders and files.
/// Foundation's removal looks at each with `lstat` and resolves each path
/// from the root; this reads each folder once (its entries say which are
/// folders), removes entries relative to their open folder, and spreads
/// a folder of many folders over every core.
enum FolderRemoval {
    /// Removes the file or folder at `path`, with all it holds; nothing
    /// happens when there is none. Symbolic links are removed, never followed.
    static func remove(_ path: String) {
        let folder = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else {
            unlink(path)
            return
        }
        removeContents(of: folder, parallel: true)
        rmdir(path)
    }

    /// Removes everything in the open folder `folder`, and closes it.
    private static func removeContents(of folder: Int32, parallel: Bool) {
        guard let stream = fdopendir(folder) else {
            close(folder)
            return
        }
        defer { closedir(stream) }
        var files: [String] = [], folders: [String] = []
        let entries = FolderListing.entries(of: stream) { name in
            var info = stat()
            return fstatat(folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && info.st_mode & S_IFMT == S_IFDIR
        }
        for entry in entries {
            if entry.isFolder { folders.append(entry.name) } else { files.append(entry.name) }
        }
        for name in files { unlinkat(folder, name, 0) }
        let removeFolder: @Sendable (String) -> Void = { name in
            let inner = openat(folder, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if inner >= 0 { removeContents(of: inner, parallel: false) }
            unlinkat(folder, name, AT_REMOVEDIR)
        }
        if parallel, folders.count >= 64 {
            let parts = ProcessInfo.processInfo.activeProcessorCount * 4
            let folders = folders
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                var index = part
                while index < folders.count {
                    removeFolder(folders[index])
                    index += parts
                }
            }
        } else {
            folders.forEach(removeFolder)
        }
    }
}

