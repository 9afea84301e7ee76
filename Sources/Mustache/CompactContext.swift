import Bytes

/// A template context laid out for rendering: every object's members and
/// every list's elements side by side in one run of slots, names as
/// numbers (``ContextKey``), texts as UTF-8 bytes in another run.
///
/// A ``Value`` tree is an array for every object and list and a counted
/// reference for every text: a page's context is hundreds of them, made,
/// looked up (each lookup copying what it finds, a reference count changed
/// twice) and freed for every page. A compact context is two runs of
/// memory, written by appending to them, read where the values lie, and
/// freed at once (or written over by the next page's).
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

    /// The slots and the texts, freed with the last copy of the context;
    /// taken back by a builder when that copy is its own
    /// (``Builder/init(reusing:)``). Unchecked as sendable: nothing writes
    /// to it once a context holds it.
    final class Storage: @unchecked Sendable {
        /// The slots: each list's elements and each object's members one
        /// after another, the root last.
        fileprivate var slots: Buffer<Slot>
        /// Every text's UTF-8 bytes, one after another.
        fileprivate var bytes: ByteBuffer

        fileprivate init(slots: consuming Buffer<Slot>, bytes: consuming ByteBuffer) {
            self.slots = slots
            self.bytes = bytes
        }

        /// Hands its buffers, emptied, to a builder, in place of the
        /// empty ones it had.
        fileprivate func hand(slots: inout Buffer<Slot>, bytes: inout ByteBuffer) {
            swap(&slots, &self.slots)
            swap(&bytes, &self.bytes)
            slots.removeAll()
            bytes.removeAll()
        }
    }

    private var storage: Storage
    /// The root's place in `slots`.
    let root: Int

    /// Calls `body` with the slots and the texts' bytes, where they lie
    /// while the context lasts.
    func withSpans<Result, Failure: Error>(_ body: (_ slots: Span<Slot>, _ bytes: Span<UInt8>) throws(Failure) -> Result) throws(Failure) -> Result {
        try storage.slots.withElements { (slots) throws(Failure) in
            try storage.bytes.withBytes { (bytes) throws(Failure) in try body(slots, bytes) }
        }
    }

    /// `value`, laid out; its objects' keys are numbered on the way.
    public init(_ value: Value) {
        var builder = Builder()
        var keys: [String: ContextKey] = [:]
        builder.add(nil, value, keys: &keys)
        self = builder.finish()
    }

    fileprivate init(storage: Storage, root: Int) {
        self.storage = storage
        self.root = root
    }

    /// Hands the buffers of a context no other copy holds, emptied, to a
    /// builder to write in again; none when another copy holds them.
    fileprivate mutating func handBuffers(slots: inout Buffer<Slot>, bytes: inout ByteBuffer) {
        if isKnownUniquelyReferenced(&storage) { storage.hand(slots: &slots, bytes: &bytes) }
    }

    /// The context as a `Value` tree: what tests and tools inspect.
    public var value: Value {
        withSpans { slots, bytes in value(at: root, slots, bytes) }
    }

    private func value(at index: Int, _ slots: Span<Slot>, _ bytes: Span<UInt8>) -> Value {
        let slot = slots[index]
        switch slot.kind {
        case .null: return .null
        case .false: return .bool(false)
        case .true: return .bool(true)
        case .int: return .int(Int(slot.payload))
        case .double: return .double(Double(bitPattern: UInt64(bitPattern: slot.payload)))
        case .string:
            let start = Int(slot.payload)
            return .string(String(decoding: bytes.extracting(start..<start + Int(slot.count))))
        case .list:
            let start = Int(slot.payload)
            return .list((start..<start + Int(slot.count)).map { value(at: $0, slots, bytes) })
        case .object:
            let start = Int(slot.payload)
            return .object(Members(literal: (start..<start + Int(slot.count)).map { member in
                (ContextKey(id: slots[member].key).name, value(at: member, slots, bytes))
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
    public struct Builder: ~Copyable {
        private var slots: Buffer<Slot>
        private var bytes: ByteBuffer
        /// The members and elements of the containers still open, innermost last.
        private var pending = Buffer<Slot>(capacity: 64)
        /// The containers still open, innermost last.
        private var open = Buffer<Open>(capacity: 16)

        /// An open container: where its members start in `pending`, and
        /// the key and kind of the slot it becomes. Usable from inlinable
        /// code, as the builder's own inlinable methods end with its
        /// destruction in the caller's module.
        @usableFromInline
        struct Open: BitwiseCopyable {
            var start: Int
            var key: UInt32
            var kind: Slot.Kind
        }

        /// An empty builder, with room for `slots` values and `bytes`
        /// bytes of text (a page's context is about a thousand values and
        /// some thirty kilobytes of text), so that neither grows as it is written.
        public init(slots: Int = 0, bytes: Int = 0) {
            self.slots = Buffer(capacity: slots)
            self.bytes = Buffer(capacity: bytes)
        }

        /// An empty builder that writes where `context` was written, once
        /// no other copy of it is left: a worker writing a page's context
        /// after another's writes it in the memory the last one grew to.
        public init(reusing context: consuming CompactContext) {
            slots = Buffer(capacity: 0)
            bytes = ByteBuffer(capacity: 0)
            context.handBuffers(slots: &slots, bytes: &bytes)
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
            precondition(container.kind != .string, "a container ends where it began")
            let count = pending.count - container.start
            let start = slots.count
            pending.withElements { slots.append($0.extracting(container.start...)) }
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
            bytes.append(text)
            pending.append(Slot(payload: Int64(start), key: key?.id ?? 0, count: UInt32(bytes.count - start), kind: .string))
        }

        /// Begins a text written in parts (``appendText(_:)``), with no
        /// string made of them: the member `key` of the open object, or an
        /// element of the open list. Nothing else is added until it ends.
        public mutating func beginText(_ key: ContextKey?) {
            open.append(Open(start: bytes.count, key: key?.id ?? 0, kind: .string))
        }

        /// Appends a part to the text begun.
        public mutating func appendText(_ part: String) {
            bytes.append(part)
        }

        /// Appends UTF-8 bytes to the text begun.
        public mutating func appendText(bytes part: Span<UInt8>) {
            bytes.append(part)
        }

        /// Appends a number, in decimal, to the text begun (the digits
        /// written where the text is, with no string made of them).
        public mutating func appendText(_ number: Int) {
            bytes.append(number)
        }

        /// Ends the text begun.
        public mutating func endText() {
            let text = open.removeLast()
            precondition(text.kind == .string, "a text ends where it began")
            pending.append(Slot(payload: Int64(text.start), key: text.key, count: UInt32(bytes.count - text.start), kind: .string))
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
            precondition(open.count == 0 && pending.count == 1, "a compact context is one value, its containers all ended")
            slots.append(pending[0])
            let root = slots.count - 1
            return CompactContext(storage: Storage(slots: slots, bytes: bytes), root: root)
        }
    }
}
