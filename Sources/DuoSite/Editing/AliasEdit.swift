import Diagnostics
import Files
import YAML

/// A page's front matter given one more alias, changing no other byte of
/// the file: the address added to its `aliases:` list where it stands (a
/// flow list on one line, `[a, b]`, gets `, address` before its `]`; a
/// block list gets a `- address` line after its last item, indented as
/// it), or, where the page has no `aliases:`, a line `aliases: [address]`
/// at the end of the front matter, with the file's own line ending. An
/// alias that is the page's new address (`replacing`: a page moved back)
/// is the one replaced. `duosite mv` writes the result.
struct AliasEdit {
    /// The file's new bytes.
    let bytes: [UInt8]
    /// The line changed or added.
    let line: Int

    /// Adds `address` (a page's, `/patterns/<slug>/`) to the aliases of the
    /// page file `path` whose bytes are `raw`, dropping any alias that
    /// names `replacing` (its address once moved): in its place when there
    /// is one. Or the finding that says why it cannot.
    static func make(_ raw: [UInt8], path: String, adding address: String, replacing: String) -> Result<AliasEdit, Diagnostic> {
        let found: FrontMatterReading.Found, pairs: YAMLNode.Pairs
        switch FrontMatterReading.map(of: raw, path: path) {
        case .failure(let diagnostic): return .failure(diagnostic)
        case .success(let map): (found, pairs) = map
        }
        let front = found.node
        let frontLocation = SourceLocation(file: path, line: front.mark.line, column: front.mark.column)
        let refusal = Diagnostic(.invalidField, "the page's 'aliases:' is written in a way duosite mv cannot add to without changing more; write it as a list on one line ([a, b]) or one item a line", at: frontLocation)
        let text = RawLines(raw)
        var bytes = raw
        var line = 1
        let before = (FrontMatter.read(front, file: path, slug: SiteLoader.slug(ofFile: path)).0.aliases).map(\.value)
        if let pair = pairs.first(where: { $0.key.string == "aliases" }) {
            guard case .sequence(let items) = pair.value.content, let start = text.offset(line: pair.value.mark.line, column: pair.value.mark.column) else {
                return .failure(refusal)
            }
            // An alias naming the page's new address: replaced where it stands.
            if let item = items.first(where: { $0.string.flatMap { try? Alias.address($0).get() } == replacing }) {
                // The text as written (in its quotes, if it has them), in a flow list or a block one.
                guard case .scalar(let written, let style) = item.content, var at = text.offset(line: item.mark.line, column: item.mark.column) else {
                    return .failure(refusal)
                }
                if style != .plain { at += 1 }
                let value = Array(written.utf8)
                guard at + value.count <= raw.count, Array(raw[at..<(at + value.count)]) == value else { return .failure(refusal) }
                bytes.replaceSubrange(at..<(at + value.count), with: Array(address.utf8))
                line = item.mark.line
            } else if raw[start] == UInt8(ascii: "[") {
                // A flow list on one line: the address before its `]`.
                var end = start + 1
                while end < raw.count, raw[end] != UInt8(ascii: "]"), raw[end] != 0x0A, raw[end] != 0x0D { end += 1 }
                guard end < raw.count, raw[end] == UInt8(ascii: "]") else { return .failure(refusal) }
                bytes.insert(contentsOf: Array(((items.isEmpty ? "" : ", ") + address).utf8), at: end)
                line = pair.value.mark.line
            } else if let last = items.last, let lineStart = text.lineStart(last.mark.line), let lineEnd = text.lineStart(last.mark.line + 1) {
                // A block list: a line like its last item's, after it.
                var dash = lineStart
                while dash < raw.count, raw[dash] == 0x20 { dash += 1 }
                guard dash < raw.count, raw[dash] == UInt8(ascii: "-") else { return .failure(refusal) }
                let added = Array(raw[lineStart...dash]) + Array(" \(address)".utf8) + text.lineEnding
                bytes.insert(contentsOf: added, at: lineEnd)
                line = last.mark.line + 1
            } else {
                return .failure(refusal)
            }
        } else {
            guard let closing = text.lineStart(found.split.bodyFirstLine - 1) else {
                return .failure(Diagnostic(.missingFrontMatter, "the front matter's closing '---' line cannot be found", at: SourceLocation(file: path)))
            }
            bytes.insert(contentsOf: Array("aliases: [\(address)]".utf8) + text.lineEnding, at: closing)
            line = found.split.bodyFirstLine - 1
        }
        // The file read again: the aliases as meant, every other value as it was.
        let expected = before.filter { $0 != replacing && $0 != address } + [address]
        guard case .success(let edited) = SourceFile.decode(bytes, path: path), case .success(let again) = FrontMatterReading.read(edited),
              Set(FrontMatter.read(again.node, file: path, slug: SiteLoader.slug(ofFile: path)).0.aliases.map(\.value)) == Set(expected),
              pairs.allSatisfy({ pair in
                  guard let key = pair.key.string, key != "aliases" else { return true }
                  let now = again.node[key]
                  return now?.string == pair.value.string && now?.shapeDescription == pair.value.shapeDescription
              }) else {
            return .failure(refusal)
        }
        return .success(AliasEdit(bytes: bytes, line: line))
    }
}
