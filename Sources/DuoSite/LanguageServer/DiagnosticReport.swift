import Diagnostics

/// duosite's findings as LSP diagnostics: each at its range in the
/// document, with its severity (error 1, warning 2), its finding code as
/// `code`, and `source: "duosite"`.
enum DiagnosticReport {
    /// The diagnostics of `findings` in the document `lines`.
    static func json(_ findings: [Diagnostic], in lines: TextLines, encoding: PositionEncoding) -> [JSONValue] {
        findings.map { finding in
            [
                "range": range(at: finding.location, in: lines, encoding: encoding).json,
                "severity": .int(finding.severity == .error ? 1 : 2),
                "code": .string(finding.code.rawValue),
                "source": "duosite",
                "message": .string(finding.message),
            ]
        }
    }

    /// The range a finding at `location` covers: the word starting there
    /// (up to a space or a closing mark), or, when none starts there, the
    /// rest of the line.
    static func range(at location: SourceLocation, in lines: TextLines, encoding: PositionEncoding) -> TextRange {
        let start = lines.position(line: location.line, column: location.column, in: encoding)
        let rest = lines.text(ofLine: start.line).unicodeScalars.dropFirst(max(0, location.column - 1))
        let word = rest.prefix { !$0.properties.isWhitespace && !",;)]}\"`".unicodeScalars.contains($0) }
        let length = TextLines.units(of: word.isEmpty ? rest : word, in: encoding)
        return TextRange(start: start, end: Position(line: start.line, character: start.character + length))
    }
}
