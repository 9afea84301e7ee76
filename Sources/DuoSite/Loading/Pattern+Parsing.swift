import Diagnostics
import Files
import Foundation
import Markdown
import YAML

/// A page as read: its model, with every place, and its Markdown, parsed
/// once, which the page's renderer renders from.
struct ReadPage: Sendable {
    /// The page.
    var pattern: Pattern
    /// Its Markdown, as cmark-gfm parsed it.
    let document: MarkdownDocument
}

/// Reads one pattern page — front matter, then Markdown — into a `Pattern`
/// and its parsed Markdown, with a finding for what cannot be read: a file
/// that is not text, front matter that is not YAML or whose values are not
/// of their kind, a demo's YAML, a citation block's words. Whether what was
/// read is right is for the checks (`Checkers.page`), which judge it apart.
struct PageReader {
    /// Whether raw HTML in Markdown is kept (rendered as it is).
    var allowRawHTML: Bool
    /// The ids of the site's sources, in sources.yml's order: each
    /// citation notes its source's place there (`Citation.sourceIndex`).
    var sourceIDs: [String] = []

    /// The page file `file` read from its bytes: checked to be text, then
    /// read; nil when it cannot be read, with the findings.
    func read(file: String, bytes: [UInt8]) -> (ReadPage?, [Diagnostic]) {
        switch SourceFile.decode(bytes, path: file) {
        case .failure(let finding): return (nil, [finding])
        case .success(let source): return read(source)
        }
    }

    /// The page, or nil when it has no readable front matter; and findings.
    func read(_ file: SourceFile) -> (ReadPage?, [Diagnostic]) {
        let path = file.path
        let slug = SiteLoader.slug(ofFile: path)
        var diagnostics: [Diagnostic] = []

        // Front matter: the file opens with a `---` line and closes it with another.
        let split: FrontMatterSplit
        let frontMatterNode: YAMLNode
        switch FrontMatterReading.read(file) {
        case .failure(let diagnostic):
            return (nil, [diagnostic])
        case .success(let found):
            split = found.split
            frontMatterNode = found.node
        }
        let (frontMatter, frontMatterDiagnostics) = FrontMatter.read(frontMatterNode, file: path, slug: slug)
        diagnostics += frontMatterDiagnostics

        // The Markdown after the closing line.
        let bodyFirstLine = split.bodyFirstLine
        let body = Array(file.bytes[split.body])
        if let line = BracketGuard.firstCrowdedParagraph(body) {
            diagnostics.append(Diagnostic(.unreadableFile, "a paragraph starting here holds more than \(BracketGuard.limit) '[' (links or brackets), which Markdown parsing slows down on without bound; split it into several paragraphs", at: SourceLocation(file: path, line: bodyFirstLine + line - 1)))
            return (nil, diagnostics)
        }
        if let excess = TableBound.firstExcess(in: body) {
            diagnostics.append(Diagnostic(.overLimit, "this table's rows leave out more than \(TableBound.maximumMadeUpCells) of its cells (each row has a cell for every column of the delimiter row, written or not), which Markdown parsing makes up at great cost; give the rows their cells, or split the table", at: SourceLocation(file: path, line: bodyFirstLine + excess.line - 1, column: excess.column)))
            return (nil, diagnostics)
        }
        let document = MarkdownDocument(parsingUTF8: body, firstLine: bodyFirstLine, allowRawHTML: allowRawHTML)
        if let deep = document.tooDeepPosition {
            // An error, as invalid-field is: what is nested deeper is not read.
            diagnostics.append(Diagnostic(.invalidField, "the page nests lists or quotes more than \(MarkdownDocument.maximumDepth) deep; its deepest parts cannot be checked", at: SourceLocation(file: path, line: deep.line, column: deep.column)))
        }
        var reader = PageBodyReader(file: path, slug: slug, document: document)
        reader.sourceIDs = sourceIDs
        reader.read()
        diagnostics += reader.diagnostics

        var pattern = Pattern(
            file: path, slug: slug, frontMatter: frontMatter, sections: reader.sections,
            rules: reader.rules, faq: reader.faq, demos: reader.demos,
            crossReferences: reader.crossReferences, anchors: reader.anchors.sorted,
            introduction: reader.introduction
        )
        pattern.siteAddresses = reader.siteAddresses
        pattern.externalLinks = reader.externalLinks
        pattern.tagAddresses = reader.tagAddresses
        pattern.rulesIncomplete = reader.rulesIncomplete
        pattern.citationsIncomplete = reader.citationsIncomplete
        pattern.outline = reader.outline
        if let start = reader.ruleList, let end = reader.ruleListEnd {
            pattern.rulesKey = Self.rulesKey(body, lines: (start.line - bodyFirstLine + 1)...(end.line - bodyFirstLine + 1))
        }
        return (ReadPage(pattern: pattern, document: document), diagnostics)
    }
}

extension Pattern {
    /// The most tags a page may have (a page has a handful): each tag's
    /// page lists its pages with every tag of theirs, so that a page's tags
    /// cost as many entries, squared, in the tag pages.
    static let maximumTags = 50
}

extension PageReader {
    /// The hash of the lines `lines` (1-based) of `body`: the rule list as
    /// written (never 0).
    static func rulesKey(_ body: [UInt8], lines: ClosedRange<Int>) -> UInt64 {
        // The line ends found with memchr: a page's body is read up to its rule list's end.
        body.withUnsafeBufferPointer { buffer -> UInt64 in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return 1 }
            var line = 1, start = 0, offset = 0
            while line <= lines.upperBound, offset < buffer.count {
                guard let found = memchr(base + offset, 0x0A, buffer.count - offset) else {
                    offset = buffer.count
                    break
                }
                offset = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                line += 1
                if line == lines.lowerBound { start = offset }
            }
            guard start <= offset else { return 1 }
            return max(1, ContentHash.of(UnsafeBufferPointer(rebasing: buffer[start..<offset]).span))
        }
    }
}

extension FrontMatter {
    /// Reads front matter; missing or bad required keys get stand-ins.
    static func read(_ node: YAMLNode, file: String, slug: String) -> (FrontMatter, [Diagnostic]) {
        var reader = MappingReader(file: file, node: node, subject: "the front matter")
        let start = SourceLocation(file: file, line: 1, column: 1)
        let title = reader.string("title", required: true) ?? Located(slug, at: start)
        let summary = reader.string("summary", required: true) ?? Located("", at: start)
        var status = Located(Pattern.Status.recommendation, at: start)
        if let text = reader.string("status", required: true) {
            if let value = Pattern.Status(rawValue: text.value) {
                status = Located(value, at: text.location)
            } else {
                var message = "'status' should be apple (guidance as Apple gives it) or recommendation (the site's own advice), not '\(text.value)'"
                if let meant = Suggestion.nearest(to: text.value, in: ["apple", "recommendation"]) { message += "; did you mean '\(meant)'?" }
                reader.diagnostics.append(Diagnostic(.invalidField, message, at: text.location))
            }
        }
        let lastChecked = reader.day("last_checked", required: true)
        let reviewEvery = reader.interval("review_every")
        let owner = reader.string("owner")?.value
        var tagged = reader.strings("tags")
        if tagged.count > Pattern.maximumTags {
            // Each tag's page lists its pages with their tags: past the limit, the rest are left out.
            reader.diagnostics.append(Diagnostic(.overLimit, "the page has \(tagged.count) tags; a page has at most \(Pattern.maximumTags) (each tag's page lists the page with all its tags)", at: tagged[Pattern.maximumTags].location))
            tagged.removeLast(tagged.count - Pattern.maximumTags)
        }
        let order = reader.int("order")?.value
        let draft = reader.bool("draft")?.value ?? false
        var aliases: [Located<String>] = []
        for written in reader.strings("aliases") {
            switch Alias.address(written.value) {
            case .success(let address): aliases.append(Located(address, at: written.location))
            case .failure(let problem):
                reader.diagnostics.append(Diagnostic(.invalidField, "'aliases' holds '\(written.value)', which is not an address: \(problem.reason)", at: written.location))
            }
        }
        reader.reportUnknownKeys(known: keys, meanings: FrontMatter.foreignKeys)
        var frontMatter = FrontMatter(
            title: title, summary: summary, status: status,
            lastChecked: lastChecked ?? Located(Day(dayNumber: 0), at: start),
            reviewEvery: reviewEvery, owner: owner, tags: tagged.map(\.value), order: order, draft: draft,
            location: start, tagLocations: tagged.map(\.location)
        )
        frontMatter.hasLastChecked = lastChecked != nil
        frontMatter.aliases = aliases
        return (frontMatter, reader.diagnostics)
    }
}

extension CrossReference {
    /// The page a link to its published address names: `/patterns/other/`,
    /// `/patterns/other/#rule-1`, `/patterns/other/index.html`; nil for any
    /// other link.
    static func publishedTarget(of destination: String) -> (slug: String, anchor: String?)? {
        guard destination.hasBytePrefix("/patterns/") else { return nil }
        let hash = destination.firstIndex(of: "#")
        let anchor = hash.map { String(destination[destination.index(after: $0)...]).removingPercentEncodingIfPossible }
        var path = destination[..<(hash ?? destination.endIndex)].dropFirst("/patterns/".count)
        if path.hasSuffix("index.html") { path = path.dropLast("index.html".count) }
        if path.hasSuffix("/") { path = path.dropLast() }
        guard !path.isEmpty, !path.contains("/"), !path.contains("?") else { return nil }
        return (String(path).removingPercentEncodingIfPossible, anchor)
    }

    /// Whether a link is relative to the page: not to an anchor of the
    /// page (`#a`), the site (`/…`), another host (`//…`) or a scheme
    /// (`https:`, `mailto:`).
    static func isRelative(_ destination: String) -> Bool {
        if destination.hasBytePrefix("#") || destination.hasBytePrefix("/") { return false }
        // A scheme: letters, digits, `+`, `-` or `.`, then `:`, before any `/`, `?` or `#`.
        for (offset, byte) in destination.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: ":"): return offset == 0
            case UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"): return true
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."): continue
            default: return true
            }
        }
        return true
    }

    /// The published address of a link written in a page: `other.md#a`
    /// becomes `/patterns/other/#a`; nil for a link that is not to a page.
    static func publishedURL(for destination: String, from slug: String) -> String? {
        guard let target = target(of: destination) else { return nil }
        guard let anchor = target.anchor else { return .joining("/patterns/", target.slug, "/") }
        return .joining("/patterns/", target.slug, "/#", anchor)
    }

    /// The slug and anchor a link points to, if it is a link to a page's
    /// file (`other.md`, `./other.md#rule-1`, `../patterns/other.md`).
    /// Read from the link's bytes: every mark it looks for is ASCII.
    static func target(of destination: String) -> (slug: String, anchor: String?)? {
        if destination.containsBytes("://") || destination.hasBytePrefix("/") || destination.hasBytePrefix("mailto:") {
            return nil
        }
        let bytes = destination.utf8.span
        var pathEnd = 0
        while pathEnd < bytes.count, bytes[pathEnd] != UInt8(ascii: "#") { pathEnd += 1 }
        guard pathEnd >= 3, bytes[pathEnd - 3] == UInt8(ascii: "."), bytes[pathEnd - 2] == UInt8(ascii: "m"),
              bytes[pathEnd - 1] == UInt8(ascii: "d") else { return nil }
        var nameStart = pathEnd - 3
        while nameStart > 0, bytes[nameStart - 1] != UInt8(ascii: "/") { nameStart -= 1 }
        // The marks are ASCII: each part is whole characters, valid UTF-8.
        let name = (try? String(copying: UTF8Span(validating: bytes.extracting(nameStart..<(pathEnd - 3))))) ?? ""
        let anchor = pathEnd < bytes.count ? (try? String(copying: UTF8Span(validating: bytes.extracting((pathEnd + 1)...)))) ?? "" : nil
        return (name.removingPercentEncodingIfPossible, anchor.map { $0.removingPercentEncodingIfPossible })
    }
}

extension String {
    /// The text with its `%XX` escapes decoded; the text itself when it has
    /// none, or they do not decode.
    var removingPercentEncodingIfPossible: String {
        let bytes = utf8.span
        for index in bytes.indices where bytes[index] == UInt8(ascii: "%") {
            return removingPercentEncoding ?? self
        }
        return self
    }
}

/// Guards against the one input cmark-gfm 0.29 parses in quadratic time: a
/// paragraph crowded with link brackets (tens of thousands of `[` take it
/// minutes). Such a page is refused with a finding instead of hanging.
enum BracketGuard {
    /// The most `[` one paragraph may hold (a real page has a few dozen).
    static let limit = 5_000

    /// The 1-based line, within `text`, of the first paragraph with more
    /// than `limit` brackets, or nil.
    static func firstCrowdedParagraph(_ text: String) -> Int? {
        firstCrowdedParagraph(Array(text.utf8))
    }

    /// The 1-based line, within the UTF-8 text `utf8`, of the first
    /// paragraph with more than `limit` brackets, or nil.
    static func firstCrowdedParagraph(_ utf8: [UInt8]) -> Int? {
        // Nearly every page has fewer brackets in all than the limit.
        guard brackets(in: utf8.span) > limit else { return nil }
        var count = 0, line = 1, paragraphStart = 1
        var lineIsBlank = true
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "\n"):
                if lineIsBlank {
                    count = 0
                    paragraphStart = line + 1
                }
                line += 1
                lineIsBlank = true
            case UInt8(ascii: "["):
                count += 1
                lineIsBlank = false
                if count > limit { return paragraphStart }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                break
            default:
                lineIsBlank = false
            }
        }
        return nil
    }

    /// How many `[` `bytes` hold.
    ///
    /// Counted 255 bytes at a time into a one-byte count, which no block
    /// can overflow: a count that small the compiler keeps in a vector's
    /// lanes, counting sixteen bytes in the instructions one would take.
    static func brackets(in bytes: Span<UInt8>) -> Int {
        var total = 0, start = 0
        while start < bytes.count {
            let end = min(start + 255, bytes.count)
            var count: UInt8 = 0
            for index in start..<end where bytes[index] == UInt8(ascii: "[") { count &+= 1 }
            total += Int(count)
            start = end
        }
        return total
    }
}
