import Bytes
import Testing

@Suite("A byte buffer holds what is appended, in order")
struct ByteBufferTests {
    @Test func piecesAreAppendedInOrder() {
        var buffer = ByteBuffer(capacity: 1)
        let empty = buffer.isEmpty
        #expect(empty)
        buffer.append("Déjà ")
        buffer.append(markup: "vu")
        buffer.append(byte: UInt8(ascii: " "))
        buffer.append("— a substring —".dropFirst(2).dropLast(2))
        let tail: [UInt8] = Array(" 👍".utf8)
        buffer.append(tail.span)
        buffer.append(-42)
        #expect(buffer.text == "Déjà vu a substring 👍-42")
        #expect(buffer.count == buffer.text.utf8.count)
        #expect(buffer.bytes == Array(buffer.text.utf8))
        #expect(buffer.withBytes { $0.count } == buffer.count)
        let text = buffer.text
        #expect(buffer.finish() == Array(text.utf8))
    }

    /// Appends past the room made at first keep every byte, however they
    /// come: one at a time or in pieces larger than the room.
    @Test(arguments: [0, 1, 15, 16, 17, 1_000])
    func theBufferGrows(piece: Int) {
        var buffer = ByteBuffer(capacity: 16)
        var expected: [UInt8] = []
        for round in 0..<50 {
            let bytes = (0..<piece).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ round) }
            buffer.append(bytes.span)
            buffer.append(byte: UInt8(round))
            expected += bytes + [UInt8(round)]
        }
        #expect(buffer.bytes == expected)
    }

    @Test func removingAllKeepsNothingWritten() {
        var buffer = ByteBuffer()
        buffer.append("first")
        buffer.removeAll()
        buffer.append("second")
        #expect(buffer.text == "second")
    }

    @Test(arguments: [0, 1, 9, 10, 99, 100, 12_345, -1, -40, Int.max, Int.min])
    func integersAreWrittenInDecimal(number: Int) {
        var buffer = ByteBuffer()
        buffer.append(number)
        #expect(buffer.text == "\(number)")
    }

    @Test(arguments: [(0, 1, "0"), (7, 4, "0007"), (2026, 4, "2026"), (12_345, 2, "12345"), (UInt64.max, 1, "18446744073709551615"), (5, 30, String(repeating: "0", count: 19) + "5")] as [(UInt64, Int, String)])
    func unsignedIntegersAreWrittenToAWidth(number: UInt64, width: Int, expected: String) {
        var buffer = ByteBuffer()
        buffer.append(unsigned: number, width: width)
        #expect(buffer.text == expected)
    }

    /// Every number of hex digits, 1 to 16, between two other pieces.
    @Test func hexadecimalHasNoLeadingZeros() {
        var values: [UInt64] = [0, 1, 0xF, 0x10, 0xABCDEF, 0xDEAD_BEEF, UInt64.max, 0x8000_0000_0000_0000]
        for digits in 1...16 { values.append(UInt64.max >> (64 - 4 * digits)) }
        for digits in 1...16 { values.append(1 << (4 * (digits - 1))) }
        for value in values {
            var buffer = ByteBuffer(capacity: 1)
            buffer.append("[")
            buffer.append(hex: value)
            buffer.append("]")
            #expect(buffer.text == "[" + String(value, radix: 16) + "]", "\(value)")
        }
    }
}
