import Synchronization

/// A value made once, by the first thread that needs it, and shared after.
final class Once<Value: Sendable>: Sendable {
    private let value = Mutex<Value?>(nil)

    /// The value, made by `make` the first time.
    func get(_ make: () -> Value) -> Value {
        value.withLock { value in
            if let value { return value }
            let made = make()
            value = made
            return made
        }
    }
}
