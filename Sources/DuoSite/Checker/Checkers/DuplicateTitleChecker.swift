import Bytes
import Diagnostics
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
            let key = Self.key(pattern.frontMatter.title.value)
            // One look in the table for a new title (nearly every one); a title
            // seen before gets its first page back.
            if let earlierIndex = first.updateValue(index, forKey: key) {
                first[key] = earlierIndex
                let earlier = patterns[earlierIndex]
                diagnostics.append(Diagnostic(.duplicateTitle, "the title '\(pattern.frontMatter.title.value)' is also the title of \(earlier.file); give each page its own", at: pattern.frontMatter.title.location))
            }
        }
        return diagnostics
    }

    /// What two titles are compared by: lowercased, without whitespace at
    /// either end. An ASCII title (most are) is lowercased byte by byte,
    /// as Unicode lowercases ASCII, without the general machinery.
    static func key(_ title: String) -> String {
        let bytes = title.utf8.span
        for index in bytes.indices where bytes[index] >= 0x80 {
            return title.lowercased().trimmed
        }
        return String(utf8Capacity: bytes.count) { output in
            for index in bytes.indices {
                let byte = bytes[index]
                output.append(byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte)
            }
        }.trimmed
    }
}
