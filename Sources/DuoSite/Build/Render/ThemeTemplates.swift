import Diagnostics
import Files
import Foundation
import Mustache

/// The theme's templates, `Theme/templates/*.mustache`, read and checked
/// before anything is rendered: a build needs them whole, and `duosite
/// check` reports the same mistakes in them, so that a check that passes
/// means a build that publishes.
enum ThemeTemplates {
    /// The templates a build renders pages with; each must exist.
    static let required = ["pattern", "rule-links", "index", "tag", "tags", "404", "alias", "gone"]

    /// The theme's templates, or nil when one of them is wrong, with the
    /// findings: a template missing or not parsing, a partial or parent
    /// naming no template, a tag naming what no context holds.
    static func load(root: URL) -> (library: TemplateLibrary?, diagnostics: [Diagnostic]) {
        let (library, diagnostics, _) = load(root: root, fingerprinting: false)
        return (library, diagnostics)
    }

    /// The theme as a build renders it: its templates, checked as `load`
    /// checks them, with each address of a fingerprinted asset written
    /// with its published name, and the asset names (`AssetNames`).
    static func loadPublished(root: URL) -> (library: TemplateLibrary?, diagnostics: [Diagnostic], assets: AssetNames) {
        load(root: root, fingerprinting: true)
    }

    /// The theme's templates and asset names: with `fingerprinting`, as
    /// `loadPublished` gives them; without, as `load` (every asset keeps
    /// its name).
    static func load(root: URL, fingerprinting: Bool) -> (library: TemplateLibrary?, diagnostics: [Diagnostic], assets: AssetNames) {
        let folder = root.appendingPathComponent(Site.Paths.templates)
        do {
            let sources = try TemplateLibrary.sources(folder: folder)
            // Checked as written, so that findings are where the designer wrote them.
            let library = try TemplateLibrary(templates: sources)
            var diagnostics: [Diagnostic] = []
            for name in required where library[name] == nil {
                diagnostics.append(Diagnostic(.missingFile, "the theme has no \(name).mustache", at: SourceLocation(file: "\(Site.Paths.templates)/\(name).mustache")))
            }
            diagnostics += library.validate().map(diagnostic)
            diagnostics += library.inclusionCycles().map(diagnostic)
            diagnostics += ContextNames.findings(in: library)
            guard diagnostics.isEmpty else { return (nil, diagnostics, AssetNames()) }
            guard fingerprinting else { return (library, [], AssetNames()) }
            let assets = AssetNames(root: root, templates: sources.keys.sorted().map { sources[$0]! })
            // Only text outside the tags changes: the templates parse as before.
            return (try TemplateLibrary(templates: sources.mapValues(assets.rewritingAddresses)), [], assets)
        } catch let error as TemplateError {
            return (nil, [diagnostic(error)], AssetNames())
        } catch let error as TemplateLibrary.FileError {
            let file = "\(Site.Paths.templates)/\(error.file)"
            return (nil, [Diagnostic(.unreadableFile, "cannot read \(file): \(error.reason)", at: SourceLocation(file: file))], AssetNames())
        } catch {
            // In the system's words: a folder missing, or one it will not give.
            let failure = FileSystemFailure.reading(Site.Paths.templates, error)
            return (nil, [Diagnostic(failure.code == ENOENT ? .missingFile : .readFailed, "cannot read the theme's templates: \(failure.reason)",
                                     at: SourceLocation(file: Site.Paths.templates))], AssetNames())
        }
    }

    /// A template's error as a finding at its tag.
    static func diagnostic(_ error: TemplateError) -> Diagnostic {
        Diagnostic(.template, error.message, at: SourceLocation(file: "\(Site.Paths.templates)/\(error.template).mustache", line: error.line, column: error.column))
    }
}
