import Diagnostics

/// Finds addresses claimed twice across the site (`alias-conflict`), at
/// each place: an alias that is another page's address, an alias two
/// pages give, and an address `site.yml`'s `gone:` lets go that a page or
/// an alias or a file of `Static/` still answers at (or that `gone:` gives
/// twice). Drafts count for aliases (their addresses are theirs once
/// published), but a draft's own address may be let go.
public struct AliasConflictChecker: Checker {
    public init() {}

    public func check(_ context: CheckContext) -> [Diagnostic] {
        let patterns = context.site.patterns
        let gone = context.site.settings.gone
        guard gone.count > 0 || patterns.contains(where: { !$0.frontMatter.aliases.isEmpty }) else { return [] }
        var pages: [String: Int] = [:]
        pages.reserveCapacity(patterns.count)
        for (index, pattern) in patterns.enumerated() { pages[Alias.pageAddress(pattern.slug)] = index }
        // Each alias's claims: the page, and where it is written (once a page).
        var claims: [String: [(page: Int, location: SourceLocation)]] = [:]
        var order: [String] = []
        for (index, pattern) in patterns.enumerated() {
            var seen = Set<String>()
            for alias in pattern.frontMatter.aliases where seen.insert(alias.value).inserted {
                if claims[alias.value] == nil { order.append(alias.value) }
                claims[alias.value, default: []].append((index, alias.location))
            }
        }
        var diagnostics: [Diagnostic] = []
        func at(_ location: SourceLocation) -> String { "\(location.file):\(location.line)" }
        for address in order {
            let claimants = claims[address]!
            if let page = pages[address] {
                for claim in claimants where claim.page != page {
                    diagnostics.append(Diagnostic(.aliasConflict, "the alias '\(address)' is the address of \(patterns[page].file); an address leads to one page: remove the alias, or rename that page", at: claim.location))
                }
            }
            if claimants.count > 1 {
                for (number, claim) in claimants.enumerated() {
                    let others = claimants.enumerated().filter { $0.offset != number }.map { "\(patterns[$0.element.page].file) (\(at($0.element.location)))" }
                    diagnostics.append(Diagnostic(.aliasConflict, "the alias '\(address)' is also an alias of \(others.joined(separator: ", ")); an address leads to one page: keep it on one", at: claim.location))
                }
            }
        }
        var let_go = Set<String>()
        for entry in gone {
            let address = entry.value
            guard let_go.insert(address).inserted else {
                diagnostics.append(Diagnostic(.aliasConflict, "'gone' gives '\(address)' twice; give it once", at: entry.location))
                continue
            }
            // A draft's address may be let go: it is not published.
            if let page = pages[address], !patterns[page].frontMatter.draft {
                diagnostics.append(Diagnostic(.aliasConflict, "'gone' lets '\(address)' go, but it is the address of \(patterns[page].file); remove it from 'gone', or rename or remove the page", at: entry.location))
            } else if context.site.staticFiles.contains(Alias.file(of: address)) {
                diagnostics.append(Diagnostic(.aliasConflict, "'gone' lets '\(address)' go, but \(Site.Paths.staticFiles)/\(Alias.file(of: address)) is published there; an address leads to one thing: remove it from 'gone', or remove the file", at: entry.location))
            }
            for claim in claims[address] ?? [] {
                diagnostics.append(Diagnostic(.aliasConflict, "'gone' lets '\(address)' go, but it is an alias of \(patterns[claim.page].file) (\(at(claim.location))); an address leads to one thing", at: entry.location))
                diagnostics.append(Diagnostic(.aliasConflict, "the alias '\(address)' is an address site.yml's 'gone' lets go (\(at(entry.location))); an address leads to one thing: remove one of them", at: claim.location))
            }
        }
        return diagnostics
    }
}
