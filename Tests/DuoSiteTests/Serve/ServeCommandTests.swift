import Foundation
import Testing

/// `duosite serve` as a person runs it: the command itself, in a process of
/// its own, stopped by SIGTERM or Ctrl-C with a browser's stream open.
struct ServeCommandTests {
    @Test(arguments: [SIGTERM, SIGINT])
    func endsWithinASecondOnASignal(signal: Int32) throws {
        let site = try TestSite()
        defer { site.remove() }
        let before = try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted()
        let process = Process()
        process.executableURL = try CommandProcess.binary
        process.arguments = ["serve", "--root", site.root.path, "--port", "0", "--today", "2026-11-29"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        // The address, on a line of its own.
        var printed = ""
        let deadline = Date(timeIntervalSinceNow: 30)
        while !printed.contains("Serving "), Date() < deadline {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        let line = try #require(printed.split(separator: "\n").first { $0.hasPrefix("Serving ") })
        let port = try #require(Int(line.split(separator: ":").last?.dropLast() ?? ""))
        #expect(line == "Serving http://127.0.0.1:\(port)/")

        let events = try LiveEvents(port: port)
        #expect(events.next(within: 5) != nil)
        let start = Date()
        kill(process.processIdentifier, signal)
        while process.isRunning, Date().timeIntervalSince(start) < 5 { usleep(10_000) }
        #expect(Date().timeIntervalSince(start) < 1)
        #expect(!process.isRunning)
        #expect(process.terminationStatus == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.path).sorted() == before)
    }
}
