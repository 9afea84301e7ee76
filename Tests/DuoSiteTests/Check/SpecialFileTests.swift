import Foundation
import Synchronization
import Testing
@testable import DuoSite

/// A named pipe where a page, a site file, a template or an asset goes:
/// `check` and `build` never wait on it (a pipe gives nothing until someone
/// writes to it), and report it where it is. Among the theme's assets, a
/// link to a folder, or to nothing, is no file to copy: both say so alike.
@Suite struct SpecialFileTests {
    /// Whether a process opened the pipe at `path` to read it: a writer,
    /// tried every 50 ms until `stop`, succeeds only then, and writes a
    /// line so that a reader waiting on it goes on.
    final class Rescuer: Sendable {
        let rescued = Atomic<Bool>(false)
        let stopped = Atomic<Bool>(false)

        init(path: String) {
            let thread = Thread { [self] in
                while !stopped.load(ordering: .relaxed) {
                    let descriptor = open(path, O_WRONLY | O_NONBLOCK)
                    if descriptor >= 0 {
                        rescued.store(true, ordering: .relaxed)
                        _ = "x\n".withCString { write(descriptor, $0, 2) }
                        close(descriptor)
                    }
                    usleep(50_000)
                }
            }
            thread.start()
        }

        func stop() { stopped.store(true, ordering: .relaxed) }
    }

    @Test(arguments: [
        "Content/patterns/pipe.md", "Content/site.yml", "Content/devices.yml",
        "Theme/templates/pipe.mustache", "Theme/assets/pipe.css",
    ])
    func aNamedPipeIsReportedNotWaitedOn(path: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        let url = site.root.appendingPathComponent(path)
        try? FileManager.default.removeItem(at: url)
        #expect(mkfifo(url.path, 0o644) == 0)
        let rescuer = Rescuer(path: url.path)
        defer { rescuer.stop() }
        for command in ["check", "build"] {
            let result = site.run([command, "--today", "2026-11-29"])
            #expect(result.status == 1, "\(command)")
            #expect(result.err.contains("\(path):1:1: error: cannot "), "\(command): \(result.err)")
            #expect(result.err.contains("it is a named pipe, not a regular file [unreadable-file]"), "\(command): \(result.err)")
        }
        let waited = rescuer.rescued.load(ordering: .relaxed)
        #expect(!waited, "duosite waited on the pipe")
    }

    @Test(arguments: [".", "missing.css"])
    func aLinkAmongTheAssetsThatIsNoFileIsReportedByCheckAndBuild(target: String) throws {
        let site = try TestSite()
        defer { site.remove() }
        try FileManager.default.createSymbolicLink(atPath: site.root.appendingPathComponent("Theme/assets/a").path, withDestinationPath: target)
        for command in ["check", "build"] {
            let result = site.run([command, "--today", "2026-11-29"])
            #expect(result.status == 1, "\(command)")
            #expect(result.err.contains("Theme/assets/a:1:1: error: cannot publish Theme/assets/a: it is not a file that can be read (a link to a folder, or to nothing)"), "\(command): \(result.err)")
        }
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent("Public").path))
    }
}
