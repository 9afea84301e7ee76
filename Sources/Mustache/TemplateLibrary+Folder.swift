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
        let files = try FileManager.default.contentsOfDirectory(
            at: folder,
            includingPropertiesForKeys: nil,
            options: [.skipsHiddenFiles]
        )
        var sources: [String: String] = [:]
        for file in files where file.pathExtension == "mustache" {
            sources[file.deletingPathExtension().lastPathComponent] = try String(contentsOf: file, encoding: .utf8)
        }
        try self.init(templates: sources)
    }
}
