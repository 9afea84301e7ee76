extension Template {
    /// Turns template source into a node tree in one pass over its UTF-8 bytes.
    ///
    /// Besides finding tags, the parser applies the spec's whitespace rules, so
    /// that rendering never looks at source again:
    /// - a *standalone* tag (alone on its line but for spaces and tabs) takes its
    ///   line's whitespace and line ending with it;
    /// - a parent element `{{<p}}…{{/p}}` is standalone when its start tag has only
    ///   whitespace before it and its end tag only whitespace after it; that
    ///   whitespace is then the indentation of the included template;
    /// - a block passed as an argument (a direct child of a parent) owns the line
    ///   ending after its start tag when the tag ends its line, and its *intrinsic
    ///   indentation* (the leading whitespace of its first line) is removed from
    ///   each of its lines;
    /// - a block used as a parameter (anywhere else) is standalone as a pair when
    ///   its start tag has only whitespace before it and its end tag only
    ///   whitespace after it; arguments replacing it are then indented by the
    ///   intrinsic indentation of its default content (if the start tag ends its
    ///   line) or by the whitespace before its start tag.
    struct Parser {
        private let bytes: [UInt8]
        private let name: String
        /// Offsets where lines start, to turn offsets into line and column only when needed.
        private let lineStarts: [Int]

        private var openDelimiter: [UInt8] = Array("{{".utf8)
        private var closeDelimiter: [UInt8] = Array("}}".utf8)
        /// Where scanning resumes.
        private var position = 0
        /// Start of literal text not yet added to a node.
        private var textStart = 0
        /// First byte of the line holding `position`.
        private var lineStart = 0
        /// Whether a tag precedes `position` on its line (a tag after it is then not standalone).
        private var tagOnLine = false
        /// Open sections, parents and blocks; the first frame is the template itself.
        private var frames: [Frame]
        /// Intrinsic indentations of the argument blocks being parsed, outermost first.
        private var strippedIndentations: [[UInt8]] = []
        /// The last location computed for a node, to count columns from.
        private var lastLocation = (offset: 0, line: 0, column: 1)
        /// Every name a variable or section tag looks up, in source order.
        private(set) var nameUses: [NameUse] = []

        init(source: String, name: String) {
            self.bytes = Array(source.utf8)
            self.name = name
            var lineStarts = [0]
            for (offset, byte) in bytes.enumerated() where byte == .newline {
                lineStarts.append(offset + 1)
            }
            self.lineStarts = lineStarts
            self.frames = [Frame(kind: .root, rawName: "", name: .implicit, sigil: "", location: SourceLocation(template: name, line: 1, column: 1))]
        }

        /// Parses the whole source.
        mutating func parse() throws(TemplateError) -> [Node] {
            while let tagStart = find(openDelimiter, from: position) {
                if let newline = lastNewline(in: position..<tagStart) {
                    lineStart = newline + 1
                    tagOnLine = false
                }
                try parseTag(at: tagStart)
            }
            emitText(from: textStart, to: bytes.count)
            if frames.count > 1 {
                let frame = frames[frames.count - 1]
                throw frame.location.error(
                    .unclosedSection,
                    "unclosed section {{\(frame.sigil)\(frame.rawName)}}: no {{/\(frame.rawName)}} before the end of the template"
                )
            }
            frames[0].flushText()
            return frames[0].nodes
        }

        // MARK: Tags

        private mutating func parseTag(at start: Int) throws(TemplateError) {
            var cursor = start + openDelimiter.count
            while cursor < bytes.count, bytes[cursor].isBlank { cursor += 1 }
            let sigil: UInt8? = cursor < bytes.count ? bytes[cursor] : nil
            var closing = closeDelimiter
            var contentStart = cursor
            switch sigil {
            case UInt8(ascii: "{"):
                closing = [UInt8(ascii: "}")] + closeDelimiter
                contentStart += 1
            case UInt8(ascii: "="):
                closing = [UInt8(ascii: "=")] + closeDelimiter
                contentStart += 1
            case UInt8(ascii: "&"), UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "^"), UInt8(ascii: "/"),
                UInt8(ascii: ">"), UInt8(ascii: "<"), UInt8(ascii: "$"):
                contentStart += 1
            default:
                break
            }
            let isComment = sigil == UInt8(ascii: "!")
            guard let contentEnd = find(closing, from: contentStart),
                isComment || !containsLineBreakOrOpenDelimiter(contentStart..<contentEnd)
            else {
                let expected = String(decoding: closing, as: UTF8.self)
                throw location(of: start).error(.unclosedTag, "unclosed tag: no '\(expected)' after '\(String(decoding: openDelimiter, as: UTF8.self))' on this line")
            }
            let end = contentEnd + closing.count
            let content = contentStart..<contentEnd

            switch sigil {
            case UInt8(ascii: "!"):
                standaloneTag(start: start, end: end)
            case UInt8(ascii: "="):
                let delimiters = try parseDelimiters(content, tagStart: start)
                standaloneTag(start: start, end: end)
                (openDelimiter, closeDelimiter) = delimiters
            case UInt8(ascii: "{"), UInt8(ascii: "&"):
                let name = try parseName(content, tagStart: start).name
                recordUse(of: name, at: start, raw: true)
                inlineTag(start: start, end: end, node: .variable(name, escaped: false))
            case UInt8(ascii: "#"), UInt8(ascii: "^"):
                let (rawName, name) = try parseName(content, tagStart: start)
                let inverted = sigil == UInt8(ascii: "^")
                let location = trackedLocation(of: start)
                if case .path(let parts) = name { nameUses.append(NameUse(parts: parts, line: location.line, column: location.column)) }
                standaloneTag(start: start, end: end)
                try push(Frame(kind: .section(inverted: inverted), rawName: rawName, name: name, sigil: inverted ? "^" : "#", location: location))
            case UInt8(ascii: ">"):
                let rawName = try parseTemplateName(content, tagStart: start, sigil: ">")
                let left = clearsLeft(start)
                let indentation = left && lineEnd(after: end) != nil ? whitespaceBefore(start) : nil
                standaloneTag(start: start, end: end)
                let inclusion = Inclusion(name: rawName, indentation: indentation, location: trackedLocation(of: start))
                frames[frames.count - 1].append(.partial(inclusion))
            case UInt8(ascii: "<"):
                let rawName = try parseTemplateName(content, tagStart: start, sigil: "<")
                let left = clearsLeft(start)
                let whitespace = left ? whitespaceBefore(start) : ""
                emitText(from: textStart, to: left ? lineStart : start)
                advance(from: start, to: end, consumingLineTo: nil)
                var frame = Frame(kind: .parent, rawName: rawName, name: .implicit, sigil: "<", location: trackedLocation(of: start))
                frame.openClearsLeft = left
                frame.leadingWhitespace = whitespace
                try push(frame)
            case UInt8(ascii: "$"):
                let rawName = try parseTemplateName(content, tagStart: start, sigil: "$")
                try openBlock(rawName, start: start, end: end)
            case UInt8(ascii: "/"):
                try close(try trimmedName(content, tagStart: start), start: start, end: end)
            default:
                let (rawName, name) = try parseName(content, tagStart: start)
                if let first = rawName.utf8.first, first.isASCIIPunctuation, first != UInt8(ascii: "."),
                    first != UInt8(ascii: "_"), first != UInt8(ascii: "-")
                {
                    throw location(of: start).error(.unknownTag, "unknown tag {{\(rawName)}}: '\(Character(Unicode.Scalar(first)))' starts no Mustache tag")
                }
                recordUse(of: name, at: start)
                inlineTag(start: start, end: end, node: .variable(name, escaped: true))
            }
        }

        /// Keeps where a variable tag looks `name` up (`.` looks up nothing).
        private mutating func recordUse(of name: Name, at start: Int, raw: Bool = false) {
            let location = trackedLocation(of: start)
            let parts: [String]
            switch name {
            case .implicit: parts = []
            case .path(let path): parts = path
            }
            nameUses.append(NameUse(parts: parts, line: location.line, column: location.column, isRaw: raw))
        }

        /// A tag that is never standalone: adds the text before it and its node.
        private mutating func inlineTag(start: Int, end: Int, node: Node) {
            emitText(from: textStart, to: start)
            frames[frames.count - 1].append(node)
            advance(from: start, to: end, consumingLineTo: nil)
        }

        /// A tag that is standalone when alone on its line: adds the text before it
        /// (without the line's indentation when standalone) and moves past it
        /// (and past its line ending when standalone). Returns whether it was standalone.
        @discardableResult
        private mutating func standaloneTag(start: Int, end: Int) -> Bool {
            let right = clearsLeft(start) ? lineEnd(after: end) : nil
            emitText(from: textStart, to: right != nil ? lineStart : start)
            advance(from: start, to: end, consumingLineTo: right)
            return right != nil
        }

        /// `{{$name}}`: an argument when directly inside a parent, else a parameter.
        private mutating func openBlock(_ rawName: String, start: Int, end: Int) throws(TemplateError) {
            let location = trackedLocation(of: start)
            if case .parent = frames[frames.count - 1].kind {
                // Text around an argument's start tag belongs to the parent (and is
                // ignored), so only the right side matters: when the tag ends its line,
                // the line ending belongs to the tag, not to the argument.
                emitText(from: textStart, to: start)
                let right = lineEnd(after: end)
                advance(from: start, to: end, consumingLineTo: right)
                let intrinsic = right.map { leadingWhitespace(ofLineAt: $0) } ?? ""
                strippedIndentations.append(Array(intrinsic.utf8))
                try push(Frame(kind: .argument, rawName: rawName, name: .implicit, sigil: "$", location: location))
            } else {
                let left = clearsLeft(start)
                let right = lineEnd(after: end)
                var frame = Frame(kind: .block, rawName: rawName, name: .implicit, sigil: "$", location: location)
                frame.openClearsLeft = left
                frame.openClearsRight = right != nil
                frame.leadingWhitespace = left ? whitespaceBefore(start) : ""
                frame.intrinsicIndentation = right.map { leadingWhitespace(ofLineAt: $0) } ?? ""
                standaloneTag(start: start, end: end)
                try push(frame)
            }
        }

        /// `{{/name}}`: closes the innermost section, parent or block.
        private mutating func close(_ rawName: String, start: Int, end: Int) throws(TemplateError) {
            guard frames.count > 1 else {
                throw location(of: start).error(.unexpectedSectionClose, "closing tag {{/\(rawName)}} closes no open section")
            }
            let open = frames[frames.count - 1]
            guard open.rawName == rawName else {
                throw location(of: start).error(
                    .mismatchedSectionClose,
                    "closing tag {{/\(rawName)}} does not match {{\(open.sigil)\(open.rawName)}} opened at line \(open.location.line), column \(open.location.column)"
                )
            }
            switch open.kind {
            case .root:
                preconditionFailure("the root frame is never closed")
            case .section(let inverted):
                standaloneTag(start: start, end: end)
                let frame = popFrame()
                frames[frames.count - 1].append(.section(frame.name, frame.nodes, inverted: inverted))
            case .block:
                let right = lineEnd(after: end)
                let endTagTakesLine = standaloneTag(start: start, end: end)
                let frame = popFrame()
                let standalonePair = frame.openClearsLeft && right != nil
                let indentation = standalonePair ? (frame.openClearsRight ? frame.intrinsicIndentation : frame.leadingWhitespace) : nil
                let block = Block(name: rawName, content: frame.nodes, indentation: indentation, endTagTakesLine: endTagTakesLine)
                frames[frames.count - 1].append(.block(block))
            case .argument:
                // What follows an argument's end tag belongs to the parent (and is
                // ignored), so only the left side matters: whitespace before the tag
                // on its line is not part of the argument.
                emitText(from: textStart, to: clearsLeft(start) ? lineStart : start)
                advance(from: start, to: end, consumingLineTo: nil)
                strippedIndentations.removeLast()
                let frame = popFrame()
                frames[frames.count - 1].append(.block(Block(name: rawName, content: frame.nodes, indentation: nil, endTagTakesLine: false)))
            case .parent:
                emitText(from: textStart, to: start)
                let right = lineEnd(after: end)
                let standalonePair = open.openClearsLeft && right != nil
                advance(from: start, to: end, consumingLineTo: standalonePair ? right : nil)
                let frame = popFrame()
                if !standalonePair, !frame.leadingWhitespace.isEmpty, !frames[frames.count - 1].ignoresText {
                    frames[frames.count - 1].pendingText.append(contentsOf: frame.leadingWhitespace.utf8)
                }
                var arguments: [String: [Node]] = [:]
                for node in frame.nodes {
                    if case .block(let block) = node { arguments[block.name] = block.content }
                }
                let inclusion = Inclusion(name: rawName, indentation: standalonePair ? frame.leadingWhitespace : nil, location: frame.location)
                frames[frames.count - 1].append(.parent(inclusion, arguments: arguments))
            }
        }

        /// Opens a section, parent or block: at most `Template.maximumNesting`
        /// deep, so that nothing that walks the tree later (checking it,
        /// compiling it, rendering it) goes deeper than a thread's stack allows.
        private mutating func push(_ frame: Frame) throws(TemplateError) {
            guard frames.count <= Template.maximumNesting else {
                throw frame.location.error(
                    .nestingLimit,
                    "{{\(frame.sigil)\(frame.rawName)}} nests sections, parents and blocks more than \(Template.maximumNesting) deep"
                )
            }
            frames.append(frame)
        }

        private mutating func popFrame() -> Frame {
            var frame = frames.removeLast()
            frame.flushText()
            return frame
        }

        // MARK: Tag content

        /// A name for lookup: `.` or dotted parts, none empty, no whitespace.
        private func parseName(_ range: Range<Int>, tagStart: Int) throws(TemplateError) -> (raw: String, name: Name) {
            let raw = try trimmedName(range, tagStart: tagStart)
            if raw == "." { return (raw, .implicit) }
            let parts = raw.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            if parts.contains(where: \.isEmpty) {
                throw location(of: tagStart).error(.invalidTagName, "invalid name '\(raw)': a dotted name cannot have an empty part")
            }
            return (raw, .path(parts))
        }

        /// The name of a partial, parent or block.
        private func parseTemplateName(_ range: Range<Int>, tagStart: Int, sigil: String) throws(TemplateError) -> String {
            let raw = try trimmedName(range, tagStart: tagStart)
            if raw.hasPrefix("*") {
                throw location(of: tagStart).error(.unknownTag, "dynamic names ({{\(sigil)*name}}) are not supported")
            }
            return raw
        }

        private func trimmedName(_ range: Range<Int>, tagStart: Int) throws(TemplateError) -> String {
            var lower = range.lowerBound
            var upper = range.upperBound
            while lower < upper, bytes[lower].isWhitespace { lower += 1 }
            while upper > lower, bytes[upper - 1].isWhitespace { upper -= 1 }
            guard lower < upper else {
                throw location(of: tagStart).error(.emptyTagName, "empty tag name")
            }
            let raw = String(decoding: bytes[lower..<upper], as: UTF8.self)
            if bytes[lower..<upper].contains(where: \.isWhitespace) {
                throw location(of: tagStart).error(.invalidTagName, "invalid name '\(raw)': names cannot contain whitespace")
            }
            return raw
        }

        /// `{{=<% %>=}}`: two delimiters separated by whitespace, without whitespace or `=`.
        private func parseDelimiters(_ range: Range<Int>, tagStart: Int) throws(TemplateError) -> ([UInt8], [UInt8]) {
            let parts = bytes[range].split(whereSeparator: \.isWhitespace)
            guard parts.count == 2, !parts.contains(where: { $0.contains(UInt8(ascii: "=")) }) else {
                let text = String(decoding: bytes[range], as: UTF8.self)
                throw location(of: tagStart).error(
                    .invalidDelimiters,
                    "invalid delimiter change '\(text)': expected two delimiters without whitespace or '=', as in {{=<% %>=}}"
                )
            }
            return (Array(parts[0]), Array(parts[1]))
        }

        // MARK: Whitespace

        /// Whether only spaces and tabs precede `tagStart` on its line.
        private func clearsLeft(_ tagStart: Int) -> Bool {
            !tagOnLine && bytes[lineStart..<tagStart].allSatisfy(\.isBlank)
        }

        /// When only spaces and tabs follow `tagEnd` on its line, the offset after its
        /// line ending (`\n` or `\r\n`) or the end of the source; else `nil`.
        private func lineEnd(after tagEnd: Int) -> Int? {
            var index = tagEnd
            while index < bytes.count, bytes[index].isBlank { index += 1 }
            if index == bytes.count { return index }
            if bytes[index] == .newline { return index + 1 }
            if bytes[index] == .carriageReturn, index + 1 < bytes.count, bytes[index + 1] == .newline { return index + 2 }
            return nil
        }

        /// The whitespace before a tag that clears left, without the indentation
        /// removed from argument blocks.
        private func whitespaceBefore(_ tagStart: Int) -> String {
            let from = min(strippedLineStart(lineStart), tagStart)
            return String(decoding: bytes[from..<tagStart], as: UTF8.self)
        }

        /// The spaces and tabs starting the line at `offset`, without the indentation
        /// removed from argument blocks.
        private func leadingWhitespace(ofLineAt offset: Int) -> String {
            let from = strippedLineStart(offset)
            var to = from
            while to < bytes.count, bytes[to].isBlank { to += 1 }
            return String(decoding: bytes[from..<to], as: UTF8.self)
        }

        /// Where the line at `offset` starts once the intrinsic indentations of the
        /// enclosing argument blocks are removed, outermost first.
        private func strippedLineStart(_ offset: Int) -> Int {
            var index = offset
            for prefix in strippedIndentations {
                guard index + prefix.count <= bytes.count, bytes[index..<(index + prefix.count)].elementsEqual(prefix) else { break }
                index += prefix.count
            }
            return index
        }

        /// Moves past a tag, and past the rest of its line when `lineEnd` is given.
        private mutating func advance(from start: Int, to end: Int, consumingLineTo lineEnd: Int?) {
            if let lineEnd {
                position = lineEnd
                lineStart = lineEnd
                tagOnLine = false
            } else {
                position = end
                tagOnLine = true
                if let newline = lastNewline(in: start..<end) { lineStart = newline + 1 }
            }
            textStart = position
        }

        /// Adds literal source text to the innermost frame, removing the intrinsic
        /// indentation of enclosing argument blocks from the start of each line.
        private mutating func emitText(from start: Int, to end: Int) {
            let top = frames.count - 1
            guard start < end, !frames[top].ignoresText else { return }
            if strippedIndentations.isEmpty {
                frames[top].pendingText.append(contentsOf: bytes[start..<end])
                return
            }
            var cursor = start
            while cursor < end {
                if cursor == 0 || bytes[cursor - 1] == .newline {
                    cursor = min(strippedLineStart(cursor), end)
                }
                var lineEnd = cursor
                while lineEnd < end, bytes[lineEnd] != .newline { lineEnd += 1 }
                if lineEnd < end { lineEnd += 1 }
                frames[top].pendingText.append(contentsOf: bytes[cursor..<lineEnd])
                cursor = lineEnd
            }
        }

        // MARK: Searching

        /// The first occurrence of `needle` starting at or after `start` and ending at or before `limit` (default: the end).
        private func find(_ needle: [UInt8], from start: Int, endingBy limit: Int? = nil) -> Int? {
            let limit = limit ?? bytes.count
            guard let first = needle.first, needle.count <= limit else { return nil }
            var index = start
            let last = limit - needle.count
            while index <= last {
                if bytes[index] == first {
                    var matched = 1
                    while matched < needle.count, bytes[index + matched] == needle[matched] { matched += 1 }
                    if matched == needle.count { return index }
                }
                index += 1
            }
            return nil
        }

        private func lastNewline(in range: Range<Int>) -> Int? {
            var index = range.upperBound
            while index > range.lowerBound {
                index -= 1
                if bytes[index] == .newline { return index }
            }
            return nil
        }

        private func containsLineBreakOrOpenDelimiter(_ range: Range<Int>) -> Bool {
            bytes[range].contains(.newline) || find(openDelimiter, from: range.lowerBound, endingBy: range.upperBound) != nil
        }

        /// The 1-based line and column (in characters) of a source offset, for an error.
        private func location(of offset: Int) -> SourceLocation {
            let line = lineIndex(of: offset)
            let column = String(decoding: bytes[lineStarts[line]..<offset], as: UTF8.self).count + 1
            return SourceLocation(template: name, line: line + 1, column: column)
        }

        /// The location of a tag kept in the tree. Tags come in source order, so
        /// counting characters from the previous tag on the same line keeps parsing
        /// linear even for long lines holding many tags.
        private mutating func trackedLocation(of offset: Int) -> SourceLocation {
            let line = lineIndex(of: offset)
            let column: Int
            if lastLocation.line == line, lastLocation.offset <= offset {
                column = lastLocation.column + String(decoding: bytes[lastLocation.offset..<offset], as: UTF8.self).count
            } else {
                column = String(decoding: bytes[lineStarts[line]..<offset], as: UTF8.self).count + 1
            }
            lastLocation = (offset, line, column)
            return SourceLocation(template: name, line: line + 1, column: column)
        }

        /// The 0-based index of the line holding `offset`.
        private func lineIndex(of offset: Int) -> Int {
            var low = 0
            var high = lineStarts.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
            }
            return low
        }
    }

    /// A section, parent or block being parsed, or the template itself.
    private struct Frame {
        enum Kind {
            case root
            case section(inverted: Bool)
            case parent
            /// A block directly inside a parent: an argument passed to it.
            case argument
            /// A block anywhere else: a parameter with default content.
            case block
        }

        let kind: Kind
        /// The name as written, for matching the end tag.
        let rawName: String
        /// The parsed name, for sections.
        let name: Name
        /// The tag's sigil, for messages.
        let sigil: String
        /// Where the start tag is.
        let location: SourceLocation
        var nodes: [Node] = []
        /// Literal text not yet turned into a node, so adjacent pieces merge.
        var pendingText: [UInt8] = []
        /// Whether only whitespace precedes the start tag on its line.
        var openClearsLeft = false
        /// Whether only whitespace follows the start tag on its line.
        var openClearsRight = false
        /// The whitespace before the start tag when it clears left.
        var leadingWhitespace = ""
        /// The leading whitespace of the line after the start tag when it clears right.
        var intrinsicIndentation = ""

        init(kind: Kind, rawName: String, name: Name, sigil: String, location: SourceLocation) {
            self.kind = kind
            self.rawName = rawName
            self.name = name
            self.sigil = sigil
            self.location = location
        }

        /// Text directly inside a parent is not rendered: only its blocks matter.
        var ignoresText: Bool {
            if case .parent = kind { return true }
            return false
        }

        mutating func append(_ node: Node) {
            flushText()
            nodes.append(node)
        }

        mutating func flushText() {
            guard !pendingText.isEmpty else { return }
            nodes.append(.text(Text(pendingText)))
            pendingText.removeAll(keepingCapacity: true)
        }
    }
}

extension UInt8 {
    fileprivate static let newline = UInt8(ascii: "\n")
    fileprivate static let carriageReturn = UInt8(ascii: "\r")

    /// A space or a tab: what may surround a standalone tag.
    fileprivate var isBlank: Bool { self == UInt8(ascii: " ") || self == UInt8(ascii: "\t") }

    /// Any ASCII whitespace.
    fileprivate var isWhitespace: Bool { isBlank || self == .newline || self == .carriageReturn || self == 0x0B || self == 0x0C }

    /// An ASCII punctuation or symbol character.
    fileprivate var isASCIIPunctuation: Bool {
        (0x21...0x2F).contains(self) || (0x3A...0x40).contains(self) || (0x5B...0x60).contains(self) || (0x7B...0x7E).contains(self)
    }
}
