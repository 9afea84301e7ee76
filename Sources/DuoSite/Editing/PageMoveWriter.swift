import Foundation

/// Writes a `PageMove`, all of it or none: every file it changes is first
/// found writable (the pages' folder, which gains the new file and loses
/// the old; each file replaced, regular, inside the site and as the move
/// read it); then the new page is made, each other file replaced whole in
/// one rename once read again unchanged (`PageFileWriter.replaceAll`), and
/// the old page removed. Should a write fail midway, the files already
/// replaced get their old bytes back and the new page goes.
enum PageMoveWriter {
    /// Writes `move` into the site at `root`.
    static func write(_ move: PageMove, root: URL) throws(PageFileWriter.Failure) {
        let patterns = root.appendingPathComponent(Site.Paths.patterns).path
        guard access(patterns, W_OK) == 0 else {
            throw PageFileWriter.Failure(reason: "cannot write in \(Site.Paths.patterns): \(String(cString: strerror(errno)))")
        }
        var files: [(file: PageFileWriter.Original, bytes: [UInt8])] = []
        for edit in move.others {
            let file = try PageFileWriter.writableFile(at: root.appendingPathComponent(edit.path), root: root)
            guard file.bytes == edit.original else {
                throw PageFileWriter.Failure(reason: "\(edit.path) changed while moving; run it again")
            }
            files.append((file, edit.bytes))
        }
        let newPage = root.appendingPathComponent(move.to)
        try PageFileWriter.create(move.page.bytes, at: newPage)
        do throws(PageFileWriter.Failure) {
            try PageFileWriter.replaceAll(files, while: "moving")
        } catch {
            unlink(newPage.path)
            throw error
        }
        guard unlink(root.appendingPathComponent(move.from).path) == 0 else {
            let reason = String(cString: strerror(errno))
            // Put back what was written.
            _ = try? PageFileWriter.replaceAll(files.map { (try? PageFileWriter.writableFile(at: $0.file.target, root: root), $0.file.bytes) }
                .compactMap { file, bytes in file.map { ($0, bytes) } }, while: "moving")
            unlink(newPage.path)
            throw PageFileWriter.Failure(reason: "cannot remove \(move.from): \(reason)")
        }
    }
}
