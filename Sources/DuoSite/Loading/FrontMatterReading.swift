import Diagnostics
import Files
import YAML

/// A page's front matter found and parsed as YAML, with the finding
/// `duosite check` gives when it cannot be: shared by the page reader and
/// the commands that edit a page (`mark-checked`).
enum FrontMatterReading {
    /// The front matter of a page.
    struct Found {
        /// Where the front matter and the Markdown are in the file.
        let split: FrontMatterSplit
        /// The front matter's root node (a map, in a well-formed page).
        let node: YAMLNode
    }

    /// The front matter of the page file `path` whose bytes are `raw`, as
    /// the editor's commands change it in place: where it is, its root
    /// node, and that node's keys and values; or the finding `duosite check` gives for a
    /// page whose front matter cannot be read as a map, where it stands.
    static func map(of raw: [UInt8], path: String) -> Result<(found: Found, pairs: YAMLNode.Pairs), Diagnostic> {
        let source: SourceFile
        switch SourceFile.decode(raw, path: path) {
        case .failure(let diagnostic): return .failure(diagnostic)
        case .success(let file): source = file
        }
        switch read(source) {
        case .failure(let diagnostic): return .failure(diagnostic)
        case .success(let found):
            guard let pairs = found.node.pairs else {
                let place = SourceLocation(file: path, line: found.node.mark.line, column: found.node.mark.column)
                return .failure(Diagnostic(.invalidField, "the front matter should be a map of keys and values, not \(found.node.shapeDescription)", at: place))
            }
            return .success((found, pairs))
        }
    }

    /// Whether a page opens with Hugo's and Zola's TOML front matter, a
    /// `+++` line (after a byte order mark or blank lines).
    static func opensWithTOML(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x20 { index += 1 }
        return bytes[index...].starts(with: "+++".utf8)
    }

    /// Reads `file`'s front matter, or says why it cannot.
    static func read(_ file: SourceFile) -> Result<Found, Diagnostic> {
        let path = file.path
        let split: FrontMatterSplit
        switch FrontMatterSplit.split(file.bytes) {
        case .failure(.missingOpening) where Self.opensWithTOML(file.bytes):
            return .failure(Diagnostic(.missingFrontMatter, "the front matter is TOML (between '+++' lines), which duosite does not read: write it in YAML between '---' lines (title: Where the bars go)", at: SourceLocation(file: path)))
        case .failure(.missingOpening):
            return .failure(Diagnostic(.missingFrontMatter, "the page must open with front matter: a '---' line, then title, summary, status and last_checked, then another '---' line", at: SourceLocation(file: path)))
        case .failure(.unclosed):
            return .failure(Diagnostic(.missingFrontMatter, "the front matter opened here is never closed; end it with a '---' line", at: SourceLocation(file: path)))
        case .success(let found):
            split = found
        }
        switch YAMLDocument.parse(utf8: Array(file.bytes[split.yaml]), file: path, firstLine: 2, subject: "the front matter's YAML") {
        case .failure(let diagnostic):
            return .failure(diagnostic)
        case .success(nil):
            return .failure(Diagnostic(.missingField, "the front matter is empty; it needs title, summary, status and last_checked", at: SourceLocation(file: path)))
        case .success(let node?):
            return .success(Found(split: split, node: node))
        }
    }
}
