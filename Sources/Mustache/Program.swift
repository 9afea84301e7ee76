/// A node list compiled for rendering: a flat array of trivially copyable
/// instructions, with literal text and names in pools beside it.
///
/// Walking `[Node]` copies every node it visits (an enum holding arrays and
/// strings: a reference count change per field, twice), and rendering visits
/// thousands of nodes per page. An instruction copies no reference at all, and
/// a section's content is the instructions that follow it, up to its end.
///
/// Immutable once made, so it is shared by every thread rendering its template.
final class Program: Sendable {
    /// One instruction.
    struct Instruction {
        enum Kind: UInt8 {
            /// Literal text: `texts[a]`, whose bytes are also `bytes[b..<b + c]`;
            /// `flag` when it ends with a newline.
            case text
            /// `{{name}}`: the name's parts are `keyIDs[a..<a + b]` (none for `.`).
            case escapedVariable
            /// `{{{name}}}` or `{{& name}}`, named like a variable.
            case rawVariable
            /// `{{#name}}`, named like a variable; its content runs up to instruction `c`.
            case section
            /// `{{^name}}`, like a section.
            case invertedSection
            /// `{{> name}}`: `inclusions[a]`.
            case partial
            /// `{{< name}}…{{/name}}`: `parents[a]`.
            case parent
            /// `{{$ name}}…{{/name}}`: `blocks[a]`.
            case block
        }

        let kind: Kind
        let flag: Bool
        let a: Int32
        let b: Int32
        let c: Int32

        init(kind: Kind, flag: Bool = false, a: Int32, b: Int32, c: Int32) {
            self.kind = kind
            self.flag = flag
            self.a = a
            self.b = b
            self.c = c
        }
    }

    /// A parent tag and the arguments it passes, compiled.
    struct Parent {
        let inclusion: Inclusion
        let arguments: [String: Program]
    }

    /// A block and its content, compiled.
    struct CompiledBlock {
        let block: Block
        let content: Program
    }

    let instructions: [Instruction]
    /// The bytes of all literal text.
    let bytes: [UInt8]
    /// The parts of all names, one after another, as their keys'
    /// numbers (`ContextKey`): what a compact context's members are
    /// compared by.
    let keyIDs: [UInt32]
    let texts: [Text]
    let inclusions: [Inclusion]
    let parents: [Parent]
    let blocks: [CompiledBlock]

    init(_ nodes: [Node]) {
        var compiler = Compiler()
        compiler.compile(nodes)
        instructions = compiler.instructions
        bytes = compiler.bytes
        keyIDs = compiler.keys.map { ContextKey($0).id }
        texts = compiler.texts
        inclusions = compiler.inclusions
        parents = compiler.parents
        blocks = compiler.blocks
    }

    private struct Compiler {
        var instructions: [Instruction] = []
        var bytes: [UInt8] = []
        var keys: [String] = []
        var texts: [Text] = []
        var inclusions: [Inclusion] = []
        var parents: [Parent] = []
        var blocks: [CompiledBlock] = []

        mutating func compile(_ nodes: [Node]) {
            for node in nodes {
                switch node {
                case .text(let text):
                    texts.append(text)
                    instructions.append(Instruction(
                        kind: .text, flag: text.endsWithNewline,
                        a: Int32(texts.count - 1), b: Int32(bytes.count), c: Int32(text.bytes.count)
                    ))
                    bytes.append(contentsOf: text.bytes)
                case .variable(let name, let escaped):
                    let (start, count) = add(name)
                    add(escaped ? .escapedVariable : .rawVariable, start, count, 0)
                case .section(let name, let content, let inverted):
                    let (start, count) = add(name)
                    let index = instructions.count
                    add(inverted ? .invertedSection : .section, start, count, 0)
                    compile(content)
                    instructions[index] = Instruction(kind: instructions[index].kind, a: Int32(start), b: Int32(count), c: Int32(instructions.count))
                case .partial(let inclusion):
                    inclusions.append(inclusion)
                    add(.partial, inclusions.count - 1, 0, 0)
                case .parent(let inclusion, let arguments):
                    parents.append(Parent(inclusion: inclusion, arguments: arguments.mapValues(Program.init)))
                    add(.parent, parents.count - 1, 0, 0)
                case .block(let block):
                    blocks.append(CompiledBlock(block: block, content: Program(block.content)))
                    add(.block, blocks.count - 1, 0, 0)
                }
            }
        }

        private mutating func add(_ kind: Instruction.Kind, _ a: Int, _ b: Int, _ c: Int) {
            instructions.append(Instruction(kind: kind, a: Int32(a), b: Int32(b), c: Int32(c)))
        }

        /// Adds a name's parts to the pool; returns where they are.
        private mutating func add(_ name: Name) -> (start: Int, count: Int) {
            switch name {
            case .implicit:
                return (keys.count, 0)
            case .path(let parts):
                keys.append(contentsOf: parts)
                return (keys.count - parts.count, parts.count)
            }
        }
    }
}
