import Foundation
import Testing
@testable import DuoSite

/// A citation block standing outside any rule is shown as text and cites
/// nothing: `duosite check` says so where it stands, once.
@Suite struct CitationOutsideRulesTests {
    static let block = "Sources (apple): hig § Vertical controls · talk @ 6:13"

    @Test(arguments: [
        // Under the rule list, not indented: surely meant for the last rule.
        (CleanPage.text().replacingOccurrences(of: "   " + block, with: block),
         ["\(CleanPage.path):12:1: error [invalid-citation]"]),
        // Above the rule list.
        (CleanPage.text().replacingOccurrences(of: "## The rules\n\n", with: "## The rules\n\n\(block)\n\n"),
         ["\(CleanPage.path):10:1: error [invalid-citation]"]),
        // In another section: a warning.
        (CleanPage.text(tail: "\n## Notes\n\n\(block)\n"),
         ["\(CleanPage.path):22:1: warning [invalid-citation]"]),
        // Prose in another section that starts like one: nothing.
        (CleanPage.text(tail: "\n## Notes\n\nSource: the talk, at its start.\n"), []),
        // A rules section with no list: its own error alone, not one per citation block.
        (CleanPage.text().replacingOccurrences(of: "1. A rule.", with: "Rule one."),
         ["\(CleanPage.path):8:1: error [rule-numbering]"]),
        // One between two rules ends the list: the list after it says so, alone.
        (CleanPage.text().replacingOccurrences(of: "   " + block + "\n", with: block + "\n\n2. Another rule.\n"),
         ["\(CleanPage.path):14:1: error [rule-numbering]"]),
    ])
    func findings(_ page: String, _ expected: [String]) throws {
        let site = try ScratchSite()
        try site.write(page, to: CleanPage.path)
        let (_, json) = try site.checkJSON()
        #expect(json.located.map(\.description) == expected, "\(json.findings)")
    }
}
