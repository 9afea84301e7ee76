/// What each program of a library includes: the programs its partial and
/// parent tags name, among the library's templates. Worked out once, when
/// the library is made, rather than by name at every render (a page
/// includes a dozen templates, each name hashed to find it).
final class ProgramLinks: Sendable {
    /// The programs one program's tags name: `partials[i]` for its
    /// `inclusions[i]`, `parents[i]` for its `parents[i]`; nil where no
    /// template has the name.
    struct Linked: Sendable {
        let partials: [Program?]
        let parents: [Program?]
    }

    private let linked: [ObjectIdentifier: Linked]

    /// The links of every program of `templates`: each template's, and the
    /// programs within them (blocks' content, parents' arguments).
    init(_ templates: [String: Template]) {
        var linked: [ObjectIdentifier: Linked] = [:]
        var pending = templates.values.map(\.program)
        while let program = pending.popLast() {
            guard linked[ObjectIdentifier(program)] == nil else { continue }
            linked[ObjectIdentifier(program)] = Self.link(program, in: templates)
            pending += program.blocks.map(\.content)
            for parent in program.parents { pending += parent.arguments.values }
        }
        self.linked = linked
    }

    /// The programs `program`'s tags name in `templates`.
    static func link(_ program: Program, in templates: [String: Template]) -> Linked {
        Linked(
            partials: program.inclusions.map { templates[$0.name]?.program },
            parents: program.parents.map { templates[$0.inclusion.name]?.program }
        )
    }

    /// The links of `program`, when it is one of the library's.
    func links(of program: Program) -> Linked? {
        linked[ObjectIdentifier(program)]
    }
}
