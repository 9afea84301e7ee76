/// The Language Server Protocol's framing of JSON-RPC messages on a byte
/// stream: each message a header (`Content-Length: N`, other fields
/// passed over, each line ending in CR LF), an empty line, and N bytes of
/// JSON. Bytes go in as they come from standard input; whole messages
/// come out.
struct MessageFraming: Sendable {
    /// What the stream holds after a message.
    enum Item: Equatable, Sendable {
        /// A message's body, its JSON bytes.
        case message([UInt8])
        /// A header that cannot be read (no `Content-Length`, not a number):
        /// the bytes up to its end are passed over.
        case badHeader(String)
    }

    private var buffer: [UInt8] = []
    private var start = 0
    /// Where the look for the header's end goes on from: the bytes before
    /// it were looked at already, so that a header coming a byte at a time
    /// is read once, not again from its start with each byte.
    private var scanned = 0
    /// Whether a header longer than `maximumHeader` is being passed over,
    /// up to its end.
    private var skipping = false

    /// The largest message read: beyond it a header is surely a mistake.
    static let maximumLength = 64 * 1024 * 1024
    /// The longest header read (a client's is a line or two): the bytes of
    /// a longer one are dropped as they come, up to its empty line, and it
    /// is one bad header, so that a stream with no empty line takes no
    /// more memory than this.
    static let maximumHeader = 8 * 1024

    /// Adds bytes read from the stream.
    mutating func append(_ bytes: some Sequence<UInt8>) {
        if start > 0, start >= buffer.count / 2 {
            buffer.removeFirst(start)
            scanned -= min(scanned, start)
            start = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// The next whole message or bad header, or nil when more bytes are needed.
    mutating func next() -> Item? {
        // The header ends at the first empty line.
        guard let end = headerEnd() else {
            if buffer.count - start > Self.maximumHeader {
                // Too long to be a header: dropped, but for the bytes the
                // empty line may have begun in, and passed over to its end.
                let wasSkipping = skipping
                let kept = Array(buffer[(buffer.count - 3)...])
                buffer = kept
                start = 0
                scanned = 0
                skipping = true
                if !wasSkipping { return .badHeader("a header of more than \(Self.maximumHeader) bytes") }
            }
            return nil
        }
        if skipping {
            skipping = false
            start = end.body
            scanned = start
            return next()
        }
        let header = String(decoding: buffer[start..<end.header], as: UTF8.self)
        var length: Int?
        for line in header.split(separator: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            if line[..<colon].lowercased() == "content-length" {
                length = Int(line[line.index(after: colon)...].trimmingSpaces)
            }
        }
        guard let length, length >= 0, length <= Self.maximumLength else {
            start = end.body
            scanned = start
            return .badHeader(header)
        }
        guard buffer.count - end.body >= length else { return nil }
        let body = Array(buffer[end.body..<end.body + length])
        start = end.body + length
        scanned = start
        return .message(body)
    }

    /// Where the header ends and the body starts: after `\r\n\r\n`.
    private mutating func headerEnd() -> (header: Int, body: Int)? {
        var index = max(start, scanned)
        while index + 3 < buffer.count {
            if buffer[index] == 0x0D, buffer[index + 1] == 0x0A, buffer[index + 2] == 0x0D, buffer[index + 3] == 0x0A {
                return (index, index + 4)
            }
            index += 1
        }
        scanned = index
        return nil
    }

    /// A message's body framed to be written: its header, then the bytes.
    static func frame(_ body: [UInt8]) -> [UInt8] {
        Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }
}

extension Substring {
    /// The text without spaces and tabs at either end.
    fileprivate var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
