import Mustache
import Testing

/// Parses `source` as `page.mustache` and returns the error it throws, if any.
private func parseError(_ source: String) -> TemplateError? {
    do {
        _ = try Template(source, name: "page")
        return nil
    } catch {
        return error
    }
}

@Suite("Template errors point at the tag at fault")
struct TemplateErrorTests {
    @Test("unclosed tag, at the tag's own line and column")
    func unclosedTag() throws {
        let error = try #require(parseError("<h1>Title</h1>\n  <p>{{summary</p>\n"))
        #expect(error.kind == .unclosedTag)
        #expect((error.line, error.column) == (2, 6))
        #expect(error.description == "page.mustache:2:6: error: \(error.message)")
    }

    @Test("unclosed triple mustache and unclosed comment")
    func unclosedOtherTags() throws {
        let triple = try #require(parseError("a\nb {{{body}}"))
        #expect(triple.kind == .unclosedTag)
        #expect((triple.line, triple.column) == (2, 3))
        let comment = try #require(parseError("x\n\n   {{! never closed\n more\n"))
        #expect(comment.kind == .unclosedTag)
        #expect((comment.line, comment.column) == (3, 4))
    }

    @Test("a tag broken by another tag is reported as unclosed")
    func tagBrokenByAnotherTag() throws {
        let error = try #require(parseError("{{title {{subtitle}}"))
        #expect(error.kind == .unclosedTag)
        #expect((error.line, error.column) == (1, 1))
    }

    @Test("unclosed section, at its opening tag")
    func unclosedSection() throws {
        let error = try #require(parseError("<ul>\n  {{#posts}}\n  <li>{{title}}</li>\n</ul>\n"))
        #expect(error.kind == .unclosedSection)
        #expect((error.line, error.column) == (2, 3))
        #expect(error.message.contains("{{#posts}}"))
    }

    @Test("unclosed parent and block")
    func unclosedParentAndBlock() throws {
        let parent = try #require(parseError("{{<layout}}\n{{$body}}x{{/body}}\n"))
        #expect(parent.kind == .unclosedSection)
        #expect((parent.line, parent.column) == (1, 1))
        let block = try #require(parseError("a\n b{{$body}}x\n"))
        #expect(block.kind == .unclosedSection)
        #expect((block.line, block.column) == (2, 3))
    }

    @Test("mismatched section close names both sections")
    func mismatchedClose() throws {
        let error = try #require(parseError("{{#a}}\n  {{^b}}\n  {{/a}}\n{{/b}}"))
        #expect(error.kind == .mismatchedSectionClose)
        #expect((error.line, error.column) == (3, 3))
        #expect(error.message.contains("{{/a}}"))
        #expect(error.message.contains("{{^b}}"))
        #expect(error.message.contains("line 2, column 3"))
    }

    @Test("closing tag without an open section")
    func unexpectedClose() throws {
        let error = try #require(parseError("text\nmore {{/a}}"))
        #expect(error.kind == .unexpectedSectionClose)
        #expect((error.line, error.column) == (2, 6))
    }

    @Test("invalid delimiter changes", arguments: [
        ("{{=<%>=}}", 1, 1),
        ("x\n  {{=<% %> |=}}", 2, 3),
        ("{{=a=b c=}}", 1, 1),
    ])
    func invalidDelimiters(source: String, line: Int, column: Int) throws {
        let error = try #require(parseError(source))
        #expect(error.kind == .invalidDelimiters)
        #expect((error.line, error.column) == (line, column))
    }

    @Test("empty tag names", arguments: ["{{}}", "{{ }}", "{{#}}{{/}}", "{{{ }}}", "{{& }}", "{{>}}", "{{<}}{{/}}", "{{$ }}"])
    func emptyTagName(source: String) throws {
        let error = try #require(parseError("ok\nthen " + source))
        #expect(error.kind == .emptyTagName)
        #expect((error.line, error.column) == (2, 6))
    }

    @Test("unknown tags", arguments: ["{{%pragma}}", "{{@index}}", "{{*x}}", "{{>*dynamic}}", "{{?x}}"])
    func unknownTag(source: String) throws {
        let error = try #require(parseError("a {{b}}\n\t" + source))
        #expect(error.kind == .unknownTag)
        #expect((error.line, error.column) == (2, 2))
    }

    @Test("invalid names", arguments: ["{{a b}}", "{{a..b}}", "{{.a}}", "{{#a.}}{{/a.}}"])
    func invalidName(source: String) throws {
        let error = try #require(parseError(source))
        #expect(error.kind == .invalidTagName)
        #expect((error.line, error.column) == (1, 1))
    }

    @Test("columns count characters, not bytes")
    func columnsCountCharacters() throws {
        let error = try #require(parseError("Café ☕️ {{}}"))
        #expect((error.line, error.column) == (1, 8))
    }

    @Test("errors after a delimiter change use the new delimiters")
    func errorsAfterDelimiterChange() throws {
        let error = try #require(parseError("{{=<% %>=}}\nhello <%name"))
        #expect(error.kind == .unclosedTag)
        #expect((error.line, error.column) == (2, 7))
        #expect(error.message.contains("%>"))
    }

    @Test("lines end at \\n, also in \\r\\n files")
    func crlfLines() throws {
        let error = try #require(parseError("a\r\nb\r\n  {{#x}}\r\n"))
        #expect((error.line, error.column) == (3, 3))
    }

    @Test("the library reports which file fails to parse")
    func libraryParseError() throws {
        #expect(throws: TemplateError(template: "post", line: 1, column: 5, kind: .unclosedTag, message: "unclosed tag: no '}}' after '{{' on this line")) {
            _ = try TemplateLibrary(templates: ["index": "fine {{x}}", "post": "bad {{x"])
        }
    }
}

/// The limits a library keeps to before rendering anything.
@Suite struct TemplateLimitTests {
    @Test func nestingPastTheLimitIsAnErrorAtTheTag() {
        let deep = String(repeating: "{{#a}}", count: Template.maximumNesting + 1) + String(repeating: "{{/a}}", count: Template.maximumNesting + 1)
        #expect(throws: TemplateError.self) { try Template(deep, name: "deep") }
        do {
            _ = try Template(deep, name: "deep")
        } catch {
            #expect(error.kind == .nestingLimit)
            #expect(error.column == 6 * Template.maximumNesting + 1)
        }
        let atTheLimit = String(repeating: "{{#a}}", count: Template.maximumNesting) + String(repeating: "{{/a}}", count: Template.maximumNesting)
        #expect((try? Template(atTheLimit, name: "deep")) != nil)
    }

    @Test func cyclesOfInclusionsAreFoundOnceEach() throws {
        let library = try TemplateLibrary(templates: [
            "a": "{{> b}}", "b": "x{{#list}}{{> a}}{{/list}}", "self": "{{< self}}{{/self}}", "fine": "{{> a}}",
        ])
        let cycles = library.inclusionCycles()
        #expect(cycles.map(\.template) == ["b", "self"])
        #expect(cycles.allSatisfy { $0.kind == .inclusionCycle })
        #expect(try TemplateLibrary(templates: ["a": "{{> b}}", "b": "{{> c}}", "c": "c"]).inclusionCycles().isEmpty)
    }
}
