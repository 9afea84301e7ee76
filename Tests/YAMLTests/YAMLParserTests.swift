import Testing
import YAML

/// The libyaml wrapper: nodes keep where they stand, what content must not
/// hold becomes a `YAMLError` at its line and column, and plain scalars are
/// told apart from quoted ones.
struct YAMLParserTests {
    private func parse(_ text: String, firstLine: Int = 1) throws -> YAMLNode {
        try #require(try YAMLParser.parse(text, firstLine: firstLine))
    }

    private func failure(_ text: String, firstLine: Int = 1, firstColumn: Int = 1) -> YAMLError? {
        do {
            _ = try YAMLParser.parse(utf8: Array(text.utf8), firstLine: firstLine, firstColumn: firstColumn)
            return nil
        } catch {
            return error
        }
    }

    // MARK: Positions

    @Test func nodesKeepOneBasedLineAndColumn() throws {
        let root = try parse("""
        title: DuoApps
        nested:
          key: value
          list:
            - first
            - {a: 1}
        """)
        #expect(root.mark == Mark(line: 1, column: 1))
        let pairs = try #require(root.pairs)
        #expect(pairs[0].key.mark == Mark(line: 1, column: 1))
        #expect(pairs[0].value.mark == Mark(line: 1, column: 8))
        #expect(pairs[1].key.mark == Mark(line: 2, column: 1))
        let nested = try #require(root["nested"])
        #expect(nested.mark == Mark(line: 3, column: 3))
        #expect(nested["key"]?.mark == Mark(line: 3, column: 8))
        let list = try #require(nested["list"]?.elements)
        #expect(list[0].mark == Mark(line: 5, column: 7))
        #expect(list[1].mark == Mark(line: 6, column: 7))
        #expect(list[1]["a"]?.mark == Mark(line: 6, column: 11))
    }

    @Test func firstLineShiftsEveryLineButNoColumn() throws {
        let root = try parse("title: x\nsummary: y", firstLine: 2)
        #expect(root["title"]?.mark == Mark(line: 2, column: 8))
        #expect(root["summary"]?.mark == Mark(line: 3, column: 10))
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let root = try parse("é: “quoted”\nkey: [ü, ß]")
        #expect(root["é"]?.mark == Mark(line: 1, column: 4))
        let list = try #require(root["key"]?.elements)
        #expect(list[1].mark == Mark(line: 2, column: 10))
    }

    // MARK: What is refused, and where

    @Test func duplicateKeyIsReportedAtTheSecondKey() throws {
        let error = try #require(failure("title: a\nsummary: b\ntitle: c\n"))
        #expect(error.mark == Mark(line: 3, column: 1))
        #expect(error.message.contains("duplicate key 'title'"))
    }

    @Test func duplicateKeyInANestedMap() throws {
        let error = try #require(failure("screen:\n  title: a\n  back: b\n  title: c\n", firstLine: 10))
        #expect(error.mark == Mark(line: 13, column: 3))
    }

    @Test func sameKeyInTwoMapsIsFine() throws {
        let root = try parse("a: {title: x}\nb: {title: y}")
        #expect(root["b"]?["title"]?.string == "y")
    }

    @Test(arguments: [
        // A tab before a key.
        ("a: 1\n\tb: 2\n", Mark(line: 2, column: 1)),
        // A tab before a list item.
        ("a:\n\t- x\n", Mark(line: 2, column: 1)),
        // Spaces, then a tab.
        ("a:\n  b: 1\n  \tc: 2\n", Mark(line: 3, column: 3)),
        // Non-ASCII text before the tab.
        ("ü: 1\n\tb: 2\n", Mark(line: 2, column: 1)),
        ("a:\n  é: “x”\n\tb: 2\n", Mark(line: 3, column: 1)),
        ("é:\n\t- x\n", Mark(line: 2, column: 1)),
        ("“a”: ü\nb:\n\t- x\n", Mark(line: 3, column: 1)),
    ])
    func tabIndentation(text: String, mark: Mark) throws {
        let error = try #require(failure(text))
        #expect(error.mark == mark)
        #expect(error.message.contains("tab"), "\(error.message)")
    }

    @Test func syntaxErrorIsReportedWhereItIs() throws {
        let error = try #require(failure("title: x\nsummary: a: b\n", firstLine: 2))
        #expect(error.mark == Mark(line: 3, column: 11))
        #expect(error.message == "the value of 'summary' holds ': ', which YAML reads as the start of another key: put the whole value in quotes, summary: \"a: b\" (YAML: mapping values are not allowed in this context)", "\(error.message)")
    }

    /// A key written without its ':' is found on its own line, where the
    /// ':' is missing, not on the next one, where libyaml stops.
    @Test(arguments: [
        ("screen:\n  title Library\n  tabs:\n    - {title: Home}\n", 1, 1, Mark(line: 2, column: 8), "'title Library' has no ':' after its key: write 'title: Library'"),
        ("title Tabs in the column\nsummary: x\n", 2, 1, Mark(line: 2, column: 6), "'title Tabs in the column' has no ':' after its key: write 'title: Tabs in the column'"),
        ("screen:\n  title Library\n\n  # the tabs\n  tabs: []\n", 10, 4, Mark(line: 11, column: 11), "'title Library' has no ':' after its key: write 'title: Library'"),
    ])
    func aMissingColonIsFoundOnItsLine(text: String, firstLine: Int, firstColumn: Int, mark: Mark, message: String) throws {
        let error = try #require(failure(text, firstLine: firstLine, firstColumn: firstColumn))
        #expect(error.mark == mark)
        #expect(error.message.hasPrefix(message + " (YAML: "), "\(error.message)")
    }

    @Test func anUnclosedBracketIsReportedWhereItOpens() throws {
        let error = try #require(failure("tabs:\n  - {title: Home, symbol: house\n  - {title: Search}\n", firstLine: 5))
        #expect(error.mark == Mark(line: 6, column: 5))
        #expect(error.message == "the '{' opened here is never closed with '}', or two of its entries have no ',' between them (YAML: did not find expected ',' or '}' while parsing a flow mapping)", "\(error.message)")
    }

    @Test func unclosedQuoteIsReportedWhereTheQuoteOpens() throws {
        let error = try #require(failure("title: \"Symbols, not labels\nowner: x\n", firstLine: 2))
        #expect(error.mark == Mark(line: 2, column: 8))
        #expect(error.message == "the quote opened here is never closed: end the value with the same quote mark, on its line (YAML: found unexpected end of stream while scanning a quoted scalar)", "\(error.message)")
    }

    @Test func unclosedBracketSaysWhereItOpens() throws {
        let error = try #require(failure("tags: [a, b\nowner: x\n"))
        #expect(error.mark == Mark(line: 1, column: 7))
        #expect(error.message == "the '[' opened here is never closed with ']', or two of its entries have no ',' between them (YAML: did not find expected ',' or ']' while parsing a flow sequence)", "\(error.message)")
    }

    @Test func aliasIsRefused() throws {
        let error = try #require(failure("a: &x value\nb: *x\n"))
        #expect(error.mark == Mark(line: 2, column: 4))
        #expect(error.message.contains("alias"))
    }

    @Test func secondDocumentIsRefused() throws {
        let error = try #require(failure("a: 1\n---\nb: 2\n", firstLine: 5))
        #expect(error.mark == Mark(line: 6, column: 1))
        #expect(error.message.contains("second YAML document"))
    }

    @Test func explicitFirstDocumentIsFine() throws {
        let root = try parse("---\na: 1\n")
        #expect(root["a"]?.int == 1)
    }

    @Test func deepNestingIsRefused() throws {
        let depth = YAMLParser.maximumDepth + 1
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let error = try #require(failure(text))
        #expect(error.mark == Mark(line: 1, column: YAMLParser.maximumDepth + 1))
        #expect(error.message.contains("nest"))
    }

    @Test func deepBlockNestingIsRefused() throws {
        var text = ""
        for level in 0..<(YAMLParser.maximumDepth + 5) {
            text += String(repeating: " ", count: level) + "k:\n"
        }
        let error = try #require(failure(text))
        #expect(error.mark.line == YAMLParser.maximumDepth + 1)
    }

    @Test func nestingAtTheLimitIsFine() throws {
        let depth = YAMLParser.maximumDepth
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(throws: Never.self) { try YAMLParser.parse(text) }
    }

    @Test func veryDeepNestingNeitherCrashesNorHangs() throws {
        let depth = 100_000
        let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(failure(text) != nil)
        let quotes = String(repeating: "{a: ", count: 50_000)
        #expect(failure(quotes) != nil)
    }

    /// Long lists and maps are read whole (speed itself is measured by scripts/bench).
    @Test func longListsAndMapsAreReadWhole() throws {
        let count = 100_000
        var list = "list:\n"
        var map = ""
        for index in 0..<count {
            list += "  - item \(index)\n"
            map += "key-\(index): value \(index)\n"
        }
        let listRoot = try YAMLParser.parse(list)
        let mapRoot = try YAMLParser.parse(map)
        #expect(listRoot?["list"]?.elements?.count == count)
        #expect(listRoot?["list"]?.elements?.last?.mark == Mark(line: count + 1, column: 5))
        #expect(mapRoot?.pairs?.count == count)
        #expect(mapRoot?.pairs?.last?.key.string == "key-\(count - 1)")
    }

    @Test func duplicateKeyFarDownALongMap() throws {
        var map = ""
        for index in 0..<10_000 { map += "key-\(index): x\n" }
        map += "key-5: again\n"
        let error = try #require(failure(map))
        #expect(error.mark == Mark(line: 10_001, column: 1))
    }

    @Test("a repeated key is found in short and long maps alike", arguments: [1, 2, 15, 16, 17, 40])
    func duplicateKeyAfterKeys(count: Int) throws {
        var map = ""
        for index in 0..<count { map += "key-\(index): x\n" }
        map += "key-\(count - 1): again\n"
        let error = try #require(failure(map))
        #expect(error.mark == Mark(line: count + 1, column: 1))
        #expect(error.message.contains("duplicate key 'key-\(count - 1)'"))
    }

    // MARK: Empty input

    @Test(arguments: ["", "\n", "# only a comment\n", "   \n  \n"])
    func noDocument(text: String) throws {
        #expect(try YAMLParser.parse(text) == nil)
    }

    @Test func parsingTwiceGivesTheSameResult() throws {
        let parser = YAMLParser("a: 1\n")
        let first = try parser.parse()
        let second = try parser.parse()
        #expect(first?["a"]?.int == 1)
        #expect(second?["a"]?.int == 1)
    }

    // MARK: Scalars

    @Test(arguments: ["~", "null", "Null", "NULL", ""])
    func plainNull(text: String) throws {
        let root = try parse("key: \(text)\n")
        #expect(root["key"]?.isNull == true)
        #expect(root["key"]?.isPlain == true)
    }

    @Test(arguments: ["'null'", "\"null\"", "'~'", "\"\""])
    func quotedNullIsText(text: String) throws {
        let node = try #require(try parse("key: \(text)\n")["key"])
        #expect(!node.isNull)
        #expect(!node.isPlain)
        #expect(node.string != nil)
    }

    @Test(arguments: [("true", true), ("True", true), ("TRUE", true), ("false", false), ("False", false), ("FALSE", false)])
    func plainBool(text: String, value: Bool) throws {
        #expect(try parse("key: \(text)\n")["key"]?.bool == value)
    }

    @Test(arguments: ["'true'", "\"false\"", "yes", "no", "on", "1"])
    func notABool(text: String) throws {
        #expect(try parse("key: \(text)\n")["key"]?.bool == nil)
    }

    @Test(arguments: [("12", 12), ("0", 0), ("-3", -3), ("007", 7)])
    func plainInt(text: String, value: Int) throws {
        #expect(try parse("key: \(text)\n")["key"]?.int == value)
    }

    @Test(arguments: ["'12'", "\"12\"", "12.5", "twelve", "1_000", "0x1F", "99999999999999999999999"])
    func notAnInt(text: String) throws {
        #expect(try parse("key: \(text)\n")["key"]?.int == nil)
    }

    @Test func quotedScalarsKeepTheirText() throws {
        let root = try parse("""
        a: '12'
        b: "$24.90"
        c: "Symbols, not labels: bar items"
        d: '{url}?time={seconds}'
        """)
        #expect(root["a"]?.string == "12")
        #expect(root["b"]?.string == "$24.90")
        #expect(root["c"]?.string == "Symbols, not labels: bar items")
        #expect(root["d"]?.string == "{url}?time={seconds}")
    }

    @Test func scalarStyles() throws {
        let root = try parse("a: plain\nb: 'single'\nc: \"double\"\nd: |\n  literal\ne: >\n  folded\n")
        func style(_ key: String) -> YAMLNode.Style? {
            if case .scalar(_, let style)? = root[key]?.content { return style }
            return nil
        }
        #expect(style("a") == .plain)
        #expect(style("b") == .singleQuoted)
        #expect(style("c") == .doubleQuoted)
        #expect(style("d") == .literal)
        #expect(style("e") == .folded)
        #expect(root["d"]?.string == "literal\n")
    }

    @Test func explicitTagsAreKept() throws {
        let root = try parse("a: !!str 12\nb: !!int 12\n")
        #expect(root["a"]?.int == nil)
        #expect(root["a"]?.string == "12")
        #expect(root["b"]?.int == 12)
        #expect(root["a"]?.isPlain == false)
    }

    @Test func shapes() throws {
        let root = try parse("a: x\nb: [1]\nc: {d: 1}\ne:\n")
        #expect(root["a"]?.shapeDescription == "a value")
        #expect(root["b"]?.shapeDescription == "a list")
        #expect(root["c"]?.shapeDescription == "a map")
        #expect(root["e"]?.shapeDescription == "nothing")
        #expect(root["a"]?.pairs == nil)
        #expect(root["b"]?.elements?.count == 1)
        #expect(root["missing"] == nil)
    }

    @Test func mappingKeepsFileOrder() throws {
        let root = try parse("z: 1\na: 2\nm: 3\n")
        #expect(root.pairs?.map { $0.key.string } == ["z", "a", "m"])
    }
}
