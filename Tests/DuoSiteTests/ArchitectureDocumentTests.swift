import Foundation
import Testing

/// `docs/architecture.md`'s modules checked against `Package.swift`: every
/// target is drawn and has its row, and every module the page names is a
/// target, so that the page cannot drift from what the compiler builds.
struct ArchitectureDocumentTests {
    /// The manifest's targets (test targets left out), in its order.
    static func targets() throws -> [String] {
        let manifest = try String(contentsOf: TestSite.repositoryRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        let declaration = /\.(?:target|executableTarget|systemLibrary)\(\s*name: "(\w+)"/
        return manifest.matches(of: declaration).map { String($0.output.1) }
    }

    /// The section `## Modules` of the page, up to the next section.
    static func modulesSection() throws -> Substring {
        let page = try String(contentsOf: TestSite.repositoryRoot.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        let start = try #require(page.range(of: "## Modules\n"))
        let rest = page[start.upperBound...]
        return rest[..<(rest.range(of: "\n## ")?.lowerBound ?? rest.endIndex)]
    }

    /// The names in the first cell of each row of the section's first table.
    static func tableModules() throws -> [String] {
        let section = try modulesSection()
        let rows = section.split(separator: "\n").prefix { !$0.hasPrefix("Inside") }.filter { $0.hasPrefix("| `") }
        return rows.flatMap { row in
            let cell = row.dropFirst(2).prefix { $0 != "|" }
            return cell.matches(of: /`(\w+)`/).map { String($0.output.1) }
        }
    }

    @Test func everyTargetHasItsRowInTheModuleTable() throws {
        let named = Set(try Self.tableModules())
        let targets = try Self.targets()
        #expect(targets.count > 10)
        for target in targets {
            #expect(named.contains(target), "\(target) has no row in docs/architecture.md's module table")
        }
    }

    @Test func everyModuleTheTableNamesIsATarget() throws {
        let targets = Set(try Self.targets())
        for module in try Self.tableModules() {
            #expect(targets.contains(module), "docs/architecture.md names \(module), which Package.swift does not build")
        }
    }

    @Test func everyTargetIsDrawn() throws {
        let section = try Self.modulesSection()
        let open = try #require(section.range(of: "```\n"))
        let rest = section[open.upperBound...]
        let drawing = rest[..<(rest.range(of: "```")?.lowerBound ?? rest.endIndex)]
        let words = Set(drawing.matches(of: /\w+/).map { String($0.output) })
        for target in try Self.targets() {
            #expect(words.contains(target), "\(target) is not drawn in docs/architecture.md's module diagram")
        }
    }
}
