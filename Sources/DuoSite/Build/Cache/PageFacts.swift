import Diagnostics
import Foundation

/// What a build knows of one page once it is checked and written: the
/// page without its Markdown, sections, demos, outline or citations — its front matter,
/// slug, rule numbers, anchors, questions, links and the sources it cites,
/// each with where it stands — and the findings of its own checks.
///
/// The checks across pages, the index, the sitemap, the feed and
/// `api/pages.json` read nothing else of a page, so a rebuild keeps the
/// facts of each page it does not read again (in the build cache) and
/// runs those on every page's facts.
struct PageFacts: Sendable {
    /// The page, without HTML, sections, demos or citations.
    var page: Pattern
    /// The findings about this page alone (reading it and its own checks).
    var findings: [Diagnostic]
    /// What a language server asks of every page, when the page was read
    /// for one (a build's and the cache's facts have none).
    var editor: EditorFacts?

    /// What a language server asks of every page besides its facts, to
    /// answer about the whole site without reading each file again: where
    /// each citation is written (references to a source, its rename), and
    /// each rule's first words (workspace symbols).
    struct EditorFacts: Sendable {
        /// A citation's source id and where it is written.
        struct CitedSource: Sendable {
            /// The cited source's id.
            var sourceID: String
            /// The 1-based line of the id.
            var line: Int32
            /// Its 1-based column, in scalars.
            var column: Int32
            /// Its 0-based column in UTF-8 bytes and in UTF-16 code units,
            /// as LSP counts them: a reference is answered with no file read.
            var utf8Column: Int32 = 0
            var utf16Column: Int32 = 0
        }

        /// Every citation of the page's rules, in order.
        var citations: [CitedSource]
        /// Each rule's first words, by rule in order: `Give every tab a symbol…`.
        var ruleTitles: [String]

        /// What `pattern`, read from `text`, gives.
        init(_ pattern: Pattern, text: [UInt8]) {
            citations = pattern.rules.flatMap { rule in
                (rule.citations?.citations ?? []).map { CitedSource(sourceID: $0.sourceID, line: Int32(clamping: $0.location.line), column: Int32(clamping: $0.location.column)) }
            }
            // Each rule's line, found going down the text once.
            var titles: [String] = []
            titles.reserveCapacity(pattern.rules.count)
            text.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                var line = 1, offset = 0
                func lineEnd(from start: Int) -> Int {
                    guard start < buffer.count, let found = memchr(base + start, 0x0A, buffer.count - start) else { return buffer.count }
                    return UnsafeRawPointer(found) - UnsafeRawPointer(base)
                }
                for rule in pattern.rules {
                    while line < rule.location.line, offset < buffer.count {
                        offset = lineEnd(from: offset) + 1
                        line += 1
                    }
                    var end = lineEnd(from: offset)
                    if end > offset, buffer[end - 1] == 0x0D { end -= 1 }
                    titles.append(offset < end ? RuleTitle.words(of: String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<end]), as: UTF8.self)) : "")
                }
            }
            ruleTitles = titles
            // Each citation's columns as LSP counts them, going down the text once.
            text.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return }
                var line: Int32 = 1, offset = 0
                for index in citations.indices {
                    while line < citations[index].line, offset < buffer.count {
                        guard let found = memchr(base + offset, 0x0A, buffer.count - offset) else { offset = buffer.count; break }
                        offset = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
                        line += 1
                    }
                    var scalars: Int32 = 1, utf8: Int32 = 0, utf16: Int32 = 0, at = offset
                    while scalars < citations[index].column, at < buffer.count, buffer[at] != 0x0A {
                        let lead = buffer[at]
                        let width = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
                        utf8 += Int32(width)
                        utf16 += width == 4 ? 2 : 1
                        at += width
                        scalars += 1
                    }
                    citations[index].utf8Column = utf8
                    citations[index].utf16Column = utf16
                }
            }
        }
    }

    /// The facts of a page just read and checked.
    init(_ pattern: Pattern, findings: [Diagnostic]) {
        page = pattern.withoutText
        self.findings = findings
    }

    /// Facts as they were written (read back from the cache).
    init(page: Pattern, findings: [Diagnostic]) {
        self.page = page
        self.findings = findings
    }
}

extension Pattern {
    /// The page without its Markdown, its sections, demos, outline or its
    /// citations: what the checks across pages and the site-wide files
    /// need, once the page itself is written and checked alone. Of the
    /// citations, it keeps which sources they cite; it keeps the links to
    /// other sites (`check --links` asks them; the cache does not hold them).
    var withoutText: Pattern {
        var slim = Pattern(
            file: self.file, slug: self.slug, frontMatter: self.frontMatter, sections: [],
            rules: self.rules.map { Rule(number: $0.number, parts: [], citations: nil, location: $0.location) },
            faq: self.faq.map {
                FAQEntry(question: $0.question, heading: 0, anchor: $0.anchor, key: $0.key, answer: [], answerBlocks: [], isAnswered: $0.isAnswered,
                         location: $0.location, keyHash: $0.keyHash)
            },
            demos: [], crossReferences: self.crossReferences, anchors: self.anchors, introduction: []
        )
        slim.citedSources = citedSources
        slim.figureRules = self.figureRules
        slim.tagAddresses = self.tagAddresses
        slim.rulesIncomplete = self.rulesIncomplete
        slim.rulesKey = self.rulesKey
        slim.citationsIncomplete = self.citationsIncomplete
        slim.externalLinks = self.externalLinks
        return slim
    }
}
