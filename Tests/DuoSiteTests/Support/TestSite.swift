import Foundation
import DuoSite

/// A site root in a temporary folder of its own, for one test: a copy of the
/// repository's Content/ and Theme/ (or of a fixture), which the test may
/// change, and a way to run duosite in it and read what it wrote.
struct TestSite {
    /// The repository's root, found from this file's path.
    static let repositoryRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The temporary site root.
    let root: URL

    /// A copy of the repository's own site.
    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("duosite-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for folder in ["Content", "Theme"] {
            try FileManager.default.copyItem(at: Self.repositoryRoot.appendingPathComponent(folder), to: root.appendingPathComponent(folder))
        }
    }

    /// Sets site.yml's base_url to an address of the site's own rather than
    /// the shipped placeholder, for a test that reads every line a build
    /// prints (the placeholder is a warning, `placeholder-base-url`).
    func setRealBaseURL() throws {
        let settings = try read("Content/site.yml")
        try write(settings.replacingOccurrences(of: "base_url: https://duoapps.example", with: "base_url: https://duoapps.app"), to: "Content/site.yml")
    }

    /// Removes the folder.
    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    /// Writes a file under the root.
    func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    /// Writes over the start of an existing file under the root, in place:
    /// the same inode, as an edit by hand in an editor that keeps it.
    func overwrite(_ text: String, inPlace path: String) throws {
        let handle = try FileHandle(forWritingTo: root.appendingPathComponent(path))
        try handle.write(contentsOf: Data(text.utf8))
        try handle.close()
    }

    /// What builds left beside the output: every `.Public…` entry of the
    /// root but the cache and the spare.
    func leftovers() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.path)
            .filter { $0.hasPrefix(".Public") && ![".Public.duosite-cache", ".Public.spare"].contains($0) }
            .sorted()
    }

    /// Removes a file under the root.
    func delete(_ path: String) throws {
        try FileManager.default.removeItem(at: root.appendingPathComponent(path))
    }

    /// Renames a file under the root.
    func move(_ path: String, to newPath: String) throws {
        try FileManager.default.moveItem(at: root.appendingPathComponent(path), to: root.appendingPathComponent(newPath))
    }

    /// Adds a source `id` to sources.yml, which no page of the repository cites.
    func addSource(_ id: String) throws {
        let sources = try read("Content/sources.yml")
        try write(sources + "\n\(id):\n  title: Extra source\n  publisher: Apple Developer\n  kind: Guidelines\n  url: https://developer.apple.com/\(id)\n  short: Extra\n", to: "Content/sources.yml")
    }

    /// Reads a file under the root.
    func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// Runs `duosite` with `arguments` in the site root.
    func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
        let output = Captured()
        let console = Console(out: { output.append(out: $0) }, err: { output.append(err: $0) })
        let status = DuoSiteCommand.run(arguments: arguments, currentDirectory: root, console: console)
        return (status, output.out, output.err)
    }

    /// `duosite check --format json` of this site on `today`.
    func checkJSON(today: String = "2026-11-29") -> CheckRun {
        let result = run(["check", "--today", today, "--format", "json"])
        return CheckRun(status: result.status, out: result.out, err: result.err)
    }

    /// Every file under `path`, relative path to bytes, for byte-for-byte comparison.
    func tree(_ path: String = "Public") -> [String: Data] {
        let base = root.appendingPathComponent(path)
        var files: [String: Data] = [:]
        guard let enumerator = FileManager.default.enumerator(at: base, includingPropertiesForKeys: [.isRegularFileKey]) else { return files }
        for case let url as URL in enumerator {
            guard (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true else { continue }
            let relative = String(url.standardizedFileURL.path.dropFirst(base.standardizedFileURL.path.count + 1))
            files[relative] = try? Data(contentsOf: url)
        }
        return files
    }
}

/// Output captured from a command, safe to append from any thread.
final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var outText = ""
    private var errText = ""

    func append(out text: String) { lock.withLock { outText += text } }
    func append(err text: String) { lock.withLock { errText += text } }
    var out: String { lock.withLock { outText } }
    var err: String { lock.withLock { errText } }
}
