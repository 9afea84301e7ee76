import Foundation
import Testing

/// The `duosite` command built beside the tests, run in a process of its
/// own: what a person sees of it, and a time-out after which it is killed,
/// for inputs that once made it run for minutes or for ever.
struct CommandProcess {
    /// What a run gave.
    struct Outcome {
        var status: Int32
        var out: String
        var err: String
        /// Whether it was killed at the time-out.
        var timedOut: Bool
    }

    /// The command's binary.
    static var binary: URL {
        get throws {
            let folder = try #require(Bundle.module.url(forResource: "Fixtures", withExtension: nil))
                .deletingLastPathComponent().deletingLastPathComponent()
            let binary = folder.appendingPathComponent("duosite")
            try #require(FileManager.default.isExecutableFile(atPath: binary.path), "no duosite command at \(binary.path)")
            return binary
        }
    }

    /// Runs `duosite arguments` in `folder`, with `input` on its standard
    /// input, killed after `timeout` seconds; with `memoryKB`, its address
    /// space capped at that (`ulimit -v`), as the fuzzing harness caps it.
    static func run(_ arguments: [String], in folder: URL, timeout: TimeInterval, input: Data? = nil, memoryKB: Int? = nil) throws -> Outcome {
        let process = Process()
        if let memoryKB {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -v \(memoryKB) && exec \"$0\" \"$@\"", try binary.path] + arguments
        } else {
            process.executableURL = try binary
            process.arguments = arguments
        }
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe(), stdin = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = stdin
        // Both outputs read as they come, so that a full pipe never holds the process up.
        let collected = Collected()
        let readers = [(out, true), (err, false)].map { pipe, isOut in
            let thread = Thread {
                while true {
                    let chunk = pipe.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    collected.add(chunk, out: isOut)
                }
                collected.finished()
            }
            thread.start()
            return thread
        }
        _ = readers
        try process.run()
        if let input { stdin.fileHandleForWriting.write(input) }
        try? stdin.fileHandleForWriting.close()
        let deadline = Date(timeIntervalSinceNow: timeout)
        while process.isRunning, Date() < deadline { usleep(10_000) }
        let timedOut = process.isRunning
        if timedOut {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        collected.waitForBoth()
        return Outcome(status: process.terminationStatus, out: collected.text(out: true), err: collected.text(out: false), timedOut: timedOut)
    }

    /// Bytes read from both pipes, safe to add to from two threads.
    private final class Collected: @unchecked Sendable {
        private let condition = NSCondition()
        private var out = Data(), err = Data()
        private var ended = 0

        func add(_ chunk: Data, out isOut: Bool) {
            condition.lock()
            if isOut { out += chunk } else { err += chunk }
            condition.unlock()
        }

        func finished() {
            condition.lock()
            ended += 1
            condition.broadcast()
            condition.unlock()
        }

        func waitForBoth() {
            condition.lock()
            let deadline = Date(timeIntervalSinceNow: 5)
            while ended < 2, condition.wait(until: deadline) {}
            condition.unlock()
        }

        func text(out isOut: Bool) -> String {
            condition.lock()
            defer { condition.unlock() }
            return String(decoding: isOut ? out : err, as: UTF8.self)
        }
    }
}
