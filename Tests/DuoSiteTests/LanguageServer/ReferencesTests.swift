import Foundation
import Testing
@testable import DuoSite

/// Find references: on a rule, a source id, a tag, a heading, every place
/// of the site that names it, as an editor lists them.
@Suite struct ReferencesTests {
    static let page = "Content/patterns/symbols-not-labels.md"
    static let other = "Content/patterns/where-the-bars-go.md"

    /// Each location as `file:line`, 1-based, and the text it covers.
    private func places(_ answer: JSONValue, _ client: LanguageClient) throws -> [String] {
        try (answer.array ?? []).map { location in
            let file = DocumentAddress(root: client.site.root).file(of: location["uri"]!.string!)!
            let range = TextRange(location["range"])!
            let lines = TextLines(try client.site.read(file))
            let start = lines.offset(of: range.start, in: client.encoding), end = lines.offset(of: range.end, in: client.encoding)
            return "\(file):\(range.start.line + 1): " + String(decoding: lines.bytes[start..<end], as: UTF8.self)
        }
    }

    @Test(arguments: [[String](), ["utf-8"]])
    func aRuleIsCitedByALinkAndByThePlacementTable(encodings: [String]) throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site, encodings: encodings)
        try client.open(Self.other)
        // On the rule's number, and further in its text.
        for offset in [0, 40] {
            let answer = try client.ask("references", Self.other, at: "1. Bars that come", offset: offset, ["context": ["includeDeclaration": false]])
            #expect(try places(answer, client) == [
                "Content/patterns/symbols-not-labels.md:34: [Where the bars go, rule 1](where-the-bars-go.md#rule-1)",
                "Content/placement.yml:45: where-the-bars-go#rule-1",
            ])
        }
    }

    @Test func theDeclarationComesFirstWhenAskedFor() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        try client.open(Self.page)
        // On the link to the rule, after curly apostrophes.
        let answer = try client.ask("references", Self.page, at: "[Where the bars go, rule 1]", offset: 3, ["context": ["includeDeclaration": true]])
        let found = try places(answer, client)
        #expect(found.first?.hasPrefix("Content/patterns/where-the-bars-go.md:13: 1. Bars that come") == true)
        #expect(found.count == 3)
    }

    @Test func aRuleCitedByThreeRowsOfThePlacementTable() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        try client.open(Self.page)
        let answer = try client.ask("references", Self.page, at: "3. A control too wide", ["context": ["includeDeclaration": false]])
        #expect(try places(answer, client) == [
            "Content/placement.yml:66: symbols-not-labels#rule-3",
            "Content/placement.yml:73: symbols-not-labels#rule-3",
            "Content/placement.yml:80: symbols-not-labels#rule-3",
        ])
    }

    @Test(arguments: [[String](), ["utf-8"]])
    func aSourceIdIsCitedByEveryCitationOfIt(encodings: [String]) throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site, encodings: encodings)
        try client.open(Self.page)
        let fromPage = try places(try client.ask("references", Self.page, at: "hig § Vertical", ["context": ["includeDeclaration": true]]), client)
        #expect(fromPage == [
            "Content/sources.yml:4: hig",
            "Content/patterns/symbols-not-labels.md:42: hig",
            "Content/patterns/symbols-not-labels.md:46: hig",
            "Content/patterns/symbols-not-labels.md:70: hig",
            "Content/patterns/where-the-bars-go.md:15: hig",
        ])
        // The same from its entry in sources.yml.
        try client.open("Content/sources.yml")
        let fromSources = try places(try client.ask("references", "Content/sources.yml", at: "hig:", ["context": ["includeDeclaration": true]]), client)
        #expect(fromSources == fromPage)
    }

    @Test func aTagIsCarriedByEveryPageThatHasIt() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        try client.open(Self.other)
        let found = try places(try client.ask("references", Self.other, at: "column]", offset: 2, ["context": ["includeDeclaration": false]]), client)
        #expect(found == ["Content/patterns/symbols-not-labels.md:7: column", "Content/patterns/where-the-bars-go.md:7: column"])
    }

    @Test func aHeadingAndAQuestionAreNamedByTheLinksToTheirAnchors() throws {
        let site = try TestSite()
        defer { site.remove() }
        let linking = try site.read(Self.other) + "\nSee [the problem](symbols-not-labels.md#the-problem) and [badges](symbols-not-labels.md#how-do-i-show-a-count-in-a-bar-on-the-side-of-iphone-duo).\n"
        try site.write(linking, to: Self.other)
        var client = LanguageClient(site: site)
        try client.open(Self.page)
        let heading = try places(try client.ask("references", Self.page, at: "## The problem", offset: 4, ["context": ["includeDeclaration": false]]), client)
        #expect(heading == ["Content/patterns/where-the-bars-go.md:19: [the problem](symbols-not-labels.md#the-problem)"])
        let question = try places(try client.ask("references", Self.page, at: "### How do I show a count", offset: 8, ["context": ["includeDeclaration": false]]), client)
        #expect(question.count == 1)
        #expect(question.first?.hasSuffix("[badges](symbols-not-labels.md#how-do-i-show-a-count-in-a-bar-on-the-side-of-iphone-duo)") == true)
    }

    @Test func anUnsavedLinkInAnOpenPageCounts() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        try client.open(Self.page, try site.read(Self.page) + "\nAnd [again](where-the-bars-go.md#rule-1).\n")
        try client.open(Self.other)
        let found = try client.ask("references", Self.other, at: "1. Bars that come", ["context": ["includeDeclaration": false]])
        #expect(found.array?.count == 3)
    }

    @Test func plainTextHasNoReferences() throws {
        let site = try TestSite()
        defer { site.remove() }
        var client = LanguageClient(site: site)
        try client.open(Self.page)
        #expect(try client.ask("references", Self.page, at: "every item in them follows", ["context": ["includeDeclaration": true]]) == .null)
    }
}
