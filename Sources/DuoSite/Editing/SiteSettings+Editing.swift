import Diagnostics
import Foundation

extension SiteSettings {
    /// The settings of the site at `root`, for the commands that edit its
    /// pages; nil, with the findings `duosite check` gives, when `Content/`
    /// or `site.yml` is missing or site.yml has an error.
    static func forEditing(root: URL) -> (SiteSettings?, [Diagnostic]) {
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(Site.Paths.content).path, isDirectory: &isFolder), isFolder.boolValue else {
            return (nil, [SiteLoader.missingContentFolder])
        }
        guard FileManager.default.fileExists(atPath: root.appendingPathComponent(Site.Paths.settings).path) else {
            return (nil, [Diagnostic(.missingFile, "\(Site.Paths.settings) is missing: it holds the site's settings", at: SourceLocation(file: Site.Paths.settings))])
        }
        var diagnostics: [Diagnostic] = []
        guard let node = YAMLDocument.read(Site.Paths.settings, root: root, diagnostics: &diagnostics) else { return (nil, diagnostics) }
        let (settings, found) = read(node, file: Site.Paths.settings)
        diagnostics += found
        return (diagnostics.hasErrors ? nil : settings, diagnostics)
    }
}
