import Foundation
import Testing
@testable import DuoSite

/// A request naming a line far past a document's end (a client's mistake,
/// or a hostile one) is answered at once, as at the document's end: the
/// work it starts goes no further than the text.
@Suite struct FarPositionTests {
    static let file = "Content/patterns/symbols-not-labels.md"

    @Test func aLinePastTheEndIsTheTextsEnd() throws {
        let lines = TextLines("---\ntitle: x\n---\nlast line")
        let place = lines.place(of: Position(line: 8_999_999_999_999_999, character: 3), in: .utf16)
        try #require(place == (4, 10))
    }

    @Test(arguments: ["completion", "hover", "definition"])
    func aRequestFarPastTheEndIsAnswered(method: String) throws {
        // Checked first: on a text whose places were not clamped, the
        // requests below would count up to the line asked for.
        try #require(TextLines("a\nb").place(of: Position(line: 100_000_000, character: 0), in: .utf16) == (2, 2))
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        try client.open(Self.file)
        for line in [100_000_000, 8_999_999_999_999_999] {
            let answer = client.ask(method, Self.file, line: line, character: 0)
            #expect(answer == .null || answer["items"] != nil || answer["contents"] != nil, "\(method) at line \(line): \(answer)")
        }
    }
}
