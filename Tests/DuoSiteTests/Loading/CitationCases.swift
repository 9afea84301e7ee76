@testable import DuoSite
import Diagnostics

/// Citation blocks of every shape, good and bad, and what each reads as:
/// ASCII and multi-byte text, the separators written with and without
/// spaces, Unicode spaces, and every finding the parser gives.
enum CitationCases {
    static let inputs: [String] = [
        "Sources (apple): hig § Vertical controls · talk @ 6:13 · guide",
        "Sources (recommendation): hig",
        "Sources (apple):hig·talk@6:13·guide§Bars",
        "Sources ( apple ): hig",
        "Sources (apple) : hig",
        "Sources: hig",
        "Sources (maybe): hig",
        "Sources (apple)",
        "Sources (apple):",
        "Sources (apple): ·  · ",
        "Sources (apple): hig ·· talk",
        "Sources (apple): hig · ",
        "Sources (apple): · hig",
        "Sources (apple): hig §",
        "Sources (apple): hig § \u{00A0}",
        "Sources (apple): talk @ soon",
        "Sources (apple): talk @",
        "Sources (apple): talk @ 1:02:03",
        "Sources (apple): hig extra words",
        "Sources (apple): § Bars",
        "Sources (apple): @ 6:13",
        "Sources (apple): hig § Café · @ 7:00",
        "Sources (apple): hig § 👍 · @ 7:00",
        "Sources (apple): hig § 👍👍 é · talk @ soon",
        "Sources (apple):\u{00A0}hig\u{00A0}·\u{2003}talk @ 6:13\u{3000}",
        "Sources (apple): hig\u{00A0}§\u{00A0}Vertical\u{00A0}controls",
        "Sources (apple): héllo § Ünïcode · 日本 @ 6:13",
        "Sources (apple): hig § a: b · talk",
        "Sources (apple): hig\n§ Vertical",
        "Sources (apple): hig\t§\tBars\t·\ttalk",
        "Sources (apple): hig · hig · hig",
        "Sources (Apple): hig",
        "Sources (apple): h·i·g",
        "Sources (apple): 👍",
        "Sources (apple): hig @ 6:13 · talk § Part · x",
    ]

    /// What each input reads as (`describe`): its basis, each citation's
    /// source, locator and column, and each finding's code, column and
    /// message.
    static let expected: [String] = [
        "basis=apple @1:1 | hig §[Vertical controls] @18 | talk @[6:13=373] @44 | guide @58",
        "basis=recommendation @1:1 | hig @27",
        "basis=apple @1:1 | hig @17 | talk @[6:13=373] @21 | guide §[Bars] @31",
        "basis=apple @1:1 | hig @20",
        "basis=apple @1:1 | hig @19",
        "no block || invalid-citation @1: a citation block has no basis; write 'Sources (apple):' for a rule Apple gives or 'Sources (recommendation):' for the site's own",
        "no block || invalid-citation @1: a citation block has the basis 'maybe'; write 'Sources (apple):' for a rule Apple gives or 'Sources (recommendation):' for the site's own",
        "no block || invalid-citation @1: a citation block is written 'Sources (apple): source · source' or 'Sources (recommendation): …'",
        "basis=apple @1:1 || invalid-citation @1: the citation block names no source; list the source ids from sources.yml after the colon",
        "basis=apple @1:1 || invalid-citation @1: the citation block names no source; list the source ids from sources.yml after the colon",
        "basis=apple @1:1 | hig @18 | talk @25 || invalid-citation @22: an empty citation between two '·'; remove the extra separator or name a source",
        "basis=apple @1:1 | hig @18 || invalid-citation @23: an empty citation between two '·'; remove the extra separator or name a source",
        "basis=apple @1:1 | hig @20 || invalid-citation @17: an empty citation between two '·'; remove the extra separator or name a source",
        "basis=apple @1:1 || invalid-citation @18: '§' in 'hig §' names no section; write 'hig § Section name'",
        "basis=apple @1:1 || invalid-citation @18: '§' in 'hig §' names no section; write 'hig § Section name'",
        "basis=apple @1:1 || invalid-citation @18: 'soon' in 'talk @ soon' is not a moment; write it M:SS or H:MM:SS, like 'talk @ 6:13'",
        "basis=apple @1:1 || invalid-citation @18: '' in 'talk @' is not a moment; write it M:SS or H:MM:SS, like 'talk @ 6:13'",
        "basis=apple @1:1 | talk @[1:02:03=3723] @18",
        "basis=apple @1:1 || invalid-citation @18: cannot read 'hig extra words': after a source id comes '§ Section' or '@ M:SS', and citations are separated by ' · '",
        "basis=apple @1:1 || invalid-citation @18: the citation '§ Bars' names no source; start it with a source id from sources.yml",
        "basis=apple @1:1 || invalid-citation @18: the citation '@ 6:13' names no source; start it with a source id from sources.yml",
        "basis=apple @1:1 | hig §[Café] @18 || invalid-citation @31: the citation '@ 7:00' names no source; start it with a source id from sources.yml",
        "basis=apple @1:1 | hig §[👍] @18 || invalid-citation @28: the citation '@ 7:00' names no source; start it with a source id from sources.yml",
        "basis=apple @1:1 | hig §[👍👍 é] @18 || invalid-citation @31: 'soon' in 'talk @ soon' is not a moment; write it M:SS or H:MM:SS, like 'talk @ 6:13'",
        "basis=apple @1:1 | hig @18 | talk @[6:13=373] @24",
        "basis=apple @1:1 | hig §[Vertical controls] @18",
        "basis=apple @1:1 | héllo §[Ünïcode] @18 | 日本 @[6:13=373] @36",
        "basis=apple @1:1 | hig §[a: b] @18 | talk @31",
        "basis=apple @1:1 | hig §[Vertical] @18",
        "basis=apple @1:1 | hig §[Bars] @18 | talk @31",
        "basis=apple @1:1 | hig @18 | hig @24 | hig @30",
        "no block || invalid-citation @1: a citation block has the basis 'Apple'; write 'Sources (apple):' for a rule Apple gives or 'Sources (recommendation):' for the site's own",
        "basis=apple @1:1 | h @18 | i @20 | g @22",
        "basis=apple @1:1 | 👍 @18",
        "basis=apple @1:1 | hig @[6:13=373] @18 | talk §[Part] @31 | x @45",
    ]

    /// A parse's result as one line, for comparing.
    static func describe(_ block: CitationBlock?, _ findings: [Diagnostic]) -> String {
        var parts: [String] = []
        if let block {
            var text = "basis=\(block.basis.rawValue) @\(block.location.line):\(block.location.column)"
            for citation in block.citations {
                text += " | \(citation.sourceID)"
                switch citation.locator {
                case .section(let name)?: text += " §[\(name)]"
                case .time(let seconds, let moment)?: text += " @[\(moment)=\(seconds)]"
                case nil: break
                }
                text += " @\(citation.location.column)"
            }
            parts.append(text)
        } else {
            parts.append("no block")
        }
        for finding in findings {
            parts.append("\(finding.code.rawValue) @\(finding.location.column): \(finding.message)")
        }
        return parts.joined(separator: " || ")
    }
}
