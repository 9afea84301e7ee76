import Foundation
import Testing
@testable import DuoSite

/// A theme that would render for ever or nests past what a thread's stack
/// holds: `check` reports what `build` reports, at the tag, and neither
/// crashes, so that a clean check still promises a build that publishes.
@Suite struct ThemeLimitTests {
    @Test(arguments: [
        // A partial including itself, with no section around it.
        ("card.mustache", "\n{{> card}}\n", "Theme/templates/card.mustache:12:1: error: 'card' includes itself"),
        // A template extending itself, through the page that extends it.
        ("base.mustache", "\n{{< pattern}}{{/pattern}}\n", "Theme/templates/pattern.mustache:4:1: error: 'base' includes itself through 'base' → 'pattern' → 'base'"),
    ])
    func aTemplateIncludingItselfIsAnErrorInCheckAsInBuild(file: String, added: String, finding: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        let path = "Theme/templates/\(file)"
        try site.write(try site.read(path) + added, to: path)
        for command in ["check", "build"] {
            let result = site.run([command, "--today", "2026-11-29"])
            #expect(result.status == 1, "\(command): \(result.err)")
            #expect(result.err.contains(finding), "\(command): \(result.err)")
        }
    }

    @Test func sectionsNestedPastTheLimitAreAnErrorNotACrash() throws {
        let site = try TestSite()
        defer { site.remove() }
        let nested = String(repeating: "{{#site}}", count: 20_000) + "x" + String(repeating: "{{/site}}", count: 20_000)
        try site.write(nested, to: "Theme/templates/deep.mustache")
        for command in ["check", "build"] {
            let result = site.run([command, "--today", "2026-11-29"])
            #expect(result.status == 1, "\(command)")
            #expect(result.err.contains("Theme/templates/deep.mustache:1:901: error: {{#site}} nests sections, parents and blocks more than 100 deep [template]"), "\(command): \(result.err)")
        }
    }
}
