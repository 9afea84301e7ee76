import Mustache
import Testing

@Suite("Values and escaping")
struct ValueTests {
    @Test("`'` is escaped as &#39;, with & < > \" as the spec requires")
    func escapesApostrophe() throws {
        let output = try TemplateLibrary.render(#"{{x}}|{{{x}}}|{{& x}}"#, ["x": #"Tom's <b>"&"</b>"#])
        #expect(output == #"Tom&#39;s &lt;b&gt;&quot;&amp;&quot;&lt;/b&gt;|Tom's <b>"&"</b>|Tom's <b>"&"</b>"#)
    }

    /// Escaping `'` is safe for conformance only if no spec test interpolates one
    /// through `{{x}}`: checked here, so a future spec version that does would fail loudly.
    @Test("no spec test escapes an apostrophe, so escaping it keeps every spec test passing")
    func apostropheEscapingIsSpecSafe() {
        func strings(in value: Value) -> [String] {
            switch value {
            case .string(let string): [string]
            case .list(let values): values.flatMap(strings)
            case .object(let members): members.pairs.flatMap { strings(in: $0.value) }
            default: []
            }
        }
        let interpolatingApostrophes = Spec.cases.filter { test in
            strings(in: test.data).contains { $0.contains("'") }
        }
        #expect(interpolatingApostrophes.isEmpty)
    }

    @Test("numbers interpolate as people write them", arguments: [
        (Value.double(1.21), "1.21"), (.int(85), "85"), (.double(85), "85"), (.double(-0.5), "-0.5"),
        (.int(-3), "-3"), (.bool(true), "true"), (.null, ""), (["a", 1, 2.5], "a,1,2.5"), (["k": "v"], ""),
    ] as [(Value, String)])
    func interpolation(value: Value, text: String) throws {
        #expect(value.text == text)
        #expect(try TemplateLibrary.render("{{{.}}}", value) == text)
    }

    @Test("truthiness follows the spec's !!data", arguments: [
        (Value.null, false), (false, false), (true, true), (0, false), (1, true), (0.0, false), (0.5, true),
        ("", false), ("x", true), ([], false), ([0], true), ([:], true),
    ] as [(Value, Bool)])
    func truthiness(value: Value, truthy: Bool) throws {
        #expect(value.isTruthy == truthy)
        #expect(try TemplateLibrary.render("{{#v}}T{{/v}}{{^v}}F{{/v}}", ["v": value]) == (truthy ? "T" : "F"))
    }

    @Test("literals build contexts")
    func literals() {
        let value: Value = ["title": "Home", "count": 3, "ratio": 0.5, "tags": ["a", "b"], "draft": false, "none": nil]
        #expect(value["title"] == .string("Home"))
        #expect(value["count"] == .int(3))
        #expect(value["ratio"] == .double(0.5))
        #expect(value["tags"] == .list([.string("a"), .string("b")]))
        #expect(value["draft"] == .bool(false))
        #expect(value["none"] == .null)
        #expect(value["missing"] == nil)
        let name = "x"
        let interpolated: Value = "id-\(name)"
        #expect(interpolated == .string("id-x"))
    }
}
