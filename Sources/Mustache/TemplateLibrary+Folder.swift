import Foundation

extension TemplateLibrary {
    /// A template file that cannot be read as text: a named pipe, a device
    /// or a folder named `*.mustache` (reading a pipe would wait forever),
    /// or a file the system refuses.
    public struct FileError: Error, Sendable, Equatable {
        /// The file's name in its folder (`card.mustache`).
        public let file: String
        /// Why, in a few words: "it is a named pipe, not a regular file".
        public let reason: String
    }

    /// Loads every `*.mustache` file directly inside `folder`, each named by its
    /// file name without the extension (`post.mustache` → `post`).
    ///
    /// Reading files is the one part of the engine that needs Foundation, so it
    /// lives apart. Throws a ``TemplateError`` for a file that does not parse
    /// (the first in name order), a ``FileError`` for one that is not a
    /// regular file, or the file system's error for a folder that cannot be read.
    public init(folder: URL) throws {
        try self.init(templates: try Self.sources(folder: folder))
    }

    /// The text of every `*.mustache` file directly inside `folder`, by
    /// template name: what `init(folder:)` parses, for a caller that looks
    /// at the text first. Throws the file system's error.
    public static func sources(folder: URL) throws -> [String: String] {
        let files = try FileManager.default.contentsOfDirectory(
            at: folder,
            includingPropertiesForKeys: nil,
            options: [.skipsHiddenFiles]
        )
        var sources: [String: String] = [:]
        for file in files where file.pathExtension == "mustache" {
            sources[file.deletingPathExtension().lastPathComponent] = try Self.text(of: file)
        }
        return sources
    }

    /// The text of the regular file at `file`, opened without waiting (a
    /// named pipe is refused, never waited on).
    private static func text(of file: URL) throws -> String {
        let descriptor = open(file.path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            throw FileError(file: file.lastPathComponent, reason: String(cString: strerror(errno)))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw FileError(file: file.lastPathComponent, reason: String(cString: strerror(errno)))
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            let kind = status.st_mode & S_IFMT == S_IFIFO ? "a named pipe" : status.st_mode & S_IFMT == S_IFDIR ? "a folder" : "a device"
            throw FileError(file: file.lastPathComponent, reason: "it is \(kind), not a regular file")
        }
        let data = FileHandle(fileDescriptor: descriptor, closeOnDealloc: false).readDataToEndOfFile()
        guard let text = String(data: data, encoding: .utf8) else {
            throw FileError(file: file.lastPathComponent, reason: "it is not valid UTF-8")
        }
        return text
    }
}
