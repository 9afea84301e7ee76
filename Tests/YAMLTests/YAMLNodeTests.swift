import Testing
import YAML

/// A node is a place in its document: its text, lists and maps are read
/// where they lie, keys are compared as bytes, and a node can also be made
/// on its own, from content.
struct YAMLNodeTests {
    private func parse(_ text: String) throws -> YAMLNode {
        try #require(try YAMLParser.parse(text))
    }

    /// A key is found by its exact bytes: not by a prefix, not by another
    /// key of its length, and an empty key is a key like any other.
    @Test func keysAreComparedByTheirBytes() throws {
        let root = try parse("ab: 1\nabc: 2\nabd: 3\n\"\": 4\né: 5\ne: 6\n")
        #expect(root["ab"]?.string == "1")
        #expect(root["abc"]?.string == "2")
        #expect(root["abd"]?.string == "3")
        #expect(root[""]?.string == "4")
        #expect(root["é"]?.string == "5")
        #expect(root["e"]?.string == "6")
        #expect(root["a"] == nil)
        #expect(root["abcd"] == nil)
        // A list or a scalar has no keys.
        #expect(try parse("- ab\n")["ab"] == nil)
        #expect(try parse("ab\n")["ab"] == nil)
    }

    /// A key is told one of a list of keys by its bytes; a list or a map
    /// is no key of any list.
    @Test func aKeyIsFoundAmongKnownKeys() throws {
        let root = try parse("device: a\ncaption: b\ncap: c\n\"\": d\n[x]: e\n")
        let known = ["device", "caption", "screen"]
        #expect(root.pairs?.map { $0.key.isScalar(in: known) } == [true, true, false, false, false])
        #expect(root.pairs?.map { $0.key.isScalar(in: known + [""]) } == [true, true, false, true, false])
        #expect(root.pairs?.first?.key.isScalar(in: []) == false)
    }

    /// Lists and maps are read where they lie, in order, as often as asked.
    @Test func elementsAndPairsAreReadInOrder() throws {
        let root = try parse("list: [a, [b, c], {d: e}]\nmap: {x: 1, y: [2]}\n")
        let list = try #require(root["list"]?.elements)
        #expect(list.count == 3)
        #expect(list.map(\.shapeDescription) == ["a value", "a list", "a map"])
        #expect(list[1].elements?.compactMap(\.string) == ["b", "c"])
        #expect(list[2]["d"]?.string == "e")
        let pairs = try #require(root["map"]?.pairs)
        #expect(pairs.map { $0.key.string } == ["x", "y"])
        #expect(pairs.map { $0.key.mark.column } == [7, 13])
        #expect(pairs[1].value.elements?.first?.string == "2")
        #expect(Array(pairs.reversed()).map { $0.key.string } == ["y", "x"])
    }

    /// A reader's stand-in values: a list of one node, no pairs at all.
    @Test func elementsAndPairsCanBeGivenByHand() throws {
        let value = try parse("key: only\n")["key"]!
        let elements: YAMLNode.Elements = value.elements ?? [value]
        #expect(elements.count == 1)
        #expect(elements.first?.string == "only")
        #expect(elements.first?.mark == Mark(line: 1, column: 6))
        let pairs: YAMLNode.Pairs = value.pairs ?? []
        #expect(pairs.isEmpty)
    }

    /// A node made on its own reads as one parsed from the same text.
    @Test func aNodeMadeOnItsOwnReadsAsParsed() throws {
        let parsed = try parse("id: back\nlist: [x, 'y']\n")
        let mark = Mark(line: 3, column: 4)
        let made = YAMLNode(.mapping([
            YAMLNode.Pair(key: YAMLNode(.scalar("id", .plain), mark: mark), value: YAMLNode(.scalar("back", .plain), mark: Mark(line: 3, column: 8))),
            YAMLNode.Pair(key: YAMLNode(.scalar("list", .plain), mark: mark), value: YAMLNode(.sequence(parsed["list"]!.elements!.map { $0 }), mark: mark)),
        ]), mark: mark, tag: "tag:yaml.org,2002:map")
        #expect(made.mark == mark)
        #expect(made.tag == "tag:yaml.org,2002:map")
        #expect(made["id"]?.string == "back")
        #expect(made["id"]?.mark == Mark(line: 3, column: 8))
        #expect(made["list"]?.elements?.compactMap(\.string) == ["x", "y"])
        #expect(made["list"]?.elements?.map(\.isPlain) == [true, false])
        #expect(made["list"]?.elements?.map(\.mark) == parsed["list"]?.elements?.map(\.mark))
        if case .scalar(let text, let style)? = made["id"]?.content {
            #expect(text == "back")
            #expect(style == .plain)
        } else {
            Issue.record("a scalar's content is its text and style")
        }
    }
}
