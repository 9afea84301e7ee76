import Bytes
import Testing

@Suite("Numbers written in decimal and hexadecimal where they go")
struct DigitsTests {
    /// Digits counted and written as `String` writes them, zeros first to a width.
    @Test(arguments: [0, 1, 9, 10, 99, 100, 4_096, 1_000_000_007, UInt64.max] as [UInt64])
    func decimalDigitsAsStringWritesThem(value: UInt64) {
        let text = String(value)
        #expect(DecimalDigits.count(of: value) == text.utf8.count)
        var bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 24)
        var span = bytes.mutableSpan
        DecimalDigits.write(value, width: 22, into: &span, at: 1)
        #expect(String(decoding: bytes, as: UTF8.self) == "x" + String(repeating: "0", count: 22 - text.utf8.count) + text + "x")
        let appended = [UInt8](capacity: 30) { output in
            output.append(UInt8(ascii: "<"))
            DecimalDigits.append(value, width: text.utf8.count, to: &output)
            output.append(UInt8(ascii: ">"))
        }
        #expect(appended == Array(("<" + text + ">").utf8))
    }

    @Test func aNumberWiderThanItsWidthKeepsItsLastDigits() {
        var bytes = [UInt8](repeating: 0, count: 2)
        var span = bytes.mutableSpan
        DecimalDigits.write(2026, width: 2, into: &span, at: 0)
        #expect(bytes == Array("26".utf8))
    }

    @Test func hexDigitsForEveryNibble() {
        #expect((0..<16).map { HexDigits.lowercase(UInt8($0)) } == Array("0123456789abcdef".utf8))
        #expect((0..<16).map { HexDigits.uppercase(UInt8($0)) } == Array("0123456789ABCDEF".utf8))
        #expect([0, 1, 0xF, 0x10, UInt64.max].map(HexDigits.count(of:)) == [1, 1, 1, 2, 16])
    }

    @Test(arguments: [0, 7, 15, 16, 100])
    func stringsAreWrittenInOneStep(length: Int) {
        let text = String(repeating: "é", count: length / 2) + String(repeating: "a", count: length % 2)
        let made = String(utf8Capacity: text.utf8.count + 4) { output in
            output.append(text)
            output.append(copying: Array("!?".utf8).span)
        }
        #expect(made == text + "!?")
    }
}
