/// Where something stands in the site: a file relative to the site root, and
/// a 1-based line and column (in characters).
public struct SourceLocation: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The file, relative to the site root, with `/` separators.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in characters.
    public var column: Int

    /// Creates a location.
    public init(file: String, line: Int = 1, column: Int = 1) {
        self.file = file
        self.line = line
        self.column = column
    }

    public var description: String { "\(file):\(line):\(column)" }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// A value together with where it was written, so that a finding about the
/// value can point at it.
public struct Located<Value: Sendable>: Sendable {
    /// The value.
    public var value: Value
    /// Where it was written.
    public var location: SourceLocation

    /// Pairs a value with its location.
    public init(_ value: Value, at location: SourceLocation) {
        self.value = value
        self.location = location
    }
}

extension Located: Equatable where Value: Equatable {}
