import Synchronization

/// A name a context holds and a template looks up, as a number.
///
/// The names of compact contexts (``CompactContext``) and the names
/// templates ask for are numbered in one registry for the whole process,
/// the first use of a name giving it its number: a lookup then compares two
/// numbers rather than two strings. A key made once (a `static let`) costs
/// nothing to use; making one looks its name up in the registry.
public struct ContextKey: Hashable, Sendable {
    /// The name's number: the same for the same name throughout the process,
    /// never 0 (which stands for no name: a list's elements have none).
    let id: UInt32

    /// The key of `name`.
    public init(_ name: String) {
        id = ContextKey.registry.number(of: name)
    }

    init(id: UInt32) {
        self.id = id
    }

    /// The name the key stands for.
    public var name: String {
        ContextKey.registry.name(of: id)
    }

    /// The registry of every name numbered so far.
    private static let registry = Registry()

    /// Names and their numbers, both ways; made and read under a lock, as
    /// keys are made from any thread (templates as they are parsed, values
    /// as they are laid out).
    private final class Registry: Sendable {
        private struct Table {
            var numbers: [String: UInt32] = [:]
            /// Each number's name; number 0 has the empty name.
            var names: [String] = [""]
        }

        private let table = Mutex(Table())

        func number(of name: String) -> UInt32 {
            table.withLock { table in
                if let number = table.numbers[name] { return number }
                let number = UInt32(table.names.count)
                table.numbers[name] = number
                table.names.append(name)
                return number
            }
        }

        func name(of number: UInt32) -> String {
            table.withLock { table in
                Int(number) < table.names.count ? table.names[Int(number)] : ""
            }
        }
    }
}
