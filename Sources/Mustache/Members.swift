/// The members of an object ``Value``: its keys and their values, in the
/// order they were given.
///
/// An object is made once and looked up a handful of times (a value is
/// laid out as a ``CompactContext`` to render, its members read once), so
/// hashing every key on the way in (as a dictionary does) costs more than
/// it saves. Members are kept in an array and searched comparing lengths
/// first; when a key is given twice, the last value is the one found, as
/// with a dictionary literal, and as a compact context finds it.
public struct Members: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// One key and its value.
    public struct Pair: Sendable {
        /// The name a tag looks up.
        public var key: String
        /// What the name resolves to.
        public var value: Value
    }

    /// The key–value pairs as a literal gives them: the literal's own array
    /// is kept, so that building a context allocates and copies nothing more.
    private var elements: [(String, Value)]

    /// The key–value pairs, in the order given; a later pair hides an earlier one of the same key.
    public var pairs: [Pair] { elements.map { Pair(key: $0.0, value: $0.1) } }

    /// No members.
    public init() { elements = [] }

    /// Members from a dictionary, in the order of its keys (so that the
    /// result does not depend on the dictionary's hashing).
    public init(_ dictionary: [String: Value]) {
        elements = dictionary.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// `["title": "Home"]` builds members; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, Value)...) {
        self.elements = elements
    }

    init(literal elements: [(String, Value)]) {
        self.elements = elements
    }

    /// The value under `key`, or nil when there is none. Setting a value
    /// adds a pair that hides any earlier one; setting nil removes the key.
    public subscript(key: String) -> Value? {
        get {
            // Through the buffer, keys are compared where they are, without a copy of each.
            let length = key.utf8.count
            let pairs = elements.span
            var index = pairs.count - 1
            while index >= 0 {
                if pairs[index].0.utf8.count == length, pairs[index].0 == key { return pairs[index].1 }
                index -= 1
            }
            return nil
        }
        set {
            elements.removeAll { $0.0 == key }
            if let newValue { elements.append((key, newValue)) }
        }
    }

    /// Calls `body` with each key and its value, in the order given
    /// (a repeated key's earlier values too).
    func forEachPair(_ body: (String, Value) -> Void) {
        for (key, value) in elements { body(key, value) }
    }

    /// The members as a dictionary, the last value of a repeated key winning.
    public var dictionary: [String: Value] {
        Dictionary(elements, uniquingKeysWith: { _, last in last })
    }

    /// Two objects are equal when the same keys find equal values, whatever their order.
    public static func == (lhs: Members, rhs: Members) -> Bool {
        lhs.dictionary == rhs.dictionary
    }
}
