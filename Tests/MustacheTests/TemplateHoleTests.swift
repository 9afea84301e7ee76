import Mustache
import Testing

/// A render that leaves some partials as holes, each filled later with the
/// partial rendered alone, gives the bytes of the whole render.
@Suite("Template holes")
struct TemplateHoleTests {
    /// The templates: a list whose elements include a partial on a line of
    /// its own, one inside a line, and one in an indented block.
    static let templates = [
        "page": "<ol>\n{{#rules}}\n<li>{{number}}\n{{> links}}\n</li>\n{{/rules}}\n</ol>\n<p>{{#rules}}[{{> links}}]{{/rules}}</p>\n{{> frame}}\n",
        "frame": "<div>\n  {{> links}}\n</div>\n",
        "links": "{{#cited}}\n<p>Cited by {{count}}</p>\n<ul>\n{{#by}}\n<li>{{.}}</li>\n{{/by}}\n</ul>\n{{/cited}}\n",
    ]

    /// Each rule's lists: rule 2 is cited by none.
    static let lists: [Int: Value] = [
        1: ["cited": true, "count": 2, "by": ["a & b", "c"]],
        2: ["cited": false, "count": 0, "by": []],
        3: ["cited": true, "count": 1, "by": ["<d>"]],
    ]

    @Test("the holes filled give what the whole render gives, lines, indentation and escaping alike")
    func filledHolesGiveTheWholeRender() throws {
        let library = try TemplateLibrary(templates: Self.templates)
        let rules: [Value] = (1...3).map { number in
            var rule = Self.lists[number]!.objectMembers
            rule["number"] = .int(number)
            return .object(Members(rule))
        }
        // The frame's hole is outside any rule: its lists are rule 1's.
        var top = Self.lists[1]!.objectMembers
        top["rules"] = .list(rules)
        let whole = try library.renderUTF8("page", .object(Members(top)))

        let (holed, holes) = try library.renderBytes("page", CompactContext(.object(["rules": .list(rules)])), deferring: ["links"]) { bytes, holes in
            ([UInt8](copying: bytes), holes)
        }
        #expect(holes.map(\.number) == [1, 2, 3, 1, 2, 3, nil])
        #expect(holes.allSatisfy { $0.partial == "links" })
        #expect(holes.last?.indentation == "  ")
        #expect(holes.map(\.offset) == holes.map(\.offset).sorted())

        var filled: [UInt8] = []
        var start = 0
        for hole in holes {
            filled += holed[start..<hole.offset]
            let lists = Self.lists[hole.number ?? 1]!
            filled += try library.renderBytes("links", CompactContext(lists), indentation: hole.indentation) { [UInt8](copying: $0) }
            start = hole.offset
        }
        filled += holed[start...]
        #expect(String(decoding: filled, as: UTF8.self) == String(decoding: whole, as: UTF8.self))
        // With every hole empty, the text around them is the whole render's.
        #expect(!holed.isEmpty && holed.count < whole.count)
    }

    @Test("a partial not deferred is rendered where it stands")
    func otherPartialsAreRendered() throws {
        let library = try TemplateLibrary(templates: ["page": "a{{> x}}b{{> y}}c", "x": "X", "y": "Y"])
        let (text, holes) = try library.renderBytes("page", CompactContext(.object([:])), deferring: ["y"]) { bytes, holes in
            (String(decoding: [UInt8](copying: bytes), as: UTF8.self), holes)
        }
        #expect(text == "aXbc")
        #expect(holes == [TemplateHole(partial: "y", offset: 3)])
    }
}

private extension Value {
    /// The members of an object value.
    var objectMembers: [String: Value] {
        guard case .object(let members) = self else { return [:] }
        return Dictionary(members.pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { _, last in last })
    }
}
