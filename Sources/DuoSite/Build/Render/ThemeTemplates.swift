import Foundation
import Mustache

/// The theme's templates, `Theme/templates/*.mustache`, read and checked
/// before anything is rendered: a build needs them whole, and `duosite
/// check` reports the same mistakes in them, so that a check that passes
/// means a build that publishes.
enum ThemeTemplates {
    /// The templates a build renders pages with; each must exist.
    static let required = ["pattern", "index", "tag", "tags", "404"]

    /// The theme's templates, or nil when one of them is wrong, with the
    /// findings: a template missing or not parsing, a partial or parent
    /// naming no template, a tag naming what no context holds.
    static func load(root: URL) -> (library: TemplateLibrary?, diagnostics: [Diagnostic]) {
        let folder = root.appendingPathComponent(Site.Paths.templates)
        do {
            let library = try TemplateLibrary(folder: folder)
            var diagnostics: [Diagnostic] = []
            for name in required where library[name] == nil {
                diagnostics.append(Diagnostic(.missingFile, "the theme has no \(name).mustache", at: SourceLocation(file: "\(Site.Paths.templates)/\(name).mustache")))
            }
            diagnostics += library.validate().map(diagnostic)
            diagnostics += library.inclusionCycles().map(diagnostic)
            diagnostics += ContextNames.findings(in: library)
            return (diagnostics.isEmpty ? library : nil, diagnostics)
        } catch let error as TemplateError {
            return (nil, [diagnostic(error)])
        } catch let error as TemplateLibrary.FileError {
            let file = "\(Site.Paths.templates)/\(error.file)"
            return (nil, [Diagnostic(.unreadableFile, "cannot read \(file): \(error.reason)", at: SourceLocation(file: file))])
        } catch {
            // In the system's words: a folder missing, or one it will not give.
            let failure = FileSystemFailure.reading(Site.Paths.templates, error)
            return (nil, [Diagnostic(failure.code == ENOENT ? .missingFile : .readFailed, "cannot read the theme's templates: \(failure.reason)",
                                     at: SourceLocation(file: Site.Paths.templates))])
        }
    }

    /// A template's error as a finding at its tag.
    static func diagnostic(_ error: TemplateError) -> Diagnostic {
        Diagnostic(.template, error.message, at: SourceLocation(file: "\(Site.Paths.templates)/\(error.template).mustache", line: error.line, column: error.column))
    }
}
