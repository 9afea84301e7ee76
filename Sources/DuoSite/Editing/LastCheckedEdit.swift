import Diagnostics
import Files
import YAML

/// A page's `last_checked:` set to a new date, changing no other byte of
/// the file: the date's text is replaced where it stands (in its quotes,
/// if it has them, before any comment), or, where the page has none, a
/// `last_checked:` line is added at the end of the front matter, with the
/// file's own line ending. `duosite mark-checked` writes the result.
struct LastCheckedEdit {
    /// The file's new bytes.
    let bytes: [UInt8]
    /// The date the page had, as written, or nil when it had none.
    let previous: String?
    /// The page's own review interval (`review_every`), when it has a valid one.
    let reviewEvery: ReviewInterval?
    /// Whether the bytes differ from the file's (the page had another date).
    let changesFile: Bool

    /// Sets `date` in the file `path` whose bytes, as read, are `raw`; or
    /// the finding that says why it cannot, at the file, line and column
    /// `duosite check` would give.
    static func make(_ raw: [UInt8], path: String, date: Day) -> Result<LastCheckedEdit, Diagnostic> {
        let found: FrontMatterReading.Found, pairs: YAMLNode.Pairs
        switch FrontMatterReading.map(of: raw, path: path) {
        case .failure(let diagnostic): return .failure(diagnostic)
        case .success(let map): (found, pairs) = map
        }
        let front = found.node
        let reviewEvery = FrontMatter.read(front, file: path, slug: SiteLoader.slug(ofFile: path)).0.reviewEvery?.value
        let text = RawLines(raw)
        var bytes = raw
        let previous: String?
        if let pair = pairs.first(where: { $0.key.string == "last_checked" }) {
            let value = pair.value
            let location = SourceLocation(file: path, line: value.mark.line, column: value.mark.column)
            guard case .scalar(let written, let style) = value.content, [.plain, .singleQuoted, .doubleQuoted].contains(style), value.tag == nil,
                  let start = text.offset(line: value.mark.line, column: value.mark.column),
                  let extent = text.scalarExtent(from: start, style: style) else {
                return .failure(Diagnostic(.invalidField, "'last_checked' should be a date written YYYY-MM-DD on its line; write it so, and mark-checked can change it", at: location))
            }
            bytes.replaceSubrange(extent, with: Array(date.description.utf8))
            previous = written
        } else {
            guard let closing = text.lineStart(found.split.bodyFirstLine - 1) else {
                return .failure(Diagnostic(.missingFrontMatter, "the front matter's closing '---' line cannot be found", at: SourceLocation(file: path)))
            }
            bytes.insert(contentsOf: Array("last_checked: \(date)".utf8) + text.lineEnding, at: closing)
            previous = nil
        }

        // The file read again: the date set, every other value as it was.
        guard setsOnlyTheDate(bytes, path: path, date: date, before: pairs) else {
            return .failure(Diagnostic(.invalidField, "the front matter is written in a way mark-checked cannot change without changing more; set 'last_checked: \(date)' by hand", at: SourceLocation(file: path, line: front.mark.line, column: front.mark.column)))
        }
        return .success(LastCheckedEdit(bytes: bytes, previous: previous, reviewEvery: reviewEvery, changesFile: bytes != raw))
    }

    /// Whether `bytes`, read as a page, have `date` as their last check and
    /// every other key of the front matter with the value it had.
    private static func setsOnlyTheDate(_ bytes: [UInt8], path: String, date: Day, before pairs: YAMLNode.Pairs) -> Bool {
        guard case .success(let edited) = SourceFile.decode(bytes, path: path),
              case .success(let found) = FrontMatterReading.read(edited),
              found.node["last_checked"]?.string == date.description else { return false }
        return pairs.allSatisfy { pair in
            guard let key = pair.key.string, key != "last_checked" else { return true }
            let now = found.node[key]
            return now?.string == pair.value.string && now?.shapeDescription == pair.value.shapeDescription
        }
    }
}
