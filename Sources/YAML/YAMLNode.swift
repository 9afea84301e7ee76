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

/// A parsed YAML document: its nodes in one list, each node's children's
/// places in another, and its scalars' UTF-8 bytes in a third.
///
/// A document made of Swift values is a string for every scalar and an
/// array for every list and map, each made as the document is read and
/// each freed with it; a page's demo block is some hundred of them, and
/// most of its keys are only compared, never read as text. Here a node is
/// a few numbers, a scalar's text is made a string when it is asked for,
/// and the document is freed at once.
final class YAMLTree: Sendable {
    /// What a node holds.
    enum Kind: UInt8 {
        case scalar, sequence, mapping
    }

    /// One node. A scalar's text is `count` bytes from `start` in `bytes`;
    /// a sequence's elements are `count` places from `start` in `children`,
    /// a mapping's `count` pairs the `2 * count` places from there, each
    /// key before its value.
    struct Node {
        var kind: Kind
        var style: YAMLNode.Style
        var line: Int32
        var column: Int32
        /// The tag's place in `tags`, or -1.
        var tag: Int32
        var start: Int32
        var count: Int32
    }

    let nodes: [Node]
    let children: [Int32]
    let bytes: [UInt8]
    let tags: [String]

    init(nodes: [Node], children: [Int32], bytes: [UInt8], tags: [String]) {
        self.nodes = nodes
        self.children = children
        self.bytes = bytes
        self.tags = tags
    }

    /// Calls `body` with the bytes of the scalar `node`.
    @inline(__always)
    func withText<R>(of node: Node, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        bytes.withUnsafeBufferPointer { all in
            body(UnsafeBufferPointer(rebasing: all[Int(node.start)..<Int(node.start + node.count)]))
        }
    }
}

/// A YAML node, keeping where it stands in its file, so that every finding
/// about a value can point at it. It is a place in its document: copying it
/// copies no text or list.
public struct YAMLNode: Sendable {
    /// How a scalar was written: plain scalars are the ones YAML resolves to
    /// null, booleans and numbers; quoted and block scalars are always text.
    public enum Style: UInt8, Sendable, Hashable {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    /// One key and its value in a mapping, in file order.
    public struct Pair: Sendable {
        /// The key node (a scalar in every file duosite reads).
        public var key: YAMLNode
        /// The value node.
        public var value: YAMLNode

        /// Creates a pair.
        public init(key: YAMLNode, value: YAMLNode) {
            self.key = key
            self.value = value
        }
    }

    /// A node's content, made whole: a reader that takes every shape
    /// in turn switches on it.
    public enum Content: Sendable {
        case scalar(String, Style)
        case sequence([YAMLNode])
        case mapping([Pair])
    }

    let tree: YAMLTree
    let index: Int

    init(tree: YAMLTree, index: Int) {
        self.tree = tree
        self.index = index
    }

    /// A node of its own, not read from a file (a value a reader stands
    /// in for one left out).
    public init(_ content: Content, mark: Mark, tag: String? = nil) {
        var builder = YAMLTreeBuilder()
        let root = builder.add(content, mark: mark, tag: tag)
        self.init(tree: builder.finish(), index: root)
    }

    private var node: YAMLTree.Node {
        tree.nodes[index]
    }

    /// Where the node starts in its file.
    public var mark: Mark {
        let node = self.node
        return Mark(line: Int(node.line), column: Int(node.column))
    }

    /// The node's explicit tag (`!!str`), if it has one.
    public var tag: String? {
        let tag = node.tag
        return tag < 0 ? nil : tree.tags[Int(tag)]
    }

    /// The node's content, made whole.
    public var content: Content {
        let node = self.node
        switch node.kind {
        case .scalar: return .scalar(tree.withText(of: node) { String(decoding: $0, as: UTF8.self) }, node.style)
        case .sequence: return .sequence(Array(Elements(tree: tree, start: Int(node.start), count: Int(node.count))))
        case .mapping: return .mapping(Array(Pairs(tree: tree, start: Int(node.start), count: Int(node.count))))
        }
    }
}

extension YAMLNode {
    /// The elements of a sequence, read where they lie.
    public struct Elements: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
        private let tree: YAMLTree?
        private let start: Int
        private let owned: [YAMLNode]
        public let count: Int

        init(tree: YAMLTree, start: Int, count: Int) {
            self.tree = tree
            self.start = start
            self.count = count
            self.owned = []
        }

        /// Nodes given one by one (`value.elements ?? [value]`).
        public init(arrayLiteral elements: YAMLNode...) {
            tree = nil
            start = 0
            owned = elements
            count = elements.count
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { count }

        public subscript(position: Int) -> YAMLNode {
            guard let tree else { return owned[position] }
            precondition(position >= 0 && position < count, "an element of the sequence")
            return YAMLNode(tree: tree, index: Int(tree.children[start + position]))
        }
    }

    /// The pairs of a mapping, in file order, read where they lie.
    public struct Pairs: RandomAccessCollection, ExpressibleByArrayLiteral, Sendable {
        private let tree: YAMLTree?
        private let start: Int
        private let owned: [Pair]
        public let count: Int

        init(tree: YAMLTree, start: Int, count: Int) {
            self.tree = tree
            self.start = start
            self.count = count
            self.owned = []
        }

        /// Pairs given one by one (`node.pairs ?? []`).
        public init(arrayLiteral pairs: Pair...) {
            tree = nil
            start = 0
            owned = pairs
            count = pairs.count
        }

        public var startIndex: Int { 0 }
        public var endIndex: Int { count }

        public subscript(position: Int) -> Pair {
            guard let tree else { return owned[position] }
            precondition(position >= 0 && position < count, "a pair of the mapping")
            let place = start + 2 * position
            return Pair(key: YAMLNode(tree: tree, index: Int(tree.children[place])),
                        value: YAMLNode(tree: tree, index: Int(tree.children[place + 1])))
        }
    }

    /// The scalar's text, whatever its style; nil for a sequence or mapping.
    public var string: String? {
        let node = self.node
        guard node.kind == .scalar else { return nil }
        return tree.withText(of: node) { String(decoding: $0, as: UTF8.self) }
    }

    /// The pairs of a mapping; nil for anything else.
    public var pairs: Pairs? {
        let node = self.node
        guard node.kind == .mapping else { return nil }
        return Pairs(tree: tree, start: Int(node.start), count: Int(node.count))
    }

    /// The elements of a sequence; nil for anything else.
    public var elements: Elements? {
        let node = self.node
        guard node.kind == .sequence else { return nil }
        return Elements(tree: tree, start: Int(node.start), count: Int(node.count))
    }

    private static func equal(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard text.count == word.utf8CodeUnitCount else { return false }
        for offset in 0..<text.count where text[offset] != word.utf8Start[offset] {
            return false
        }
        return true
    }

    /// Whether the node is YAML's null: a plain `~`, `null` or nothing.
    public var isNull: Bool {
        let node = self.node
        guard node.kind == .scalar, node.style == .plain, node.tag < 0 else { return false }
        // Asked of nearly every value: most are longer than any null.
        switch node.count {
        case 0: return true
        case 1, 4:
            return tree.withText(of: node) { text in
                YAMLNode.equal(text, "~") || YAMLNode.equal(text, "null") || YAMLNode.equal(text, "Null") || YAMLNode.equal(text, "NULL")
            }
        default: return false
        }
    }

    /// The node as a boolean, for a plain `true` or `false`.
    public var bool: Bool? {
        guard tag == nil || tag == "tag:yaml.org,2002:bool" else { return nil }
        let node = self.node
        guard node.kind == .scalar, node.style == .plain else { return nil }
        return tree.withText(of: node) { text -> Bool? in
            if YAMLNode.equal(text, "true") || YAMLNode.equal(text, "True") || YAMLNode.equal(text, "TRUE") { return true }
            if YAMLNode.equal(text, "false") || YAMLNode.equal(text, "False") || YAMLNode.equal(text, "FALSE") { return false }
            return nil
        }
    }

    /// The node as an integer, for a plain decimal number.
    public var int: Int? {
        guard tag == nil || tag == "tag:yaml.org,2002:int" else { return nil }
        let node = self.node
        guard node.kind == .scalar, node.style == .plain else { return nil }
        return string.flatMap { Int($0) }
    }

    /// Whether a scalar was written plain (unquoted), so YAML would resolve it.
    public var isPlain: Bool {
        let node = self.node
        return node.kind == .scalar && node.style == .plain && node.tag < 0
    }

    /// A short name for the node's shape, for messages: "text", "a list", "a map".
    public var shapeDescription: String {
        switch node.kind {
        case .scalar: return isNull ? "nothing" : "a value"
        case .sequence: return "a list"
        case .mapping: return "a map"
        }
    }

    /// The value under `key` in a mapping, if present: keys compared as
    /// bytes where they lie, no string made of them.
    public subscript(key: String) -> YAMLNode? {
        let node = self.node
        guard node.kind == .mapping else { return nil }
        let tree = self.tree
        return YAMLNode.withUTF8(of: key) { wanted in
            var place = Int(node.start)
            let end = place + 2 * Int(node.count)
            while place < end {
                if tree.nodes[Int(tree.children[place])].isScalar(wanted, in: tree) {
                    return YAMLNode(tree: tree, index: Int(tree.children[place + 1]))
                }
                place += 2
            }
            return nil
        }
    }

    /// Whether the node is a scalar whose text is one of `texts` (a key
    /// among those a map may have), compared as bytes where it lies: no
    /// string is made of it.
    public func isScalar(in texts: [String]) -> Bool {
        let node = self.node
        guard node.kind == .scalar else { return false }
        for text in texts where YAMLNode.withUTF8(of: text, { node.isScalar($0, in: tree) }) {
            return true
        }
        return false
    }

    /// Calls `body` with the UTF-8 bytes of `text`, without copying a native string.
    @inline(__always)
    static func withUTF8<R>(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> R) -> R {
        if let result = text.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = text
        return copy.withUTF8(body)
    }
}

extension YAMLTree.Node {
    /// Whether the node is a scalar whose bytes are `text`.
    @inline(__always)
    func isScalar(_ text: UnsafeBufferPointer<UInt8>, in tree: YAMLTree) -> Bool {
        guard kind == .scalar, Int(count) == text.count else { return false }
        return tree.withText(of: self) { own in
            own.isEmpty || own.elementsEqual(text)
        }
    }
}

/// Writes a document's nodes, as the parser meets them or from content
/// made whole.
struct YAMLTreeBuilder {
    var nodes: [YAMLTree.Node] = []
    var children: [Int32] = []
    var bytes: [UInt8] = []
    var tags: [String] = []

    /// The place of a new node at `mark`, its children or text to come.
    mutating func open(_ kind: YAMLTree.Kind, style: YAMLNode.Style = .plain, mark: Mark, tag: String?) -> Int {
        var tagPlace: Int32 = -1
        if let tag {
            tagPlace = Int32(tags.count)
            tags.append(tag)
        }
        nodes.append(YAMLTree.Node(kind: kind, style: style, line: Int32(clamping: mark.line), column: Int32(clamping: mark.column),
                                   tag: tagPlace, start: 0, count: 0))
        return nodes.count - 1
    }

    /// The place of a new scalar of the UTF-8 `text`.
    mutating func scalar(_ text: UnsafeBufferPointer<UInt8>, style: YAMLNode.Style, mark: Mark, tag: String?) -> Int {
        let place = open(.scalar, style: style, mark: mark, tag: tag)
        nodes[place].start = Int32(bytes.count)
        nodes[place].count = Int32(text.count)
        bytes.append(contentsOf: text)
        return place
    }

    /// Lists `places` as the children of the container at `place`: a
    /// sequence's elements, or a mapping's keys and values in turn.
    mutating func close(_ place: Int, children places: ArraySlice<Int32>) {
        nodes[place].start = Int32(children.count)
        nodes[place].count = Int32(nodes[place].kind == .mapping ? places.count / 2 : places.count)
        children.append(contentsOf: places)
    }

    /// Adds `content` and everything in it; returns its place.
    mutating func add(_ content: YAMLNode.Content, mark: Mark, tag: String?) -> Int {
        switch content {
        case .scalar(let text, let style):
            var text = text
            return text.withUTF8 { scalar($0, style: style, mark: mark, tag: tag) }
        case .sequence(let elements):
            let place = open(.sequence, mark: mark, tag: tag)
            let places = elements.map { Int32(add($0.content, mark: $0.mark, tag: $0.tag)) }
            close(place, children: places[...])
            return place
        case .mapping(let pairs):
            let place = open(.mapping, mark: mark, tag: tag)
            var places: [Int32] = []
            for pair in pairs {
                places.append(Int32(add(pair.key.content, mark: pair.key.mark, tag: pair.key.tag)))
                places.append(Int32(add(pair.value.content, mark: pair.value.mark, tag: pair.value.tag)))
            }
            close(place, children: places[...])
            return place
        }
    }

    /// The document written.
    func finish() -> YAMLTree {
        YAMLTree(nodes: nodes, children: children, bytes: bytes, tags: tags)
    }
}
