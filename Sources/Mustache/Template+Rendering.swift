import Bytes

extension Template {
    /// Renders compiled templates (see ``Program``) into one output string.
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
        /// What the templates' programs include, worked out with the library.
        let links: ProgramLinks
        /// Whether the next literal output starts a line of template source.
        private var atLineStart = true
        /// How many partials and parents enclose the nodes being rendered.
        private var depth = 0
        /// The templates each program's partial and parent tags name, found
        /// (in `links`) the first time the program includes one in this
        /// render: a page includes the same few partials dozens of times,
        /// and a program found by identity in a short list is cheaper still.
        private var resolved: [Resolved] = []
        /// The partials left out of this render, by name: each inclusion
        /// of one is noted in `holes` rather than rendered.
        var deferred: Set<String> = []
        /// Where the deferred partials were left out, in output order.
        private(set) var holes: [TemplateHole] = []

        /// What one program's tags include: `partials[i]` for `inclusions[i]`,
        /// `parents[i]` for `parents[i]`, nil where no template has the name.
        private struct Resolved {
            let program: Program
            let partials: [Program?]
            let parents: [Program?]
        }

        init(templates: [String: Template], links: ProgramLinks) {
            self.templates = templates
            self.links = links
            resolved.reserveCapacity(16)
        }

        /// Renders the instructions `range` of `program` against the context `stack`
        /// (the places of its values in `slots`, innermost last), appending to `output`.
        ///
        /// The context's values (`slots`) and texts (`bytes`) are read where
        /// they lie, and passed down to every call that reads them.
        ///
        /// - Parameters:
        ///   - indentation: written before each line of literal text.
        ///   - blocks: the arguments in force, by block name: those of the outermost
        ///     parent win, as the spec's multi-level inheritance requires.
        mutating func render(
            _ program: Program,
            _ range: Range<Int>,
            into output: inout ByteBuffer,
            stack: inout [Int],
            indentation: String,
            blocks: [String: Program],
            slots: Span<CompactContext.Slot>,
            bytes: Span<UInt8>
        ) throws(TemplateError) {
            // Asked once, not at every text.
            let unindented = indentation.isEmpty
            var index = range.lowerBound
            while index < range.upperBound {
                let instruction = program.instructions[index]
                index += 1
                switch instruction.kind {
                case .text where unindented:
                    Renderer.append(program.bytes, Int(instruction.b)..<Int(instruction.b + instruction.c), to: &output)
                    atLineStart = instruction.flag

                case .text:
                    // Indented (a standalone partial or block): each line starts with the indentation.
                    let text = program.texts[Int(instruction.a)]
                    let textBytes = text.bytes
                    let lines = textBytes.span
                    var lineStart = 0
                    for lineEnd in text.lineEnds {
                        if atLineStart { output.append(indentation) }
                        output.append(lines.extracting(lineStart..<lineEnd))
                        atLineStart = lines[lineEnd - 1] == UInt8(ascii: "\n")
                        lineStart = lineEnd
                    }
                    atLineStart = text.endsWithNewline

                case .escapedVariable, .rawVariable:
                    if atLineStart { startLine(&output, indentation) }
                    if let found = lookup(program.keyIDs, Int(instruction.a)..<Int(instruction.a + instruction.b), in: stack, slots) {
                        append(found, escaped: instruction.kind == .escapedVariable, to: &output, slots, bytes)
                    }

                case .section, .invertedSection:
                    let content = index..<Int(instruction.c)
                    index = Int(instruction.c)
                    let found = lookup(program.keyIDs, Int(instruction.a)..<Int(instruction.a + instruction.b), in: stack, slots)
                    let slot = found.map { slots[$0] }
                    if instruction.kind == .invertedSection {
                        if !(slot.map(Renderer.isTruthy) ?? false) {
                            try render(program, content, into: &output, stack: &stack, indentation: indentation, blocks: blocks, slots: slots, bytes: bytes)
                        }
                    } else if let found, let slot {
                        if slot.kind == .list {
                            // The elements lie side by side: each is pushed by its place.
                            let first = Int(slot.payload)
                            for element in first..<first + Int(slot.count) {
                                stack.append(element)
                                try render(program, content, into: &output, stack: &stack, indentation: indentation, blocks: blocks, slots: slots, bytes: bytes)
                                stack.removeLast()
                            }
                        } else if Renderer.isTruthy(slot) {
                            stack.append(found)
                            try render(program, content, into: &output, stack: &stack, indentation: indentation, blocks: blocks, slots: slots, bytes: bytes)
                            stack.removeLast()
                        }
                    }

                case .partial:
                    // A partial is a parent passing no arguments: the blocks in force pass through.
                    try include(tag: Int(instruction.a), parent: false, of: program, into: &output, stack: &stack, indentation: indentation, blocks: blocks, slots: slots, bytes: bytes)

                case .parent:
                    let index = Int(instruction.a)
                    let parent = program.parents[index]
                    var merged = parent.arguments
                    for (name, content) in blocks { merged[name] = content }
                    try include(tag: index, parent: true, of: program, into: &output, stack: &stack, indentation: indentation, blocks: merged, slots: slots, bytes: bytes)

                case .block:
                    let compiled = program.blocks[Int(instruction.a)]
                    let block = compiled.block
                    guard let argument = blocks[block.name] else {
                        let content = compiled.content
                        try render(content, 0..<content.instructions.count, into: &output, stack: &stack, indentation: indentation, blocks: blocks, slots: slots, bytes: bytes)
                        break
                    }
                    let argumentIndentation: String
                    if let blockIndentation = block.indentation {
                        // The argument continues the line of the block's start tag.
                        argumentIndentation = blockIndentation.isEmpty ? indentation : indentation + blockIndentation
                    } else {
                        startLine(&output, indentation)
                        atLineStart = true
                        argumentIndentation = ""
                    }
                    // Inside its own argument, a block of the same name shows its default:
                    // anything else would expand the argument into itself forever.
                    var inner = blocks
                    inner[block.name] = nil
                    try render(argument, 0..<argument.instructions.count, into: &output, stack: &stack, indentation: argumentIndentation, blocks: inner, slots: slots, bytes: bytes)
                    // Back in this template's source, after the block's end tag.
                    atLineStart = block.endTagTakesLine
                }
            }
        }

        /// The program of the template `program`'s partial tag `index` (or,
        /// with `parent`, its parent tag `index`) names; `program`'s tags are
        /// looked up the first time this render asks.
        private mutating func included(by program: Program, at index: Int, parent: Bool) -> Program? {
            var slot = 0
            while slot < resolved.count, resolved[slot].program !== program { slot += 1 }
            if slot == resolved.count {
                // The library's programs were linked when it was made; another (a
                // template rendered with the library, not in it) is linked here.
                let linked = links.links(of: program) ?? ProgramLinks.link(program, in: templates)
                resolved.append(Resolved(program: program, partials: linked.partials, parents: linked.parents))
            }
            return parent ? resolved[slot].parents[index] : resolved[slot].partials[index]
        }

        /// Renders the template `program`'s partial tag `tag` (or, with
        /// `parent`, its parent tag `tag`) names: nothing if there is none,
        /// as the spec requires. The tag is read where it lies.
        private mutating func include(
            tag: Int,
            parent: Bool,
            of program: Program,
            into output: inout ByteBuffer,
            stack: inout [Int],
            indentation: String,
            blocks: [String: Program],
            slots: Span<CompactContext.Slot>,
            bytes: Span<UInt8>
        ) throws(TemplateError) {
            guard let included = included(by: program, at: tag, parent: parent) else { return }
            let ownIndentation = parent ? program.parents[tag].inclusion.indentation : program.inclusions[tag].indentation
            guard depth < Renderer.maximumDepth else {
                let inclusion = parent ? program.parents[tag].inclusion : program.inclusions[tag]
                throw inclusion.location.error(
                    .recursionLimit,
                    "'\(inclusion.name)' is included more than \(Renderer.maximumDepth) templates deep; does a template include itself?"
                )
            }
            let innerIndentation: String
            if let own = ownIndentation {
                // A standalone tag took its whole line: the included template's
                // first line starts where that line started.
                innerIndentation = own.isEmpty ? indentation : indentation + own
            } else {
                startLine(&output, indentation)
                atLineStart = true
                innerIndentation = ""
            }
            if !parent, !deferred.isEmpty, deferred.contains(program.inclusions[tag].name) {
                // Left for later: noted where its bytes go, with the rule it is for.
                let number = lookup(Self.numberKey.span, in: stack, slots).flatMap { slots[$0].kind == .int ? Int(slots[$0].payload) : nil }
                holes.append(TemplateHole(partial: program.inclusions[tag].name, offset: output.count, indentation: innerIndentation, number: number))
            } else {
                depth += 1
                try render(included, 0..<included.instructions.count, into: &output, stack: &stack, indentation: innerIndentation, blocks: blocks, slots: slots, bytes: bytes)
                depth -= 1
            }
            // Back in this template's source, after the tag: a standalone tag took its
            // line ending with it, so what follows starts a line; else the line goes on.
            atLineStart = ownIndentation != nil
        }

        /// The key a deferred partial's hole notes the value of: `number`.
        private static let numberKey = [ContextKey("number").id]

        /// Writes the pending indentation before output that does not come from literal text.
        private mutating func startLine(_ output: inout ByteBuffer, _ indentation: String) {
            if atLineStart, !indentation.isEmpty { output.append(indentation) }
            atLineStart = false
        }

        /// Appends `bytes[range]` (a program's literal text) to `output`.
        @inline(__always)
        private static func append(_ bytes: [UInt8], _ range: Range<Int>, to output: inout ByteBuffer) {
            output.append(bytes.span.extracting(range))
        }

        /// Resolves a name (its dotted parts' keys, `keyIDs[range]`; none
        /// for `.`) against the context stack as the spec says.
        @inline(__always)
        func lookup(_ keyIDs: [UInt32], _ range: Range<Int>, in stack: [Int], _ slots: Span<CompactContext.Slot>) -> Int? {
            lookup(keyIDs.span.extracting(range), in: stack, slots)
        }

        /// Resolves a name (its dotted parts' keys; none for `.`) against the
        /// context stack as the spec says: the first part in the innermost
        /// context that has it as a key, the other parts inside it. Returns
        /// the place of the value found.
        func lookup(_ parts: Span<UInt32>, in stack: [Int], _ slots: Span<CompactContext.Slot>) -> Int? {
            guard !parts.isEmpty else { return stack.last }
            let first = parts[0]
            var index = stack.count - 1
            while index >= 0 {
                if let found = member(first, of: stack[index], slots) {
                    return parts.count == 1 ? found : descend(into: found, parts, slots)
                }
                index -= 1
            }
            return nil
        }

        /// The place of the member `key` of the object at `place`; nil when
        /// it has none, or is not an object. A later member of one key
        /// hides an earlier one, as in a dictionary literal.
        private func member(_ key: UInt32, of place: Int, _ slots: Span<CompactContext.Slot>) -> Int? {
            let slot = slots[place]
            guard slot.kind == .object else { return nil }
            // The members' places checked once, so that none is checked in the loop.
            let first = Int(slot.payload), end = first &+ Int(slot.count)
            precondition(first >= 0 && end <= slots.count, "an object's members lie among the slots")
            var member = end
            while member > first {
                member &-= 1
                if slots[member].key == key { return member }
            }
            return nil
        }

        /// The place the parts of a dotted name after the first reach from `place`.
        private func descend(into place: Int, _ parts: Span<UInt32>, _ slots: Span<CompactContext.Slot>) -> Int? {
            var place = place
            var index = 1
            while index < parts.count {
                guard let next = member(parts[index], of: place, slots) else { return nil }
                place = next
                index += 1
            }
            return place
        }

        /// Whether a section `{{#x}}` renders (and `{{^x}}` does not), as
        /// ``Value/isTruthy`` says.
        static func isTruthy(_ slot: CompactContext.Slot) -> Bool {
            switch slot.kind {
            case .null, .false: return false
            case .true, .object: return true
            case .int: return slot.payload != 0
            case .double:
                let value = Double(bitPattern: UInt64(bitPattern: slot.payload))
                return value != 0 && !value.isNaN
            case .string, .list: return slot.count > 0
            }
        }

        /// Appends the text of the value at `place`, HTML-escaped when
        /// `escaped`, as ``Value/text`` gives it: a list's elements' texts
        /// joined by commas, nothing for an object or null.
        ///
        /// `'` becomes `&#39;` so that values are safe in single-quoted attributes
        /// too; no spec test interpolates a `'`, so this keeps every test passing.
        func append(_ place: Int, escaped: Bool, to output: inout ByteBuffer, _ slots: Span<CompactContext.Slot>, _ bytes: Span<UInt8>) {
            let slot = slots[place]
            switch slot.kind {
            case .null, .object:
                break
            case .false:
                output.append("false")
            case .true:
                output.append("true")
            case .int:
                output.append(Int(slot.payload))
            case .double:
                output.append(Value.format(Double(bitPattern: UInt64(bitPattern: slot.payload))))
            case .string:
                let start = Int(slot.payload)
                let text = bytes.extracting(start..<start + Int(slot.count))
                if escaped { output.appendEscapingHTML(text) } else { output.append(text) }
            case .list:
                let first = Int(slot.payload)
                for element in first..<first + Int(slot.count) {
                    if element > first { output.append(byte: UInt8(ascii: ",")) }
                    append(element, escaped: escaped, to: &output, slots, bytes)
                }
            }
        }
    }
}
