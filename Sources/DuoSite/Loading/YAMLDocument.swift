import Diagnostics
import Files
import Foundation
import YAML

/// Parses YAML text of a content file into a node, turning a YAML error into
/// a `yaml-syntax` finding at its line and column.
enum YAMLDocument {
    /// The root node of `text`, whose first line is `firstLine` of `file`
    /// and whose lines start at column `firstColumn`; a finding that does
    /// not parse names it as `subject` ("the YAML cannot be read: …").
    static func parse(_ text: String, file: String, firstLine: Int = 1, firstColumn: Int = 1, subject: String = "the YAML") -> Result<YAMLNode?, Diagnostic> {
        parse(utf8: Array(text.utf8), file: file, firstLine: firstLine, firstColumn: firstColumn, subject: subject)
    }

    /// The root node of the UTF-8 text `bytes`, placed and named as
    /// `parse(_:file:firstLine:firstColumn:subject:)` says.
    static func parse(utf8 bytes: [UInt8], file: String, firstLine: Int = 1, firstColumn: Int = 1, subject: String = "the YAML") -> Result<YAMLNode?, Diagnostic> {
        do {
            return .success(try YAMLParser.parse(utf8: bytes, firstLine: firstLine, firstColumn: firstColumn))
        } catch {
            return .failure(Diagnostic(.yamlSyntax, "\(subject) cannot be read: \(error.message)", at: SourceLocation(file: file, line: error.mark.line, column: error.mark.column)))
        }
    }

    /// Reads and parses the YAML file `path` of the site at `root`: its root
    /// node, or nil with a finding when it cannot be read, does not parse or
    /// holds no YAML.
    static func read(_ path: String, root: URL, diagnostics: inout [Diagnostic]) -> YAMLNode? {
        node(of: SourceFile.read(path, root: root), path, diagnostics: &diagnostics)
    }

    /// Parses `bytes`, the text of the YAML file `path` (an editor's, not
    /// yet saved), as `read(_:root:diagnostics:)` parses the file's.
    static func read(_ path: String, bytes: [UInt8], diagnostics: inout [Diagnostic]) -> YAMLNode? {
        node(of: SourceFile.decode(bytes, path: path), path, diagnostics: &diagnostics)
    }

    private static func node(of read: Result<SourceFile, Diagnostic>, _ path: String, diagnostics: inout [Diagnostic]) -> YAMLNode? {
        switch read {
        case .failure(let diagnostic):
            diagnostics.append(diagnostic)
            return nil
        case .success(let file):
            switch parse(utf8: file.bytes, file: path) {
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
