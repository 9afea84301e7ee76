import Diagnostics
import Foundation
import Mustache

/// What every page of a site depends on, read once before any page: the
/// site's own files (`site.yml`, `sources.yml`, `devices.yml`,
/// `placement.yml`, the names of the theme's symbols and assets and of
/// `Static/`'s files) and, when asked, the theme's templates, with the
/// findings about them. A change to any of them is a change to every page:
/// `SiteChange` says so for the preview and the language server, and
/// `BuildFingerprint`, which hashes the same files, for a build.
struct SiteInputs: Sendable {
    /// The site, read without its pages.
    var site: Site
    /// The theme's templates, when they were read and are whole.
    var templates: TemplateLibrary?
    /// The names the theme's assets are published under (`AssetNames`),
    /// which the pages, the site-wide files and the preview link: the
    /// stylesheet and what the templates name fingerprinted when the site
    /// is rendered; every asset under its own name when it is not.
    var assets = AssetNames()
    /// The findings about the site's own files and, when read, the theme.
    var findings: [Diagnostic]

    /// The site's own YAML files: each stands for every page.
    static let yamlFiles: Set<String> = [Site.Paths.settings, Site.Paths.sources, Site.Paths.devices, Site.Paths.placement]

    /// Reads the site at `root`: its own files, `texts` standing in for
    /// some of them (an editor's, not yet saved), and, with `theme`, the
    /// theme's templates (read first: a build reports a broken theme
    /// before the site's files) — with `published`, as pages are rendered
    /// with them, each address of a fingerprinted asset written with its
    /// published name (`ThemeTemplates.loadPublished`).
    init(root: URL, texts: [String: [UInt8]] = [:], theme: Bool, published: Bool = false) {
        var loader = SiteLoader(root: root)
        loader.texts = texts
        let (loaded, themeFindings, assets) = theme ? ThemeTemplates.load(root: root, fingerprinting: published) : (nil, [], AssetNames())
        let (site, findings) = loader.loadWithoutPages()
        self.site = site
        templates = loaded
        self.assets = assets
        self.findings = themeFindings + findings
    }
}
