import Dispatch

/// A value made on another thread while the caller goes on with other
/// work, and waited for where it is needed: a rebuild lists ten thousand
/// page files while it reads its theme and cache, which need none of them.
final class Later<Value: Sendable>: @unchecked Sendable {
    private var made: Value?
    private let group = DispatchGroup()

    /// Starts making the value.
    init(_ make: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async(group: group) { [self] in
            made = make()
        }
    }

    /// The value, once it is made.
    var value: Value {
        group.wait()
        return made!
    }
}
