import Foundation

/// Finds two pages with the same title (`duplicate-title`): readers could
/// not tell them apart in the index or in search results.
public struct DuplicateTitleChecker: Checker {
    public init() {}

    public func check(_ context: CheckContext) -> [Diagnostic] {
        Self.findings(in: context.site.patterns)
    }

    /// The findings about `patterns`, in page file order: this check reads
    /// nothing but the pages' titles, so a rebuild runs it alone when
    /// only titles changed.
    static func findings(in patterns: [Pattern]) -> [Diagnostic] {
        // Each title's first page, as an index: a page is too big to copy.
        var first: [String: Int] = [:]
        first.reserveCapacity(patterns.count)
        var diagnostics: [Diagnostic] = []
        for (index, pattern) in patterns.enumerated() {
            let key = pattern.frontMatter.title.value.lowercased().trimmed
            if let earlierIndex = first[key] {
                let earlier = patterns[earlierIndex]
                diagnostics.append(Diagnostic(.duplicateTitle, "the title '\(pattern.frontMatter.title.value)' is also the title of \(earlier.file); give each page its own", at: pattern.frontMatter.title.location))
            } else {
                first[key] = index
            }
        }
        return diagnostics
    }
}
