import Foundation
import Testing
@testable import DuoSite

/// The cache's page records, kept in a records file of their own: a rebuild
/// refers to the records it keeps and writes whole only those that changed,
/// a new records file is written when most did, and whatever happens to the
/// file, a build gives what a fresh full build gives and leaves no other.
@Suite struct CacheRecordsTests {
    /// A site with eight more pages than the repository's, so that one
    /// page edited is a small part of it.
    private func site() throws -> TestSite {
        let site = try TestSite()
        for number in 1...8 {
            try site.write("---\ntitle: Extra \(number)\nsummary: An extra page.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\nText \(number).\n",
                           to: "Content/patterns/extra-\(number).md")
        }
        return site
    }

    /// The records files beside the output.
    private func recordsFiles(_ site: TestSite) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: site.root.path).filter { $0.hasPrefix(".Public.duosite-cache.records-") }.sorted()
    }

    /// The cache's lines after its first three (the page lines, then the findings across pages).
    private func pageLines(_ site: TestSite) throws -> [Substring] {
        Array(try site.read(".Public.duosite-cache").split(separator: "\n").dropFirst(3).dropLast())
    }

    private func status(_ site: TestSite, _ name: String) throws -> stat {
        var info = stat()
        #expect(stat(site.root.appendingPathComponent(name).path, &info) == 0)
        return info
    }

    @Test func aRebuildRefersToTheRecordsItKeepsAndWritesTheEditedOneWhole() throws {
        let site = try site()
        defer { site.remove() }
        // A page file's times count once it is more than a second old: the
        // pages not edited below are then kept by their times alone.
        Thread.sleep(forTimeInterval: 1.1)
        site.build()
        let records = try recordsFiles(site)
        #expect(records.count == 1)
        let before = try status(site, try #require(records.first))
        let lines = try pageLines(site)
        #expect(lines.count == 10 && lines.allSatisfy { $0.hasPrefix("@") }, "\(lines)")

        try site.write(try site.read("Content/patterns/extra-3.md") + "\nMore text.\n", to: "Content/patterns/extra-3.md")
        site.build()
        #expect(try recordsFiles(site) == records)
        let after = try status(site, records[0])
        #expect(after.st_ino == before.st_ino && after.st_mtim.tv_sec == before.st_mtim.tv_sec && after.st_mtim.tv_nsec == before.st_mtim.tv_nsec)
        let edited = try pageLines(site)
        #expect(edited.filter { $0.hasPrefix("@") }.count == 9)
        #expect(edited.filter { !$0.hasPrefix("@") }.count == 1)
        #expect(edited.contains { $0.contains("Content/patterns/extra-3.md") })
        #expect(site.tree() == site.freshBuild())
        #expect(try site.leftovers().isEmpty)
    }

    @Test func aNewRecordsFileIsWrittenWhenMostRecordsChanged() throws {
        let site = try site()
        defer { site.remove() }
        site.build()
        site.build()
        let records = try recordsFiles(site)
        // Every page edited.
        for name in try FileManager.default.contentsOfDirectory(atPath: site.root.appendingPathComponent("Content/patterns").path) {
            let path = "Content/patterns/\(name)"
            try site.write(try site.read(path) + "\nOne more paragraph.\n", to: path)
        }
        site.build()
        let now = try recordsFiles(site)
        #expect(now.count == 1 && now != records, "\(now) after \(records)")
        #expect(try pageLines(site) == (0..<10).map { "@\($0)"[...] })
        #expect(site.tree() == site.freshBuild())
        #expect(try site.leftovers().isEmpty)
    }

    @Test func aMissingOrDamagedRecordsFileMeansEveryPageIsReadAgain() throws {
        let site = try site()
        defer { site.remove() }
        try site.write(try site.read("Content/patterns/extra-5.md").replacingOccurrences(of: "---\n\nText", with: "bogus: 1\n---\n\nText"), to: "Content/patterns/extra-5.md")
        site.build()
        let warning = "Content/patterns/extra-5.md:6:1: warning: unknown key 'bogus'"
        try FileManager.default.removeItem(at: site.root.appendingPathComponent(try #require(try recordsFiles(site).first)))
        var result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains(warning), "\(result.err)")
        #expect(site.tree() == site.freshBuild())
        #expect(try recordsFiles(site).count == 1)

        // Cut short: it holds fewer records than the cache says.
        let name = try #require(try recordsFiles(site).first)
        let text = try site.read(name)
        try site.write(String(text.split(separator: "\n", omittingEmptySubsequences: false).dropLast(3).joined(separator: "\n")) + "\n", to: name)
        result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.contains(warning), "\(result.err)")
        #expect(site.tree() == site.freshBuild())
        #expect(try site.leftovers().isEmpty)
    }

    @Test func aFailedBuildRemovesTheRecordsFileItWroteAndKeepsTheCache() throws {
        let site = try site()
        defer { site.remove() }
        site.build()
        let records = try recordsFiles(site)
        let cache = try site.read(".Public.duosite-cache")
        // A change every page depends on (a new records file is written), and an error.
        try site.addSource("extra-source")
        try site.write("---\ntitle: Broken\nsummary: A page.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\nSee [nothing](nowhere.md).\n", to: "Content/patterns/broken.md")
        let result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 1)
        #expect(try recordsFiles(site) == records)
        #expect(try site.read(".Public.duosite-cache") == cache)
        #expect(try site.leftovers().isEmpty)
    }

    @Test func aRecordsFileMadeForACacheThatCannotBeWrittenIsRemoved() throws {
        let site = try site()
        defer { site.remove() }
        site.build()
        let records = try recordsFiles(site)
        // The cache's draft cannot be written: a folder stands in its place.
        try FileManager.default.createDirectory(at: site.root.appendingPathComponent(".Public.duosite-cache.new"), withIntermediateDirectories: false)
        try site.addSource("extra-source")
        try site.write("---\ntitle: Broken\nsummary: A page.\nstatus: apple\nlast_checked: 2026-10-08\n---\n\nSee [nothing](nowhere.md).\n", to: "Content/patterns/broken.md")
        let result = site.run(["build", "--today", "2026-11-29"])
        #expect(result.status == 1)
        #expect(try recordsFiles(site) == records)
        #expect(try site.leftovers() == [".Public.duosite-cache.new"])
    }

    /// When a cache writes a new records file rather than refer to the
    /// previous one: (pages, pages referring, records the previous holds).
    @Test(arguments: [
        (10_000, 9_999, 10_000, false),  // one page edited
        (10_000, 9_400, 10_000, false),  // 600 written whole: under a sixteenth
        (10_000, 9_300, 10_000, true),   // 700: over a sixteenth
        (10, 0, 10, true),               // every page of a small site
        (10, 9, 10, false),
        (100, 60, 100, true),             // few written whole, but a quarter of the file no longer used
        (100, 75, 100, false),
    ])
    func aNewRecordsFileIsWrittenWhenReferringNoLongerPays(entries: Int, referring: Int, previous: Int, anew: Bool) {
        #expect(BuildCache.RecordsFile.writesAnew(entries: entries, referring: referring, previous: BuildCache.RecordsFile(count: previous)) == anew)
    }

    @Test(arguments: [("@0", 0), ("@12345", 12345), ("@", nil), ("@12a", nil), ("12", nil), ("@-1", nil)] as [(String, Int?)])
    func aPageLineRefersToARecordByItsNumber(line: String, number: Int?) {
        #expect(BuildCache.RecordsFile.line(StoredBytes(line.utf8)) == number)
    }

    @Test func aRecordsFileIsNamedBySixteenHexadecimalDigits() {
        #expect(BuildCache.RecordsFile(count: 3).isValid)
        #expect(!BuildCache.RecordsFile(id: "../../etc/passwd", count: 3).isValid)
        #expect(!BuildCache.RecordsFile(id: "0123456789ABCDEF", count: 3).isValid)
        #expect(BuildCache.RecordsFile(id: "0123456789abcdef", count: 3).isValid)
    }
}
