import Diagnostics

/// Finds citations of sources sources.yml does not have (`unknown-source`),
/// and moments past the end of a video whose length is known
/// (`timestamp-past-end`).
public struct CitationChecker: PageChecker {
    public init() {}

    public func check(_ pattern: Pattern, _ context: CheckContext) -> [Diagnostic] {
        let sources = context.site.sources
        var diagnostics: [Diagnostic] = []
        // By index: each rule's number and citations read where they lie.
        let rules = pattern.rules
        for ruleIndex in rules.indices {
            guard let citations = rules[ruleIndex].citations?.citations, !citations.isEmpty else { continue }
            let number = rules[ruleIndex].number
            for citation in citations {
                // Where the page's reading found it, or by a search.
                guard let index = sources.index(of: citation) else {
                    // sources.yml's own error says what to mend first.
                    if context.site.unreadableFiles.contains(Site.Paths.sources) { continue }
                    let ids = sources.map { $0.id }
                    var message = "rule \(number) cites '\(citation.sourceID)', which is not in sources.yml"
                    if let suggestion = Suggestion.nearest(to: citation.sourceID, in: ids) {
                        message += "; did you mean '\(suggestion)'?"
                    }
                    diagnostics.append(Diagnostic(.unknownSource, message, at: citation.location))
                    continue
                }
                if case .time(let seconds, let text) = citation.locator {
                    let source = sources[index]
                    if let duration = source.duration, seconds > duration {
                        diagnostics.append(Diagnostic(.timestampPastEnd, "rule \(number) cites '\(source.id)' at \(text), but the video is \(Self.format(duration)) long", at: citation.location))
                    } else if source.timeURL == nil && source.duration == nil {
                        diagnostics.append(Diagnostic(.invalidCitation, "rule \(number) cites '\(source.id)' at a moment (\(text)), but it is not a video: give it a time_url in sources.yml, or cite a section with '§'", at: citation.location))
                    }
                }
            }
        }
        return diagnostics
    }

    static func format(_ seconds: Int) -> String {
        let hours = seconds / 3600, minutes = (seconds % 3600) / 60, rest = seconds % 60
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return hours > 0 ? "\(hours):\(two(minutes)):\(two(rest))" : "\(minutes):\(two(rest))"
    }
}
