import Bytes
import Diagnostics
import Foundation

/// Finds the placeholder text of `duosite new`'s skeleton (`PageSkeleton`)
/// left in a page that is not a draft (`placeholder`): its summary, its
/// question, and its sentences that stand for the problem, the first rule
/// and the answer, each where it is written. A draft may hold them: it is
/// not published. The sentences are looked for in the page's text as
/// written, outside HTML comments.
public struct PlaceholderChecker: PageTextChecker {
    public init() {}

    public func check(_ pattern: Pattern, text: [UInt8], _ context: CheckContext) -> [Diagnostic] {
        guard !pattern.frontMatter.draft else { return [] }
        var diagnostics: [Diagnostic] = []
        let advice = "or keep the page a draft ('draft: true') until it is written"
        let summary = pattern.frontMatter.summary
        if summary.value == PageSkeleton.summary {
            diagnostics.append(Diagnostic(.placeholder, "the summary is still the new page's placeholder ('\(PageSkeleton.summary)'): say in a sentence or two what this pattern asks of an app, \(advice)", at: summary.location))
        }
        for offset in Self.offsets(of: PageSkeleton.sentences, in: text) {
            let (line, column) = UTF8Text.position(of: offset.offset, in: text.span)
            diagnostics.append(Diagnostic(.placeholder, "'\(offset.sentence)' is the new page's placeholder: write in its place what it asks for, \(advice)", at: SourceLocation(file: pattern.file, line: line, column: column)))
        }
        for entry in pattern.faq where entry.question.hasPrefix(PageSkeleton.question.prefix) && entry.question.hasSuffix(PageSkeleton.question.suffix) {
            diagnostics.append(Diagnostic(.placeholder, "'\(entry.question)' is the new page's placeholder question: write a question readers ask, \(advice)", at: entry.location))
        }
        return diagnostics
    }

    /// Where each of `sentences` stands in `text`, outside HTML comments,
    /// in the order of the text. Searched with memchr and memcmp, as a
    /// build reads ten thousand pages that have none.
    static func offsets(of sentences: [String], in text: [UInt8]) -> [(offset: Int, sentence: String)] {
        var found: [(offset: Int, sentence: String)] = []
        text.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return }
            func find(_ needle: [UInt8], from start: Int) -> Int? {
                guard start < buffer.count else { return nil }
                return needle.withUnsafeBytes { needleBuffer -> Int? in
                    // Each place of the needle's first byte (memchr), then the rest compared.
                    var from = start
                    while buffer.count - from >= needleBuffer.count,
                          let hit = memchr(base + from, Int32(needle[0]), buffer.count - from - needleBuffer.count + 1) {
                        let offset = base.distance(to: UnsafeRawPointer(hit))
                        if memcmp(hit, needleBuffer.baseAddress!, needleBuffer.count) == 0 { return offset }
                        from = offset + 1
                    }
                    return nil
                }
            }
            for sentence in sentences {
                let needle = Array(sentence.utf8)
                var start = 0
                while let offset = find(needle, from: start) {
                    start = offset + needle.count
                    if !isInComment(offset, find: find) { found.append((offset, sentence)) }
                }
            }
        }
        return found.sorted { $0.offset < $1.offset }
    }

    /// Whether `offset` is inside an HTML comment (`<!-- … -->`).
    private static func isInComment(_ offset: Int, find: ([UInt8], Int) -> Int?) -> Bool {
        let open = Array("<!--".utf8), close = Array("-->".utf8)
        var position = 0
        while let start = find(open, position), start < offset {
            guard let end = find(close, start + open.count) else { return true }
            if end + close.count > offset { return true }
            position = end + close.count
        }
        return false
    }
}
