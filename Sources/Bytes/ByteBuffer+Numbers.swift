extension ByteBuffer {
    /// Appends an integer in decimal.
    @inlinable
    public mutating func append(_ number: Int) {
        if number < 0 { append(byte: UInt8(ascii: "-")) }
        append(unsigned: UInt64(number.magnitude))
    }

    /// Appends an unsigned integer in decimal, at least `width` digits
    /// (zeros first), made from the right in twenty bytes of scratch.
    @inlinable
    public mutating func append(unsigned number: UInt64, width: Int = 1) {
        let digits = max(DecimalDigits.count(of: number), min(width, 20))
        var scratch = InlineArray<20, UInt8>(repeating: 0)
        var span = scratch.mutableSpan
        DecimalDigits.write(number, width: digits, into: &span, at: 0)
        append(scratch.span.extracting(0..<digits))
    }

    /// Appends a number in lowercase hexadecimal, without leading zeros.
    @inlinable
    public mutating func append(hex number: UInt64) {
        let digits = HexDigits.count(of: number)
        // All sixteen digits made at once, in two words, most significant
        // first in memory; the last `digits` of them kept: the words
        // shifted so that those come first.
        let high = HexDigits.spread(UInt32(truncatingIfNeeded: number >> 32))
        let low = HexDigits.spread(UInt32(truncatingIfNeeded: number))
        if digits <= 8 {
            append(word: (low >> (8 &* UInt64(8 &- digits))).littleEndian, count: digits)
        } else {
            append(word: (high >> (8 &* UInt64(16 &- digits))).littleEndian, count: digits &- 8)
            append(word: low.littleEndian, count: 8)
        }
    }
}
