import Foundation

/// Finds two pages with the same title (`duplicate-title`): readers could
/// not tell them apart in the index or in search results.
public struct DuplicateTitleChecker: Checker {
    public init() {}

    public func check(_ context: CheckContext) -> [Diagnostic] {
        var first: [String: Pattern] = [:]
        var diagnostics: [Diagnostic] = []
        for pattern in context.site.patterns {
            let key = pattern.frontMatter.title.value.lowercased().trimmed
            if let earlier = first[key] {
                diagnostics.append(Diagnostic(.duplicateTitle, "the title '\(pattern.frontMatter.title.value)' is also the title of \(earlier.file); give each page its own", at: pattern.frontMatter.title.location))
            } else {
                first[key] = pattern
            }
        }
        return diagnostics
    }
}
