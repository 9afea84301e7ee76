import Testing
@testable import DuoSite

/// The protocol's framing: `Content-Length` headers, bodies split across
/// reads or several in one, and headers that cannot be read.
@Suite struct MessageFramingTests {
    @Test func aMessageSplitAcrossReadsComesOutWhole() {
        var framing = MessageFraming()
        let bytes = MessageFraming.frame(Array(#"{"jsonrpc":"2.0","method":"x"}"#.utf8))
        for byte in bytes.dropLast() {
            framing.append([byte])
            #expect(framing.next() == nil)
        }
        framing.append([bytes.last!])
        #expect(framing.next() == .message(Array(#"{"jsonrpc":"2.0","method":"x"}"#.utf8)))
        #expect(framing.next() == nil)
    }

    @Test func severalMessagesInOneReadComeOutInOrder() {
        var framing = MessageFraming()
        framing.append(MessageFraming.frame(Array("[1]".utf8)) + MessageFraming.frame(Array("\"é😀\"".utf8)) + MessageFraming.frame([]))
        #expect(framing.next() == .message(Array("[1]".utf8)))
        #expect(framing.next() == .message(Array("\"é😀\"".utf8)))
        #expect(framing.next() == .message([]))
        #expect(framing.next() == nil)
    }

    @Test func otherHeaderFieldsAndCaseAreAccepted() {
        var framing = MessageFraming()
        framing.append(Array("content-type: application/vscode-jsonrpc; charset=utf-8\r\ncontent-length:  2\r\n\r\n{}".utf8))
        #expect(framing.next() == .message(Array("{}".utf8)))
    }

    @Test(arguments: ["Content-Type: x\r\n\r\n", "Content-Length: many\r\n\r\n", "Content-Length: -4\r\n\r\n"])
    func aHeaderWithNoLengthIsPassedOverAndTheNextMessageRead(header: String) {
        var framing = MessageFraming()
        framing.append(Array(header.utf8) + MessageFraming.frame(Array("{}".utf8)))
        guard case .badHeader? = framing.next() else {
            Issue.record("the header was read")
            return
        }
        #expect(framing.next() == .message(Array("{}".utf8)))
    }

    @Test func theFrameCountsBytesNotCharacters() {
        let framed = MessageFraming.frame(Array("\"“😀”\"".utf8))
        #expect(String(decoding: framed, as: UTF8.self).hasPrefix("Content-Length: 12\r\n\r\n"))
    }

    /// A stream with no empty line (64 MB of header, say) takes no more
    /// than a header's room: once past `maximumHeader` it is one bad header,
    /// its bytes dropped as they come up to its end, and the message after
    /// it is read.
    @Test func aHeaderPastTheLimitIsOneBadHeaderAndDropped() {
        var framing = MessageFraming()
        let chunk = [UInt8](repeating: UInt8(ascii: "a"), count: 4_096)
        var bad = 0
        // Past the limit, it is refused at once.
        for _ in 0..<3 { framing.append(chunk) }
        guard case .badHeader? = framing.next() else {
            Issue.record("a header of 12 KB is still awaited")
            return
        }
        bad += 1
        // 16 MB, a chunk at a time: each looked at once.
        for _ in 0..<4_096 {
            framing.append(chunk)
            while let item = framing.next() {
                if case .badHeader = item { bad += 1 } else { Issue.record("a message was read: \(item)") }
            }
        }
        #expect(bad == 1)
        framing.append(Array("\r\n\r\n".utf8) + MessageFraming.frame(Array("[7]".utf8)))
        #expect(framing.next() == .message(Array("[7]".utf8)))
        #expect(framing.next() == nil)
    }
}
