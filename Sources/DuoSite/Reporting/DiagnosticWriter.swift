import Diagnostics
import Files
import Foundation

/// Prints findings for people (compiler style), for scripts (JSON) and for
/// GitHub Actions (annotations). The one place output formats are decided.
public enum DiagnosticWriter {
    /// `path:line:col: error: message [code]`, one a line, on standard
    /// error. With `sourceRoot` (the site root: a person reads the
    /// terminal), each is followed by its source line and a caret under
    /// its column, as a compiler shows them and the preview's panel does.
    public static func writeText(_ diagnostics: [Diagnostic], to console: Console, sourceRoot: URL? = nil) {
        guard !diagnostics.isEmpty else { return }
        guard let sourceRoot else {
            console.err(diagnostics.map(\.formatted).joined(separator: "\n") + "\n")
            return
        }
        var lines = SourceLines(root: sourceRoot)
        var text = ""
        for diagnostic in diagnostics {
            text += diagnostic.formatted + "\n"
            text += lines.excerpt(at: diagnostic.location)
        }
        console.err(text)
    }

    /// The lines of the files findings point at, each file read once.
    struct SourceLines {
        let root: URL
        private var files: [String: [Substring]] = [:]

        init(root: URL) {
            self.root = root
        }

        /// The line of `location` and a caret under its column, indented
        /// under the finding (`   20 | text` / `      |    ^`), or nothing
        /// when the file or the line cannot be read. At most 200
        /// characters of the line are shown; tabs are kept above the
        /// caret, so that it stands under the column in any terminal.
        mutating func excerpt(at location: SourceLocation) -> String {
            guard location.line > 0 else { return "" }
            if files[location.file] == nil {
                let data = FileManager.default.contents(atPath: root.appendingPathComponent(location.file).path)
                let text = data.flatMap { $0.count <= SourceFile.maximumSize ? String(data: $0, encoding: .utf8) : nil } ?? ""
                files[location.file] = text.split(separator: "\n", omittingEmptySubsequences: false)
            }
            guard let lines = files[location.file], location.line <= lines.count else { return "" }
            let line = String(lines[location.line - 1].prefix(200).filter { $0 != "\r" })
            guard !line.allSatisfy(\.isWhitespace) || location.column > 1 else { return "" }
            let number = String(location.line)
            let gutter = String(repeating: " ", count: number.count)
            let before = line.prefix(max(0, location.column - 1))
            let padding = String(before.map { $0 == "\t" ? "\t" : " " }) + String(repeating: " ", count: max(0, location.column - 1 - before.count))
            return " \(number) | \(line)\n \(gutter) | \(padding)^\n"
        }
    }

    /// The JSON document of `duosite check --format json`.
    public static func json(_ diagnostics: [Diagnostic], reviews: [PageReview]) -> String {
        var text = "{\n  \"findings\": ["
        text += diagnostics.map { diagnostic in
            "\n    {\"file\": \(JSON.string(diagnostic.location.file)), \"line\": \(diagnostic.location.line), \"column\": \(diagnostic.location.column), \"severity\": \(JSON.string(diagnostic.severity.rawValue)), \"code\": \(JSON.string(diagnostic.code.rawValue)), \"message\": \(JSON.string(diagnostic.message))}"
        }.joined(separator: ",")
        text += diagnostics.isEmpty ? "],\n" : "\n  ],\n"
        text += "  \"pages\": ["
        text += reviews.map { review in
            "\n    {\"file\": \(JSON.string(review.file)), \"slug\": \(JSON.string(review.slug)), \"last_checked\": \(JSON.string(review.lastChecked.description)), \"due\": \(JSON.string(review.due.description)), \"status\": \(JSON.string(review.status.rawValue))}"
        }.joined(separator: ",")
        text += reviews.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return text
    }

    /// GitHub Actions workflow commands: `::error file=…,line=…,col=…,title=CODE::message`.
    public static func github(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { diagnostic in
            let file = escapeProperty(diagnostic.location.file)
            return "::\(diagnostic.severity.rawValue) file=\(file),line=\(diagnostic.location.line),col=\(diagnostic.location.column),title=\(escapeProperty(diagnostic.code.rawValue))::\(escapeData(diagnostic.message))\n"
        }.joined()
    }

    /// A GitHub Actions notice, for what is said of the whole check rather
    /// than of a place (what `--links` could not settle).
    public static func githubNotice(_ message: String) -> String {
        "::notice title=duosite check::\(escapeData(message))\n"
    }

    /// GitHub's escaping of a command's message.
    static func escapeData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D").replacingOccurrences(of: "\n", with: "%0A")
    }

    /// GitHub's escaping of a command's property.
    static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
