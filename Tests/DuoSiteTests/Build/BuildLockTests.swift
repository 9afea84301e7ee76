import Foundation
import Testing
@testable import DuoSite

/// One build at a time into an output: a second build waits for the first,
/// and publishes only once it is done; no lock outlives its build.
@Suite struct BuildLockTests {
    private static let today = Day("2026-11-29")!
    /// Longest a test waits for something that should happen at once.
    private static let patience: DispatchTimeInterval = .seconds(60)

    /// Runs `work` on a thread of its own; the semaphore is signalled when it returns.
    private func start(_ work: @escaping @Sendable () -> Void) -> DispatchSemaphore {
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            work()
            done.signal()
        }
        return done
    }

    @Test func aBuildWaitsForTheBuildIntoTheSameOutputAndThenPublishes() throws {
        let site = try TestSite()
        defer { site.remove() }
        let output = site.root.appendingPathComponent("Public")
        var held: BuildLock? = try BuildLock(beside: output)
        #expect(FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".Public.lock").path))

        let waited = DispatchSemaphore(value: 0)
        let outcome = Box<SiteBuilder.Outcome>()
        let builder = SiteBuilder(options: BuildOptions(root: site.root, today: Self.today), waiting: { waited.signal() })
        let done = start { outcome.value = builder.run() }

        #expect(waited.wait(timeout: .now() + Self.patience) == .success, "the build did not wait")
        // While it waits, it has written nothing.
        #expect(!FileManager.default.fileExists(atPath: output.path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.contains(".staging-") }.isEmpty)

        held = nil
        #expect(done.wait(timeout: .now() + Self.patience) == .success, "the build did not finish once the lock was let go")
        #expect(outcome.value?.published == true)
        #expect((outcome.value?.waited ?? 0) > 0)
        #expect(FileManager.default.fileExists(atPath: output.appendingPathComponent("index.html").path))
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".Public.lock").path))
        _ = held
    }

    @Test func theCommandSaysItIsWaiting() throws {
        let site = try TestSite()
        defer { site.remove() }
        var held: BuildLock? = try BuildLock(beside: site.root.appendingPathComponent("Public"))
        let said = DispatchSemaphore(value: 0)
        let captured = Captured()
        let console = Console(out: { captured.append(out: $0) }, err: { text in
            captured.append(err: text)
            if text.hasPrefix("waiting for another build") { said.signal() }
        })
        let status = Box<Int32>()
        let done = start {
            status.value = DuoSiteCommand.run(arguments: ["build", "--today", "2026-11-29"], currentDirectory: site.root, console: console)
        }
        #expect(said.wait(timeout: .now() + Self.patience) == .success, "no word of waiting: \(captured.err)")
        #expect(captured.err == "waiting for another build into \(site.root.appendingPathComponent("Public").standardizedFileURL.path) to finish…\n")
        held = nil
        #expect(done.wait(timeout: .now() + Self.patience) == .success)
        #expect(status.value == 0, "\(captured.err)")
        // The time it took is its own; the time it waited is said apart.
        #expect(captured.out.hasPrefix("Built "))
        #expect(captured.out.contains(" s into Public/, after waiting "))
        #expect(captured.out.hasSuffix(" s for another build\n"))
        _ = held
    }

    @Test func aBuildWithNothingToWaitForSaysNothingOfIt() throws {
        let site = try TestSite()
        defer { site.remove() }
        let result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")
        #expect(!result.err.contains("waiting"))
        #expect(!result.out.contains("waiting"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.hasSuffix(".lock") }.isEmpty)
    }

    @Test func aLockThatCannotBeTakenStopsTheBuildSayingWhy() throws {
        let site = try TestSite()
        defer { site.remove() }
        #expect(site.run(["build", "--today", "2026-11-29", "--quiet"]).status == 0)
        let before = site.tree()
        // Something not a file where the lock goes.
        let lock = site.root.appendingPathComponent(".Public.lock")
        try FileManager.default.createDirectory(at: lock, withIntermediateDirectories: false)
        let result = site.run(["build", "--today", "2026-11-29", "--quiet"])
        #expect(result.status == 1)
        #expect(result.err.contains("Public:1:1: error: cannot write the site into Public: is a directory (writing .Public.lock) [write-failed]"), "\(result.err)")
        #expect(site.tree() == before)
    }

    @Test func aLockLetGoIsTakenAgainAtOnce() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duosite-lock-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Public")
        let waits = Box<Int>()
        for _ in 0..<3 {
            let lock = try BuildLock(beside: output, waiting: { waits.value = (waits.value ?? 0) + 1 })
            #expect(FileManager.default.fileExists(atPath: lock.path))
        }
        #expect(waits.value == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    /// A build waiting on the lock file when its holder removes it takes the
    /// lock on the file made after it: a third build then waits for it,
    /// rather than taking a lock of its own on a new file.
    @Test func aWaiterTakesTheLockOnTheFileThereNow() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duosite-lock-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let output = folder.appendingPathComponent("Public")
        var first: BuildLock? = try BuildLock(beside: output)

        let secondWaits = DispatchSemaphore(value: 0), secondHolds = DispatchSemaphore(value: 0), letSecondGo = DispatchSemaphore(value: 0)
        let secondDone = start {
            let lock = try? BuildLock(beside: output, waiting: { secondWaits.signal() })
            if lock != nil { secondHolds.signal() }
            letSecondGo.wait()
            withExtendedLifetime(lock) {}
        }
        #expect(secondWaits.wait(timeout: .now() + Self.patience) == .success)
        first = nil
        #expect(secondHolds.wait(timeout: .now() + Self.patience) == .success)

        let thirdWaits = DispatchSemaphore(value: 0), thirdHolds = DispatchSemaphore(value: 0)
        let thirdDone = start {
            let lock = try? BuildLock(beside: output, waiting: { thirdWaits.signal() })
            if lock != nil { thirdHolds.signal() }
        }
        #expect(thirdWaits.wait(timeout: .now() + Self.patience) == .success, "the third took a lock while the second held one")
        letSecondGo.signal()
        #expect(thirdHolds.wait(timeout: .now() + Self.patience) == .success)
        #expect(secondDone.wait(timeout: .now() + Self.patience) == .success)
        #expect(thirdDone.wait(timeout: .now() + Self.patience) == .success)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        _ = first
    }
}

/// A value set on one thread and read on another, after a semaphore says it is set.
private final class Box<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
