import Foundation
import Testing

/// `duosite serve` starting on a site whose folders hold symbolic links in
/// a cycle, or to a folder holding the site: it watches each real folder
/// once and serves; and a signal at any moment, during the start too, ends
/// it within a second.
@Suite struct ServeStartTests {
    /// Starts `duosite serve` on `site`; its output as it comes.
    final class Serving: @unchecked Sendable {
        let process = Process()
        private let lock = NSLock()
        private var printed = ""

        init(_ site: TestSite, extra: [String] = []) throws {
            process.executableURL = try CommandProcess.binary
            process.arguments = ["serve", "--root", site.root.path, "--port", "0", "--today", "2026-11-29"] + extra
            let output = Pipe()
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            Thread { [self] in
                while true {
                    let chunk = output.fileHandleForReading.availableData
                    if chunk.isEmpty { break }
                    lock.withLock { printed += String(decoding: chunk, as: UTF8.self) }
                }
            }.start()
        }

        var text: String { lock.withLock { printed } }

        /// Whether `words` were printed within `seconds`.
        func prints(_ words: String, within seconds: TimeInterval) -> Bool {
            let deadline = Date(timeIntervalSinceNow: seconds)
            while !text.contains(words), Date() < deadline { usleep(20_000) }
            return text.contains(words)
        }

        /// Sends `signal`; how long the process took to end (nil: it did not within 5 s).
        func stop(_ signal: Int32 = SIGTERM) -> TimeInterval? {
            let start = Date()
            kill(process.processIdentifier, signal)
            while process.isRunning, Date().timeIntervalSince(start) < 5 { usleep(5_000) }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
                return nil
            }
            return Date().timeIntervalSince(start)
        }
    }

    @Test(arguments: [[], ["--poll"]])
    func linksInACycleAreWatchedOnce(extra: [String]) throws {
        let site = try TestSite()
        defer { site.remove() }
        let assets = site.root.appendingPathComponent("Theme/assets")
        for (name, target) in [("a", "."), ("b", "."), ("up", site.root.path), ("content", "../../Content")] {
            try FileManager.default.createSymbolicLink(atPath: assets.appendingPathComponent(name).path, withDestinationPath: target)
        }
        let serving = try Serving(site, extra: extra)
        #expect(serving.prints("Serving http://127.0.0.1:", within: 30), "\(serving.text)")
        // A change is still seen.
        try site.write(try site.read("Content/patterns/where-the-bars-go.md").replacingOccurrences(of: "Where the bars go", with: "Where bars go"), to: "Content/patterns/where-the-bars-go.md")
        #expect(serving.prints("Rebuilt (build 2)", within: 10), "\(serving.text)")
        let took = serving.stop()
        #expect(took.map { $0 < 1 } == true, "\(String(describing: took))")
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalDuringTheStartEndsItAtOnce(signal: Int32) throws {
        let site = try TestSite()
        defer { site.remove() }
        // Enough pages that the start takes seconds.
        let page = try site.read("Content/patterns/symbols-not-labels.md")
        for index in 0..<1_500 {
            try site.write(page.replacingOccurrences(of: "title: Symbols, not labels", with: "title: Copy \(index)"), to: "Content/patterns/copy-\(index).md")
        }
        let serving = try Serving(site)
        usleep(300_000)
        #expect(!serving.text.contains("Serving"), "the start was over before the signal: \(serving.text)")
        let took = serving.stop(signal)
        #expect(took.map { $0 < 1 } == true, "\(String(describing: took))")
        #expect(serving.process.terminationStatus == 0)
    }
}
