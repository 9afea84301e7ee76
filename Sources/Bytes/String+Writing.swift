extension String {
    /// The text of the UTF-8 bytes `body` appends, at most `capacity` of
    /// them: made in one step, with no allocation when it takes fifteen
    /// bytes or fewer (a small string's). Bytes that are not UTF-8 become
    /// U+FFFD, as `String(decoding:as:)` makes them.
    @inlinable
    public init(utf8Capacity capacity: Int, writing body: (inout OutputSpan<UInt8>) -> Void) {
        // The standard library lets a string's memory be written only
        // through a pointer to it: the pointer goes no further than here.
        self.init(unsafeUninitializedCapacity: capacity) { buffer in
            var output = OutputSpan(buffer: buffer, initializedCount: 0)
            body(&output)
            return output.finalize(for: buffer)
        }
    }
}

extension String {
    /// The text of UTF-8 `bytes`; bytes that are not UTF-8 become U+FFFD,
    /// as `String(decoding:as:)` makes them.
    @inlinable
    public init(decoding bytes: Span<UInt8>) {
        self.init(utf8Capacity: bytes.count) { $0.append(copying: bytes) }
    }
}

extension OutputSpan where Element == UInt8 {
    /// Appends `bytes`; there must be room for them. (An output span has
    /// no copy of a span of its own: one `memcpy` through the pointers.)
    @inlinable
    public mutating func append(copying bytes: Span<UInt8>) {
        precondition(freeCapacity >= bytes.count, "no room for the bytes")
        let start = count
        withUnsafeMutableBufferPointer { buffer, initialized in
            bytes.withUnsafeBufferPointer { source in
                if let from = source.baseAddress { (buffer.baseAddress! + start).initialize(from: from, count: source.count) }
            }
            initialized += bytes.count
        }
    }

    /// Appends the UTF-8 bytes of `text`; there must be room for them.
    @inlinable
    public mutating func append(_ text: String) {
        append(copying: text.utf8.span)
    }
}
