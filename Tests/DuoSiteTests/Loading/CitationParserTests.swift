@testable import DuoSite
import Diagnostics
import Testing

@Suite("Citation blocks: what they name, and where a mistake is")
struct CitationParserTests {
    /// Parses `text` as if it started at column 1 of line 1.
    private func parse(_ text: String) -> (CitationBlock?, [Diagnostic]) {
        CitationParser.parse(text, file: "page.md") { offset in
            Diagnostics.SourceLocation(file: "page.md", line: 1, column: 1 + offset)
        }
    }

    @Test func readsSourcesSectionsAndMoments() throws {
        let (block, findings) = parse("Sources (apple): hig § Vertical controls · talk @ 6:13 · guide")
        #expect(findings.isEmpty)
        let parsed = try #require(block)
        #expect(parsed.basis == .apple)
        #expect(parsed.citations.map(\.sourceID) == ["hig", "talk", "guide"])
        #expect(parsed.citations[0].locator == .section("Vertical controls"))
        #expect(parsed.citations[1].locator == .time(seconds: 373, text: "6:13"))
        #expect(parsed.citations.map(\.location.column) == [18, 44, 58])
    }

    /// Each citation's column is counted in characters from the block's
    /// start, past sections with accents and emoji and runs of spaces.
    @Test func citationsAfterWideCharactersStandAtTheirColumns() throws {
        let text = "Sources (recommendation): hig § Café 👍 ·   talk @ 1:02:03 ·guide § Éclair · hig"
        let (block, findings) = parse(text)
        #expect(findings.isEmpty)
        let parsed = try #require(block)
        #expect(parsed.basis == .recommendation)
        #expect(parsed.citations.map(\.sourceID) == ["hig", "talk", "guide", "hig"])
        #expect(parsed.citations[1].locator == .time(seconds: 3723, text: "1:02:03"))
        // Where each id starts, counted in characters.
        let scalars = Array(text.unicodeScalars)
        let expected = ["hig § C", "talk", "guide", "hig"].map { prefix in
            (0..<scalars.count).first { String(String.UnicodeScalarView(scalars[$0...])).hasPrefix(prefix) }! + 1
        }
        #expect(parsed.citations.map(\.location.column) == [expected[0], expected[1], expected[2], scalars.count - 2])
    }

    /// Runs of ASCII of every length before a wide character or a `·`
    /// leave every citation at its character column and every section its name.
    @Test(arguments: 0..<18)
    func asciiRunsOfEveryLengthLeaveTheColumns(run: Int) throws {
        let pad = String(repeating: "x", count: run)
        let text = "Sources (apple): hig § \(pad)é · talk § \(pad)👍\(pad) ·\(pad.isEmpty ? "" : " ")guide § ü\(pad)"
        let (block, findings) = parse(text)
        #expect(findings.isEmpty)
        let parsed = try #require(block)
        #expect(parsed.citations.map(\.sourceID) == ["hig", "talk", "guide"])
        #expect(parsed.citations.map(\.locator) == [.section("\(pad)é"), .section("\(pad)👍\(pad)"), .section("ü\(pad)")])
        let scalars = Array(text.unicodeScalars)
        let expected = ["hig §", "talk §", "guide §"].map { prefix in
            (0..<scalars.count).first { String(String.UnicodeScalarView(scalars[$0...])).hasPrefix(prefix) }! + 1
        }
        #expect(parsed.citations.map(\.location.column) == expected)
    }

    /// A source sources.yml lists is noted with its place in the list, so
    /// that the checks and the page's source list need not search for it;
    /// an id the list lacks has none, and is reported by the checks.
    @Test func eachCitationNotesItsSourcesPlace() throws {
        let sources = ["hig", "raise-the-bar-with-iphone-duo", "talk"].map(Self.source)
        let (block, findings) = CitationParser.parse("Sources (apple): talk @ 6:13 · hig · nowhere · raise-the-bar-with-iphone-duo § Bars · talk", file: "page.md", sourceIDs: sources.map(\.id)) { offset in
            Diagnostics.SourceLocation(file: "page.md", line: 1, column: 1 + offset)
        }
        #expect(findings.isEmpty)
        let citations = try #require(block).citations
        #expect(citations.map(\.sourceIndex) == [2, 0, nil, 1, 2])
        #expect(citations.map { sources.index(of: $0) } == [2, 0, nil, 1, 2])
    }

    /// A citation's noted place is trusted only while the list holds its
    /// id there: read against another list (or decoded without one), its
    /// source is found by its id.
    @Test func aPlaceNotHoldingTheIdIsSearchedFor() {
        let sources = ["hig", "talk"].map(Self.source)
        let location = Diagnostics.SourceLocation(file: "page.md", line: 1, column: 1)
        var citation = Citation(sourceID: "talk", locator: nil, location: location)
        #expect(sources.index(of: citation) == 1)
        citation.sourceIndex = 0
        #expect(sources.index(of: citation) == 1)
        citation.sourceIndex = 7
        #expect(sources.index(of: citation) == 1)
        citation.sourceID = "gone"
        #expect(sources.index(of: citation) == nil)
    }

    private static func source(_ id: String) -> Source {
        Source(id: id, title: id, publisher: "Apple", kind: "Guide", date: nil, url: "https://example.com/\(id)", short: id, duration: nil, timeURL: nil,
               location: Diagnostics.SourceLocation(file: "Content/sources.yml", line: 1, column: 1))
    }

    /// Columns count characters: one for `é`, `§`, `·` and `👍` alike,
    /// which take two, two, two and four bytes.
    @Test(arguments: [
        ("Sources (apple): hig § Café · @ 7:00", 31),
        ("Sources (apple): hig § 👍 · @ 7:00", 28),
        ("Sources (apple): hig § 👍👍 é · talk @ soon", 31),
    ])
    func mistakesAreFoundAtTheirCharacterColumn(text: String, column: Int) throws {
        let (_, findings) = parse(text)
        let finding = try #require(findings.first)
        #expect(finding.code == .invalidCitation)
        #expect(finding.location.column == column)
    }

    /// Every shape of citation block reads as it always has: sources,
    /// locators, columns and findings alike.
    @Test func everyCaseHasItsExpectation() {
        #expect(CitationCases.inputs.count == CitationCases.expected.count)
    }

    @Test(arguments: zip(CitationCases.inputs, CitationCases.expected))
    func everyShapeReadsAsExpected(text: String, expected: String) {
        let (block, findings) = parse(text)
        #expect(CitationCases.describe(block, findings) == expected)
    }

    /// A text node's bytes, read where they lie, are told a citation block
    /// and read as one exactly as its string is.
    @Test(arguments: CitationCases.inputs + ["Sources", "Sources (", "Source: hig", "The sources (apple) say", ""])
    func bytesReadAsTheirString(text: String) {
        let bytes = Array(text.utf8)
        #expect(CitationParser.isCitationBlock(utf8: bytes.span) == CitationParser.isCitationBlock(text))
        #expect(CitationParser.mayBeCitationBlock(bytes.span) == CitationParser.mayBeCitationBlock(text))
        let (block, findings) = CitationParser.parse(utf8: bytes.span) { offset in
            Diagnostics.SourceLocation(file: "page.md", line: 1, column: 1 + offset)
        }
        let (expectedBlock, expectedFindings) = parse(text)
        #expect(CitationCases.describe(block, findings) == CitationCases.describe(expectedBlock, expectedFindings))
    }

    /// Bytes that end inside a character (never a text node's, which is
    /// valid UTF-8) are read as `String(decoding:)` reads them, not refused.
    @Test func bytesEndingInsideACharacterAreRepaired() throws {
        let bytes = Array("Sources (apple): hig § A".utf8) + [0xC3]
        let (block, findings) = CitationParser.parse(utf8: bytes.span) { offset in
            Diagnostics.SourceLocation(file: "page.md", line: 1, column: 1 + offset)
        }
        #expect(findings.isEmpty)
        #expect(try #require(block).citations.map(\.locator) == [.section("A\u{FFFD}")])
    }
}

/// What is taken for a citation block meant as one, misspelt or not, so that
/// one shown as text is reported; and what is ordinary prose.
@Suite struct CitationLookalikeTests {
    @Test(arguments: ["Sources (apple): hig", "Sources: hig", "Source (apple): hig", "sources (apple): hig", "SOURCES (apple):", "Source: hig", "Sources(apple): hig"])
    func aCitationBlockMisspeltOrNot(text: String) {
        #expect(CitationParser.mayBeCitationBlock(text))
    }

    @Test(arguments: ["Source code (in the app) stays.", "Sourced from the talk.", "The sources (apple) say", "Sour (apple)", "", "Sources"])
    func prose(text: String) {
        #expect(!CitationParser.mayBeCitationBlock(text))
    }
}
