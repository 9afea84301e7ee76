import Foundation

/// How long each step of a build took, noted as the build goes when asked
/// (`duosite build --timings`), so that whoever runs a site can see where
/// its build's time goes without a profiler, and the figures in the README
/// can be measured again with the command itself.
///
/// The build's steps run one after another, each on every core (its
/// `cpu` is every thread's CPU time over it); a step run beside others
/// (the checks across pages, beside the site-wide files; each of those
/// files, beside one another) is noted with its start and end alone, as
/// its CPU time cannot be told from theirs. A class: the build's threads
/// note their steps into one.
public final class BuildTimings: @unchecked Sendable {
    /// One step of a build.
    public struct Step: Sendable, Equatable {
        /// What the step does, in an editor's words.
        public var name: String
        /// When it started and ended, in seconds from the build's start.
        public var start: Double
        public var end: Double
        /// The CPU time of every thread over the step, in seconds; nil for
        /// a step run beside the others.
        public var cpu: Double?

        /// How long it took, in seconds.
        public var duration: Double { end - start }
    }

    private var steps: [Step] = []
    private let lock = NSLock()
    private let started: UInt64
    /// Where the step being run began: its wall time and the process's CPU time.
    private var stepStart: (wall: Double, cpu: Double) = (0, 0)
    private let cpuAtStart: Double

    /// Starts the clock: the build's first step begins now.
    public init() {
        started = DispatchTime.now().uptimeNanoseconds
        cpuAtStart = Self.processCPU()
    }

    /// Notes that the step `name` ended now; it began where the one before
    /// it ended (or when the clock started).
    func finish(_ name: String) {
        let wall = elapsed(), cpu = Self.processCPU() - cpuAtStart
        lock.lock()
        steps.append(Step(name: name, start: stepStart.wall, end: wall, cpu: cpu - stepStart.cpu))
        stepStart = (wall, cpu)
        lock.unlock()
    }

    /// Runs `body` as the step `name`, beside the others, noting when it
    /// started and ended.
    func beside<Result>(_ name: String, _ body: () throws -> Result) rethrows -> Result {
        let start = elapsed()
        defer {
            let end = elapsed()
            lock.lock()
            steps.append(Step(name: name, start: start, end: end, cpu: nil))
            lock.unlock()
        }
        return try body()
    }

    /// Runs `body`, noted as the step `name` beside the others when the
    /// build notes its steps (`timings`), else simply.
    static func beside<Result>(_ name: String, in timings: BuildTimings?, _ body: () throws -> Result) rethrows -> Result {
        guard let timings else { return try body() }
        return try timings.beside(name, body)
    }

    /// The steps noted, in the order they started.
    public var all: [Step] {
        lock.lock()
        defer { lock.unlock() }
        // A stable sort: steps that started together stay in the order noted.
        return steps.enumerated().sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }.map(\.element)
    }

    /// The steps as lines of text: each step's start and end in
    /// milliseconds from the build's start, its length, and the CPU time
    /// over it; then the whole build's.
    public var report: String {
        let steps = all
        lock.lock()
        let cpu = stepStart.cpu
        lock.unlock()
        let width = max(steps.map(\.name.count).max() ?? 0, 12)
        func ms(_ seconds: Double) -> String { String(format: "%.1f", seconds * 1000) }
        func padded(_ text: String, _ count: Int) -> String {
            text.count >= count ? text : String(repeating: " ", count: count - text.count) + text
        }
        var lines = ["Build steps, in milliseconds from the start (wall), and the CPU time of every thread over each:"]
        for step in steps {
            let name = step.name + String(repeating: " ", count: width - step.name.count)
            let cpu = step.cpu.map { "cpu " + padded(ms($0), 8) } ?? "(beside other steps)"
            lines.append("  \(name)  \(padded(ms(step.start), 8)) → \(padded(ms(step.end), 8))  \(padded(ms(step.duration), 8))  \(cpu)")
        }
        let end = steps.map(\.end).max() ?? 0
        let total = "the whole build" + String(repeating: " ", count: max(0, width - 15))
        lines.append("  \(total)  \(padded(ms(0), 8)) → \(padded(ms(end), 8))  \(padded(ms(end), 8))  cpu \(padded(ms(cpu), 8))")
        return lines.joined(separator: "\n") + "\n"
    }

    private func elapsed() -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9
    }

    private static func processCPU() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
