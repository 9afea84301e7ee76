import Foundation
import Testing
@testable import DuoSite

/// Numbers far past any device's in `devices.yml`: `check` and `build`
/// report them as errors at their place, and neither crashes drawing the
/// figures of the demos laid out on such a device.
@Suite struct ExtremeNumberTests {
    @Test(arguments: [
        ("slot: 56", "slot: 100000000000000000", 45),
        ("width: 64, slot: 56", "width: 9223372036854775807, slot: 56", 35),
        ("slot: 56", "slot: 100001", 45),
    ])
    func aColumnPastTheLimitIsAnErrorNotACrash(before: String, after: String, column: Int) throws {
        let site = try TestSite()
        defer { site.remove() }
        let devices = try site.read("Content/devices.yml")
        let range = try #require(devices.range(of: before))
        try site.write(devices.replacingCharacters(in: range, with: after), to: "Content/devices.yml")
        for command in ["check", "build"] {
            let result = site.run([command, "--today", "2026-11-29"])
            #expect(result.status == 1, "\(command)")
            #expect(result.err.contains("Content/devices.yml:16:\(column): error:"), "\(command): \(result.err)")
            #expect(result.err.contains("[invalid-field]"), "\(command)")
        }
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Public").path))
    }
}
