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
}
