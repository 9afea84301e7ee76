import Bytes

/// A set of named templates — a theme's files — that serve as each other's
/// partials (`{{> name}}`) and parents (`{{< name}}`).
///
/// Every template is parsed once, when the library is made; rendering only
/// walks node trees, so a library can render thousands of pages, from many
/// threads at once.
public struct TemplateLibrary: Sendable {
    /// The templates, by name.
    public let templates: [String: Template]
    /// What each of the templates' programs includes.
    private let links: ProgramLinks

    /// Makes a library of already parsed templates; a repeated name keeps the last template.
    public init(_ templates: [Template]) {
        self.templates = Dictionary(templates.map { ($0.name, $0) }, uniquingKeysWith: { _, last in last })
        links = ProgramLinks(self.templates)
    }

    /// Parses every source, keyed by template name.
    ///
    /// Throws the error of the first template (in name order) that does not parse.
    public init(templates sources: [String: String]) throws(TemplateError) {
        var templates: [String: Template] = [:]
        for name in sources.keys.sorted() {
            templates[name] = try Template(sources[name] ?? "", name: name)
        }
        self.templates = templates
        links = ProgramLinks(templates)
    }

    /// The template named `name`, if any.
    public subscript(name: String) -> Template? {
        templates[name]
    }

    /// Renders the template named `name` against `context`.
    ///
    /// Throws if there is no such template, or if partials nest too deep.
    public func render(_ name: String, _ context: Value) throws(TemplateError) -> String {
        try render(template(named: name), context)
    }

    /// Renders the template named `name` against `context`, as UTF-8 bytes:
    /// what a page file holds, with no string made on the way.
    public func renderUTF8(_ name: String, _ context: Value) throws(TemplateError) -> [UInt8] {
        let output = try render(template(named: name), into: ByteBuffer(capacity: 65_536), context)
        return output.finish()
    }

    /// Renders the template named `name` against a compact context and calls
    /// `body` with the UTF-8 bytes where they were written: a page goes to
    /// its file without being copied into an array first. `capacity` is the
    /// room made for them at first (a page's 64 KiB by default; a long list,
    /// a guess at its size, so that its bytes are not copied as they grow).
    public func renderBytes<R>(_ name: String, _ context: CompactContext, capacity: Int = 65_536, _ body: (Span<UInt8>) throws -> R) throws -> R {
        let output = try render(template(named: name), into: ByteBuffer(capacity: capacity), context)
        return try output.withBytes { (bytes) throws in try body(bytes) }
    }

    /// Renders the template named `name` as ``renderBytes(_:_:capacity:_:)``
    /// does, but leaves out every inclusion of the partials `deferring`
    /// names, noting each as a hole (``TemplateHole``), and calls `body` with
    /// the bytes and the holes, in order. Filling each hole with its partial,
    /// rendered alone, gives the bytes the whole render would have given.
    public func renderBytes<R>(_ name: String, _ context: CompactContext, capacity: Int = 65_536, deferring: Set<String>,
                               _ body: (Span<UInt8>, [TemplateHole]) throws -> R) throws -> R {
        var renderer = Template.Renderer(templates: templates, links: links)
        renderer.deferred = deferring
        let output = try render(template(named: name), into: ByteBuffer(capacity: capacity), context, renderer: &renderer)
        let holes = renderer.holes
        return try output.withBytes { (bytes) throws in try body(bytes, holes) }
    }

    /// Renders the template named `name` alone, as it would have been
    /// rendered at a hole (``TemplateHole``): its lines indented with
    /// `indentation`; calls `body` with the bytes. Its context holds all the
    /// partial reads: nothing of the contexts around the hole is at hand.
    public func renderBytes<R>(_ name: String, _ context: CompactContext, indentation: String, capacity: Int = 1_024,
                               _ body: (Span<UInt8>) throws -> R) throws -> R {
        var renderer = Template.Renderer(templates: templates, links: links)
        let output = try render(template(named: name), into: ByteBuffer(capacity: capacity), context, renderer: &renderer, indentation: indentation)
        return try output.withBytes { (bytes) throws in try body(bytes) }
    }

    /// Renders `template` (which need not belong to the library) against `context`,
    /// with the library's templates as its partials and parents.
    public func render(_ template: Template, _ context: Value) throws(TemplateError) -> String {
        let output = try render(template, into: ByteBuffer(capacity: 16_384), context)
        return output.text
    }

    /// Renders `template` against a compact context, as it renders against a value.
    public func render(_ template: Template, _ context: CompactContext) throws(TemplateError) -> String {
        let output = try render(template, into: ByteBuffer(capacity: 16_384), context)
        return output.text
    }

    private func template(named name: String) throws(TemplateError) -> Template {
        guard let template = templates[name] else {
            throw TemplateError(template: name, line: 1, column: 1, kind: .missingTemplate, message: "no template named '\(name)'")
        }
        return template
    }

    /// Every value renders laid out as a compact context.
    private func render(_ template: Template, into output: consuming ByteBuffer, _ context: Value) throws(TemplateError) -> ByteBuffer {
        try render(template, into: output, CompactContext(context))
    }

    private func render(_ template: Template, into output: consuming ByteBuffer, _ context: CompactContext) throws(TemplateError) -> ByteBuffer {
        var renderer = Template.Renderer(templates: templates, links: links)
        return try render(template, into: output, context, renderer: &renderer)
    }

    private func render(_ template: Template, into output: consuming ByteBuffer, _ context: CompactContext,
                        renderer: inout Template.Renderer, indentation: String = "") throws(TemplateError) -> ByteBuffer {
        // Room for the contexts a page's sections nest, and for the programs
        // its partials include, at once.
        var stack: [Int] = []
        stack.reserveCapacity(16)
        stack.append(context.root)
        // The context's values are read where they lie, the context held throughout.
        try context.withSpans { (slots, bytes) throws(TemplateError) in
            try renderer.render(template.program, 0..<template.program.instructions.count, into: &output, stack: &stack,
                                indentation: indentation, blocks: [:], slots: slots, bytes: bytes)
        }
        return output
    }

    /// Parses and renders one template string, with `partials` (sources by name)
    /// as its partials and parents: the shape of the spec's tests.
    public static func render(
        _ source: String,
        _ context: Value,
        partials: [String: String] = [:],
        name: String = "template"
    ) throws(TemplateError) -> String {
        let library = try TemplateLibrary(templates: partials)
        return try library.render(Template(source, name: name), context)
    }

    /// Every partial and parent reference naming a template that is not in the
    /// library, each at its tag's line and column, ordered by template and position.
    ///
    /// The spec renders a missing partial as empty, which hides typos in a theme;
    /// a site checks its theme with this before rendering anything.
    public func validate() -> [TemplateError] {
        var errors: [TemplateError] = []
        for name in templates.keys.sorted() {
            if let template = templates[name] {
                collectMissingReferences(in: template.nodes, into: &errors)
            }
        }
        return errors.sorted { ($0.template, $0.line, $0.column) < ($1.template, $1.line, $1.column) }
    }

    /// Every template that includes itself, through partials or parents,
    /// directly or through others (`{{> card}}` in `card.mustache`, a
    /// template extending itself): one error a cycle, at the tag of its
    /// first template (in name order) that starts it.
    ///
    /// The spec lets a partial include itself inside a section, ending
    /// where the data does; but a name not found in a section's context is
    /// looked up in the ones around it, so such a section can go on for
    /// ever on data that never nests. A site, whose contexts are its own,
    /// calls such a cycle an error before rendering, so that its check
    /// promises what its build renders.
    public func inclusionCycles() -> [TemplateError] {
        // Each template's inclusions, with the first tag naming each.
        var edges: [String: [(name: String, location: SourceLocation)]] = [:]
        for (name, template) in templates {
            var found: [(name: String, location: SourceLocation)] = []
            collectInclusions(in: template.nodes, into: &found)
            var seen: Set<String> = []
            edges[name] = found.filter { templates[$0.name] != nil && seen.insert($0.name).inserted }
        }
        // Depth first, in name order: a tag naming a template still being
        // walked closes a cycle.
        enum Mark { case walking, done }
        var marks: [String: Mark] = [:]
        var errors: [TemplateError] = []
        var reported: Set<String> = []
        func walk(_ name: String, path: [String]) {
            marks[name] = .walking
            for edge in edges[name] ?? [] {
                switch marks[edge.name] {
                case .walking?:
                    let cycle = Array(path.drop { $0 != edge.name }) + [name]
                    let key = cycle.sorted().joined(separator: " ")
                    if reported.insert(key).inserted {
                        let what = cycle.count == 1 ? "'\(name)' includes itself" : "'\(edge.name)' includes itself through " + (cycle + [edge.name]).map { "'\($0)'" }.joined(separator: " → ")
                        errors.append(edge.location.error(.inclusionCycle, what + ", so it would render for ever; a theme's templates may not include each other in a cycle"))
                    }
                case .done?:
                    continue
                case nil:
                    walk(edge.name, path: path + [name])
                }
            }
            marks[name] = .done
        }
        for name in templates.keys.sorted() where marks[name] == nil {
            walk(name, path: [])
        }
        return errors.sorted { ($0.template, $0.line, $0.column) < ($1.template, $1.line, $1.column) }
    }

    private func collectInclusions(in nodes: [Node], into found: inout [(name: String, location: SourceLocation)]) {
        for node in nodes {
            switch node {
            case .text, .variable:
                break
            case .section(_, let content, _):
                collectInclusions(in: content, into: &found)
            case .block(let block):
                collectInclusions(in: block.content, into: &found)
            case .partial(let inclusion):
                found.append((inclusion.name, inclusion.location))
            case .parent(let inclusion, let arguments):
                found.append((inclusion.name, inclusion.location))
                for name in arguments.keys.sorted() {
                    collectInclusions(in: arguments[name] ?? [], into: &found)
                }
            }
        }
    }

    private func collectMissingReferences(in nodes: [Node], into errors: inout [TemplateError]) {
        for node in nodes {
            switch node {
            case .text, .variable:
                break
            case .section(_, let content, _):
                collectMissingReferences(in: content, into: &errors)
            case .block(let block):
                collectMissingReferences(in: block.content, into: &errors)
            case .partial(let inclusion):
                if templates[inclusion.name] == nil {
                    errors.append(inclusion.location.error(.missingTemplate, "partial '\(inclusion.name)' not found: no template named '\(inclusion.name)'"))
                }
            case .parent(let inclusion, let arguments):
                if templates[inclusion.name] == nil {
                    errors.append(inclusion.location.error(.missingTemplate, "parent '\(inclusion.name)' not found: no template named '\(inclusion.name)'"))
                }
                for content in arguments.values {
                    collectMissingReferences(in: content, into: &errors)
                }
            }
        }
    }
}
