import Foundation
import Testing
@testable import DuoSite

/// A question written one heading level too high (it ends the FAQ) or too
/// low (it becomes part of the answer above) is shown, but not as a
/// question: `duosite check` warns of it where it stands.
@Suite struct MisplacedQuestionTests {
    static let path = "Content/patterns/first-page.md"

    static func page(_ heading: String) -> String {
        CleanPage.text(tail: "\n\(heading) Why is this question misplaced?\n\nBecause of its heading.\n\n### Is the last one a question?\n\nIt is, unless the FAQ ended above.\n")
    }

    @Test(arguments: [
        ("##", "warning: '## Why is this question misplaced?' ends the FAQ: it is shown as a section of its own after it"),
        ("####", "warning: '#### Why is this question misplaced?' is shown as part of the answer above, not as a question of its own"),
        ("#####", "warning: '##### Why is this question misplaced?' is shown as part of the answer above"),
    ])
    func aMisplacedQuestionIsAWarning(_ heading: String, _ message: String) throws {
        let site = try ScratchSite()
        try site.write(Self.page(heading), to: Self.path)
        let run = site.check()
        #expect(run.status == 0)
        let lines = run.err.split(separator: "\n").filter { $0.contains("[misnamed-section]") }
        #expect(lines.count == 1, "\(run.err)")
        #expect(lines.first?.hasPrefix("\(Self.path):20:1: \(message)") == true, "\(run.err)")
    }

    /// A question at the right level, and a question-like heading under
    /// another section than the FAQ, say nothing.
    @Test(arguments: [
        page("###"),
        CleanPage.text(tail: "\n## Further reading\n\nText.\n\n#### Why does this matter?\n\nIt is under a section of its own.\n"),
    ])
    func aQuestionInItsPlaceSaysNothing(_ text: String) throws {
        let site = try ScratchSite()
        try site.write(text, to: Self.path)
        let run = site.check()
        #expect(run.status == 0, "\(run.err)")
        #expect(!run.err.contains("[misnamed-section]"), "\(run.err)")
    }
}
