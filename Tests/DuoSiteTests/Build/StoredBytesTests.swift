import Foundation
import Testing
@testable import DuoSite

/// A cache file's bytes read where the file is mapped: the same bytes and
/// lines as the file holds, parts indexed as in the whole, and still there
/// once the file is removed (a build removes the records files its new
/// cache no longer names while it still holds the previous ones).
@Suite struct StoredBytesTests {
    /// A file of `bytes` in a folder of its own; returns its path.
    private func file(_ bytes: [UInt8]) throws -> (folder: URL, path: String) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("duosite-stored-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let url = folder.appendingPathComponent("records")
        try Data(bytes).write(to: url)
        return (folder, url.path)
    }

    @Test(arguments: [0, 1, 4095, 4096, 4097, 70_001])
    func aMappedFileHoldsTheFilesBytes(size: Int) throws {
        let bytes = (0..<size).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 7) }
        let (folder, path) = try file(bytes)
        defer { try? FileManager.default.removeItem(at: folder) }
        let stored = try #require(StoredBytes(mapping: path))
        #expect(stored.count == size)
        #expect(Array(stored) == bytes)
        #expect(stored == StoredBytes(bytes))
        #expect(stored.withUnsafeBufferPointer { Array($0) } == bytes)
    }

    @Test func whatCannotBeMappedIsNone() throws {
        let (folder, path) = try file([1, 2, 3])
        defer { try? FileManager.default.removeItem(at: folder) }
        #expect(StoredBytes(mapping: path + ".missing") == nil)
        #expect(StoredBytes(mapping: folder.path) == nil, "a folder is not a file")
    }

    @Test func thePartsOfAMappedFileAreItsLinesIndexedAsInTheWhole() throws {
        let text = "first\n\nsecond line\nthird"
        let (folder, path) = try file(Array(text.utf8))
        defer { try? FileManager.default.removeItem(at: folder) }
        let stored = try #require(StoredBytes(mapping: path))
        let lines = BuildCache.lines(of: stored)
        #expect(lines.map { String(decoding: $0, as: UTF8.self) } == ["first", "second line", "third"])
        #expect(lines.map(\.startIndex) == [0, 7, 19])
        // A part of a part keeps the whole's indices.
        let word = lines[1][14..<18]
        #expect(String(decoding: word, as: UTF8.self) == "line")
        #expect(word.first == UInt8(ascii: "l") && word.startIndex == 14)
        #expect(String(decoding: word.withUnsafeBufferPointer { Array($0) }, as: UTF8.self) == "line")
        var appended: [UInt8] = [UInt8(ascii: ">")]
        appended.append(contentsOf: word)
        #expect(String(decoding: appended, as: UTF8.self) == ">line")
    }

    @Test func theBytesOutliveTheFileRemoved() throws {
        let bytes = Array("a record\nanother record\n".utf8)
        let (folder, path) = try file(bytes)
        let lines = BuildCache.lines(of: try #require(StoredBytes(mapping: path)))
        try FileManager.default.removeItem(at: folder)
        #expect(lines.map { String(decoding: $0, as: UTF8.self) } == ["a record", "another record"])
    }
}
