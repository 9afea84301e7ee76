import Diagnostics

/// Checks a page's headings as people moving through it by its headings
/// (with a screen reader) meet them: one that skips a level
/// (`heading-order`), one with no text (`empty-heading`), and a `#`
/// heading among the page's own blocks, where the title comes from the
/// front matter (`invalid-field`, a warning).
public struct HeadingChecker: PageChecker {
    public init() {}

    public func check(_ pattern: Pattern, _ context: CheckContext) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        // The page's title is its one `<h1>`: its headings go down from there
        // one level at a time.
        var headingLevel = 1
        for heading in pattern.outline.headings {
            let level = heading.level
            if level > headingLevel + 1 {
                let hashes = String(repeating: "#", count: level), expected = String(repeating: "#", count: headingLevel + 1)
                let under = headingLevel == 1 ? "the page's title" : "a '\(String(repeating: "#", count: headingLevel))' heading"
                diagnostics.append(Diagnostic(.headingOrder, "a '\(hashes)' heading under \(under) skips a level, which people moving through the page by its headings (with a screen reader) find missing; make it '\(expected)'", at: heading.location))
            }
            headingLevel = level
            // An empty heading reads as nothing to screen readers, and an
            // empty question is a question with no name in structured data.
            if heading.isEmpty {
                let what = heading.isQuestion ? "a question with no text: readers would see an empty heading, and search engines an FAQ entry with no question" : "a heading with no text: readers (and screen readers) would find an empty heading"
                diagnostics.append(Diagnostic(.emptyHeading, "\(what); write it, or remove the '\(String(repeating: "#", count: level))'", at: heading.location))
            }
            if level == 1, !heading.isNested {
                diagnostics.append(Diagnostic(.invalidField, "a '#' heading in the page; the title comes from the front matter, and sections are '##' headings", at: heading.location, severity: .warning))
            }
        }
        return diagnostics
    }
}
