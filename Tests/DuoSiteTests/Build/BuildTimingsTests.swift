import Testing
@testable import DuoSite

/// How long each stage of a build took, as `--timings` prints it.
struct BuildTimingsTests {
    /// Stages follow one another, each beginning where the one before ended.
    @Test func stagesFollowOneAnother() throws {
        let timings = BuildTimings()
        timings.finish("the theme read")
        timings.finish("the site-wide files written")
        timings.finish("the site swapped in")
        let steps = timings.all
        #expect(steps.map(\.name) == ["the theme read", "the site-wide files written", "the site swapped in"])
        #expect(steps.first?.start == 0)
        #expect(zip(steps, steps.dropFirst()).allSatisfy { $0.end == $1.start })
        #expect(steps.allSatisfy { $0.end >= $0.start && $0.cpu >= 0 })
    }

    /// The report lists every stage, in order, and the whole build last.
    @Test func theReportListsEveryStageThenTheWholeBuild() {
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
