import Mustache
import Testing

/// Compact contexts: what a builder writes is what a template reads, and
/// a value laid out compactly renders as the value does.
@Suite("Compact contexts")
struct CompactContextTests {
    /// A context with every kind of value, written with a builder.
    static func written() -> CompactContext {
        var context = CompactContext.Builder()
        context.beginObject(nil)
        context.add(ContextKey("title"), "Symbols, not labels — <b>“Duo”</b>")
        context.add(ContextKey("count"), 3)
        context.add(ContextKey("ratio"), 1.5)
        context.add(ContextKey("stale"), false)
        context.add(ContextKey("owner"), nil as String?)
        context.list(ContextKey("tags")) { tags in
            tags.add(nil, "bars")
            tags.add(nil, "column")
        }
        context.list(ContextKey("rules")) { rules in
            for number in 1...2 {
                rules.object(nil) { rule in
                    rule.add(ContextKey("number"), number)
                    rule.object(ContextKey("basis")) { basis in
                        basis.add(ContextKey("apple"), number == 1)
                        basis.add(ContextKey("label"), number == 1 ? "Apple" : "Recommendation")
                    }
                    rule.list(ContextKey("citations")) { _ in }
                }
            }
        }
        context.end()
        return context.finish()
    }

    /// The same context as a value.
    static let value: Value = [
        "title": "Symbols, not labels — <b>“Duo”</b>",
        "count": 3,
        "ratio": 1.5,
        "stale": false,
        "owner": nil,
        "tags": ["bars", "column"],
        "rules": [
            ["number": 1, "basis": ["apple": true, "label": "Apple"], "citations": []],
            ["number": 2, "basis": ["apple": false, "label": "Recommendation"], "citations": []],
        ],
    ]

    /// Every kind of tag: variables escaped and raw, dotted names, sections
    /// over lists, objects and scalars, inverted sections, the implicit
    /// iterator, and a name found in an outer context.
    static let template = """
        {{title}}|{{{title}}}|{{count}}|{{ratio}}|{{stale}}|[{{owner}}]|{{tags}}
        {{#tags}}<{{.}}>{{/tags}}{{^owner}}no owner{{/owner}}{{^tags}}none{{/tags}}
        {{#rules}}{{number}}:{{basis.label}}{{#basis.apple}} (Apple){{/basis.apple}}{{^citations}} uncited{{/citations}} of {{count}};{{/rules}}
        {{#count}}count {{.}}{{/count}}{{#stale}}stale{{/stale}}{{rules.0}}
        """

    @Test("what a builder writes reads back as the value it stands for")
    func builderWritesTheValue() {
        #expect(Self.written().value == Self.value)
    }

    @Test("a value laid out compactly reads back as itself")
    func valueRoundTrip() {
        #expect(CompactContext(Self.value).value == Self.value)
    }

    @Test("a context written with a builder renders as the value does")
    func rendersAsTheValue() throws {
        let library = TemplateLibrary([])
        let template = try Template(Self.template, name: "t")
        let fromValue = try library.render(template, Self.value)
        #expect(try library.render(template, Self.written()) == fromValue)
        #expect(fromValue == """
            Symbols, not labels — &lt;b&gt;“Duo”&lt;/b&gt;|Symbols, not labels — <b>“Duo”</b>|3|1.5|false|[]|bars,column
            <bars><column>no owner
            1:Apple (Apple) uncited of 3;2:Recommendation uncited of 3;
            count 3
            """)
    }

    @Test("a library's template renders as bytes, where they were written, as it renders as text")
    func rendersAsBytes() throws {
        let library = try TemplateLibrary(templates: ["t": Self.template])
        let text = try library.render("t", Self.value)
        let bytes = try library.renderBytes("t", Self.written(), capacity: 1) { span in span.indices.map { span[$0] } }
        #expect(bytes == Array(text.utf8))
        #expect(try library.renderUTF8("t", Self.value) == Array(text.utf8))
    }

    @Test("a member written twice is found as written last, as in a dictionary literal")
    func laterMemberHidesEarlier() throws {
        var context = CompactContext.Builder()
        context.object(nil) { object in
            object.add(ContextKey("name"), "first")
            object.add(ContextKey("name"), "last")
        }
        let written = context.finish()
        #expect(try TemplateLibrary([]).render(Template("{{name}}", name: "t"), written) == "last")
        #expect(try TemplateLibrary.render("{{name}}", ["name": "first", "name": "last"]) == "last")
    }

    /// A name is looked for in outer objects past inner ones that do not
    /// have it, however many other names they hold.
    @Test("a name passes objects without it to the one that has it")
    func namesPassObjectsWithoutThem() throws {
        let names = (0..<40).map { "outer-name-\($0)" }
        let keys = names.map(ContextKey.init)
        for (index, name) in names.enumerated() {
            var context = CompactContext.Builder()
            context.object(nil) { root in
                root.add(keys[index], "outer \(index)")
                root.object(ContextKey("inner")) { inner in
                    // Every other name: some share the sought name's bit.
                    for other in keys.indices where other != index {
                        inner.add(keys[other], "inner \(other)")
                    }
                }
            }
            let written = context.finish()
            let template = try Template("{{#inner}}{{\(name)}}|{{\(names[(index + 1) % 40])}}{{/inner}}", name: "t")
            #expect(try TemplateLibrary([]).render(template, written) == "outer \(index)|inner \((index + 1) % 40)")
        }
    }

    @Test("a builder reusing a context writes only what it is given")
    func reusing() {
        var context = CompactContext.Builder(reusing: Self.written())
        context.object(nil) { $0.add(ContextKey("title"), "Another page") }
        #expect(context.finish().value == ["title": "Another page"])
    }

    /// A part of a text: words, a number, or words given as UTF-8 bytes.
    enum Part: Sendable {
        case words(String)
        case number(Int)
        case bytes(String)
    }

    @Test("a text written in parts reads as the parts joined", arguments: [
        ([.words("https://example.com/v?t="), .number(125), .words("s")], "https://example.com/v?t=125s"),
        ([.words("a"), .number(0), .words("b"), .number(-42), .words("c"), .number(Int.max)], "a0b-42c\(Int.max)"),
        ([.number(Int.min)], "\(Int.min)"),
        ([.number(9), .words(" "), .number(10), .words(" "), .number(99), .words(" "), .number(100), .words(" "), .number(-1)], "9 10 99 100 -1"),
        ([.bytes("Raise the bar"), .words(", "), .bytes("“Prepare”, 5:52"), .bytes("")], "Raise the bar, “Prepare”, 5:52"),
        ([], ""),
    ] as [([Part], String)])
    func textInParts(parts: [Part], text: String) {
        var context = CompactContext.Builder()
        context.beginObject(nil)
        context.beginText(ContextKey("href"))
        for part in parts {
            switch part {
            case .words(let words): context.appendText(words)
            case .number(let number): context.appendText(number)
            case .bytes(let words): context.appendText(bytes: Array(words.utf8).span)
            }
        }
        context.endText()
        context.end()
        #expect(context.finish().value == ["href": .string(text)])
    }

    @Test("a key is the same for the same name, another for another name")
    func keys() {
        #expect(ContextKey("deviceName") == ContextKey("deviceName"))
        #expect(ContextKey("deviceName") != ContextKey("device"))
        #expect(ContextKey("deviceName").name == "deviceName")
    }
}
