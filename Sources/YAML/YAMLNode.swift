/// Where a YAML node starts, 1-based, with the column counted in characters.
public struct Mark: Sendable, Hashable {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in characters.
    public var column: Int

    /// Creates a mark from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }
}

/// A YAML node as a Swift value, keeping where it stands in its file, so that
/// every finding about a value can point at it.
public struct YAMLNode: Sendable {
    /// How a scalar was written: plain scalars are the ones YAML resolves to
    /// null, booleans and numbers; quoted and block scalars are always text.
    public enum Style: Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// One key and its value in a mapping, in file order.
    public struct Pair: Sendable {
        /// The key node (a scalar in every file duosite reads).
        public var key: YAMLNode
        /// The value node.
        public var value: YAMLNode
    }

    /// A node's content.
    public enum Content: Sendable {
        case scalar(String, Style)
        case sequence([YAMLNode])
        case mapping([Pair])
    }

    /// The node's content.
    public var content: Content
    /// Where the node starts in its file.
    public var mark: Mark
    /// The node's explicit tag (`!!str`), if it has one.
    public var tag: String?

    /// Creates a node.
    public init(_ content: Content, mark: Mark, tag: String? = nil) {
        self.content = content
        self.mark = mark
        self.tag = tag
    }
}

extension YAMLNode {
    /// The scalar's text, whatever its style; nil for a sequence or mapping.
    public var string: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// The pairs of a mapping; nil for anything else.
    public var pairs: [Pair]? {
        if case .mapping(let pairs) = content { return pairs }
        return nil
    }

    /// The elements of a sequence; nil for anything else.
    public var elements: [YAMLNode]? {
        if case .sequence(let elements) = content { return elements }
        return nil
    }

    /// Whether the node is YAML's null: a plain `~`, `null` or nothing.
    public var isNull: Bool {
        guard tag == nil, case .scalar(let text, .plain) = content else { return false }
        // Asked of nearly every value: most are longer than any null.
        switch text.utf8.count {
        case 0: return true
        case 1: return text == "~"
        case 4: return text == "null" || text == "Null" || text == "NULL"
        default: return false
        }
    }

    /// The node as a boolean, for a plain `true` or `false`.
    public var bool: Bool? {
        guard tag == nil || tag == "tag:yaml.org,2002:bool",
              case .scalar(let text, .plain) = content else { return nil }
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// The node as an integer, for a plain decimal number.
    public var int: Int? {
        guard tag == nil || tag == "tag:yaml.org,2002:int",
              case .scalar(let text, .plain) = content else { return nil }
        return Int(text)
    }

    /// Whether a scalar was written plain (unquoted), so YAML would resolve it.
    public var isPlain: Bool {
        if tag == nil, case .scalar(_, .plain) = content { return true }
        return false
    }

    /// A short name for the node's shape, for messages: "text", "a list", "a map".
    public var shapeDescription: String {
        switch content {
        case .scalar: return isNull ? "nothing" : "a value"
        case .sequence: return "a list"
        case .mapping: return "a map"
        }
    }

    /// The value under `key` in a mapping, if present.
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = content else { return nil }
        return pairs.first { $0.key.isScalar(key) }?.value
    }

    /// Whether the node is the scalar `text`, compared where it is: `string`
    /// would copy the text out first, and keys are compared by the thousand.
    func isScalar(_ text: String) -> Bool {
        // Lengths first: most keys compared are not the one sought.
        if case .scalar(let own, _) = content { return own.utf8.count == text.utf8.count && own == text }
        return false
    }
}
