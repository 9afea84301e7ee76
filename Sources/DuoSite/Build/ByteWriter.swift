import Bytes

/// The buffer duosite writes its site-wide files, JSON-LD and cache
/// records in: the `Bytes` module's, under the name the build's files use.
typealias ByteWriter = ByteBuffer

extension ByteBuffer {
    /// Appends a date as `2026-10-08`.
    mutating func append(_ day: Day) {
        appendDigits(day.year, 4)
        append(byte: UInt8(ascii: "-"))
        appendDigits(day.month, 2)
        append(byte: UInt8(ascii: "-"))
        appendDigits(day.day, 2)
    }

    private mutating func appendDigits(_ value: Int, _ width: Int) {
        if value < 0 { append(byte: UInt8(ascii: "-")) }
        append(unsigned: UInt64(value.magnitude), width: width)
    }

    /// Calls `body` with the bytes written, where they lie, through a
    /// buffer pointer: for the cache's and the output folder's writers,
    /// which take one.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try withBytes { (bytes: Span<UInt8>) throws in try bytes.withUnsafeBufferPointer(body) }
    }

    /// Appends bytes of valid UTF-8 text as they are, from where a buffer
    /// pointer gives them (the cache records' writer).
    mutating func append(utf8 piece: UnsafeBufferPointer<UInt8>) {
        append(piece.span)
    }
}
