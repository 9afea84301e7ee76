import Diagnostics
import Foundation
import Testing

extension TestSite {
    /// Builds into Public/ (`--today 2026-11-29 --quiet`) and expects it to publish.
    func build(sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let result = run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 0, "\(result.err)", sourceLocation: sourceLocation)
    }

    /// A fresh full build of the site as it is now, into a folder of its
    /// own, as the files it wrote; `arguments` are added to the build's.
    func freshBuild(arguments: [String] = [], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> [String: Data] {
        let name = "Fresh-\(UUID().uuidString)"
        let result = run(["build", "--today", "2026-11-29", "--output", name, "--quiet"] + arguments)
        #expect(result.status == 0, "\(result.err)", sourceLocation: sourceLocation)
        return tree(name)
    }
}
