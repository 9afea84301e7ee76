import Foundation

/// The one writer of the language server's output: every message framed
/// and written whole, one at a time, to a file descriptor it owns.
final class MessageWriter: @unchecked Sendable {
    // Safe to send: every write holds `lock`.
    private let descriptor: Int32
    private let lock = NSLock()
    /// Whether a write failed (the client has gone): later ones are dropped.
    private var failed = false

    /// A writer to `descriptor`, closed when the writer goes.
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Writes `message`, framed; false when it could not be written.
    @discardableResult
    func send(_ message: JSONValue) -> Bool {
        let bytes = MessageFraming.frame(message.encoded)
        lock.lock()
        defer { lock.unlock() }
        guard !failed else { return false }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, bytes.count - offset) }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                failed = true
                return false
            }
            offset += written
        }
        return true
    }
}
