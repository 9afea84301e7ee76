import Foundation
import Synchronization

/// How long each stage of a build took, noted as the build goes when asked
/// (`duosite build --timings`), so that whoever runs a site can see where
/// its build's time goes without a profiler, and `docs/performance.md`'s
/// figures can be measured again with the command itself. The stages
/// follow one another, each on every core it can use: each is noted with
/// its start and end, and the CPU time of every thread over it.
public final class BuildTimings: Sendable {
    /// One stage of a build.
    public struct Step: Sendable, Equatable {
        /// What the stage does, in an editor's words.
        public var name: String
        /// When it started and ended, in seconds from the build's start.
        public var start: Double
        public var end: Double
        /// The CPU time of every thread over the stage, in seconds.
        public var cpu: Double

        /// How long it took, in seconds.
        public var duration: Double { end - start }
    }

    private struct Noted {
        var steps: [Step] = []
        /// Where the stage being run began: its wall time and the process's CPU time.
        var start: (wall: Double, cpu: Double) = (0, 0)
    }

    private let noted = Mutex(Noted())
    private let started: UInt64
    private let cpuAtStart: Double

    /// Starts the clock: the build's first stage begins now.
    public init() {
        started = DispatchTime.now().uptimeNanoseconds
        cpuAtStart = Self.processCPU()
    }

    /// Notes that the stage `name` ended now; it began where the one before
    /// it ended (or when the clock started).
    func finish(_ name: String) {
        let wall = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9, cpu = Self.processCPU() - cpuAtStart
        noted.withLock { noted in
            noted.steps.append(Step(name: name, start: noted.start.wall, end: wall, cpu: cpu - noted.start.cpu))
            noted.start = (wall, cpu)
        }
    }

    /// The stages noted, in order.
    public var all: [Step] {
        noted.withLock { $0.steps }
    }

    /// The stages as lines of text: each one's start and end in
    /// milliseconds from the build's start, its length, and the CPU time
    /// over it; then the whole build's.
    public var report: String {
        let (steps, cpu) = noted.withLock { ($0.steps, $0.start.cpu) }
        let width = max(steps.map(\.name.count).max() ?? 0, 15)
        func ms(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }
        func padded(_ text: String, _ count: Int) -> String {
            text.count >= count ? text : String(repeating: " ", count: count - text.count) + text
        }
        func line(_ name: String, _ start: Double, _ end: Double, _ cpu: Double) -> String {
            let name = name + String(repeating: " ", count: width - name.count)
            return "  \(name)  \(padded(ms(start), 8)) → \(padded(ms(end), 8))  \(padded(ms(end - start), 8))  cpu \(padded(ms(cpu), 8))"
        }
        var lines = ["Build steps, in milliseconds from the start (wall), and the CPU time of every thread over each:"]
        lines += steps.map { line($0.name, $0.start, $0.end, $0.cpu) }
        lines.append(line("the whole build", 0, steps.last?.end ?? 0, cpu))
        return lines.joined(separator: "\n") + "\n"
    }

    private static func processCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
