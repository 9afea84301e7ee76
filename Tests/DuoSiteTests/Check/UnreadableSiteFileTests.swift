import Foundation
import Testing
@testable import DuoSite

/// A site file that cannot be read is one error, in that file: what pages
/// name in it (sources, devices, the table laying demos out) is not
/// reported again as missing, page by page.
@Suite struct UnreadableSiteFileTests {
    @Test(arguments: ["Content/sources.yml", "Content/devices.yml", "Content/placement.yml"])
    func oneErrorInTheFile(_ path: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.write(try site.read(path) + "broken: [\n", to: path)
        let run = site.checkJSON()
        #expect(run.status == 1)
        let findings = try run.json().located
        #expect(findings.count == 1, "\(findings)")
        #expect(findings.first?.file == path)
        #expect(findings.first?.code == "yaml-syntax")
        // The build says the same, and publishes nothing.
        let build = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(build.status == 1)
        #expect(build.err.split(separator: "\n").filter { $0.contains(": error: ") }.count == 1, "\(build.err)")
    }

    /// An entry that is not a map is reported once, not once for each key it lacks.
    @Test func anEntryThatIsNotAMapIsOneError() throws {
        let site = try TestSite()
        defer { site.remove() }
        let devices = try site.read("Content/devices.yml")
        let line = devices.split(separator: "\n", omittingEmptySubsequences: false).count
        try site.write(devices + "broken: 1\n", to: "Content/devices.yml")
        let result = site.run(["check", "--today", "2026-11-29"])
        #expect(result.status == 1)
        let errors = result.err.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors == ["Content/devices.yml:\(line):9: error: device 'broken' should be a map of keys and values, not a value [invalid-field]"], "\(result.err)")
    }
}
