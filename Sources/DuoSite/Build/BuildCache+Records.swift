import Foundation

/// A cache's page records live in a file of their own beside it
/// (`.Public.duosite-cache.records-<id>`), which later caches keep as it
/// is: a rebuild's cache refers to the records that have not changed by
/// their line in that file, and writes whole only those that have (the
/// page edited), a few kilobytes rather than twenty megabytes at ten
/// thousand pages. A new records file, with every record, is written when
/// there is none to refer to, or when so many records changed or went
/// that referring to the old file no longer pays (`writesAnew`). A records
/// file is never written again once made: the cache that refers to it
/// names it, and rename(2) puts a cache in place in one step, so a cache
/// never refers to records that are not there; the files no cache refers
/// to are removed once a cache is put in place, or discarded.
extension BuildCache {
    /// A records file: its name's id and how many records it holds.
    struct RecordsFile: Sendable, Equatable {
        /// Sixteen hexadecimal digits, random: each file made has its own name.
        var id: String
        /// How many records it holds, one a line after its first.
        var count: Int

        /// The first line of a records file, before its id.
        static let header = "duosite-records 19"

        /// A new records file's name and size.
        init(count: Int) {
            let random = UInt64.random(in: 1...UInt64.max)
            let digits = String(random, radix: 16)
            id = String(repeating: "0", count: 16 - digits.count) + digits
            self.count = count
        }

        /// A records file named by a cache's first line.
        init(id: String, count: Int) {
            self.id = id
            self.count = count
        }

        /// Whether `id` can name a records file (and nothing else).
        var isValid: Bool {
            id.utf8.count == 16 && id.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0) }
                && count >= 0
        }

        /// The line of the records file a cache's page line (`@` and the
        /// line's number) refers to; nil when it is not such a line.
        static func line(_ reference: StoredBytes) -> Int? {
            guard reference.first == UInt8(ascii: "@"), reference.count > 1, reference.count <= 20 else { return nil }
            var value = 0
            for byte in reference.dropFirst() {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }

        /// Whether a cache of `entries` pages, `referring` of them to lines
        /// of `previous`, writes a new records file: when more than a
        /// sixteenth of them (and more than 64) would be written whole, or
        /// when more than a quarter of `previous`'s records would be
        /// referred to by none.
        static func writesAnew(entries: Int, referring: Int, previous: RecordsFile) -> Bool {
            entries - referring > max(64, entries / 16) || referring * 4 < previous.count * 3
        }
    }

    /// Where the records file `records` of the cache of `output` lives.
    static func recordsPath(of records: RecordsFile, beside output: URL) -> String {
        location(for: output).path + ".records-" + records.id
    }

    /// The records of `records` beside `output`, each a line; nil when the
    /// file is missing, is not that file, or does not hold that many.
    static func readRecords(of records: RecordsFile, beside output: URL) -> [StoredBytes]? {
        guard records.isValid, let bytes = StoredBytes(mapping: recordsPath(of: records, beside: output)) else { return nil }
        var lines = lines(of: bytes)[...]
        guard let first = lines.popFirst(), first.elementsEqual("\(RecordsFile.header) \(records.id)".utf8),
              lines.count == records.count else { return nil }
        return Array(lines)
    }

    /// Removes the records files beside `output` that its cache does not
    /// refer to (all of them, when it has none).
    static func removeUnusedRecords(beside output: URL) {
        let cache = location(for: output)
        let prefix = cache.lastPathComponent + ".records-"
        let folder = cache.deletingLastPathComponent().path
        var used: String?
        if let handle = FileHandle(forReadingAtPath: cache.path) {
            let start = (try? handle.read(upToCount: 256)) ?? Data()
            try? handle.close()
            let first = String(decoding: start.prefix { $0 != 0x0A }, as: UTF8.self)
            let fields = first.split(separator: " ")
            // "duosite-cache 19 <fingerprint> <reading> <id> <count>"
            if first.hasPrefix(header + " "), fields.count == 6 { used = String(fields[4]) }
        }
        for entry in FolderListing.entries(of: folder) where entry.name.hasPrefix(prefix) && String(entry.name.dropFirst(prefix.count)) != used {
            unlink(folder + "/" + entry.name)
        }
    }
}

/// A file written a line at a time through a buffer, flushed as it fills.
struct LineFile {
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private var complete = true

    /// Creates the file at `path`: a new one, or (`replacing`) one in the
    /// place of any there.
    init(creating path: String, replacing: Bool = false) throws {
        descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (replacing ? O_TRUNC : O_EXCL), 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path]) }
        buffer.reserveCapacity(1 << 16)
    }

    /// Appends text as it is (with its own line end).
    mutating func append(_ text: String) {
        buffer.append(contentsOf: text.utf8)
        flushIfFull()
    }

    /// Appends a line made by `write`, and its line end.
    mutating func append(_ write: (inout [UInt8]) -> Void) {
        write(&buffer)
        buffer.append(0x0A)
        flushIfFull()
    }

    /// Writes what is left and closes the file; false when any write failed.
    mutating func finish() -> Bool {
        flush()
        close(descriptor)
        return complete
    }

    private mutating func flushIfFull() {
        if buffer.count >= 1 << 16 { flush() }
    }

    private mutating func flush() {
        guard complete else { return }
        let descriptor = self.descriptor
        complete = buffer.withUnsafeBytes { bytes -> Bool in
            var offset = 0
            while offset < bytes.count {
                let written = Foundation.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                guard written > 0 else { return false }
                offset += written
            }
            return true
        }
        buffer.removeAll(keepingCapacity: true)
    }
}
