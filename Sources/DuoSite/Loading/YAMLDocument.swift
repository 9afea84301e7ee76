import Foundation
import YAML

/// Parses YAML text of a content file into a node, turning a YAML error into
/// a `yaml-syntax` finding at its line and column.
enum YAMLDocument {
    /// The root node of `text`, whose first line is `firstLine` of `file`
    /// and whose lines start at column `firstColumn`.
    static func parse(_ text: String, file: String, firstLine: Int = 1, firstColumn: Int = 1) -> Result<YAMLNode?, Diagnostic> {
        do {
            return .success(try YAMLParser.parse(text, firstLine: firstLine, firstColumn: firstColumn))
        } catch {
            return .failure(Diagnostic(.yamlSyntax, "the YAML cannot be read: \(error.message)", at: SourceLocation(file: file, line: error.mark.line, column: error.mark.column)))
        }
    }

    /// Reads and parses the YAML file `path` of the site at `root`: its root
    /// node, or nil with a finding when it cannot be read, does not parse or
    /// holds no YAML.
    static func read(_ path: String, root: URL, diagnostics: inout [Diagnostic]) -> YAMLNode? {
        switch SourceFile.read(path, root: root) {
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            return nil
        case .success(let file):
            switch parse(file.text, file: path) {
            case .failure(let diagnostic):
                diagnostics.append(diagnostic)
                return nil
            case .success(nil):
                diagnostics.append(Diagnostic(.unreadableFile, "\(path) holds no YAML", at: SourceLocation(file: path)))
                return nil
            case .success(let node?):
                return node
            }
        }
    }
}
