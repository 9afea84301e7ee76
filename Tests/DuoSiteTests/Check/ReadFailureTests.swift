import Foundation
import Testing
@testable import DuoSite

/// When the system will not give a file to read, for real, in the duosite
/// command run as another process: a page it refuses is one `read-failed`
/// finding at that page, in the system's words; a refusal no page is at
/// fault for (too many open files) stops the reading and is said once.
@Suite struct ReadFailureTests {
    /// Runs the duosite command in `site` through `launcher` (a command
    /// that runs the next one: as another user, under a lower limit), its
    /// crashes reported as signals rather than backtraces.
    static func run(_ launcher: [String], _ arguments: [String], in site: TestSite) throws -> (status: Int32, signaled: Bool, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: launcher[0])
        process.arguments = Array(launcher.dropFirst()) + [try CommandProcess.binary.path] + arguments
        process.currentDirectoryURL = site.root
        process.environment = ["SWIFT_BACKTRACE": "enable=no", "PATH": "/usr/bin:/bin"]
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let output = out.fileHandleForReading.readDataToEndOfFile(), errors = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, process.terminationReason == .uncaughtSignal,
                String(decoding: output, as: UTF8.self), String(decoding: errors, as: UTF8.self))
    }

    /// Root can read any file whatever its mode: the site is given to
    /// `nobody`, who runs duosite, and one page is made unreadable to it.
    static let canRunAsAnotherUser = getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")
    /// What runs the next command as `nobody`, with no group of root's.
    static let asNobody = ["/usr/bin/setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]

    @Test(.enabled(if: canRunAsAnotherUser, "needs root and setpriv, to run duosite as a user that mode bits stop"))
    func aPageTheSystemWillNotGiveIsOneFindingAtThePage() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.setRealBaseURL()
        let page = "Content/patterns/where-the-bars-go.md"
        #expect(chown(site.root.path, 65534, 65534) == 0)
        #expect(chown(site.root.appendingPathComponent(page).path, 65534, 65534) == 0)
        #expect(chmod(site.root.appendingPathComponent(page).path, 0) == 0)
        let finding = "\(page):1:1: error: cannot read \(page): permission denied [read-failed]\n"

        let check = try Self.run(Self.asNobody, ["check", "--today", "2026-11-29"], in: site)
        #expect(check.status == 1)
        #expect(check.err == finding, "\(check.err)")

        let build = try Self.run(Self.asNobody, ["build", "--today", "2026-11-29", "--quiet"], in: site)
        #expect(build.status == 1)
        #expect(build.err == finding + "error: nothing was published (1 error, listed above)\n", "\(build.err)")
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Public").path))
        let leftovers = try site.leftovers()
        #expect(leftovers.isEmpty)
    }

    /// Whether a command can be run with fewer open files allowed.
    static let canLimitOpenFiles = FileManager.default.isExecutableFile(atPath: "/usr/bin/prlimit")

    /// With fewer and fewer files it may open, `check` either finds
    /// nothing wrong or says once that there are too many open files —
    /// at the theme or at the pages, whichever ran out first, and never
    /// a file "missing" — down to the limit under which the Swift runtime
    /// itself cannot start its threads.
    @Test(.enabled(if: canLimitOpenFiles, "needs prlimit, to run duosite with few open files allowed"))
    func tooManyOpenFilesIsSaidOnceHoweverFewTheProcessMayOpen() throws {
        let site = try TestSite()
        defer { site.remove() }
        var pagesStopped = false
        // Which runs out first, the theme or the pages, turns on the threads'
        // timing: the whole range is scanned up to three times, until a limit
        // has stopped the pages once.
        for _ in 0..<3 where !pagesStopped {
            for limit in stride(from: 24, through: 3, by: -1) {
                // Where the runtime's own threads cannot start, the process dies
                // before duosite can say anything: not duosite's to report. How
                // many it needs varies with the machine's load, so a limit is
                // tried up to three times, and a lower one still.
                var run = try Self.run(["/usr/bin/prlimit", "--nofile=\(limit):\(limit)"], ["check", "--today", "2026-11-29"], in: site)
                for _ in 0..<2 where run.signaled {
                    run = try Self.run(["/usr/bin/prlimit", "--nofile=\(limit):\(limit)"], ["check", "--today", "2026-11-29"], in: site)
                }
                if run.signaled { continue }
                // Lower still, the system cannot even load duosite's libraries.
                if run.status == 127 { break }
                let errors = run.err.split(separator: "\n")
                if run.status == 0 {
                    #expect(errors.isEmpty, "limit \(limit): \(run.err)")
                    continue
                }
                #expect(run.status == 1)
                #expect(errors.count == 1, "limit \(limit): \(run.err)")
                #expect(errors.allSatisfy { $0.contains(": too many open files") && $0.hasSuffix("[read-failed]") }, "limit \(limit): \(run.err)")
                if run.err.hasPrefix("Content/patterns:1:1: error: cannot read the pages: too many open files (") { pagesStopped = true }
            }
        }
        #expect(pagesStopped, "no limit made the pages the first to run out")
    }
}
