extension Array where Element == UInt8 {
    /// A copy of `bytes`, in an array of its own.
    @inlinable
    public init(copying bytes: Span<UInt8>) {
        self.init(capacity: bytes.count) { $0.append(copying: bytes) }
    }
}
