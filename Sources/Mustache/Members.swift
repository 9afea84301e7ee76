/// The members of an object ``Value``: its keys and their values, in the
/// order they were given.
///
/// A template context is built once per page and each of its objects is
/// looked up a handful of times, so hashing every key on the way in (as a
/// dictionary does) costs more than it saves. Members are kept in an array
/// and searched comparing lengths first; when a key is given twice, the
/// last value is the one found, as with a dictionary literal.
public struct Members: Sendable, Equatable, ExpressibleByDictionaryLiteral {
    /// One key and its value.
    ///
    /// A struct rather than a tuple: an array of structs is destroyed by
    /// compiled code, an array of tuples through the runtime's generic path.
    public struct Pair: Sendable {
        /// The name a tag looks up.
        public var key: String
        /// What the name resolves to.
        public var value: Value
    }

    /// The key–value pairs, in the order given; a later pair hides an earlier one of the same key.
    public private(set) var pairs: [Pair]

    /// No members.
    public init() { pairs = [] }

    /// Members from a dictionary, in the order of its keys (so that the
    /// result does not depend on the dictionary's hashing).
    public init(_ dictionary: [String: Value]) {
        pairs = dictionary.sorted { $0.key < $1.key }.map { Pair(key: $0.key, value: $0.value) }
    }

    /// `["title": "Home"]` builds members; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, Value)...) {
        self.init(literal: elements)
    }

    init(literal elements: [(String, Value)]) {
        pairs = []
        pairs.reserveCapacity(elements.count)
        for (key, value) in elements { pairs.append(Pair(key: key, value: value)) }
    }

    /// The value under `key`, or nil when there is none. Setting a value
    /// adds a pair that hides any earlier one; setting nil removes the key.
    public subscript(key: String) -> Value? {
        get {
            let length = key.utf8.count
            var index = pairs.count - 1
            while index >= 0 {
                let candidate = pairs[index].key
                if candidate.utf8.count == length, candidate == key { return pairs[index].value }
                index -= 1
            }
            return nil
        }
        set {
            pairs.removeAll { $0.key == key }
            if let newValue { pairs.append(Pair(key: key, value: newValue)) }
        }
    }

    /// The members as a dictionary, the last value of a repeated key winning.
    public var dictionary: [String: Value] {
        Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// Two objects are equal when the same keys find equal values, whatever their order.
    public static func == (lhs: Members, rhs: Members) -> Bool {
        lhs.dictionary == rhs.dictionary
    }
}
