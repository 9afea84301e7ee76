import Foundation
import Glibc

/// Watches folders under a root for changes, with inotify where it can and
/// by polling where it cannot (no inotify, no watches left) or when asked,
/// and reports them, gathered, on a thread of its own: `changes` is called
/// with every change seen since the last call, never twice at once.
public final class FolderWatcher: @unchecked Sendable {
    // Safe to send: `stopped` and `polling` are read and changed under
    // `lock`; the rest is used by the watching thread alone after init.
    private let root: URL
    private let folders: [String]
    private let changes: @Sendable ([FolderChange]) -> Void
    private let lock = NSLock()
    private var stopped = false
    private var thread: Thread?
    private var inotify: Int32 = -1
    private var watches: [Int32: String] = [:]
    /// Whether a folder could not be watched (the system's watches ran out).
    private var outOfWatches = false
    private var snapshot: [String: Stamp] = [:]
    /// How often polling looks, in seconds.
    private let pollInterval: TimeInterval
    /// The most watches it adds, as if the system had no more (for tests of
    /// what happens when the system's run out).
    private let maximumWatches: Int
    /// Whether it polls (read and changed under `lock`).
    private var polling: Bool
    /// Whether it polls: asked to, no inotify, or the system's watches ran out.
    public var isPolling: Bool {
        lock.lock()
        defer { lock.unlock() }
        return polling
    }

    /// Watches `folders` (paths relative to `root`; those missing are
    /// watched for once they appear) and calls `changes` with what changed.
    public init(root: URL, folders: [String], poll: Bool = false, pollInterval: TimeInterval = 0.5, maximumWatches: Int = .max, changes: @escaping @Sendable ([FolderChange]) -> Void) {
        self.root = root
        self.maximumWatches = maximumWatches
        self.folders = folders
        self.changes = changes
        self.pollInterval = pollInterval
        polling = poll
        if !poll {
            inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
            if inotify < 0 || !watchAll() {
                if inotify >= 0 { close(inotify) }
                inotify = -1
                polling = true
            }
        }
        if isPolling { snapshot = Self.snapshot(root: root, folders: folders) }
        let thread = Thread { [unowned self] in
            if self.isPolling {
                self.pollLoop()
            } else {
                self.inotifyLoop()
            }
        }
        thread.name = "duosite watcher"
        self.thread = thread
        thread.start()
    }

    deinit {
        if inotify >= 0 { close(inotify) }
    }

    /// Stops watching; returns once the watching thread has seen it (at most
    /// about a fifth of a second, or one poll interval).
    public func stop() {
        lock.lock()
        stopped = true
        lock.unlock()
        while thread?.isFinished == false { usleep(5_000) }
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    // MARK: inotify

    /// What inotify reports: files written and closed, made, removed and
    /// renamed, and folders going. A write is reported when it is closed,
    /// not at each of its parts, so that one save is one change.
    private static let mask = UInt32(IN_CREATE | IN_DELETE | IN_CLOSE_WRITE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF)

    /// Watches the root (for the folders to appear) and every folder under
    /// the watched ones; false when the system has no watch left.
    private func watchAll() -> Bool {
        guard add(watchOn: "") else { return false }
        var visited = FolderIdentities(root: root, folders: folders)
        for folder in folders where !watchTree(folder, visited: &visited) { return false }
        return true
    }

    /// Watches `folder` and every folder under it, each real folder once
    /// (a link to a folder seen already, or outside the site, is not
    /// followed); false when out of watches.
    private func watchTree(_ folder: String) -> Bool {
        var visited = FolderIdentities(root: root, folders: folders)
        // The folders watched already are seen.
        for watched in watches.values where watched != folder {
            visited.note(root.appendingPathComponent(watched).path)
        }
        return watchTree(folder, visited: &visited)
    }

    private func watchTree(_ folder: String, visited: inout FolderIdentities) -> Bool {
        let path = root.appendingPathComponent(folder).path
        guard visited.enter(path) else { return true }
        guard add(watchOn: folder) else { return false }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
            var isSub: ObjCBool = false
            let sub = folder + "/" + name
            if FileManager.default.fileExists(atPath: root.appendingPathComponent(sub).path, isDirectory: &isSub), isSub.boolValue {
                guard watchTree(sub, visited: &visited) else { return false }
            }
        }
        return true
    }

    private func add(watchOn folder: String) -> Bool {
        let path = folder.isEmpty ? root.path : root.appendingPathComponent(folder).path
        guard watches.count < maximumWatches else { return false }
        let descriptor = inotify_add_watch(inotify, path, Self.mask)
        if descriptor < 0 { return errno != ENOSPC && errno != ENOMEM }
        watches[descriptor] = folder
        return true
    }

    private func inotifyLoop() {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while !isStopped {
            var descriptor = pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 200) > 0 else { continue }
            var found: [FolderChange] = []
            while true {
                let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
                guard count > 0 else { break }
                found += parse(buffer, count: count)
            }
            if found.contains(.everything), !isStopped {
                // The queue overflowed: the watches may be stale too.
                for (descriptor, _) in watches { inotify_rm_watch(inotify, descriptor) }
                watches = [:]
                outOfWatches = !watchAll() || outOfWatches
                changes([.everything])
            } else if !found.isEmpty {
                changes(found)
            }
            if outOfWatches, !isStopped {
                // The system's watches ran out: polling from now on, after a look at everything.
                for (descriptor, _) in watches { inotify_rm_watch(inotify, descriptor) }
                watches = [:]
                lock.lock()
                polling = true
                lock.unlock()
                snapshot = Self.snapshot(root: root, folders: folders)
                changes([.everything])
                pollLoop()
                return
            }
        }
    }

    /// The changes in `count` bytes of inotify events.
    private func parse(_ buffer: [UInt8], count: Int) -> [FolderChange] {
        var found: [FolderChange] = []
        var offset = 0
        let header = MemoryLayout<inotify_event>.size
        while offset + header <= count {
            let (descriptor, mask, length) = buffer.withUnsafeBytes { raw in
                let event = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                return (event.wd, event.mask, Int(event.len))
            }
            let nameBytes = buffer[(offset + header)..<min(count, offset + header + length)].prefix { $0 != 0 }
            let name = String(decoding: nameBytes, as: UTF8.self)
            offset += header + length
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { return [.everything] }
            if mask & UInt32(IN_IGNORED) != 0 { watches[descriptor] = nil; continue }
            guard let folder = watches[descriptor] else { continue }
            if folder.isEmpty {
                // The root: only the watched folders appearing or going.
                guard folders.contains(name) else { continue }
                if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0, !watchTree(name) { outOfWatches = true }
                found.append(.everything)
                continue
            }
            if name.isEmpty {
                if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF) != 0 { found.append(.path(folder)) }
                continue
            }
            guard !EditorTemporaryFile.matches(name) else { continue }
            let path = folder + "/" + name
            if mask & UInt32(IN_ISDIR) != 0, mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                // A new folder: watched, then what it already holds reported.
                if !watchTree(path) { outOfWatches = true }
                found.append(.path(path))
                for file in Self.files(under: path, root: root) { found.append(.path(file)) }
                continue
            }
            if mask & UInt32(IN_CREATE) != 0, mask & UInt32(IN_CLOSE_WRITE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO) == 0, !Self.isLink(root.appendingPathComponent(path).path) {
                // A file being made: the close that ends its writing is reported
                // (a symbolic link, made whole, is reported now).
                continue
            }
            found.append(.path(path))
        }
        return found
    }

    /// Whether `path` is a symbolic link.
    private static func isLink(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFLNK
    }

    // MARK: polling

    private struct Stamp: Equatable {
        var modified: TimeInterval
        var size: Int
        var inode: UInt64
    }

    private func pollLoop() {
        var last = Date()
        while !isStopped {
            usleep(20_000)
            guard Date().timeIntervalSince(last) >= pollInterval else { continue }
            last = Date()
            let now = Self.snapshot(root: root, folders: folders)
            var found: [FolderChange] = []
            for (path, stamp) in now where snapshot[path] != stamp { found.append(.path(path)) }
            for path in snapshot.keys where now[path] == nil { found.append(.path(path)) }
            snapshot = now
            if !found.isEmpty, !isStopped { changes(found.sorted { "\($0)" < "\($1)" }) }
        }
    }

    /// Every file and folder under the folders (and they themselves), with
    /// its time, size and inode: a folder made or removed is a change too.
    private static func snapshot(root: URL, folders: [String]) -> [String: Stamp] {
        var stamps: [String: Stamp] = [:]
        for folder in folders {
            for path in [folder] + files(under: folder, root: root, folders: true) {
                var status = stat()
                guard stat(root.appendingPathComponent(path).path, &status) == 0 else { continue }
                if status.st_mode & S_IFMT == S_IFDIR {
                    // A folder counts when it comes or goes, not when what it holds does.
                    stamps[path] = Stamp(modified: 0, size: -1, inode: UInt64(status.st_ino))
                    continue
                }
                let modified = TimeInterval(status.st_mtim.tv_sec) + TimeInterval(status.st_mtim.tv_nsec) / 1e9
                stamps[path] = Stamp(modified: modified, size: Int(status.st_size), inode: UInt64(status.st_ino))
            }
        }
        return stamps
    }

    /// The files under `folder` (relative to `root`), and with `folders` its
    /// folders too, editors' temporary files left out.
    static func files(under folder: String, root: URL, folders: Bool = false) -> [String] {
        var paths: [String] = []
        var visited = FolderIdentities(root: root, folders: [])
        func walk(_ folder: String) {
            let path = root.appendingPathComponent(folder).path
            guard visited.enter(path) else { return }
            for name in (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? [] {
                if EditorTemporaryFile.matches(name) { continue }
                var isFolder: ObjCBool = false
                let sub = folder + "/" + name
                guard FileManager.default.fileExists(atPath: root.appendingPathComponent(sub).path, isDirectory: &isFolder) else { continue }
                if isFolder.boolValue {
                    if folders { paths.append(sub) }
                    walk(sub)
                } else {
                    paths.append(sub)
                }
            }
        }
        walk(folder)
        return paths.sorted()
    }
}

/// The real folders a walk under the watched folders has entered, by device
/// and inode: a symbolic link to a folder is followed only to a folder not
/// entered yet and inside the site (the root, or a watched folder, which
/// may itself be a link), so that links in a cycle (`ln -s . a`) or to a
/// folder holding the site are never walked round and round.
struct FolderIdentities {
    private var entered: Set<[UInt64]> = []
    /// The real paths a followed link may lead into.
    private let insides: [String]

    init(root: URL, folders: [String]) {
        let real = { (path: String) in URL(fileURLWithPath: path).resolvingSymlinksInPath().path }
        insides = [real(root.path)] + folders.map { real(root.appendingPathComponent($0).path) }
    }

    /// Notes `path` as entered already.
    mutating func note(_ path: String) {
        var status = stat()
        if stat(path, &status) == 0 { entered.insert([UInt64(status.st_dev), UInt64(status.st_ino)]) }
    }

    /// Whether to walk into the folder at `path` (following links): a
    /// folder inside the site not entered yet, which is noted.
    mutating func enter(_ path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return false }
        guard entered.insert([UInt64(status.st_dev), UInt64(status.st_ino)]).inserted else { return false }
        var link = stat()
        if lstat(path, &link) == 0, link.st_mode & S_IFMT == S_IFLNK {
            let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
            return insides.contains { real == $0 || real.hasPrefix($0 + "/") }
        }
        return true
    }
}
