internal import CYAML

/// Parses one YAML document with libyaml into `YAMLNode` values.
///
/// The parser handle is owned by this class and freed in `deinit`. Parsing
/// rejects what would make content ambiguous or dangerous to read: a key
/// given twice in one map, tabs for indentation, several documents in one
/// file, aliases (`*name`, which could make a small file expand without
/// bound) and nesting deeper than `maximumDepth`.
public final class YAMLParser {
    /// How deep maps and lists may nest.
    public static let maximumDepth = 64

    private var parser = yaml_parser_t()
    private let bytes: [UInt8]
    private let lineOffset: Int

    /// Prepares to parse `text`, whose first line is line `firstLine` of its
    /// file (front matter starts on line 2 of a page).
    public init(_ text: String, firstLine: Int = 1) {
        self.bytes = Array(text.utf8)
        self.lineOffset = firstLine - 1
        yaml_parser_initialize(&parser)
        yaml_parser_set_encoding(&parser, YAML_UTF8_ENCODING)
    }

    deinit {
        yaml_parser_delete(&parser)
    }

    /// Parses the text: its one document's root node, or nil when the text
    /// holds no document (empty, or only comments).
    public func parse() throws(YAMLError) -> YAMLNode? {
        try bytes.withUnsafeBufferPointer { (buffer) throws(YAMLError) -> YAMLNode? in
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            return try parseStream()
        }
    }

    /// Parses `text` in one call.
    public static func parse(_ text: String, firstLine: Int = 1) throws(YAMLError) -> YAMLNode? {
        try YAMLParser(text, firstLine: firstLine).parse()
    }

    private enum Open {
        case sequence(YAMLNode, [YAMLNode])
        case mapping(YAMLNode, [YAMLNode.Pair], pendingKey: YAMLNode?, seen: Set<String>)
    }

    private func parseStream() throws(YAMLError) -> YAMLNode? {
        var stack: [Open] = []
        var root: YAMLNode?
        var documents = 0

        while true {
            var event = yaml_event_t()
            guard yaml_parser_parse(&parser, &event) != 0 else {
                throw parserError()
            }
            defer { yaml_event_delete(&event) }
            let mark = self.mark(event.start_mark)

            switch event.type {
            case YAML_STREAM_END_EVENT:
                return root
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 {
                    throw YAMLError("a second YAML document starts here; this file holds one", at: mark)
                }
            case YAML_ALIAS_EVENT:
                throw YAMLError("aliases (*name) are not supported; write the value out", at: mark)
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let text = String(decoding: UnsafeBufferPointer(start: scalar.value, count: scalar.length), as: UTF8.self)
                let style: YAMLNode.Style
                switch scalar.style {
                case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
                case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
                case YAML_LITERAL_SCALAR_STYLE: style = .literal
                case YAML_FOLDED_SCALAR_STYLE: style = .folded
                default: style = .plain
                }
                let node = YAMLNode(.scalar(text, style), mark: mark, tag: tag(scalar.tag))
                try add(node, to: &stack, root: &root)
            case YAML_SEQUENCE_START_EVENT:
                try checkDepth(stack.count, at: mark)
                stack.append(.sequence(YAMLNode(.sequence([]), mark: mark, tag: tag(event.data.sequence_start.tag)), []))
            case YAML_MAPPING_START_EVENT:
                try checkDepth(stack.count, at: mark)
                stack.append(.mapping(YAMLNode(.mapping([]), mark: mark, tag: tag(event.data.mapping_start.tag)), [], pendingKey: nil, seen: []))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                var node: YAMLNode
                switch stack.removeLast() {
                case .sequence(let start, let elements):
                    node = start
                    node.content = .sequence(elements)
                case .mapping(let start, let pairs, _, _):
                    node = start
                    node.content = .mapping(pairs)
                }
                try add(node, to: &stack, root: &root)
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

    private func add(_ node: YAMLNode, to stack: inout [Open], root: inout YAMLNode?) throws(YAMLError) {
        guard let top = stack.popLast() else {
            root = node
            return
        }
        switch top {
        case .sequence(let start, var elements):
            elements.append(node)
            stack.append(.sequence(start, elements))
        case .mapping(let start, var pairs, let pendingKey, var seen):
            if let key = pendingKey {
                pairs.append(.init(key: key, value: node))
                stack.append(.mapping(start, pairs, pendingKey: nil, seen: seen))
            } else {
                if let name = node.string {
                    if seen.contains(name) {
                        throw YAMLError("duplicate key '\(name)': it is already given above in this map", at: node.mark)
                    }
                    seen.insert(name)
                }
                stack.append(.mapping(start, pairs, pendingKey: node, seen: seen))
            }
        }
    }

    private func tag(_ pointer: UnsafeMutablePointer<yaml_char_t>?) -> String? {
        pointer.map { String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)) }
    }

    /// libyaml counts lines and columns from 0, columns in characters.
    private func mark(_ mark: yaml_mark_t) -> Mark {
        Mark(line: Int(mark.line) + 1 + lineOffset, column: Int(mark.column) + 1)
    }

    private func parserError() -> YAMLError {
        let mark = self.mark(parser.problem_mark)
        let index = Int(parser.problem_mark.index)
        if index < bytes.count, bytes[index] == UInt8(ascii: "\t") || isIndentedWithTab(before: index) {
            return YAMLError("a tab is used for indentation here; YAML indents with spaces", at: mark)
        }
        var message = parser.problem.map { String(cString: $0) } ?? "the YAML cannot be read"
        if let context = parser.context.map({ String(cString: $0) }) {
            message = "\(message) (\(context))"
        }
        return YAMLError(message, at: mark)
    }

    /// Whether the line holding `index` starts its indentation with a tab.
    private func isIndentedWithTab(before index: Int) -> Bool {
        var start = min(index, bytes.count)
        while start > 0, bytes[start - 1] != UInt8(ascii: "\n") { start -= 1 }
        var position = start
        while position < bytes.count, bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t") {
            if bytes[position] == UInt8(ascii: "\t") { return true }
            position += 1
        }
        return false
    }
}
