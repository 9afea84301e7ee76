/// A YAML file that cannot be read, and where: a syntax error, a duplicate
/// key, a tab used for indentation, an alias, or nesting beyond reason.
public struct YAMLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in words an editor can act on.
    public var message: String
    /// Where it is.
    public var mark: Mark

    /// Creates an error at a mark.
    public init(_ message: String, at mark: Mark) {
        self.message = message
        self.mark = mark
    }

    public var description: String { "\(mark.line):\(mark.column): \(message)" }
}
