import Foundation
import Testing
@testable import DuoSite

/// `duosite mark-checked` changes every page named or none: each file is
/// checked writable and regular (a link inside the site followed, one
/// outside refused) before any is written, read again just before its
/// rename and refused if it changed, and keeps its permissions and group.
@Suite struct MarkCheckedSafetyTests {
    static func site() throws -> TestSite {
        let site = try TestSite()
        for name in ["plain", "comments"] {
            try MarkCheckedCommandTests.fixture("\(name).md").write(to: site.root.appendingPathComponent("Content/patterns/\(name).md"))
        }
        return site
    }

    func mark(_ site: TestSite, _ pages: [String]) -> (status: Int32, out: String, err: String) {
        site.run(["mark-checked"] + pages + ["--today", "2026-12-06"])
    }

    @Test func aReadOnlyPageIsRefusedAndNoPageChanges() throws {
        let site = try Self.site()
        defer { site.remove() }
        let path = site.root.appendingPathComponent("Content/patterns/comments.md").path
        chmod(path, 0o444)
        let before = try [site.read("Content/patterns/plain.md"), site.read("Content/patterns/comments.md")]
        let result = mark(site, ["plain", "comments"])
        #expect(result.status == 1)
        #expect(result.err.contains("Content/patterns/comments.md:1:1: error: cannot change comments.md: it is read-only"), "\(result.err)")
        #expect(result.err.hasSuffix("Nothing was changed.\n"))
        #expect(try [site.read("Content/patterns/plain.md"), site.read("Content/patterns/comments.md")] == before)
    }

    @Test func aLinkOutsideTheSiteIsRefusedAndOneInsideChangesItsFile() throws {
        let site = try Self.site()
        defer { site.remove() }
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("outside-\(UUID().uuidString).md")
        try MarkCheckedCommandTests.fixture("plain.md").write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        let link = site.root.appendingPathComponent("Content/patterns/linked.md")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: outside.path)
        let refused = mark(site, ["plain", "linked"])
        #expect(refused.status == 1)
        #expect(refused.err.contains("outside the site"), "\(refused.err)")
        #expect(try Data(contentsOf: outside) == MarkCheckedCommandTests.fixture("plain.md"))
        #expect(try site.read("Content/patterns/plain.md").contains("last_checked: 2026-02-28"))

        // A link to a file inside the site: that file is changed, the link kept.
        try FileManager.default.removeItem(at: link)
        try MarkCheckedCommandTests.fixture("plain.md").write(to: site.root.appendingPathComponent("Content/kept.md"))
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "../kept.md")
        #expect(mark(site, ["linked"]).status == 0)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "../kept.md")
        #expect(try Data(contentsOf: site.root.appendingPathComponent("Content/kept.md")) == MarkCheckedCommandTests.fixture("plain.expected.md"))
    }

    @Test func thePermissionsAndGroupAreKept() throws {
        let site = try Self.site()
        defer { site.remove() }
        let path = site.root.appendingPathComponent("Content/patterns/plain.md").path
        chmod(path, 0o640)
        // A group other than the process's (where it may give one).
        let group: gid_t = getegid() == 0 ? 4_321 : getegid()
        chown(path, UInt32.max, group)
        #expect(mark(site, ["plain"]).status == 0)
        var status = stat()
        stat(path, &status)
        #expect(status.st_mode & 0o7777 == 0o640)
        #expect(status.st_gid == group)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == MarkCheckedCommandTests.fixture("plain.expected.md"))
    }

    /// An editor saving the page in place, in two parts a moment apart,
    /// while it is marked: the page ends as one of the editor's saves,
    /// marked or not, never cut in the middle.
    @Test func aSaveInTwoPartsIsNeverCut() throws {
        let site = try Self.site()
        defer { site.remove() }
        let path = site.root.appendingPathComponent("Content/patterns/plain.md").path
        let text = try site.read("Content/patterns/plain.md") + String(repeating: "More text for the save to be long.\n", count: 200)
        let bytes = Array(text.utf8)
        let half = bytes.count / 2
        var cut = 0
        for _ in 0..<150 {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let writer = Thread {
                usleep(UInt32.random(in: 0...3_000))
                let descriptor = open(path, O_WRONLY | O_TRUNC)
                guard descriptor >= 0 else { return }
                _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, half) }
                usleep(2_000)
                _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + half, bytes.count - half) }
                close(descriptor)
            }
            writer.start()
            _ = mark(site, ["plain"])
            while !writer.isFinished { usleep(1_000) }
            usleep(3_000)
            let after = try site.read("Content/patterns/plain.md")
            let whole = after == text || after == text.replacingOccurrences(of: "last_checked: 2026-02-28", with: "last_checked: 2026-12-06")
            if !whole { cut += 1 }
        }
        #expect(cut == 0)
    }
}
