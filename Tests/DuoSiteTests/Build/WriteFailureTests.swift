import Foundation
import Testing
@testable import DuoSite

/// When the file system fails the build, on real file systems: one finding,
/// `write-failed`, at the output folder, in the system's words; exit status
/// 1; the published site and the previous build's cache byte for byte as
/// they were; and no more room taken than before the build.
@Suite struct WriteFailureTests {
    /// The output, in a folder of its own beside the site's files (where a
    /// tmpfs is mounted).
    static let output = "out/Public"

    /// Adds `count` pages of some 6 KB of text each, so that the site needs
    /// room and a build has many pages to write.
    static func addPages(_ site: TestSite, count: Int) throws {
        let paragraph = String(repeating: "A page among many, written to take room on the disk. ", count: 100)
        for number in 1...count {
            try site.write("""
            ---
            title: Page \(number)
            summary: One of many pages.
            status: recommendation
            last_checked: 2026-11-20
            ---

            ## The rules

            1. A rule.

               Sources (recommendation): hig § Vertical controls

            ## More

            \(paragraph)

            """, to: "Content/patterns/page-\(number).md")
        }
    }

    /// Every `.Public…` entry beside the output but the cache and the spare.
    static func leftovers(_ site: TestSite) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: site.root.appendingPathComponent("out").path)
            .filter { $0.hasPrefix(".Public") && ![".Public.duosite-cache", ".Public.spare"].contains($0) }
            .sorted()
    }

    /// The cache's bytes, or nil when there is none.
    static func cache(_ site: TestSite) -> Data? {
        FileManager.default.contents(atPath: site.root.appendingPathComponent("out/.Public.duosite-cache").path)
    }

    /// The one line of standard error that names the failure, and every
    /// other line that is an error: there must be none but the summary.
    static func failureLines(_ err: String) -> (findings: [String], others: [String]) {
        let lines = err.split(separator: "\n").map(String.init)
        return (lines.filter { $0.contains("[write-failed]") },
                lines.filter { $0.contains("error") && !$0.contains("[write-failed]") && !$0.hasPrefix("error: nothing was published (1 error, listed above)") })
    }

    @Test(.enabled(if: TmpfsMount.isAllowed, "mounting a tmpfs needs root; this machine does not allow it"))
    func aFileSystemTooSmallForTheSiteStopsAtTheFirstWriteAndGivesBackItsRoom() throws {
        let site = try TestSite()
        defer { site.remove() }
        try Self.addPages(site, count: 40)
        let disk = try TmpfsMount(at: site.root.appendingPathComponent("out"), kilobytes: 16 * 1024)
        defer { disk.unmount() }
        let first = site.run(["build", "--today", "2026-11-29", "--output", Self.output, "--quiet"])
        #expect(first.status == 0, "\(first.err)")
        let published = site.tree(Self.output), cache = Self.cache(site)
        #expect(cache != nil)
        // The file system shrunk to what it holds and a little more: a
        // build that writes every page again (another base URL) cannot fit.
        let before = disk.used
        try disk.resize(kilobytes: Int(before / 1024) + 64)

        let result = site.run(["build", "--today", "2026-11-29", "--output", Self.output, "--base-url", "https://elsewhere.example", "--quiet"])
        let (findings, others) = Self.failureLines(result.err)
        #expect(result.status == 1)
        #expect(findings.count == 1, "\(result.err)")
        #expect(others.isEmpty, "\(result.err)")
        let finding = try #require(findings.first)
        #expect(finding.hasPrefix("out/Public:1:1: error: cannot write the site into out/Public: no space left on device (writing "), "\(finding)")
        #expect(finding.hasSuffix(") [write-failed]"))
        #expect(site.tree(Self.output) == published)
        #expect(Self.cache(site) == cache)
        #expect(try Self.leftovers(site).isEmpty)
        let after = disk.used
        #expect(after <= before, "\(before) bytes used before the build, \(after) after")

        // With room again, the next build takes every page from the cache.
        try disk.resize(kilobytes: 16 * 1024)
        let check = site.run(["check", "--today", "2026-11-29", "--output", Self.output])
        #expect(check.out.contains("42 page files unchanged since the last build"), "\(check.out)")
        let again = site.run(["build", "--today", "2026-11-29", "--output", Self.output, "--base-url", "https://elsewhere.example", "--quiet"])
        #expect(again.status == 0, "\(again.err)")
    }

    @Test(.enabled(if: TmpfsMount.isAllowed, "mounting a tmpfs needs root; this machine does not allow it"))
    func aReadOnlyFileSystemIsOneFindingAndTheSiteAsItWas() throws {
        let site = try TestSite()
        defer { site.remove() }
        try site.setRealBaseURL()
        let disk = try TmpfsMount(at: site.root.appendingPathComponent("out"), kilobytes: 4 * 1024)
        defer { disk.unmount() }
        #expect(site.run(["build", "--today", "2026-11-29", "--output", Self.output, "--quiet"]).status == 0)
        let published = site.tree(Self.output), cache = Self.cache(site)
        try site.write(try site.read("Content/patterns/where-the-bars-go.md") + "\nOne more line.\n", to: "Content/patterns/where-the-bars-go.md")
        try disk.remount(readOnly: true)
        defer { try? disk.remount(readOnly: false) }
        let before = disk.used

        let result = site.run(["build", "--today", "2026-11-29", "--output", Self.output])
        #expect(result.status == 1)
        #expect(result.err == """
            out/Public:1:1: error: cannot write the site into out/Public: read-only file system (writing .Public.lock) [write-failed]
            error: nothing was published (1 error, listed above)

            """, "\(result.err)")
        #expect(site.tree(Self.output) == published)
        #expect(Self.cache(site) == cache)
        #expect(disk.used == before)
    }

    @Test(.enabled(if: TmpfsMount.isAllowed, "mounting a tmpfs needs root; this machine does not allow it"))
    func aCacheThatCannotBeWrittenIsAWarningAndTheSiteIsPublished() throws {
        let site = try TestSite()
        defer { site.remove() }
        try Self.addPages(site, count: 10)
        let disk = try TmpfsMount(at: site.root.appendingPathComponent("out"), kilobytes: 8 * 1024)
        defer { disk.unmount() }
        // What a first build takes, and what of it is the cache's.
        #expect(site.run(["build", "--today", "2026-11-29", "--output", Self.output, "--quiet"]).status == 0)
        let expected = site.tree(Self.output)
        let whole = disk.used
        var info = stat()
        #expect(stat(site.root.appendingPathComponent("out/.Public.duosite-cache").path, &info) == 0)
        let cacheBytes = UInt64(info.st_blocks) * 512
        #expect(cacheBytes > 0)
        for entry in try FileManager.default.contentsOfDirectory(atPath: disk.folder.path) {
            try FileManager.default.removeItem(at: disk.folder.appendingPathComponent(entry))
        }
        // Room for the site and not for its cache.
        try disk.resize(kilobytes: Int((whole - cacheBytes) / 1024))

        let result = site.run(["build", "--today", "2026-11-29", "--output", Self.output, "--quiet"])
        #expect(result.status == 0, "\(result.err)")
        let lines = result.err.split(separator: "\n").filter { $0.contains("[write-failed]") }
        #expect(lines == ["out/Public:1:1: warning: cannot write the build cache beside out/Public: no space left on device (writing .Public.duosite-cache.new); the site is published, and the next build reads every page again [write-failed]"], "\(result.err)")
        #expect(site.tree(Self.output) == expected)
        #expect(Self.cache(site) == nil)
        #expect(try Self.leftovers(site).isEmpty)
    }

    @Test func aWriteThatFailsHalfWayThroughThePagesStopsThereAndKeepsNothing() throws {
        let site = try TestSite()
        defer { site.remove() }
        try Self.addPages(site, count: 40)
        site.build()
        let published = site.tree()
        let cache = FileManager.default.contents(atPath: site.root.appendingPathComponent(".Public.duosite-cache").path)
        let before = SpaceUsed.of(site.root)

        // Every page written again (another base URL); the 21st write fails as a full disk would.
        var command = try BuildCommand(arguments: ["--today", "2026-11-29", "--base-url", "https://elsewhere.example", "--quiet"], currentDirectory: site.root)
        let fault = PageWriteFault(after: 20, code: ENOSPC)
        command.options.pageWriteFault = fault
        let output = Captured()
        let status = command.run(Console(out: { output.append(out: $0) }, err: { output.append(err: $0) }))

        #expect(status == 1)
        let (findings, others) = Self.failureLines(output.err)
        #expect(findings.count == 1, "\(output.err)")
        #expect(others.isEmpty, "\(output.err)")
        let finding = try #require(findings.first)
        #expect(finding.hasPrefix("Public:1:1: error: cannot write the site into Public: no space left on device (writing patterns/"), "\(finding)")
        // The writing stopped there: no more than the pages already begun on other cores.
        #expect(fault.attempts <= 21 + ParallelMap.workerCount, "\(fault.attempts) page writes")
        #expect(site.tree() == published)
        #expect(FileManager.default.contents(atPath: site.root.appendingPathComponent(".Public.duosite-cache").path) == cache)
        #expect(try site.leftovers().isEmpty)
        // The spare, taken as the staging folder, went with it: a partial site is never kept.
        #expect(!FileManager.default.fileExists(atPath: site.root.appendingPathComponent(".Public.spare").path))
        let after = SpaceUsed.of(site.root)
        #expect(after <= before, "\(before) bytes used before the build, \(after) after")
    }
}
