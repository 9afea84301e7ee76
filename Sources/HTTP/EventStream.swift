import Foundation

/// A body sent a chunk at a time for as long as the connection lasts: the
/// server's thread for the connection waits in `next` for what `send`
/// gives it, and a quiet stream sends `keepAlive` every `interval` so that
/// nothing between closes it. `close` ends it (the server shutting down).
public final class EventStream: @unchecked Sendable {
    // Safe to send: every field is read and changed under `condition`'s lock.
    private let condition = NSCondition()
    private var pending: [UInt8] = []
    private var closed = false
    private let keepAlive: [UInt8]
    private let interval: TimeInterval

    /// A stream that starts with `first` and sends `keepAlive` after each
    /// `interval` of silence.
    public init(first: [UInt8] = [], keepAlive: [UInt8], interval: TimeInterval) {
        pending = first
        self.keepAlive = keepAlive
        self.interval = interval
    }

    /// Queues `bytes` for the client; nothing once the stream is closed.
    public func send(_ bytes: [UInt8]) {
        condition.lock()
        defer { condition.unlock() }
        guard !closed else { return }
        pending += bytes
        condition.broadcast()
    }

    /// Ends the stream: the client gets what was queued, then the end.
    public func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Whether the stream has ended.
    public var isClosed: Bool {
        condition.lock()
        defer { condition.unlock() }
        return closed
    }

    /// At most `limit` bytes to send next, waiting for them (or the keep-alive
    /// after `interval`); nil at the end.
    func next(limit: Int) -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: interval)
        while pending.isEmpty, !closed {
            if !condition.wait(until: deadline) {
                if pending.isEmpty, !closed { pending = keepAlive }
                break
            }
        }
        guard !pending.isEmpty else { return nil }
        let count = min(limit, pending.count)
        let chunk = Array(pending[..<count])
        pending.removeFirst(count)
        return chunk
    }
}
