/// Where a command writes: standard output for results, standard error for
/// findings and progress. Tests pass their own to read what a user sees.
public struct Console: Sendable {
    /// Writes to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes to standard error.
    public var err: @Sendable (String) -> Void
    /// Whether standard error is a terminal (progress is shown only there).
    public var isTerminal: Bool

    /// Creates a console.
    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void, isTerminal: Bool = false) {
        self.out = out
        self.err = err
        self.isTerminal = isTerminal
    }
}
