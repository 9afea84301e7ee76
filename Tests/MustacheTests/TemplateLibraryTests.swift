import Foundation
import Mustache
import Testing

@Suite("Template library")
struct TemplateLibraryTests {
    @Test("renders templates by name, with each other as partials and parents")
    func rendersByName() throws {
        let library = try TemplateLibrary(templates: [
            "layout": "<title>{{$title}}Site{{/title}}</title>\n<main>\n  {{$body}}\n  {{/body}}\n</main>\n",
            "post": "{{<layout}}\n{{$title}}{{title}} – Site{{/title}}\n{{$body}}\n{{> byline}}\n<p>{{text}}</p>\n{{/body}}\n{{/layout}}\n",
            "byline": "<p class='by'>{{author}}</p>\n",
        ])
        let output = try library.render("post", ["title": "Hello", "author": "Ann", "text": "Hi & bye"])
        #expect(output == "<title>Hello – Site</title>\n<main>\n  <p class='by'>Ann</p>\n  <p>Hi &amp; bye</p>\n</main>\n")
    }

    @Test("each template's partial and parent tags include the templates they name, however often, in one render")
    func partialsAreFoundForEachTemplate() throws {
        // Every template's first tag includes a different template, and the
        // list includes the same partials many times over.
        let library = try TemplateLibrary(templates: [
            "page": "{{<frame}}{{$body}}{{#items}}{{> item}}{{/items}}{{> missing}}{{/body}}{{/frame}}",
            "frame": "{{> head}}[{{$body}}{{/body}}]",
            "head": "{{> title}}|",
            "title": "T",
            "item": "{{> badge}}{{name}};",
            "badge": "*",
        ])
        let items: [Value] = (1...40).map { .object(["name": .string("n\($0)")]) }
        let output = try library.render("page", ["items": .list(items)])
        #expect(output == "T|[" + (1...40).map { "*n\($0);" }.joined() + "]")
    }

    @Test("a template's partials are those of the library rendering it, in it or not, shared with another or not")
    func partialsAreTheRenderingLibrarys() throws {
        // One parsed template in two libraries, whose `name` partials differ.
        let card = try Template("<{{> name}}{{<frame}}{{$inner}}{{> name}}{{/inner}}{{/frame}}>", name: "card")
        let frame = try Template("[{{$inner}}{{/inner}}]", name: "frame")
        let english = TemplateLibrary([card, frame, try Template("Ann", name: "name")])
        let french = TemplateLibrary([card, frame, try Template("Anne", name: "name")])
        #expect(try english.render("card", [:]) == "<Ann[Ann]>")
        #expect(try french.render("card", [:]) == "<Anne[Anne]>")
        // A template not in the library finds its partials there all the same.
        let loose = try Template("{{> name}}!{{> card}}", name: "loose")
        #expect(try english.render(loose, .object([:])) == "Ann!<Ann[Ann]>")
    }

    @Test("validate finds missing partials and parents at their line and column")
    func validateFindsMissingReferences() throws {
        let library = try TemplateLibrary(templates: [
            "page": "<body>\n  {{> header}}\n  {{#items}}{{>item}}{{/items}}\n{{> footr}}\n</body>\n",
            "header": "<h1>{{title}}</h1>",
            "footer": "<footer/>",
            "post": "x\n{{<layuot}}{{$body}}{{>missing-in-block}}{{/body}}{{/layuot}}",
        ])
        let errors = library.validate()
        #expect(errors.map(\.description) == [
            "page.mustache:3:13: error: partial 'item' not found: no template named 'item'",
            "page.mustache:4:1: error: partial 'footr' not found: no template named 'footr'",
            "post.mustache:2:1: error: parent 'layuot' not found: no template named 'layuot'",
            "post.mustache:2:21: error: partial 'missing-in-block' not found: no template named 'missing-in-block'",
        ])
        #expect(errors.allSatisfy { $0.kind == .missingTemplate })
    }

    @Test("a template lists the names its tags look up, each at its tag")
    func nameUses() throws {
        let template = try Template(
            "a {{x}}\n{{#s.t}}{{{u}}} é {{& v}}{{/s.t}}{{.}}\n  {{^w}}{{/w}}{{> p}}{{! c}}{{$b}}{{y}}{{/b}}{{=<% %>=}}<%z%>",
            name: "t"
        )
        #expect(template.nameUses == [
            NameUse(parts: ["x"], line: 1, column: 3),
            NameUse(parts: ["s", "t"], line: 2, column: 1),
            NameUse(parts: ["u"], line: 2, column: 9, isRaw: true),
            NameUse(parts: ["v"], line: 2, column: 19, isRaw: true),
            NameUse(parts: [], line: 2, column: 34),
            NameUse(parts: ["w"], line: 3, column: 3),
            NameUse(parts: ["y"], line: 3, column: 35),
            NameUse(parts: ["z"], line: 3, column: 57),
        ])
    }

    @Test("validate finds nothing in a complete theme")
    func validateCompleteTheme() throws {
        let library = try TemplateLibrary(templates: ["a": "{{>b}}{{<c}}{{/c}}", "b": "", "c": "{{$x}}{{/x}}"])
        #expect(library.validate().isEmpty)
    }

    @Test("a missing partial still renders as empty, as the spec requires")
    func missingPartialRendersEmpty() throws {
        #expect(try TemplateLibrary.render("[{{>nothing}}]", [:]) == "[]")
    }

    @Test("rendering an unknown template name throws")
    func unknownTemplateName() throws {
        let library = TemplateLibrary([])
        #expect(throws: TemplateError.self) { try library.render("nope", [:]) }
    }

    @Test("a template including itself stops at the nesting cap, naming the tag")
    func recursionCap() throws {
        let library = try TemplateLibrary(templates: ["self": "x\n  {{> self}}"])
        #expect(throws: TemplateError(
            template: "self", line: 2, column: 3, kind: .recursionLimit,
            message: "'self' is included more than 100 templates deep; does a template include itself?"
        )) {
            try library.render("self", [:])
        }
    }

    @Test("mutual recursion through parents stops at the cap too")
    func mutualRecursionCap() throws {
        let library = try TemplateLibrary(templates: ["a": "{{<b}}{{/b}}", "b": "<{{>a}}>"])
        do {
            _ = try library.render("a", [:])
            Issue.record("expected a recursion error")
        } catch {
            #expect(error.kind == .recursionLimit)
            #expect(["a", "b"].contains(error.template))
        }
    }

    @Test("recursion bounded by data is fine below the cap")
    func recursionBoundedByData() throws {
        var tree: Value = ["name": "leaf", "children": []]
        for level in 0..<50 { tree = ["name": .string("n\(level)"), "children": [tree]] }
        let library = try TemplateLibrary(templates: ["node": "{{name}}{{#children}}/{{>node}}{{/children}}"])
        let output = try library.render("node", tree)
        #expect(output.hasSuffix("/n0/leaf"))
    }

    @Test("a block whose argument contains the same block renders its default inside")
    func selfReferencingBlock() throws {
        let output = try TemplateLibrary.render(
            "{{<p}}{{$a}}[{{$a}}inner default{{/a}}]{{/a}}{{/p}}", [:], partials: ["p": "{{$a}}p default{{/a}}"]
        )
        #expect(output == "[inner default]")
    }

    @Test("nested standalone partials accumulate indentation")
    func nestedPartialIndentation() throws {
        let output = try TemplateLibrary.render(
            "<ul>\n  {{> items}}\n</ul>\n", ["xs": [1, 2]],
            partials: ["items": "{{#xs}}\n<li>\n  {{> item}}\n</li>\n{{/xs}}\n", "item": "<b>{{.}}</b>\n"]
        )
        #expect(output == "<ul>\n  <li>\n    <b>1</b>\n  </li>\n  <li>\n    <b>2</b>\n  </li>\n</ul>\n")
    }

    @Test("an indented parent indents its blocks' arguments too")
    func indentedParent() throws {
        let output = try TemplateLibrary.render(
            "<body>\n  {{<card}}\n  {{$content}}\n  <p>one</p>\n  <p>two</p>\n  {{/content}}\n  {{/card}}\n</body>\n", [:],
            partials: ["card": "<div>\n  {{$content}}\n  {{/content}}\n</div>\n"]
        )
        #expect(output == "<body>\n  <div>\n    <p>one</p>\n    <p>two</p>\n  </div>\n</body>\n")
    }

    @Test("an inline block keeps the line ending after it, as the spec's Standalone block test says")
    func inlineBlockKeepsLineEnding() throws {
        let partials = ["card": "<div>\n  {{$content}}{{/content}}\n</div>\n"]
        let ending = try TemplateLibrary.render("{{<card}}{{$content}}\n<p>one</p>\n<p>two</p>{{/content}}{{/card}}\n", [:], partials: partials)
        #expect(ending == "<div>\n  <p>one</p>\n  <p>two</p>\n</div>\n")
        let newline = try TemplateLibrary.render("{{<card}}{{$content}}\n<p>one</p>\n{{/content}}{{/card}}\n", [:], partials: partials)
        #expect(newline == "<div>\n  <p>one</p>\n\n</div>\n")
    }

    @Test("loads a folder of .mustache files, named without the extension")
    func loadsFolder() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("mustache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try "Hi {{> name}}!".write(to: folder.appendingPathComponent("greeting.mustache"), atomically: true, encoding: .utf8)
        try "<b>{{who}}</b>".write(to: folder.appendingPathComponent("name.mustache"), atomically: true, encoding: .utf8)
        try "not a template {{".write(to: folder.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)

        let library = try TemplateLibrary(folder: folder)
        #expect(library.templates.keys.sorted() == ["greeting", "name"])
        #expect(try library.render("greeting", ["who": "Ann"]) == "Hi <b>Ann</b>!")

        try "\n{{#open}}".write(to: folder.appendingPathComponent("broken.mustache"), atomically: true, encoding: .utf8)
        #expect(throws: TemplateError.self) { try TemplateLibrary(folder: folder) }
        do {
            _ = try TemplateLibrary(folder: folder)
        } catch let error as TemplateError {
            #expect(error.description.hasPrefix("broken.mustache:2:1: error: unclosed section"))
        }
    }

    @Test("renders from many threads at once")
    func concurrentRendering() async throws {
        let library = try TemplateLibrary(templates: [
            "page": "<h1>{{title}}</h1>\n  {{> list}}\n",
            "list": "{{#items}}\n<i>{{.}}</i>\n{{/items}}\n",
        ])
        let outputs = try await withThrowingTaskGroup(of: (Int, String).self) { group in
            for index in 0..<200 {
                group.addTask {
                    (index, try library.render("page", ["title": .string("Page \(index)"), "items": [.int(index), "x"]]))
                }
            }
            var outputs: [Int: String] = [:]
            for try await (index, output) in group { outputs[index] = output }
            return outputs
        }
        for (index, output) in outputs {
            #expect(output == "<h1>Page \(index)</h1>\n  <i>\(index)</i>\n  <i>x</i>\n")
        }
    }
}
