@testable import DuoSite
import Testing

@Suite("Numbers written in decimal where they go")
struct DecimalDigitsTests {
    /// A prefix and a number give what interpolating them gives, in a small
    /// string or not, whatever the number's sign and size.
    @Test(arguments: [0, 3, 9, 10, 12, 99, 100, 12_345, -1, -40, Int.max, Int.min])
    func numberedAsInterpolated(number: Int) {
        #expect(String.numbered("rule-", number) == "rule-\(number)")
        #expect(String.numbered("source-", number) == "source-\(number)")
        #expect(String.numbered("", number) == "\(number)")
    }

    /// Digits counted and written as `String` writes them, zeros first to a width.
    @Test(arguments: [0, 1, 9, 10, 99, 100, 4_096, 1_000_000_007, UInt64.max] as [UInt64])
    func digitsAsStringWritesThem(value: UInt64) {
        let text = String(value)
        #expect(DecimalDigits.count(of: value) == text.utf8.count)
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 24)
        bytes.withUnsafeMutableBufferPointer { DecimalDigits.write(value, width: 22, into: $0, at: 1) }
        #expect(String(decoding: bytes, as: UTF8.self) == "x" + String(repeating: "0", count: 22 - text.utf8.count) + text + "x")
    }
}
