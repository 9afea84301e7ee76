import Diagnostics
import Foundation

/// Checks the placement table against the site: a row that can never match
/// because earlier rows always match first (`unreachable-placement`), a row
/// or advice citing a pattern rule that does not exist
/// (`unknown-pattern-rule`), an overflow symbol the theme has no drawing
/// for (`unknown-symbol`); and runs every demo through the engine, reporting
/// a demo that cannot be laid out for lack of a table (`missing-file`) and
/// an item no row matches (`invalid-placement`).
public struct PlacementChecker: PageChecker {
    /// Which findings a checker reports: about the table itself, about the
    /// pages' demos (a check of each page alone), or both.
    public enum Scope: Sendable {
        case all, table, demos
    }

    /// The findings this checker reports.
    public var scope: Scope

    public init(scope: Scope = .all) {
        self.scope = scope
    }

    public func check(_ context: CheckContext) -> [Diagnostic] {
        let site = context.site
        // The findings about the table itself are all in placement.yml.
        if scope == .table, !context.reports(Site.Paths.placement) { return [] }
        guard let table = site.placement else {
            return scope == .table ? [] : site.patterns.flatMap { missingTable(site, $0) }
        }
        var found: [Diagnostic] = []
        if scope != .demos {
            found += unreachableRows(table) + unknownRules(table, site: site) + overflowSymbol(table, site: site)
        }
        if scope != .table {
            let engine = context.placementEngine ?? PlacementEngine(table: table)
            found += site.patterns.flatMap { demos($0.demos, site: site, engine: engine) }
        }
        return found
    }

    /// The findings about one page's demos (none about the table itself).
    public func check(_ pattern: Pattern, _ context: CheckContext) -> [Diagnostic] {
        guard scope != .table else { return [] }
        guard let table = context.site.placement else { return missingTable(context.site, pattern) }
        return demos(pattern.demos, site: context.site, engine: context.placementEngine ?? PlacementEngine(table: table))
    }

    /// The findings about `demos` (a page's, or a demo file's): the items
    /// no row of the table matches.
    func check(_ demos: [DemoBlock], _ context: CheckContext) -> [Diagnostic] {
        guard let table = context.site.placement else { return [] }
        return self.demos(demos, site: context.site, engine: context.placementEngine ?? PlacementEngine(table: table))
    }

    /// Each demo of `pattern`, when the site has no table to lay it out with.
    private func missingTable(_ site: Site, _ pattern: Pattern) -> [Diagnostic] {
        // A table that cannot be read: its own error says what to mend first.
        guard !site.unreadableFiles.contains(Site.Paths.placement), pattern.demos.contains(where: { $0.demo != nil }) else { return [] }
        let exists = FileManager.default.fileExists(atPath: site.root.appendingPathComponent(Site.Paths.placement).path)
        let why = exists ? "\(Site.Paths.placement) cannot be read" : "\(Site.Paths.placement), the placement engine's decision table, is missing"
        return pattern.demos.compactMap { block -> Diagnostic? in
            guard block.demo != nil else { return nil }
            return Diagnostic(.missingFile, "this demo cannot be laid out: \(why)", at: block.location)
        }
    }

    private func unreachableRows(_ table: PlacementTable) -> [Diagnostic] {
        RuleReachability.unreachable(table.rules).map { rule, reason in
            let message: String
            switch reason {
            case .contradictory(let subject):
                message = "the row '\(rule.id)' can never match: its conditions on '\(subject)' can never all hold"
            case .shadowed(let rows) where rows.count == 1:
                message = "the row '\(rule.id)' can never match: the row '\(rows[0].id)' (line \(rows[0].location.line)) comes first and matches every item it matches"
            case .shadowed(let rows):
                let names = rows.map { "'\($0.id)' (line \($0.location.line))" }.joined(separator: ", ")
                message = "the row '\(rule.id)' can never match: the rows \(names) come first and together match every item it matches"
            }
            return Diagnostic(.unreachablePlacement, message, at: rule.location)
        }
    }

    private func unknownRules(_ table: PlacementTable, site: Site) -> [Diagnostic] {
        Self.unknownRules(table, slugs: site.patterns.map { $0.slug }, unreadable: site.unreadablePages, page: site.pattern)
    }

    /// The table's rows and advice citing a pattern rule that does not
    /// exist (`unknown-pattern-rule`), given the slugs of the site's pages
    /// (in order), those that could not be read, and a page by its slug:
    /// a rebuild asks only for the pages the table cites.
    static func unknownRules(_ table: PlacementTable, slugs: [String], unreadable: Set<String>, page: (String) -> Pattern?) -> [Diagnostic] {
        table.citedRules.compactMap { reference in
            guard let pattern = page(reference.slug) else {
                if unreadable.contains(reference.slug) { return nil }
                var message = "'\(reference)' cites the page '\(reference.slug)', which \(Site.Paths.patterns) does not have"
                if let suggestion = Suggestion.nearest(to: reference.slug, in: slugs) {
                    message += "; did you mean '\(suggestion)'?"
                }
                return Diagnostic(.unknownPatternRule, message, at: reference.location)
            }
            // Rules hidden by a mistake the page's own findings report.
            guard reference.number <= pattern.rules.count || pattern.rulesIncomplete else {
                let count = pattern.rules.count
                let has = count == 0 ? "has no rules" : "has \(count) rule\(count == 1 ? "" : "s")"
                return Diagnostic(.unknownPatternRule, "'\(reference)' cites rule \(reference.number), but \(pattern.file) \(has)", at: reference.location)
            }
            return nil
        }
    }

    private func overflowSymbol(_ table: PlacementTable, site: Site) -> [Diagnostic] {
        guard let symbols = site.symbols, !symbols.contains(table.overflow.symbol) else { return [] }
        return [Diagnostic(.unknownSymbol, "the overflow button's symbol '\(table.overflow.symbol)' has no drawing in the theme (\(Site.Paths.symbols)/\(table.overflow.symbol).svg)", at: table.overflow.location)]
    }

    /// Every state of every demo, through the engine.
    /// The items of `pattern`'s demos that no row of the table matches.
    private func demos(_ demos: [DemoBlock], site: Site, engine: PlacementEngine) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var reported = Set<SourceLocation>()
        for block in demos {
            guard let demo = block.demo, let device = site.device(demo.device.value) else { continue }
            // Laid out once as the page was checked: the items no row matched.
            if let layouts = block.layouts, layouts.count == demo.states.count {
                for (state, layout) in zip(demo.states, layouts) {
                    for item in layout.unplaced where reported.insert(item.location).inserted {
                        diagnostics.append(Diagnostic(.invalidPlacement, "no row of \(Site.Paths.placement) matches the item '\(item.id)' (state '\(state.name)', on \(device.id)); add a row that does", at: item.location))
                    }
                }
                continue
            }
            // Each state's items in the column's order, visited where they are.
            for state in demo.states {
                state.screen.forEachItem { item in
                    guard !engine.hasMatchingRule(for: item, on: device), reported.insert(item.location).inserted else { return }
                    diagnostics.append(Diagnostic(.invalidPlacement, "no row of \(Site.Paths.placement) matches the item '\(item.id)' (state '\(state.name)', on \(device.id)); add a row that does", at: item.location))
                }
            }
        }
        return diagnostics
    }
}
