import Foundation

/// Where a command finds the site it works on, and the paths it is given.
enum SiteRoot {
    /// The nearest folder from `folder` upward that holds `Content/site.yml`.
    static func nearest(from folder: URL) -> URL? {
        var candidate = folder.standardizedFileURL
        // Bounded by the path's depth: each step drops one component.
        for _ in 0...candidate.pathComponents.count {
            if FileManager.default.fileExists(atPath: candidate.appendingPathComponent(Site.Paths.settings).path) {
                return candidate
            }
            let parent = candidate.deletingLastPathComponent().standardizedFileURL
            if parent.path == candidate.path { break }
            candidate = parent
        }
        return nil
    }

    /// A path from the command line, absolute or relative to the current folder.
    static func resolve(_ path: String, in currentDirectory: URL) -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : currentDirectory.appendingPathComponent(path)
        return url.standardizedFileURL
    }
}
