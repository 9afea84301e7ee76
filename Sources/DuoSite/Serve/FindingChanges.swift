import Diagnostics

/// What a rebuild of the preview changed in the site's findings: those it
/// brought, and those it mended. A finding is the same one before and
/// after when its file, severity, code and message are (a line added above
/// it moves it, and does not make it new); each is counted, so that a
/// second finding like one that stays is new.
struct FindingChanges: Sendable {
    /// The findings there now that were not before, in output order.
    var appeared: [Diagnostic]
    /// The findings there before that are not now, in output order.
    var gone: [Diagnostic]

    /// What a finding is known by from one build to the next.
    private struct Key: Hashable {
        var file: String
        var severity: Diagnostic.Severity
        var code: DiagnosticCode
        var message: String

        init(_ diagnostic: Diagnostic) {
            file = diagnostic.location.file
            severity = diagnostic.severity
            code = diagnostic.code
            message = diagnostic.message
        }
    }

    /// The changes from `before` to `after`.
    init(from before: [Diagnostic], to after: [Diagnostic]) {
        var counts: [Key: Int] = [:]
        for diagnostic in before { counts[Key(diagnostic), default: 0] += 1 }
        var appeared: [Diagnostic] = []
        for diagnostic in after {
            let key = Key(diagnostic)
            if let count = counts[key], count > 0 {
                counts[key] = count - 1
            } else {
                appeared.append(diagnostic)
            }
        }
        // What is left of `before` went, the last of each kind first kept.
        var gone: [Diagnostic] = []
        for diagnostic in before.reversed() {
            let key = Key(diagnostic)
            if let count = counts[key], count > 0 {
                counts[key] = count - 1
                gone.append(diagnostic)
            }
        }
        self.appeared = appeared.sortedForOutput()
        self.gone = gone.sortedForOutput()
    }

    /// Whether nothing changed.
    var isEmpty: Bool { appeared.isEmpty && gone.isEmpty }
}
