import Foundation

/// The output folder and its replacement: the build writes into a staging
/// folder beside it and swaps it in only when everything is written, so a
/// failed build leaves the previous site exactly as it was, and a good one
/// replaces it whole.
struct OutputFolder {
    /// The folder readers' site is in.
    let url: URL
    /// Where this build writes until it is done.
    let staging: URL
    /// The staging folder's path, which every file's path starts with.
    private let stagingPath: String

    /// Prepares a staging folder beside `url`.
    init(_ url: URL) throws {
        self.url = url.standardizedFileURL
        let parent = self.url.deletingLastPathComponent()
        staging = parent.appendingPathComponent(".\(self.url.lastPathComponent).staging-\(ProcessInfo.processInfo.processIdentifier)")
        stagingPath = staging.path
        try FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        FolderRemoval.remove(stagingPath)
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
    }

    /// Refuses outputs that would replace the site's own files: the root
    /// itself, a folder above it, or one of its source folders.
    static func validate(_ output: URL, root: URL) -> String? {
        let output = output.standardizedFileURL.resolvingSymlinksInPath().path
        let root = root.standardizedFileURL.resolvingSymlinksInPath().path
        if output == "/" || output == root || (root + "/").hasPrefix(output + "/") {
            return "--output \(output) would replace the site root; choose a folder of its own, like Public"
        }
        for folder in ["Content", "Theme", "Sources", "Tests", ".git", "docs"] where (output + "/").hasPrefix(root + "/" + folder + "/") {
            return "--output \(output) is inside the site's \(folder)/ folder; choose a folder of its own, like Public"
        }
        var isFolder: ObjCBool = false
        for marker in ["Content", ".git", "Package.swift"] where FileManager.default.fileExists(atPath: output + "/" + marker, isDirectory: &isFolder) {
            return "--output \(output) holds \(marker); the build replaces its output whole, so choose an empty folder or a previous build"
        }
        return nil
    }

    /// The staging path for `relative` (`patterns/x/index.html`); relative
    /// paths are built by duosite from validated slugs, never from links.
    func path(_ relative: String) -> URL {
        staging.appendingPathComponent(relative)
    }

    /// Writes a file into the staging folder, creating its folders. (POSIX
    /// calls: Foundation's file writing costs several times as much, and a
    /// build writes ten thousand files.)
    func write(_ text: String, to relative: String) throws {
        var text = text
        try text.withUTF8 { try write(bytes: $0, to: relative) }
    }

    /// Writes UTF-8 bytes to `relative` (a path with `/`) in the staging folder.
    func write(_ bytes: [UInt8], to relative: String) throws {
        try bytes.withUnsafeBufferPointer { try write(bytes: $0, to: relative) }
    }

    private func write(bytes buffer: UnsafeBufferPointer<UInt8>, to relative: String) throws {
        let file = try prepare(relative)
        let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file]) }
        defer { close(descriptor) }
        var offset = 0
        while offset < buffer.count {
            let written = Foundation.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            guard written > 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file]) }
            offset += written
        }
    }

    /// Links a file of a previous output (`source`, a path) into the staging
    /// folder (a hard link: no bytes are copied; the previous folder may then go).
    func link(_ source: String, to relative: String) throws {
        let file = try prepare(relative)
        guard Foundation.link(source, file) == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file])
        }
    }

    /// The staging path of `relative`, with its folders made. `relative` is
    /// built by duosite from validated slugs; anything that could climb out
    /// of the staging folder is refused.
    private func prepare(_ relative: String) throws -> String {
        guard Self.isSafe(relative) else {
            throw CocoaError(.fileWriteInvalidFileName, userInfo: [NSFilePathErrorKey: relative])
        }
        let file = stagingPath + "/" + relative
        guard let slash = relative.utf8.lastIndex(of: UInt8(ascii: "/")) else { return file }
        // The file's own folder first: its parents exist for all but the first file in them.
        let folder = stagingPath + "/" + relative[..<slash]
        if mkdir(folder, 0o755) == 0 || errno == EEXIST { return file }
        var path = stagingPath
        for component in relative[..<slash].split(separator: "/") {
            path += "/" + component
            if mkdir(path, 0o755) != 0 && errno != EEXIST {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
            }
        }
        return file
    }

    /// Whether `relative` is a path inside the folder: not absolute, not
    /// empty, no empty, `.` or `..` component.
    static func isSafe(_ relative: String) -> Bool {
        let components = relative.split(separator: "/", omittingEmptySubsequences: false)
        return !relative.isEmpty && components.allSatisfy { !$0.isEmpty && $0 != ".." && $0 != "." }
    }

    /// Copies a folder's files into the staging folder, in a stable order.
    func copyFolder(_ source: URL, to relative: String) throws {
        let destination = path(relative)
        try FileManager.default.createDirectory(at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: source, to: destination)
    }

    /// Swaps the staging folder in for the output folder.
    func commit() throws {
        let fileManager = FileManager.default
        guard fileManager.fileExists(atPath: url.path) else {
            try fileManager.moveItem(at: staging, to: url)
            return
        }
        let previous = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).previous-\(ProcessInfo.processInfo.processIdentifier)")
        FolderRemoval.remove(previous.path)
        try fileManager.moveItem(at: url, to: previous)
        do {
            try fileManager.moveItem(at: staging, to: url)
        } catch {
            try? fileManager.moveItem(at: previous, to: url)
            throw error
        }
        FolderRemoval.remove(previous.path)
    }

    /// Removes the staging folder after a failed build.
    func discard() {
        FolderRemoval.remove(stagingPath)
    }
}
