import Diagnostics
import Files

/// Diagnostics a client asks for (LSP 3.17's pull model):
/// `textDocument/diagnostic` for an open document, and `workspace/diagnostic`
/// for every file of the site (`LanguageServer`), each report `full`, or
/// `unchanged` when its findings are those of the result the client has
/// (`previousResultId`: a hash of them).
enum SiteDiagnostics {
    /// The report of the query's document.
    static func document(_ query: DocumentQuery) -> Result<JSONValue, LanguageServer.Failure> {
        guard let file = query.document.file else { return .success(["kind": "full", "items": []]) }
        let findings = query.site.findings(in: file)
        return .success(report(findings, in: query.document.lines, encoding: query.encoding, previous: query.params["previousResultId"]?.string))
    }

    /// A report of `findings` in the text `lines`: `unchanged` when
    /// `previous` is the result id they make.
    static func report(_ findings: [Diagnostic], in lines: TextLines, encoding: PositionEncoding, previous: String?) -> JSONValue {
        let items = DiagnosticReport.json(findings, in: lines, encoding: encoding)
        var hasher = ContentHash()
        hasher.add(JSONValue.array(items).encoded.span)
        let id = String(hasher.value, radix: 16)
        if previous == id { return ["kind": "unchanged", "resultId": .string(id)] }
        return ["kind": "full", "resultId": .string(id), "items": .array(items)]
    }
}
