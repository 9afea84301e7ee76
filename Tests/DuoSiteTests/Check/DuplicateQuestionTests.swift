@testable import DuoSite
import Diagnostics
import Foundation
import Testing

/// Questions asked on two pages: each later page is told where the
/// question was first asked.
@Suite("Questions asked on two pages")
struct DuplicateQuestionTests {
    /// Pages made from one of the repository's, each asking the questions
    /// given (by key), in order.
    private static func pages(_ questions: [[String]]) throws -> [Pattern] {
        let (loaded, _) = SiteLoader(root: TestSite.repositoryRoot).load()
        let model = try #require(loaded.patterns.first)
        let entry = try #require(model.faq.first)
        return questions.enumerated().map { index, keys in
            var page = model
            page.file = "Content/patterns/page-\(index).md"
            page.slug = "page-\(index)"
            page.faq = keys.enumerated().map { number, key in
                var asked = entry
                asked.key = key
                asked.question = key
                asked.location = Diagnostics.SourceLocation(file: page.file, line: 10 + number, column: 1)
                return asked
            }
            return page
        }
    }

    @Test(arguments: [
        // No question asked twice.
        ([["a", "b"], ["c"], []], [String](), [String]()),
        // One question on the first and third pages; one asked twice on one page only.
        ([["a", "b"], ["c", "c"], ["d", "a"]], ["page-0", "page-2"], ["page-2:11 also page-0:10"]),
        // One question on three pages: each later page is told of the first.
        ([["q"], ["q"], ["r"], ["q", "r"]], ["page-0", "page-1", "page-2", "page-3"],
         ["page-1:10 also page-0:10", "page-3:10 also page-0:10", "page-3:11 also page-2:10"]),
        // Many questions, a few of them asked again, among others of their length.
        ([["one", "two", "six"], ["ten", "two"], ["six", "one", "four"], ["five", "ten"]], ["page-0", "page-1", "page-2", "page-3"],
         ["page-1:11 also page-0:11", "page-2:10 also page-0:12", "page-2:11 also page-0:10", "page-3:11 also page-1:10"]),
    ])
    func eachLaterAskingIsToldOfTheFirst(questions: [[String]], pages _: [String], findings expected: [String]) throws {
        let patterns = try Self.pages(questions)
        let findings = DuplicateQuestionChecker.findings(in: patterns)
        let told = findings.map { finding -> String in
            let page = finding.location.file.replacingOccurrences(of: "Content/patterns/", with: "").replacingOccurrences(of: ".md", with: "")
            let earlier = finding.message.components(separatedBy: "also asked in Content/patterns/").last!.replacingOccurrences(of: ".md", with: "")
            return "\(page):\(finding.location.line) also \(earlier)"
        }
        #expect(told == expected)
        #expect(findings.allSatisfy { $0.code == .duplicateQuestion && $0.severity == .warning })
        // Questions are told apart by their text, not their hash: with a
        // hash under which every question collides, and one under which
        // some do, the findings are the same.
        for hash: (String) -> UInt64 in [{ _ in 7 }, { UInt64($0.utf8.count % 2) }] {
            let colliding = DuplicateQuestionChecker.findings(in: patterns, hash: hash)
            #expect(colliding.map(\.message) == findings.map(\.message))
            #expect(colliding.map(\.location.line) == findings.map(\.location.line))
        }
    }
}
