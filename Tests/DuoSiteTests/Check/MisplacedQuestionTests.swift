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

/// A question written in bold or italics under `## FAQ`, on a line of its
/// own, is a paragraph: shown as text, with no entry in the FAQ's
/// structured data. `duosite check` warns of it and says how to write it.
@Suite struct EmphasizedQuestionTests {
    static let path = "Content/patterns/first-page.md"

    @Test(arguments: [
        // After a question: part of its answer.
        ("\n**Does it move when closed?**\n\nYes, into the column.\n", 20,
         "warning: 'Does it move when closed?' is written in bold, so it is shown as text in the answer above, not as a question of its own, and is left out of the FAQ's structured data; a question is a '###' heading: '### Does it move when closed?'"),
        // Its answer on the next line of the same paragraph.
        ("\n__Does it move when closed?__\nYes, into the column.\n", 20,
         "warning: 'Does it move when closed?' is written in bold, so it is shown as text in the answer above"),
        ("\n*Does it move when closed?*  \nYes, into the column.\n", 20,
         "warning: 'Does it move when closed?' is written in italics, so it is shown as text in the answer above"),
    ])
    func aQuestionInBoldIsAWarning(_ tail: String, _ line: Int, _ message: String) throws {
        let site = try ScratchSite()
        try site.write(CleanPage.text(tail: tail), to: Self.path)
        let run = site.check()
        #expect(run.status == 0, "\(run.err)")
        let lines = run.err.split(separator: "\n").filter { $0.contains("[misnamed-section]") }
        #expect(lines.count == 1, "\(run.err)")
        #expect(lines.first?.hasPrefix("\(Self.path):\(line):1: \(message)") == true, "\(run.err)")
    }

    /// Before the first `###` question, the bold question is text of the
    /// FAQ section; with no `###` question at all, the FAQ is empty too.
    @Test func aQuestionInBoldBeforeTheFirstIsAWarning() throws {
        let site = try ScratchSite()
        let text = CleanPage.text().replacingOccurrences(of: "### A question?\n\nAn answer.\n", with: "**A question?**\n\nAn answer.\n")
        try site.write(text, to: Self.path)
        let run = site.check()
        #expect(run.status == 0, "\(run.err)")
        #expect(run.err.contains("\(Self.path):16:1: warning: 'A question?' is written in bold, so it is shown as text before the first question, not as a question of its own"), "\(run.err)")
        #expect(run.err.contains("\(Self.path):14:1: warning: '## FAQ' has no questions"), "\(run.err)")
    }

    /// Bold or italics that are not a question on a line of their own say
    /// nothing: emphasis in an answer, a question in italics within a
    /// sentence, a bold question under another section.
    @Test(arguments: [
        "\n**Note:** the column holds six items.\n",
        "\n*Why not?* Because the column is full.\n",
        "\nIt moves. **Does it stay?** No.\n",
        "\n## Further reading\n\n**Why does this matter?**\n\nIt is under a section of its own.\n",
    ])
    func otherEmphasisSaysNothing(_ tail: String) throws {
        let site = try ScratchSite()
        try site.write(CleanPage.text(tail: tail), to: Self.path)
        let run = site.check()
        #expect(run.status == 0, "\(run.err)")
        #expect(!run.err.contains("[misnamed-section]"), "\(run.err)")
    }
}
