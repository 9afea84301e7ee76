import Foundation
import Testing
import DuoSite

/// Whatever the input, `duosite check` neither crashes nor hangs: each bad
/// file gives findings, with a file, line and column, and exit status 1.
struct BadInputTests {
    /// One bad input: files written over the clean site, and the finding
    /// it must give (at a line and column, where one is named).
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var files: [String: Data]
        var file: String
        var code: String
        var line: Int?
        var column: Int?

        init(_ name: String, _ files: [String: Data], file: String = CleanPage.path, code: String, at position: (Int, Int)? = nil) {
            self.name = name
            self.files = files
            self.file = file
            self.code = code
            self.line = position?.0
            self.column = position?.1
        }

        init(_ name: String, page text: String, code: String, at position: (Int, Int)? = nil) {
            self.init(name, [CleanPage.path: Data(text.utf8)], code: code, at: position)
        }

        var testDescription: String { name }
    }

    static let page = CleanPage.path

    static let demoTail = "\n## Demo\n\n```demo\n"

    /// The clean site's device, with one of its sizes changed.
    static func deviceYAML(topBar: Int = 54, column: String = "{edge: trailing, width: 64, slot: 56}") -> String {
        "duo-closed-portrait:\n  name: iPhone Duo, closed, portrait\n  width: 430\n  height: 760\n  status_bar: 54\n  top_bar: \(topBar)\n  bottom_bar: 0\n  column: \(column)\n"
    }

    static let cases: [Case] = [
        // YAML that cannot be read.
        // A bracket never closed is reported where it opens.
        Case("malformed site.yml", ["Content/site.yml": Data("title: [DuoApps\nbase_url: x\n".utf8)], file: "Content/site.yml", code: "yaml-syntax", at: (1, 8)),
        Case("malformed sources.yml", ["Content/sources.yml": Data("hig:\n  title: a\n  title: b\n".utf8)], file: "Content/sources.yml", code: "yaml-syntax", at: (3, 3)),
        Case("tabs in devices.yml", ["Content/devices.yml": Data("duo:\n\tname: x\n".utf8)], file: "Content/devices.yml", code: "yaml-syntax", at: (2, 1)),
        Case("an alias in sources.yml", ["Content/sources.yml": Data("a: &x {title: t}\nb: *x\n".utf8)], file: "Content/sources.yml", code: "yaml-syntax", at: (2, 4)),
        Case("two documents in site.yml", ["Content/site.yml": Data("title: a\n---\ntitle: b\n".utf8)], file: "Content/site.yml", code: "yaml-syntax", at: (2, 1)),
        Case("malformed front matter", page: "---\ntitle: [unclosed\nsummary: x\n---\n\nText.\n", code: "yaml-syntax", at: (2, 8)),
        Case("front matter nested without end", page: "---\ntitle: " + String(repeating: "[", count: 100_000) + "\n---\n", code: "yaml-syntax"),
        Case("tags written as one value", page: CleanPage.text(frontMatterExtra: "tags: bars, symbols\n"), code: "invalid-field", at: (6, 7)),
        Case("an empty tag", page: CleanPage.text(frontMatterExtra: "tags: [bars, \"\"]\n"), code: "invalid-field", at: (6, 14)),
        Case("a required key with no value", page: CleanPage.text().replacingOccurrences(of: "summary: A page with nothing wrong.", with: "summary:"), code: "missing-field", at: (3, 9)),
        Case("front matter that is a list", page: "---\n- title\n- summary\n---\n\nText.\n", code: "invalid-field", at: (2, 1)),
        Case("front matter that is text", page: "---\njust words\n---\n\nText.\n", code: "invalid-field", at: (2, 1)),
        Case("front matter of comments only", page: "---\n# nothing\n---\n\nText.\n", code: "missing-field", at: (1, 1)),
        Case("sources.yml that is a list", ["Content/sources.yml": Data("- hig\n- talk\n".utf8)], file: "Content/sources.yml", code: "invalid-field", at: (1, 1)),
        Case("a source that is text", ["Content/sources.yml": Data("hig: Designing for iPhone Duo\n".utf8)], file: "Content/sources.yml", code: "invalid-field", at: (1, 6)),
        Case("a base_url with a path", ["Content/site.yml": Data("title: Fixture\nbase_url: https://fixture.example/docs\n".utf8)], file: "Content/site.yml", code: "invalid-field", at: (2, 11)),
        Case("a language that is not a language tag", ["Content/site.yml": Data("title: Fixture\nbase_url: https://fixture.example\nlanguage: english\n".utf8)], file: "Content/site.yml", code: "invalid-field", at: (3, 11)),
        Case("a language that would break out of its attribute", ["Content/site.yml": Data("title: Fixture\nbase_url: https://fixture.example\nlanguage: 'en\" onload=\"x'\n".utf8)], file: "Content/site.yml", code: "invalid-field", at: (3, 11)),
        Case("a column as wide as the device", ["Content/devices.yml": Data(deviceYAML(column: "{edge: trailing, width: 430, slot: 56}").utf8)], file: "Content/devices.yml", code: "invalid-field", at: (8, 35)),
        Case("a slot taller than the column", ["Content/devices.yml": Data(deviceYAML(column: "{edge: trailing, width: 64, slot: 800}").utf8)], file: "Content/devices.yml", code: "invalid-field", at: (8, 45)),
        Case("bars taller than the device", ["Content/devices.yml": Data(deviceYAML(topBar: 720).utf8)], file: "Content/devices.yml", code: "invalid-field", at: (1, 1)),
        Case("devices.yml of comments only", ["Content/devices.yml": Data("# no devices\n".utf8)], file: "Content/devices.yml", code: "unreadable-file", at: (1, 1)),

        // Front matter fences.
        Case("no front matter", page: "## The rules\n\n1. A rule.\n", code: "missing-front-matter", at: (1, 1)),
        Case("no front matter but YAML", page: "title: First page\nsummary: x\n", code: "missing-front-matter", at: (1, 1)),
        Case("unclosed front matter", page: "---\ntitle: First page\nsummary: x\n\n## The rules\n", code: "missing-front-matter", at: (1, 1)),
        Case("a lone fence", page: "---", code: "missing-front-matter", at: (1, 1)),
        Case("a fence and text", page: "---\n", code: "missing-front-matter", at: (1, 1)),

        // Bytes that are not text.
        Case("binary page", [page: Data("---\ntitle: x\nsum\u{0}mary\n".utf8)], code: "unreadable-file", at: (3, 4)),
        Case("non-UTF-8 page", [page: Data("---\ntitle: caf".utf8) + Data([0xE9]) + Data("\n---\n".utf8)], code: "unreadable-file", at: (2, 11)),
        Case("non-UTF-8 after non-ASCII", [page: Data("---\ntitle: “é” ".utf8) + Data([0xC3, 0x28]) + Data("\n---\n".utf8)], code: "unreadable-file", at: (2, 12)),
        Case("truncated UTF-8 at the end", [page: Data("---\ntitle: x\n---\n\nText é".utf8).dropLast()], code: "unreadable-file", at: (5, 6)),
        Case("empty page", [page: Data()], code: "unreadable-file", at: (1, 1)),
        Case("empty site.yml", ["Content/site.yml": Data()], file: "Content/site.yml", code: "unreadable-file", at: (1, 1)),
        Case("binary sources.yml", ["Content/sources.yml": Data([0x00, 0x01, 0x02, 0xFF])], file: "Content/sources.yml", code: "unreadable-file", at: (1, 1)),
        Case("a folder named like a page", ["Content/patterns/folder.md/inside.txt": Data("x".utf8)], file: "Content/patterns/folder.md", code: "unreadable-file", at: (1, 1)),
        Case("a file name that cannot be an address", ["Content/patterns/Bad Name.md": Data(CleanPage.text().utf8)], file: "Content/patterns/Bad Name.md", code: "invalid-field", at: (1, 1)),

        // Citations that name nothing, or cannot be read.
        Case("citation of separators only", page: CleanPage.text(citation: "· ·"), code: "invalid-citation", at: (12, 4)),
        Case("citation of nothing", page: CleanPage.text(citation: ""), code: "invalid-citation", at: (12, 4)),
        Case("citation with no basis", page: CleanPage.text().replacingOccurrences(of: "Sources (apple):", with: "Sources:"), code: "invalid-citation", at: (12, 4)),
        Case("citation with an unknown basis", page: CleanPage.text().replacingOccurrences(of: "(apple)", with: "(maybe)"), code: "invalid-citation", at: (12, 4)),
        // Links that lead nowhere from the page's file or its address.
        Case("a relative link not to a page's file", page: CleanPage.text(tail: "\nSee [the other page](other-page#rule-1).\n"), code: "broken-link", at: (20, 5)),
        Case("a relative image", page: CleanPage.text(tail: "\nA diagram: ![the column](diagram.png)\n"), code: "broken-link", at: (20, 12)),
        Case("a link with no address", page: CleanPage.text(tail: "\nSee [nothing]().\n"), code: "broken-link", at: (20, 5)),
        Case("a published address of no page", page: CleanPage.text(tail: "\nSee [the other page](/patterns/other-page/).\n"), code: "broken-link", at: (20, 5)),
        Case("a published address with an anchor the page lacks", page: CleanPage.text(tail: "\nSee [the FAQ](/patterns/first-page/#faq-9).\n"), code: "broken-anchor", at: (20, 5)),
        // Citation blocks that would be shown as text, the rule losing its citations.
        Case("citation in the rule's paragraph", page: CleanPage.text().replacingOccurrences(of: "A rule.\n\n   Sources", with: "A rule.\n   Sources"), code: "invalid-citation", at: (11, 4)),
        Case("citation misspelt 'Source'", page: CleanPage.text().replacingOccurrences(of: "Sources (apple):", with: "Source (apple):"), code: "invalid-citation", at: (12, 4)),
        Case("citation in lowercase", page: CleanPage.text().replacingOccurrences(of: "Sources (apple):", with: "sources (apple):"), code: "invalid-citation", at: (12, 4)),
        Case("citation before more of its rule", page: CleanPage.text().replacingOccurrences(of: "talk @ 6:13\n", with: "talk @ 6:13\n\n   More of the rule.\n"), code: "invalid-citation", at: (12, 4)),
        Case("citations separated by a comma", page: CleanPage.text(citation: "hig § Vertical controls, talk @ 6:13"), code: "invalid-citation", at: (12, 21)),
        Case("rule list ended by an unindented citation", page: CleanPage.text().replacingOccurrences(of: "   Sources (apple): hig § Vertical controls · talk @ 6:13\n", with: "Sources (apple): hig § Vertical controls · talk @ 6:13\n\n2. Another rule.\n"), code: "rule-numbering", at: (14, 1)),
        Case("citation after the rule list, not indented", page: CleanPage.text().replacingOccurrences(of: "   Sources (apple):", with: "Sources (apple):"), code: "invalid-citation", at: (12, 1)),
        Case("citation with a trailing separator", page: CleanPage.text(citation: "hig § Vertical controls · talk @ 6:13 ·"), code: "invalid-citation"),
        Case("citation of a moment that is not one", page: CleanPage.text(citation: "hig § Vertical controls · talk @ 99"), code: "invalid-citation", at: (12, 47)),
        Case("citation of a section with no name", page: CleanPage.text(citation: "hig § · talk @ 6:13"), code: "invalid-citation", at: (12, 21)),
        Case("citation of a moment of a document", page: CleanPage.text(citation: "hig @ 1:00 · talk @ 6:13"), code: "invalid-citation", at: (12, 21)),

        // Demos of the wrong shape.
        Case("demo that is a list", page: CleanPage.text(tail: demoTail + "- device: duo-closed-portrait\n- screen: {}\n```\n"), code: "invalid-demo", at: (23, 1)),
        Case("demo that is text", page: CleanPage.text(tail: demoTail + "a phone\n```\n"), code: "invalid-demo", at: (23, 1)),
        Case("empty demo", page: CleanPage.text(tail: demoTail + "```\n"), code: "invalid-demo", at: (22, 1)),
        Case("demo that does not parse", page: CleanPage.text(tail: demoTail + "device: [duo\n```\n"), code: "invalid-demo"),
        Case("demo with an alias", page: CleanPage.text(tail: demoTail + "device: &d duo-closed-portrait\ncaption: *d\n```\n"), code: "invalid-demo", at: (24, 10)),
        Case("demo nested without end", page: CleanPage.text(tail: demoTail + "screen: " + String(repeating: "{a: ", count: 10_000) + "\n```\n"), code: "invalid-demo"),
        Case("demo whose screen is a list", page: CleanPage.text(tail: demoTail + "device: duo-closed-portrait\nscreen: [a, b]\n```\n"), code: "invalid-demo", at: (24, 9)),
        Case("demo whose states are a map", page: CleanPage.text(tail: demoTail + "device: duo-closed-portrait\nscreen:\n  title: Cart\nstates: {name: x}\n```\n"), code: "invalid-demo", at: (26, 9)),
        Case("demo whose bar is a map", page: CleanPage.text(tail: demoTail + "device: duo-closed-portrait\nscreen:\n  toolbar: {title: Share}\n```\n"), code: "invalid-demo", at: (25, 12)),
        Case("demo whose item is a list", page: CleanPage.text(tail: demoTail + "device: duo-closed-portrait\nscreen:\n  toolbar:\n    - [Share]\n```\n"), code: "invalid-demo", at: (26, 7)),
        Case("demo changing an item it does not have", page: CleanPage.text(tail: demoTail + "device: duo-closed-portrait\nscreen:\n  toolbar:\n    - {title: Share}\nstates:\n  - name: A\n    change:\n      shar: {symbol: tray}\n```\n"), code: "invalid-demo", at: (30, 7)),
        Case("demo item with nothing to show", page: CleanPage.text(tail: demoTail + "device: duo-closed-portrait\nscreen:\n  toolbar:\n    - {id: share}\n```\n"), code: "invalid-demo", at: (26, 7)),
        Case("demo with no device", page: CleanPage.text(tail: demoTail + "screen:\n  title: Cart\n```\n"), code: "invalid-demo", at: (23, 1)),
        Case("demo with two items of one id", page: CleanPage.text(tail: demoTail + "device: duo-closed-portrait\nscreen:\n  toolbar:\n    - {title: Share}\n    - {title: Send, id: share}\n```\n"), code: "invalid-demo", at: (27, 7)),

        // Rules in two sections.
        Case("two rules sections", page: CleanPage.text(tail: "\n## The rules\n\n1. Another rule.\n"), code: "duplicate-section", at: (20, 1)),
        Case("two FAQ sections", page: CleanPage.text(tail: "\n## faq\n\n### Another question?\n\nIts answer.\n"), code: "duplicate-section", at: (20, 1)),

        // Markdown nested without end.
        Case("deeply nested quotes", page: CleanPage.text(tail: "\n" + String(repeating: "> ", count: 5_000) + "deep\n"), code: "invalid-field", at: (20, 95)),
        Case("deeply nested lists", page: CleanPage.text(tail: "\n" + String(repeating: "- ", count: 5_000) + "deep\n"), code: "invalid-field"),
        Case("deeply nested ordered lists", page: CleanPage.text(tail: "\n" + (0..<3_000).map { String(repeating: "   ", count: $0) + "1. item\n" }.joined()), code: "invalid-field"),
        Case("deeply nested emphasis and links (20,000 brackets in one paragraph: refused)", page: CleanPage.text(tail: "\n" + String(repeating: "*[", count: 20_000) + "x" + String(repeating: "](a.md)*", count: 20_000) + "\n"), code: "unreadable-file"),
    ]

    @Test(arguments: cases)
    func badInput(_ input: Case) throws {
        let site = try ScratchSite()
        for (path, data) in input.files {
            try site.write(data, to: path)
        }
        let (status, json) = try site.checkJSON()
        #expect(status == 1)
        let matching = json.located.filter { $0.code == input.code && $0.file == input.file }
        #expect(!matching.isEmpty, "\(json.findings)")
        if let line = input.line, let column = input.column {
            #expect(matching.contains { $0.line == line && $0.column == column }, "\(matching)")
        }
        for finding in json.located {
            #expect(finding.line >= 1)
            #expect(finding.column >= 1)
        }
    }

    /// A demo block left without its closing fence is named as such, at its
    /// fence, rather than by the YAML errors of the text it took in: the
    /// rest of the page, or the next code block's fence and what lies before it.
    @Test(arguments: [
        ("the rest of the page", demoTail + "device: duo-closed-portrait\ncaption: A cart.\n",
         "the demo block opened here is never closed, so everything after it is read as its YAML; end it with a line of ``` under its last line"),
        ("the next block's fence", demoTail + "device: duo-closed-portrait\n\nMore text.\n\n```swift\nlet x = 1\n```\n",
         "the demo block opened here is not closed before line 27, where another code block's fence stands; end it with a line of ``` under its last line"),
    ])
    func aDemoWithoutItsClosingFence(what: String, tail: String, message: String) throws {
        let site = try ScratchSite()
        try site.write(CleanPage.text(tail: tail), to: CleanPage.path)
        let (status, json) = try site.checkJSON()
        #expect(status == 1)
        #expect(json.located == [LocatedFinding(file: CleanPage.path, line: 22, column: 1, severity: "error", code: "invalid-demo")])
        #expect(json.findings.compactMap { $0["message"] as? String } == [message])
    }

    /// A demo whose YAML does not parse says so in the demo's words.
    @Test func aDemoThatDoesNotParseSaysItIsTheDemosYAML() throws {
        let site = try ScratchSite()
        try site.write(CleanPage.text(tail: Self.demoTail + "device: [duo\n```\n"), to: CleanPage.path)
        let (_, json) = try site.checkJSON()
        let messages = json.findings.compactMap { $0["message"] as? String }
        #expect(messages.count == 1)
        #expect(messages.allSatisfy { $0.hasPrefix("the demo's YAML cannot be read: ") }, "\(messages)")
    }

    /// A page whose front matter cannot be read gives its own error alone:
    /// the sources it cites are not reported as cited on no page.
    @Test func aPageThatCannotBeReadLeavesItsSourcesAlone() throws {
        let site = try ScratchSite()
        try site.write(CleanPage.text().replacingOccurrences(of: "title: First page", with: "title: [First page"), to: CleanPage.path)
        let (status, json) = try site.checkJSON()
        #expect(status == 1)
        #expect(json.located.map(\.code) == ["yaml-syntax"], "\(json.findings)")
    }

    /// A mistake in a citation block that cmark-gfm reads as several nodes
    /// (here around an emphasis) is found at its column in the file, as in
    /// a block read as one text.
    @Test(arguments: [
        ("hig § *A* B · talk @ soon", 35),
        ("hig § A B · talk @ soon", 33),
    ])
    func citationMistakeStandsAtItsColumnAcrossTexts(citation: String, column: Int) throws {
        let site = try ScratchSite()
        try site.write(CleanPage.text(citation: citation), to: CleanPage.path)
        let (_, json) = try site.checkJSON()
        let citations = json.located.filter { $0.code == "invalid-citation" }
        #expect(citations == [LocatedFinding(file: CleanPage.path, line: 12, column: column, severity: "error", code: "invalid-citation")])
    }

    /// A citation that names nothing gives one finding, not one per gap.
    @Test(arguments: ["· ·", "", " · · · "])
    func citationNamingNothingIsOneFinding(citation: String) throws {
        let site = try ScratchSite()
        try site.write(CleanPage.text(citation: citation), to: CleanPage.path)
        let (_, json) = try site.checkJSON()
        let citations = json.located.filter { $0.code == "invalid-citation" }
        #expect(citations == [LocatedFinding(file: CleanPage.path, line: 12, column: 4, severity: "error", code: "invalid-citation")])
        let message = try #require(json.findings.first { $0["code"] as? String == "invalid-citation" }?["message"] as? String)
        #expect(message.contains("names no source"))
    }

    @Test func aPageOfFiveMegabytes() throws {
        let site = try ScratchSite()
        var text = CleanPage.text()
        let paragraph = "Bars on iPhone Duo move to the side, *as symbols*, with `code`, [links](first-page.md#rule-1) and “quotes”.\n\n"
        while text.utf8.count < 5 * 1024 * 1024 {
            text += paragraph
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        text += "See [a missing page](missing-page.md).\n"
        try site.write(text, to: CleanPage.path)
        let (status, json) = try site.checkJSON()
        #expect(status == 1)
        #expect(json.located == [LocatedFinding(file: CleanPage.path, line: lines, column: 5, severity: "error", code: "broken-link")])
    }

    @Test func aPageOfOneLineOfFiveMegabytes() throws {
        let site = try ScratchSite()
        let line = String(repeating: "Déjà vu, `code` and *emphasis*. ", count: 5 * 1024 * 1024 / 34)
        try site.write(CleanPage.text(tail: "\n" + line + "[x](missing-page.md)\n"), to: CleanPage.path)
        let (status, json) = try site.checkJSON()
        #expect(status == 1)
        #expect(json.located == [LocatedFinding(file: CleanPage.path, line: 20, column: line.unicodeScalars.count + 1, severity: "error", code: "broken-link")])
    }

    @Test func aPageTooLargeToRead() throws {
        let site = try ScratchSite()
        let text = CleanPage.text() + String(repeating: "x", count: 17 * 1024 * 1024) + "\n"
        try site.write(text, to: CleanPage.path)
        let (status, json) = try site.checkJSON()
        #expect(status == 1)
        #expect(json.located.contains { $0.code == "unreadable-file" && $0.file == CleanPage.path && $0.line == 1 && $0.column == 1 })
    }

    /// Windows line endings and a byte-order mark change no position.
    @Test(arguments: ["\r\n", "\r"])
    func lineEndings(ending: String) throws {
        let site = try ScratchSite()
        let text = CleanPage.text(lastChecked: "2026-03-02", citation: "hig § Vertical controls · talk @ 6:13 · hgi")
        try site.write("\u{FEFF}" + text.replacingOccurrences(of: "\n", with: ending), to: CleanPage.path)
        let (status, json) = try site.checkJSON()
        #expect(status == 1)
        #expect(json.located == [
            LocatedFinding(file: CleanPage.path, line: 5, column: 15, severity: "error", code: "stale"),
            LocatedFinding(file: CleanPage.path, line: 12, column: 61, severity: "error", code: "unknown-source"),
        ])
    }

    /// A demo in a list item is indented: its findings count the indentation.
    @Test func demoInARuleCountsItsIndentation() throws {
        let site = try ScratchSite()
        try site.write(Data(Self.placement.utf8), to: "Content/placement.yml")
        let text = CleanPage.text().replacingOccurrences(of: "1. A rule.\n", with: """
        1. A rule.

           ```demo
           device: duo-open
           screen:
             toolbar:
               - {title: Share, colour: red}
           ```

        """)
        try site.write(text, to: CleanPage.path)
        let (status, json) = try site.checkJSON()
        #expect(status == 1)
        #expect(json.located == [
            LocatedFinding(file: CleanPage.path, line: 13, column: 12, severity: "error", code: "unknown-device"),
            LocatedFinding(file: CleanPage.path, line: 16, column: 25, severity: "error", code: "unknown-field"),
        ])
    }

    static let placement = """
    forms:
      symbol-or-title: [symbol + badge?, title]
    overflow:
      symbol: ellipsis
      form: symbol-or-title
    rules:
      - id: everything
        when: {}
        place: top
        form: symbol-or-title

    """

    @Test func manyBadPagesAtOnce() throws {
        let site = try ScratchSite()
        for (index, input) in Self.cases.enumerated() {
            for (path, data) in input.files where path.hasPrefix("Content/patterns/") {
                let name = path == CleanPage.path ? "case-\(index).md" : String(path.split(separator: "/").last!)
                try site.write(data, to: "Content/patterns/\(name)")
            }
        }
        let (status, json) = try site.checkJSON()
        #expect(status == 1)
        #expect(json.findings.count > 20)
    }
}
