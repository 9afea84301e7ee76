/// Numbers written in hexadecimal: the build cache's hashes and times, and
/// the escapes of JSON (`\u001f`) and of URLs (`%1F`).
public enum HexDigits {
    /// The digit for `nibble` (below 16), `a`–`f` in lower case.
    @inlinable @inline(__always)
    public static func lowercase(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &- 10 &+ nibble
    }

    /// The digit for `nibble` (below 16), `A`–`F` in upper case.
    @inlinable @inline(__always)
    public static func uppercase(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "A") &- 10 &+ nibble
    }

    /// How many digits `value` takes without leading zeros (1 for zero).
    @inlinable @inline(__always)
    public static func count(of value: UInt64) -> Int {
        max(1, (64 - value.leadingZeroBitCount + 3) / 4)
    }

    /// The eight lowercase digits of `half`, a byte each, most significant
    /// first in memory: each nibble spread to a byte of its own and made a
    /// digit or a letter by arithmetic on the eight bytes together, with
    /// no division and no table.
    @inlinable @inline(__always)
    static func spread(_ half: UInt32) -> UInt64 {
        var x = UInt64(half)
        x = (x | x << 16) & 0x0000_FFFF_0000_FFFF
        x = (x | x << 8) & 0x00FF_00FF_00FF_00FF
        x = (x | x << 4) & 0x0F0F_0F0F_0F0F_0F0F
        // `a`–`f` are 0x27 past where `0` + 10 would put them.
        let letters = ((x &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        return (x &+ 0x3030_3030_3030_3030 &+ letters &* 0x27).byteSwapped
    }
}
