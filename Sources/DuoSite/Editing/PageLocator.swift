import Diagnostics
import Foundation

/// Finds the page an editor names on the command line: by its slug
/// (`where-the-bars-go`) or by its file's path, from the current folder or
/// from the site root.
struct PageLocator {
    /// The site root.
    let root: URL
    /// The folder the command runs in.
    let currentDirectory: URL

    /// Why a name names no page.
    struct Refusal: Error {
        /// In one line.
        let reason: String
    }

    /// The page's path under the site root (`Content/patterns/<slug>.md`).
    func path(of name: String) -> Result<String, Refusal> {
        let fileManager = FileManager.default
        let patterns = root.appendingPathComponent(Site.Paths.patterns).standardizedFileURL.resolvingSymlinksInPath()
        if !name.contains("/"), !name.hasSuffix(".md") {
            let path = "\(Site.Paths.patterns)/\(name).md"
            if fileManager.fileExists(atPath: root.appendingPathComponent(path).path) { return .success(path) }
            var reason = "no page '\(name)': \(path) does not exist"
            let slugs = SiteLoader.pageFiles(root: root).map { SiteLoader.slug(ofFile: $0) }
            if let meant = Suggestion.nearest(to: name, in: slugs) { reason += "; did you mean '\(meant)'?" }
            return .failure(Refusal(reason: reason))
        }
        let candidates = [SiteRoot.resolve(name, in: currentDirectory), SiteRoot.resolve(name, in: root)]
        guard let file = candidates.first(where: { fileManager.fileExists(atPath: $0.path) }) else {
            return .failure(Refusal(reason: "no page '\(name)': there is no such file"))
        }
        let real = file.resolvingSymlinksInPath()
        guard real.deletingLastPathComponent().path == patterns.path, real.lastPathComponent.hasSuffix(".md"), !real.lastPathComponent.hasPrefix(".") else {
            return .failure(Refusal(reason: "'\(name)' is not a page of the site: pages are the .md files in \(Site.Paths.patterns)/"))
        }
        return .success("\(Site.Paths.patterns)/\(real.lastPathComponent)")
    }
}
