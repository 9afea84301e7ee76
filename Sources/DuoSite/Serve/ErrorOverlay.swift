import Diagnostics
import Foundation

/// What every page served shows while the content has errors: a panel,
/// drawn on the server, listing each finding — where, how bad, what, its
/// code — with the source line and a caret under the column, over the last
/// good version of the site. Every value is escaped for HTML.
struct ErrorOverlay: Sendable {
    /// The panel's HTML, put at the start of each page's body.
    let html: String

    /// The style of the panel's code: its own colours, whatever the page's scheme.
    private static let code = " style=\"background:#f2f2f2;color:#1b1b1b;padding:0 .2em;font:0.85rem ui-monospace,monospace\""

    /// At most this many findings are listed; the panel says how many more.
    static let limit = 100

    /// The panel for `findings` (those of a build that has errors), with the
    /// source lines read from the site at `root`.
    init(findings: [Diagnostic], root: URL) {
        let errors = findings.filter { $0.severity == .error }.count
        var files: [String: [Substring]] = [:]
        var items = ""
        for finding in findings.prefix(Self.limit) {
            let location = finding.location
            items += "<li><p style=\"margin:.5rem 0 .25rem\"><code\(Self.code)>\(HTMLText.escape(location.description))</code> <strong style=\"color:#8c1d18\">\(finding.severity.rawValue)</strong>: \(HTMLText.escape(finding.message)) <code\(Self.code)>[\(HTMLText.escape(finding.code.rawValue))]</code></p>"
            if location.line > 0 {
                if files[location.file] == nil {
                    let text = (try? String(contentsOf: root.appendingPathComponent(location.file), encoding: .utf8)) ?? ""
                    files[location.file] = text.split(separator: "\n", omittingEmptySubsequences: false)
                }
                if let lines = files[location.file], location.line <= lines.count {
                    let line = String(lines[location.line - 1].prefix(200)).replacingOccurrences(of: "\r", with: "")
                    let number = String(location.line)
                    let gutter = String(repeating: " ", count: number.count)
                    let caret = String(repeating: " ", count: max(0, min(location.column, 201) - 1)) + "^"
                    items += "<pre style=\"margin:0 0 .5rem;padding:.5rem;overflow:auto;background:#f2f2f2;color:#1b1b1b;font:0.85rem/1.4 ui-monospace,monospace\">\(number) | \(HTMLText.escape(line))\n\(gutter) | \(caret)</pre>"
                }
            }
            items += "</li>"
        }
        let more = findings.count > Self.limit ? "<p>… and \(findings.count - Self.limit) more: run duosite check to see them all.</p>" : ""
        let title = "The content has \(errors) error\(errors == 1 ? "" : "s"): this is the site as it was before"
        html = """
        <aside id="duosite-errors" aria-labelledby="duosite-errors-title" style="color-scheme:light;position:fixed;inset:auto 0 0 0;z-index:2147483647;max-height:60vh;overflow:auto;margin:0;padding:1rem 1.25rem;background:#fff;color:#1b1b1b;border-top:0.3rem solid #b3261e;box-shadow:0 -0.2rem 1rem rgba(0,0,0,.25);font:0.95rem/1.45 system-ui,sans-serif;text-align:start"><div role="alert"><p id="duosite-errors-title" style="margin:0 0 .5rem;font-weight:700;color:#8c1d18">\(HTMLText.escape(title))</p><p style="margin:0 0 .5rem">Mend what is listed and save: the page reloads by itself.</p></div><ol style="margin:0;padding-inline-start:1.5rem">\(items)</ol>\(more)</aside>
        """
    }
}
