import Foundation

/// Writes a `PageMove`, all of it or none: every file it changes is first
/// found writable (the pages' folder, which gains the new file and loses
/// the old, and each file replaced with its folder); then the new page is
/// made, each other file replaced whole in one rename (`PageFileWriter`),
/// and the old page removed. Should a write fail midway, the files
/// already replaced get their old bytes back and the new page goes.
enum PageMoveWriter {
    /// Writes `move` into the site at `root`.
    static func write(_ move: PageMove, root: URL) throws(PageFileWriter.Failure) {
        let patterns = root.appendingPathComponent(Site.Paths.patterns).path
        guard access(patterns, W_OK) == 0 else {
            throw PageFileWriter.Failure(reason: "cannot write in \(Site.Paths.patterns): \(String(cString: strerror(errno)))")
        }
        for edit in move.others {
            let url = root.appendingPathComponent(edit.path)
            guard access(url.path, W_OK) == 0, access(url.deletingLastPathComponent().path, W_OK) == 0 else {
                throw PageFileWriter.Failure(reason: "cannot write \(edit.path): \(String(cString: strerror(errno)))")
            }
        }
        let newPage = root.appendingPathComponent(move.to)
        try PageFileWriter.create(move.page.bytes, at: newPage)
        var replaced: [PageMove.FileEdit] = []
        do throws(PageFileWriter.Failure) {
            for edit in move.others {
                try PageFileWriter.replace(edit.bytes, at: root.appendingPathComponent(edit.path))
                replaced.append(edit)
            }
            guard unlink(root.appendingPathComponent(move.from).path) == 0 else {
                throw PageFileWriter.Failure(reason: "cannot remove \(move.from): \(String(cString: strerror(errno)))")
            }
        } catch {
            // Put back what was written.
            for edit in replaced.reversed() { try? PageFileWriter.replace(edit.original, at: root.appendingPathComponent(edit.path)) }
            unlink(newPage.path)
            throw error
        }
    }
}
