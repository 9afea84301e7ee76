import Diagnostics

/// Finds a page's aliases that cannot be its (`alias-conflict`): its own
/// address, an address where the build writes a file of its own (the
/// home page, the tags' pages, `/assets/`, `/api/`), one where a file of
/// `Static/` is published, and an alias given twice. Those that other
/// pages claim are `AliasConflictChecker`'s.
public struct AliasChecker: PageChecker {
    public init() {}

    public func check(_ pattern: Pattern, _ context: CheckContext) -> [Diagnostic] {
        let aliases = pattern.frontMatter.aliases
        guard !aliases.isEmpty else { return [] }
        var diagnostics: [Diagnostic] = []
        let own = Alias.pageAddress(pattern.slug)
        var seen = Set<String>()
        for alias in aliases {
            let address = alias.value
            if address == own {
                diagnostics.append(Diagnostic(.aliasConflict, "the alias '\(address)' is this page's own address; an alias is another address that leads here (an old one)", at: alias.location))
            } else if let reserved = Alias.reserved(address) {
                diagnostics.append(Diagnostic(.aliasConflict, "the alias '\(address)' is \(reserved) address, where the build writes its own file; choose another", at: alias.location))
            } else if context.site.staticFiles.contains(Alias.file(of: address)) {
                diagnostics.append(Diagnostic(.aliasConflict, "the alias '\(address)' is where \(Site.Paths.staticFiles)/\(Alias.file(of: address)) is published; an address leads to one thing: remove the alias or the file", at: alias.location))
            } else if !seen.insert(address).inserted {
                diagnostics.append(Diagnostic(.aliasConflict, "the alias '\(address)' is given twice on this page; give it once", at: alias.location))
            }
        }
        return diagnostics
    }
}
