/// One finding about the content: what every stage (reading, checking,
/// placing, building) returns instead of stopping at the first problem.
public struct Diagnostic: Sendable, Hashable {
    /// How serious a finding is.
    public enum Severity: String, Sendable, Hashable, Comparable {
        case warning
        case error

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .warning && rhs == .error
        }
    }

    /// Error or warning.
    public var severity: Severity
    /// Where the finding points.
    public var location: SourceLocation
    /// The stable identifier of the kind of finding, as editors and scripts
    /// filter on it.
    public var code: DiagnosticCode
    /// What is wrong, in the editor's terms.
    public var message: String

    /// Creates a finding with the code's usual severity.
    public init(_ code: DiagnosticCode, _ message: String, at location: SourceLocation, severity: Severity? = nil) {
        self.severity = severity ?? code.defaultSeverity
        self.location = location
        self.code = code
        self.message = message
    }

    /// The compiler-style line: `path:line:col: error: message [code]`. A
    /// line break quoted in the message (a title written "a\nb") is shown
    /// as a space, so that each finding stays on one line.
    public var formatted: String {
        let oneLine = message.contains(where: \.isNewline)
            ? String(message.map { $0.isNewline ? " " : $0 })
            : message
        return "\(location): \(severity.rawValue): \(oneLine) [\(code.rawValue)]"
    }
}

extension Array where Element == Diagnostic {
    /// Whether any finding is an error.
    public var hasErrors: Bool { contains { $0.severity == .error } }

    /// The findings in a stable order: by file, line, column, then code and
    /// message, so output never depends on the order work finished in.
    public func sortedForOutput() -> [Diagnostic] {
        sorted {
            ($0.location, $0.code.rawValue, $0.message) < ($1.location, $1.code.rawValue, $1.message)
        }
    }
}
extension Diagnostic: Error {}
