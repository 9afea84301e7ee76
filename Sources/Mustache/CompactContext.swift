/// A template context laid out for rendering: every object's members and
/// every list's elements side by side in one array of slots, names as
/// numbers (``ContextKey``), texts as UTF-8 bytes in one buffer.
///
/// A ``Value`` tree is an array for every object and list and a counted
/// reference for every text: a page's context is hundreds of them, made,
/// looked up (each lookup copying what it finds, a reference count changed
/// twice) and freed for every page. A compact context is two arrays, made
/// by appending to them, read where the values lie, and freed at once.
/// Every `Value` renders through one (``init(_:)``); a page's context is
/// written into one directly, with a ``Builder``.
public struct CompactContext: Sendable {
    /// One value: a member of an object (with its key), an element of a
    /// list, or the root.
    struct Slot: Sendable {
        enum Kind: UInt8, Sendable {
            case null, `false`, `true`, int, double, string, list, object
        }

        /// An integer's value, a double's bits, a text's first byte in
        /// `bytes`, or a list's first element's (an object's first member's)
        /// place in `slots`.
        var payload: Int64
        /// The member's key (`ContextKey.id`); 0 for an element or the root.
        var key: UInt32
        /// A text's length in bytes, a list's elements, an object's members.
        var count: UInt32
        var kind: Kind
    }

    /// The slots: each list's elements and each object's members one after
    /// another, the root last.
    private(set) var slots: [Slot]
    /// Every text's UTF-8 bytes, one after another.
    private(set) var bytes: [UInt8]
    /// The root's place in `slots`.
    let root: Int

    /// `value`, laid out; its objects' keys are numbered on the way.
    public init(_ value: Value) {
        var builder = Builder()
        var keys: [String: ContextKey] = [:]
        builder.add(nil, value, keys: &keys)
        self = builder.finish()
    }

    fileprivate init(slots: [Slot], bytes: [UInt8], root: Int) {
        self.slots = slots
        self.bytes = bytes
        self.root = root
    }

    /// The context as a `Value` tree: what tests and tools inspect.
    public var value: Value {
        value(at: root)
    }

    private func value(at index: Int) -> Value {
        let slot = slots[index]
        switch slot.kind {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .int: return .int(Int(slot.payload))
        case .double: return .double(Double(bitPattern: UInt64(bitPattern: slot.payload)))
        case .string:
            let start = Int(slot.payload)
            return .string(String(decoding: bytes[start..<start + Int(slot.count)], as: UTF8.self))
        case .list:
            let start = Int(slot.payload)
            return .list((start..<start + Int(slot.count)).map { value(at: $0) })
        case .object:
            let start = Int(slot.payload)
            return .object(Members(literal: (start..<start + Int(slot.count)).map { member in
                (ContextKey(id: slots[member].key).name, value(at: member))
            }))
        }
    }
}

extension CompactContext {
    /// Writes a compact context, value by value, in the order a template
    /// would read them: an object or a list is begun, its members or
    /// elements added (each member with its key, each element with none),
    /// and ended. Containers nest to any depth.
    ///
    /// The members of the containers still open wait in a list of their
    /// own and join the slots, side by side, when their container ends.
    public struct Builder: Sendable {
        private var slots: [Slot] = []
        private var bytes: [UInt8] = []
        /// The members and elements of the containers still open, innermost last.
        private var pending: [Slot] = []
        /// The containers still open, innermost last.
        private var open: [Open] = []

        /// An open container: where its members start in `pending`, and
        /// the key and kind of the slot it becomes.
        private struct Open: Sendable {
            var start: Int
            var key: UInt32
            var kind: Slot.Kind
        }

        /// An empty builder, with room for `slots` values and `bytes`
        /// bytes of text (a page's context is about a thousand values and
        /// some thirty kilobytes of text), so that neither grows as it is written.
        public init(slots: Int = 0, bytes: Int = 0) {
            self.slots.reserveCapacity(slots)
            self.bytes.reserveCapacity(bytes)
            self.pending.reserveCapacity(64)
            self.open.reserveCapacity(16)
        }

        /// An empty builder that writes where `context` was written, once
        /// it is no longer needed: a worker writing a page's context after
        /// another's allocates nothing, and leaves no memory behind that
        /// only a context that large could use again.
        public init(reusing context: consuming CompactContext) {
            var context = context
            swap(&slots, &context.slots)
            swap(&bytes, &context.bytes)
            slots.removeAll(keepingCapacity: true)
            bytes.removeAll(keepingCapacity: true)
            pending.reserveCapacity(64)
            open.reserveCapacity(16)
        }

        /// Begins an object: the member `key` of the open object, or (with
        /// no key) an element of the open list, or the root.
        public mutating func beginObject(_ key: ContextKey?) {
            open.append(Open(start: pending.count, key: key?.id ?? 0, kind: .object))
        }

        /// Begins a list, as ``beginObject(_:)`` begins an object.
        public mutating func beginList(_ key: ContextKey?) {
            open.append(Open(start: pending.count, key: key?.id ?? 0, kind: .list))
        }

        /// Ends the innermost object or list begun.
        public mutating func end() {
            let container = open.removeLast()
            let count = pending.count - container.start
            let start = slots.count
            // Copied from where they lie: a slice of `pending` would be one more reference to it.
            pending.withUnsafeBufferPointer { pending in
                slots.append(contentsOf: UnsafeBufferPointer(rebasing: pending[container.start...]))
            }
            pending.removeLast(count)
            pending.append(Slot(payload: Int64(start), key: container.key, count: UInt32(count), kind: container.kind))
        }

        /// An object whose members `body` adds.
        @inlinable
        public mutating func object(_ key: ContextKey?, _ body: (inout Builder) -> Void) {
            beginObject(key)
            body(&self)
            end()
        }

        /// A list whose elements `body` adds.
        @inlinable
        public mutating func list(_ key: ContextKey?, _ body: (inout Builder) -> Void) {
            beginList(key)
            body(&self)
            end()
        }

        /// Adds a text.
        public mutating func add(_ key: ContextKey?, _ text: String) {
            let start = bytes.count
            // The text's bytes copied where they lie, the text itself not copied (nor retained).
            withUTF8(of: text) { bytes.append(contentsOf: $0) }
            pending.append(Slot(payload: Int64(start), key: key?.id ?? 0, count: UInt32(bytes.count - start), kind: .string))
        }

        /// Adds a text, or null when there is none.
        public mutating func add(_ key: ContextKey?, _ text: String?) {
            if let text { add(key, text) } else { addNull(key) }
        }

        /// Adds a boolean.
        public mutating func add(_ key: ContextKey?, _ flag: Bool) {
            pending.append(Slot(payload: 0, key: key?.id ?? 0, count: 0, kind: flag ? .true : .false))
        }

        /// Adds an integer.
        public mutating func add(_ key: ContextKey?, _ number: Int) {
            pending.append(Slot(payload: Int64(number), key: key?.id ?? 0, count: 0, kind: .int))
        }

        /// Adds a floating-point number.
        public mutating func add(_ key: ContextKey?, _ number: Double) {
            pending.append(Slot(payload: Int64(bitPattern: number.bitPattern), key: key?.id ?? 0, count: 0, kind: .double))
        }

        /// Adds null.
        public mutating func addNull(_ key: ContextKey?) {
            pending.append(Slot(payload: 0, key: key?.id ?? 0, count: 0, kind: .null))
        }

        /// Adds any value, laid out; its objects' keys are numbered on the way.
        public mutating func add(_ key: ContextKey?, _ value: Value) {
            var keys: [String: ContextKey] = [:]
            add(key, value, keys: &keys)
        }

        /// Adds `value`, numbering its objects' keys through `keys` (each
        /// name looked up in the registry once a value, however often it is
        /// used).
        mutating func add(_ key: ContextKey?, _ value: Value, keys: inout [String: ContextKey]) {
            switch value {
            case .null: addNull(key)
            case .bool(let flag): add(key, flag)
            case .int(let number): add(key, number)
            case .double(let number): add(key, number)
            case .string(let text): add(key, text)
            case .list(let elements):
                beginList(key)
                for element in elements { add(nil, element, keys: &keys) }
                end()
            case .object(let members):
                beginObject(key)
                members.forEachPair { name, member in
                    let memberKey: ContextKey
                    if let known = keys[name] {
                        memberKey = known
                    } else {
                        memberKey = ContextKey(name)
                        keys[name] = memberKey
                    }
                    add(memberKey, member, keys: &keys)
                }
                end()
            }
        }

        /// The context written: its one value at the top (an object, as a
        /// rule) is the root. Every container begun must have ended.
        public consuming func finish() -> CompactContext {
            precondition(open.isEmpty && pending.count == 1, "a compact context is one value, its containers all ended")
            slots.append(pending[0])
            return CompactContext(slots: slots, bytes: bytes, root: slots.count - 1)
        }
    }
}
