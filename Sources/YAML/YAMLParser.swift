internal import CYAML

/// Parses one YAML document with libyaml into `YAMLNode` values.
///
/// Each call to `parse()` owns its own libyaml parser handle and frees it
/// before returning, so a parser can be asked again. Parsing
/// rejects what would make content ambiguous or dangerous to read: a key
/// given twice in one map, tabs for indentation, several documents in one
/// file, aliases (`*name`, which could make a small file expand without
/// bound) and nesting deeper than `maximumDepth`.
public final class YAMLParser {
    /// How deep maps and lists may nest.
    public static let maximumDepth = 64

    private let bytes: [UInt8]
    private let lineOffset: Int
    private let columnOffset: Int

    /// Prepares to parse `text`, whose first line is line `firstLine` of its
    /// file (front matter starts on line 2 of a page), and whose lines all
    /// start at column `firstColumn` (a demo block indented in a list item).
    public convenience init(_ text: String, firstLine: Int = 1, firstColumn: Int = 1) {
        self.init(utf8: Array(text.utf8), firstLine: firstLine, firstColumn: firstColumn)
    }

    /// Prepares to parse the UTF-8 text `bytes` (a file's, as read), placed
    /// as ``init(_:firstLine:firstColumn:)`` says.
    public init(utf8 bytes: [UInt8], firstLine: Int = 1, firstColumn: Int = 1) {
        self.bytes = bytes
        self.lineOffset = firstLine - 1
        self.columnOffset = max(firstColumn - 1, 0)
    }

    /// Parses the text: its one document's root node, or nil when the text
    /// holds no document (empty, or only comments).
    public func parse() throws(YAMLError) -> YAMLNode? {
        // libyaml accepts its input once per handle: a fresh handle per
        // call, in memory of its own (read through its pointer, it needs no
        // check of exclusive access for each of thousands of events).
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) != 0 else {
            throw YAMLError("the YAML parser could not start (out of memory)", at: Mark(line: 1 + lineOffset, column: 1 + columnOffset))
        }
        defer { yaml_parser_delete(parser) }
        yaml_parser_set_encoding(parser, YAML_UTF8_ENCODING)
        return try bytes.withUnsafeBufferPointer { (buffer) throws(YAMLError) -> YAMLNode? in
            // libyaml asserts on a null input, which an empty buffer may have.
            let empty: [UInt8] = [0]
            return try empty.withUnsafeBufferPointer { (fallback) throws(YAMLError) -> YAMLNode? in
                yaml_parser_set_input_string(parser, buffer.baseAddress ?? fallback.baseAddress, buffer.count)
                return try parseStream(parser)
            }
        }
    }

    /// Parses `text` in one call.
    public static func parse(_ text: String, firstLine: Int = 1, firstColumn: Int = 1) throws(YAMLError) -> YAMLNode? {
        try YAMLParser(text, firstLine: firstLine, firstColumn: firstColumn).parse()
    }

    /// Parses the UTF-8 text `bytes` in one call.
    public static func parse(utf8 bytes: [UInt8], firstLine: Int = 1, firstColumn: Int = 1) throws(YAMLError) -> YAMLNode? {
        try YAMLParser(utf8: bytes, firstLine: firstLine, firstColumn: firstColumn).parse()
    }

    /// A sequence or mapping being read: its place, where its children's
    /// places start in the list of those met and not yet listed, and (once
    /// a map is too long to search its keys in order) the keys given so far.
    private struct Open {
        var place: Int
        var firstPending: Int
        var isMapping: Bool
        var seen: Set<String>?
    }

    private func parseStream(_ parser: UnsafeMutablePointer<yaml_parser_t>) throws(YAMLError) -> YAMLNode? {
        var builder = YAMLTreeBuilder()
        // Room for a demo block's nodes and text at once, rather than grown.
        builder.nodes.reserveCapacity(bytes.count / 8 + 4)
        builder.children.reserveCapacity(bytes.count / 8 + 4)
        builder.bytes.reserveCapacity(bytes.count)
        var stack: [Open] = []
        stack.reserveCapacity(8)
        var pending: [Int32] = []
        pending.reserveCapacity(32)
        var root: Int?
        var documents = 0

        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(parser, &event) != 0 else {
                throw parserError(parser.pointee)
            }
            defer { yaml_event_delete(&event) }
            let mark = self.mark(event.start_mark)

            switch event.type {
            case YAML_STREAM_END_EVENT:
                return root.map { YAMLNode(tree: builder.finish(), index: $0) }
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw YAMLError("a second YAML document starts here; this file holds one", at: mark)
                }
            case YAML_ALIAS_EVENT:
                throw YAMLError("aliases (*name) are not supported; write the value out", at: mark)
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let style: YAMLNode.Style
                switch scalar.style {
                case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
                case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
                case YAML_LITERAL_SCALAR_STYLE: style = .literal
                case YAML_FOLDED_SCALAR_STYLE: style = .folded
                default: style = .plain
                }
                let text = UnsafeBufferPointer(start: scalar.value, count: scalar.length)
                // (The innermost map read in place: a copy of it would hold its
                // set of keys, which noting a key would then copy whole.)
                if !stack.isEmpty, stack[stack.count - 1].isMapping, (pending.count - stack[stack.count - 1].firstPending) % 2 == 0 {
                    // A key: given once in its map.
                    if isGivenAlready(text, in: &stack[stack.count - 1], pending: pending, builder: builder) {
                        throw YAMLError("duplicate key '\(String(decoding: text, as: UTF8.self))': it is already given above in this map", at: mark)
                    }
                }
                let place = builder.scalar(text, style: style, mark: mark, tag: tag(scalar.tag))
                add(place, stack: stack, pending: &pending, root: &root)
            case YAML_SEQUENCE_START_EVENT:
                try checkDepth(stack.count, at: mark)
                let place = builder.open(.sequence, mark: mark, tag: tag(event.data.sequence_start.tag))
                add(place, stack: stack, pending: &pending, root: &root)
                stack.append(Open(place: place, firstPending: pending.count, isMapping: false))
            case YAML_MAPPING_START_EVENT:
                try checkDepth(stack.count, at: mark)
                let place = builder.open(.mapping, mark: mark, tag: tag(event.data.mapping_start.tag))
                add(place, stack: stack, pending: &pending, root: &root)
                stack.append(Open(place: place, firstPending: pending.count, isMapping: true))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                // Its children are all met: their places are listed together.
                let open = stack.removeLast()
                builder.close(open.place, children: pending[open.firstPending...])
                pending.removeSubrange(open.firstPending...)
            default:
                break
            }
        }
    }

    private func checkDepth(_ depth: Int, at mark: Mark) throws(YAMLError) {
        if depth >= Self.maximumDepth {
            throw YAMLError("lists and maps nest more than \(Self.maximumDepth) deep", at: mark)
        }
    }

    /// Notes the node at `place` as the next child of the innermost open
    /// container, or as the root.
    private func add(_ place: Int, stack: [Open], pending: inout [Int32], root: inout Int?) {
        if stack.isEmpty {
            root = place
        } else {
            pending.append(Int32(place))
        }
    }

    /// Whether the map `open` already has the scalar key `text`, which is
    /// then noted as given. Most maps have a few keys, searched in order
    /// (as bytes, where they lie) faster than hashed.
    private func isGivenAlready(_ text: UnsafeBufferPointer<UInt8>, in open: inout Open, pending: [Int32], builder: YAMLTreeBuilder) -> Bool {
        let keys = (pending.count - open.firstPending) / 2
        if open.seen == nil, keys < 16 {
            var place = open.firstPending
            while place < pending.count {
                let key = builder.nodes[Int(pending[place])]
                if key.kind == .scalar, Int(key.count) == text.count,
                   builder.bytes.withUnsafeBufferPointer({ UnsafeBufferPointer(rebasing: $0[Int(key.start)..<Int(key.start + key.count)]).elementsEqual(text) }) {
                    return true
                }
                place += 2
            }
            return false
        }
        let name = String(decoding: text, as: UTF8.self)
        if open.seen == nil {
            var seen = Set<String>()
            var place = open.firstPending
            while place < pending.count {
                let key = builder.nodes[Int(pending[place])]
                if key.kind == .scalar {
                    seen.insert(builder.bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[Int(key.start)..<Int(key.start + key.count)]), as: UTF8.self) })
                }
                place += 2
            }
            open.seen = seen
        }
        return !open.seen!.insert(name).inserted
    }

    private func tag(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    /// libyaml counts lines and columns from 0, columns in characters.
    private func mark(_ mark: yaml_mark_t) -> Mark {
        Mark(line: Int(mark.line) + 1 + lineOffset, column: Int(mark.column) + 1 + columnOffset)
    }

    private func parserError(_ parser: yaml_parser_t) -> YAMLError {
        let mark = self.mark(parser.problem_mark)
        // libyaml's marks count characters, not bytes: find the line by its number.
        let lineStart = byteOffset(ofLine: Int(parser.problem_mark.line))
        let index = byteOffset(ofColumn: Int(parser.problem_mark.column), fromLineAt: lineStart)
        if index < bytes.count, bytes[index] == UInt8(ascii: "\t") || isIndentedWithTab(lineAt: lineStart) {
            return YAMLError("a tab is used for indentation here; YAML indents with spaces", at: mark)
        }
        var message = parser.problem.map { String(cString: $0) } ?? "the YAML cannot be read"
        let context = parser.context.map { String(cString: $0) }
        if let explained = explained(problem: message, context: context, at: parser.problem_mark, start: parser.context_mark) {
            return explained
        }
        if message == "mapping values are not allowed in this context" {
            message += "; quote a value that contains ': '"
        }
        guard let context else {
            return YAMLError(message, at: mark)
        }
        // Where what was being read started: the quote or bracket never closed.
        let start = self.mark(parser.context_mark)
        guard start != mark, start.line >= 1 + lineOffset else {
            return YAMLError("\(message) (\(context))", at: mark)
        }
        let characters = bytes.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
        if Int(parser.problem_mark.index) >= characters {
            // At the end of the text, the problem is where it started.
            return YAMLError("\(message) (\(context) that starts here)", at: start)
        }
        message = "\(message) (\(context) that starts at \(start.line):\(start.column))"
        return YAMLError(message, at: mark)
    }

    /// libyaml's commonest problems in an editor's words, at the place the
    /// mistake is (a key's missing ':' is found where libyaml reads on to
    /// the next line; a quote or bracket never closed, where it opens),
    /// with libyaml's own words kept after them; nil for the others.
    private func explained(problem: String, context: String?, at problemMark: yaml_mark_t, start startMark: yaml_mark_t) -> YAMLError? {
        let detail = " (YAML: \(problem)\(context.map { " " + $0 } ?? ""))"
        let problemLine = Int(problemMark.line)
        if problem == "mapping values are not allowed in this context" || problem == "did not find expected key" {
            let line = text(ofLine: problemLine)
            let indent = line.prefix { $0 == " " }.count
            // A key written without its ':' on a line above, read as the start of a value going on here.
            if let (above, aboveText) = previousLine(before: problemLine), aboveText.prefix(while: { $0 == " " }).count == indent {
                let words = aboveText.dropFirst(indent)
                if !words.contains(":"), !words.hasPrefix("-"), !words.hasPrefix("#"), let space = words.firstIndex(of: " ") {
                    let key = words[..<space], value = words[space...].drop { $0 == " " }
                    let column = indent + key.count
                    return YAMLError("'\(words)' has no ':' after its key: write '\(key): \(value)'\(detail)", at: Mark(line: above + 1 + lineOffset, column: column + 1 + columnOffset))
                }
            }
            guard problem == "mapping values are not allowed in this context" else { return nil }
            // A value holding ': ', read as a second key.
            let body = line.dropFirst(indent).drop { $0 == "-" || $0 == " " }
            if let colon = body.firstRange(of: ": "), !body.hasPrefix("\""), !body.hasPrefix("'") {
                let key = body[..<colon.lowerBound], value = Self.trimmed(body[colon.upperBound...])
                if !value.hasPrefix("\""), !value.hasPrefix("'"), !value.hasPrefix("{"), !value.hasPrefix("[") {
                    let quoted = value.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"")
                    return YAMLError("the value of '\(key)' holds ': ', which YAML reads as the start of another key: put the whole value in quotes, \(key): \"\(quoted)\"\(detail)", at: mark(problemMark))
                }
            }
            return nil
        }
        guard let context else { return nil }
        let start = mark(startMark)
        if context.contains("quoted scalar") {
            return YAMLError("the quote opened here is never closed: end the value with the same quote mark, on its line\(detail)", at: start)
        }
        for (name, open, close) in [("flow mapping", "{", "}"), ("flow sequence", "[", "]")] where context.contains(name) {
            return YAMLError("the '\(open)' opened here is never closed with '\(close)', or two of its entries have no ',' between them\(detail)", at: start)
        }
        return nil
    }

    /// `text` without spaces and tabs at either end.
    private static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }

    /// The 0-based line `line` of the text, without its line break.
    private func text(ofLine line: Int) -> String {
        let start = byteOffset(ofLine: line)
        var end = start
        while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
        return String(String(decoding: bytes[start..<end], as: UTF8.self).filter { $0 != "\r" })
    }

    /// The nearest line above the 0-based line `line` with text that is
    /// not a comment: its number and text.
    private func previousLine(before line: Int) -> (Int, String)? {
        var index = line - 1
        while index >= 0 {
            let text = text(ofLine: index)
            let trimmed = Self.trimmed(text[...])
            if !trimmed.isEmpty, !trimmed.hasPrefix("#") { return (index, text) }
            index -= 1
        }
        return nil
    }

    /// The byte offset where the 0-based line `line` starts (or the end).
    private func byteOffset(ofLine line: Int) -> Int {
        var remaining = line
        var offset = 0
        while remaining > 0, offset < bytes.count {
            if bytes[offset] == UInt8(ascii: "\n") { remaining -= 1 }
            offset += 1
        }
        return offset
    }

    /// The byte offset of the 0-based character `column` of the line at `start`.
    private func byteOffset(ofColumn column: Int, fromLineAt start: Int) -> Int {
        var offset = start
        var characters = 0
        while offset < bytes.count, bytes[offset] != UInt8(ascii: "\n") {
            if bytes[offset] & 0xC0 != 0x80 {
                if characters == column { return offset }
                characters += 1
            }
            offset += 1
        }
        return offset
    }

    /// Whether the line starting at `start` has a tab in its indentation.
    private func isIndentedWithTab(lineAt start: Int) -> Bool {
        var position = start
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") {
            if bytes[position] == UInt8(ascii: "\t") { return true }
            position += 1
        }
        return false
    }
}
