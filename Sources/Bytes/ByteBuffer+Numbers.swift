extension ByteBuffer {
    /// Appends an integer in decimal.
    @inlinable
    public mutating func append(_ number: Int) {
        if number < 0 { append(byte: UInt8(ascii: "-")) }
        append(unsigned: UInt64(number.magnitude))
    }

    /// Appends an unsigned integer in decimal, at least `width` digits
    /// (zeros first), made from the right where they go.
    @inlinable
    public mutating func append(unsigned number: UInt64, width: Int = 1) {
        let digits = max(DecimalDigits.count(of: number), min(width, 20))
        append(room: digits) { room in
            DecimalDigits.write(number, width: digits, into: &room, at: 0)
            return digits
        }
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
        append(rawRoom: 16) { room in
            if digits <= 8 {
                room.storeBytes(of: (low >> (8 * UInt64(8 - digits))).littleEndian, toByteOffset: 0, as: UInt64.self)
            } else {
                room.storeBytes(of: (high >> (8 * UInt64(16 - digits))).littleEndian, toByteOffset: 0, as: UInt64.self)
                room.storeBytes(of: low.littleEndian, toByteOffset: digits - 8, as: UInt64.self)
            }
            return digits
        }
    }
}
