import Diagnostics
import Foundation

/// What Hugo and Zola read at a site's root that duosite does not: their
/// settings files (`config.toml`, `hugo.yaml`…) and their lowercase folders
/// (`static/`, `content/`, `layouts/`, `templates/`, `themes/`). Each found
/// is an `ignored-file` warning saying what duosite reads instead: a file
/// left where another generator would read it is otherwise ignored
/// without a word.
enum ForeignFiles {
    /// The folders, each with what duosite reads in its place.
    static let folders: [String: String] = [
        "static": "duosite publishes the files of Static/ (with a capital S) as they are; move them there",
        "content": "duosite reads the pages of Content/ (with a capital C); move them there",
        "layouts": "duosite's templates are Mustache files in Theme/templates/ (docs/theme.md)",
        "templates": "duosite's templates are Mustache files in Theme/templates/ (docs/theme.md)",
        "themes": "duosite's theme is Theme/: templates in Theme/templates/, assets in Theme/assets/ (docs/theme.md)",
        "public": "duosite builds into Public/ (with a capital P), or --output",
    ]

    /// The settings files' names and extensions.
    static let settingsNames = ["config", "hugo", "zola"]
    static let settingsExtensions = ["toml", "yaml", "yml", "json"]

    /// The findings about the site at `root`, in the order of their names.
    static func findings(root: URL) -> [Diagnostic] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: root.path) else { return [] }
        var diagnostics: [Diagnostic] = []
        for name in names.sorted() {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: root.appendingPathComponent(name).path, isDirectory: &isFolder) else { continue }
            if isFolder.boolValue, let instead = folders[name] {
                diagnostics.append(Diagnostic(.ignoredFile, "duosite does not read \(name)/: \(instead)", at: SourceLocation(file: name)))
            } else if !isFolder.boolValue, let dot = name.lastIndex(of: "."),
                      settingsNames.contains(String(name[..<dot])), settingsExtensions.contains(String(name[name.index(after: dot)...])) {
                diagnostics.append(Diagnostic(.ignoredFile, "duosite does not read \(name): its settings are in Content/site.yml (title, base_url, language, review_every…; docs/content-format.md)", at: SourceLocation(file: name)))
            }
        }
        return diagnostics
    }
}
