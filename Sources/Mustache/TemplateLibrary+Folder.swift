import Foundation

extension TemplateLibrary {
    /// Loads every `*.mustache` file directly inside `folder`, each named by its
    /// file name without the extension (`post.mustache` → `post`).
    ///
    /// Reading files is the one part of the engine that needs Foundation, so it
    /// lives apart. Throws a ``TemplateError`` for a file that does not parse
    /// (the first in name order), or the file system's error for a folder or
    /// file that cannot be read.
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
            sources[file.deletingPathExtension().lastPathComponent] = try String(contentsOf: file, encoding: .utf8)
        }
        return sources
    }
}
