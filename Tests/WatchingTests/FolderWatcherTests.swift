import Foundation
import Synchronization
import Testing
import Watching

/// Changes under the watched folders, as editors' tools make them, reported
/// by inotify and by polling alike; editors' temporary files passed over.
struct FolderWatcherTests {
    @Test(arguments: [".page.md.swp", "page.md.swp", "page.md~", "#page.md#", ".#page.md", "page.md.kate-swp", "page.md___jb_tmp___", "page.md.bck", "4913"])
    func temporaryFiles(name: String) {
        #expect(EditorTemporaryFile.matches(name))
    }

    @Test(arguments: ["page.md", "site.yml", "site.css", "CNAME", ".nojekyll", "notes~draft.md"])
    func realFiles(name: String) {
        #expect(!EditorTemporaryFile.matches(name))
    }

    /// What a watcher reported, from its thread.
    final class Seen: Sendable {
        let changes = Mutex<Set<FolderChange>>([])
        func add(_ found: [FolderChange]) { changes.withLock { $0.formUnion(found) } }
        func contains(_ change: FolderChange) -> Bool { changes.withLock { $0.contains(change) } }
        func clear() { changes.withLock { $0 = [] } }
    }

    /// Waits until `seen` holds `change` (true) or five seconds pass.
    static func wait(for change: FolderChange, in seen: Seen) -> Bool {
        for _ in 0..<500 {
            if seen.contains(change) { return true }
            usleep(10_000)
        }
        return false
    }

    @Test(arguments: [false, true])
    func seesEditsRenamesAndNewFolders(poll: Bool) throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("duosite-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Content/patterns"), withIntermediateDirectories: true)
        try Data("one".utf8).write(to: root.appendingPathComponent("Content/patterns/a.md"))
        let seen = Seen()
        let watcher = FolderWatcher(root: root, folders: ["Content", "Static"], poll: poll, pollInterval: 0.1) { seen.add($0) }
        defer { watcher.stop() }
        #expect(watcher.isPolling == poll)
        usleep(200_000)

        try Data("two".utf8).write(to: root.appendingPathComponent("Content/patterns/a.md"))
        #expect(Self.wait(for: .path("Content/patterns/a.md"), in: seen))

        try Data("three".utf8).write(to: root.appendingPathComponent("Content/patterns/.b.md.swp"))
        #expect(rename(root.appendingPathComponent("Content/patterns/.b.md.swp").path, root.appendingPathComponent("Content/patterns/b.md").path) == 0)
        #expect(Self.wait(for: .path("Content/patterns/b.md"), in: seen))

        try FileManager.default.createDirectory(at: root.appendingPathComponent("Content/patterns/deeper"), withIntermediateDirectories: true)
        try Data("four".utf8).write(to: root.appendingPathComponent("Content/patterns/deeper/c.md"))
        #expect(Self.wait(for: .path("Content/patterns/deeper/c.md"), in: seen))
        try Data("five".utf8).write(to: root.appendingPathComponent("Content/patterns/deeper/c.md"))

        try FileManager.default.removeItem(at: root.appendingPathComponent("Content/patterns/a.md"))
        #expect(Self.wait(for: .path("Content/patterns/a.md"), in: seen))
        #expect(!seen.contains(.path("Content/patterns/.b.md.swp")))
        seen.clear()

        // A folder that was missing, made.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Static"), withIntermediateDirectories: true)
        #expect(Self.wait(for: poll ? .path("Static") : .everything, in: seen))
    }

    @Test func stopsPromptly() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("duosite-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Content"), withIntermediateDirectories: true)
        for poll in [false, true] {
            let watcher = FolderWatcher(root: root, folders: ["Content"], poll: poll) { _ in }
            let start = Date()
            watcher.stop()
            #expect(Date().timeIntervalSince(start) < 1)
        }
    }

    @Test func pollsWhenTheSystemsWatchesRunOut() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("duosite-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Content/patterns"), withIntermediateDirectories: true)

        // Too few watches from the start: it polls at once.
        let starved = FolderWatcher(root: root, folders: ["Content"], maximumWatches: 2) { _ in }
        #expect(starved.isPolling)
        starved.stop()

        // Enough for what there is, not for a new folder: it looks at
        // everything, then polls, and still sees what changes in the folder.
        let seen = Seen()
        let watcher = FolderWatcher(root: root, folders: ["Content"], pollInterval: 0.1, maximumWatches: 3) { seen.add($0) }
        defer { watcher.stop() }
        #expect(!watcher.isPolling)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Content/patterns/deeper"), withIntermediateDirectories: true)
        #expect(Self.wait(for: .everything, in: seen))
        #expect(watcher.isPolling)
        try Data("new".utf8).write(to: root.appendingPathComponent("Content/patterns/deeper/d.md"))
        #expect(Self.wait(for: .path("Content/patterns/deeper/d.md"), in: seen))
    }

    @Test func aFileIsReportedWhenItsWritingEnds() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("duosite-watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Static"), withIntermediateDirectories: true)
        let seen = Seen()
        let watcher = FolderWatcher(root: root, folders: ["Static"]) { seen.add($0) }
        defer { watcher.stop() }

        // Opened, and written a while later: one change, when it is closed.
        let path = root.appendingPathComponent("Static/slow.txt").path
        let descriptor = open(path, O_CREAT | O_WRONLY, 0o644)
        #expect(descriptor >= 0)
        usleep(150_000)
        #expect(!seen.contains(.path("Static/slow.txt")))
        _ = "slow".withCString { write(descriptor, $0, 4) }
        close(descriptor)
        #expect(Self.wait(for: .path("Static/slow.txt"), in: seen))

        // A symbolic link is made whole: reported at once.
        #expect(symlink(path, root.appendingPathComponent("Static/link.txt").path) == 0)
        #expect(Self.wait(for: .path("Static/link.txt"), in: seen))
    }
}
