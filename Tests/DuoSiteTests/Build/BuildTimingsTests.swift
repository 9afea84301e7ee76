import Testing
@testable import DuoSite

/// How long each step of a build took, as `--timings` prints it.
struct BuildTimingsTests {
    /// Steps of the main line follow one another, each beginning where the
    /// one before ended; a step beside them keeps its own start and end.
    @Test func stepsFollowOneAnotherAndOneBesideKeepsItsOwnTimes() throws {
        let timings = BuildTimings()
        timings.finish("the theme read")
        let beside = timings.beside("the checks across pages") { () -> Int in
            timings.finish("the site-wide files written")
            return 42
        }
        timings.finish("the site swapped in")
        #expect(beside == 42)
        let steps = timings.all
        // In the order they started: the site-wide files began where the theme ended, before the checks.
        #expect(steps.map(\.name) == ["the theme read", "the site-wide files written", "the checks across pages", "the site swapped in"])
        let line = steps.filter { $0.cpu != nil }
        #expect(line.first?.start == 0)
        #expect(zip(line, line.dropFirst()).allSatisfy { $0.end == $1.start })
        #expect(steps.allSatisfy { $0.end >= $0.start })
        let checks = try #require(steps.first { $0.name == "the checks across pages" })
        #expect(checks.cpu == nil)
        #expect(checks.start >= line[0].end && checks.end <= line[2].end)
    }

    /// The report lists every step, in the order they started, and the whole build last.
    @Test func theReportListsEveryStepThenTheWholeBuild() {
        let timings = BuildTimings()
        timings.finish("the theme read")
        timings.finish("the pages read, checked, rendered and written")
        let lines = timings.report.split(separator: "\n")
        #expect(lines.count == 4)
        #expect(lines[1].hasPrefix("  the theme read "))
        #expect(lines[2].hasPrefix("  the pages read, checked, rendered and written "))
        #expect(lines[3].hasPrefix("  the whole build "))
        #expect(lines.dropFirst().allSatisfy { $0.contains(" → ") && $0.contains("cpu ") })
    }
}
