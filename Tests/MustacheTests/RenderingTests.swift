import Mustache
import Testing

/// The renderer escapes bytes sixteen and eight at a time, keeps ASCII apart from other text
/// and compiles templates to flat instructions; these tests pin its output to
/// plain reference computations wherever those shortcuts could go wrong.
@Suite("Rendering")
struct RenderingTests {
    /// HTML escaping done the slow, obvious way.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    @Test("escaping matches the reference for every character to escape at every position")
    func escapingAtEveryPosition() throws {
        let template = try Template("{{x}}|{{{x}}}", name: "t")
        for special in ["&", "<", ">", "\"", "'", "é", "“", "—", "😀"] {
            for length in 0...40 {
                for position in 0...length {
                    var characters = Array(repeating: Character("a"), count: length)
                    characters.insert(Character(special), at: position)
                    let text = String(characters)
                    #expect(try template.render(["x": .string(text)]) == Self.escaped(text) + "|" + text)
                }
            }
        }
    }

    /// Every ASCII character, those escaped and their neighbours in the
    /// code (`$`, `=`, `?`, `"`… which differ from `&`, `<`, `>` in one bit),
    /// at every place in two sixteen-byte blocks, an eight-byte word and
    /// the bytes after it.
    @Test("escaping matches the reference for every ASCII character at every place in a block")
    func escapingEveryASCIICharacter() throws {
        let template = try Template("{{x}}", name: "t")
        for code in 1..<128 {
            let character = Character(Unicode.Scalar(UInt8(code)))
            for position in 0..<43 {
                var characters = Array(repeating: Character("a"), count: 43)
                characters[position] = character
                let text = String(characters)
                #expect(try template.render(["x": .string(text)]) == Self.escaped(text))
            }
        }
    }

    /// Two characters to escape at every pair of places in a block and
    /// the bytes after it: each found after the one before it.
    @Test("escaping two characters at every pair of places", arguments: ["&", "<", ">", "\"", "'"])
    func escapingPairs(first: String) throws {
        let template = try Template("{{x}}", name: "t")
        for second in ["&", "<", ">", "\"", "'"] {
            for one in 0..<21 {
                for other in one + 1..<21 {
                    var characters = Array(repeating: Character("b"), count: 21)
                    characters[one] = Character(first)
                    characters[other] = Character(second)
                    let text = String(characters)
                    #expect(try template.render(["x": .string(text)]) == Self.escaped(text))
                }
            }
        }
    }

    @Test("escaping a value holding every character to escape and non-ASCII text")
    func escapingMixed() throws {
        let text = "“Tom’s” <b>&amp;</b> — 'quoted' \"double\" café 😀 & more"
        #expect(try TemplateLibrary.render("{{x}}", ["x": .string(text)]) == Self.escaped(text))
    }

    @Test("literal text, values and escapes keep their order around non-ASCII pieces")
    func nonASCIIPieces() throws {
        let values: [Value] = (0..<50).map { index in
            switch index % 5 {
            case 0: .string("plain \(index)")
            case 1: .string("naïve “\(index)” & <tag>")
            case 2: .string(String(repeating: "x", count: index * 7))
            case 3: .string("— \(index) —")
            default: .int(index)
            }
        }
        let template = "© {{#items}}<li>{{.}}|{{{.}}}</li>é\n{{/items}}end ✓"
        var expected = "© "
        for value in values {
            let text = value.text
            expected += "<li>\(Self.escaped(text))|\(text)</li>é\n"
        }
        expected += "end ✓"
        #expect(try TemplateLibrary.render(template, ["items": .list(values)]) == expected)
    }

    @Test("output much longer than the first buffer", arguments: [false, true])
    func longOutput(nonASCII: Bool) throws {
        let unit = nonASCII ? "Tom’s <b>fish</b> & chips, " : "Tom's <b>fish</b> & chips, "
        let text = String(repeating: unit, count: 5_000)
        let output = try TemplateLibrary.render("{{#n}}[{{x}}]{{{x}}}{{/n}}", ["x": .string(text), "n": [1, 2, 3]])
        let once = "[" + Self.escaped(text) + "]" + text
        #expect(output == once + once + once)
    }

    @Test("integers interpolate in decimal, extremes included", arguments: [0, 7, -7, 10, -10, 1_000, Int.max, Int.min])
    func integers(value: Int) throws {
        #expect(try TemplateLibrary.render("{{x}}", ["x": .int(value)]) == String(value))
    }

    @Test("a standalone partial indents non-ASCII lines too")
    func indentedNonASCII() throws {
        let library = try TemplateLibrary(templates: [
            "page": "<ul>\n  {{> item}}\n</ul>\n",
            "item": "é line\n{{x}} — {{y}}\nlast ü",
        ])
        let output = try library.render("page", ["x": "“x”", "y": "<y>"])
        #expect(output == "<ul>\n  é line\n  “x” — &lt;y&gt;\n  last ü</ul>\n")
    }

    @Test("names resolve through small and large objects alike")
    func lookupThroughObjects() throws {
        var large = Members()
        for index in 0..<20 { large["key\(index)"] = .int(index) }
        large["shared"] = "large"
        let small: Value = ["a": 1, "shared": "small", "inner": ["deep": "yes"]]
        let context: Value = ["outer": "o", "large": .object(large), "small": small]
        let template = "{{#large}}{{key7}}{{key19}}{{outer}}{{shared}}{{#small}}{{shared}}{{key3}}{{inner.deep}}{{missing}}{{/small}}{{/large}}"
        #expect(try TemplateLibrary.render(template, context) == "719olargesmall3yes")
    }

    @Test("a key given twice finds its last value, and setting nil removes it")
    func repeatedKeys() throws {
        var members: Members = ["title": "first", "title": "second", "other": 1]
        #expect(members["title"] == "second")
        #expect(try TemplateLibrary.render("{{title}}", .object(members)) == "second")
        members["title"] = nil
        #expect(members["title"] == nil)
        #expect(members["other"] == 1)
        #expect(try TemplateLibrary.render("[{{title}}]", .object(members)) == "[]")
    }

    @Test("objects are equal when the same keys find the same values, in any order")
    func objectEquality() {
        let one: Value = ["a": 1, "b": "x"]
        #expect(one == ["b": "x", "a": 1])
        #expect(one == ["a": 0, "b": "x", "a": 1])
        #expect(one != ["a": 1, "b": "y"])
        #expect(one != ["a": 1])
    }
}
