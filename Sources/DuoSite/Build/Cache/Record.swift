import Diagnostics
import Files

/// The build cache's encoding: each record a run of fields, a text as its
/// length and its UTF-8 bytes, a number as a variable-length integer
/// (LEB128, seven bits a byte), and last a seal — the hash of every byte
/// before it — so that a record changed since it was written is refused.
/// A rebuild reads every page's record: fields found by their lengths,
/// never by scanning for separators or undoing escapes.
struct RecordWriter {
    /// The record's bytes so far.
    private(set) var bytes: [UInt8] = []

    /// A writer with room for `capacity` bytes before it grows.
    init(capacity: Int = 2_048) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends a text field.
    mutating func add(_ text: String) {
        add(UInt64(text.utf8.count))
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends an optional text field.
    mutating func add(optional text: String?) {
        guard let text else {
            add(0 as UInt64)
            return
        }
        add(UInt64(text.utf8.count) + 1)
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends a number field (small numbers, negative ones too, in few bytes).
    mutating func add(_ number: Int) {
        // Zigzag: 0, -1, 1, -2, … as 0, 1, 2, 3, …
        add(UInt64(bitPattern: Int64(number) << 1 ^ Int64(number) >> 63))
    }

    /// Appends a 64-bit number field (a hash, a file's times, a count).
    mutating func add(_ number: UInt64) {
        var rest = number
        while rest >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: rest) | 0x80)
            rest >>= 7
        }
        bytes.append(UInt8(rest))
    }

    /// Appends a location (line and column; the file is the record's).
    mutating func add(_ location: SourceLocation) {
        add(location.line)
        add(location.column)
    }

    /// The record with its seal — the hash of every byte before it, which
    /// `RecordReader.checkSeal()` checks — and its length ahead of it: a
    /// record as a file of records holds it (`RecordReader.frames`).
    consuming func sealed() -> [UInt8] {
        let seal = ContentHash.of(bytes)
        for shift in stride(from: 0, to: 64, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: seal >> UInt64(shift)))
        }
        var framed = RecordWriter(capacity: bytes.count + 4)
        framed.add(UInt64(bytes.count))
        framed.bytes += bytes
        return framed.bytes
    }
}

/// Reads the fields of one record written by `RecordWriter`, one after
/// another, where the record lies in a file's bytes; every read throws
/// `Malformed` when the record is not what the reader expects: a damaged
/// cache is read as no cache, never as a wrong one.
struct RecordReader {
    /// The record does not hold what was written.
    struct Malformed: Error {}

    /// The bytes the record is in (a whole file's, shared, not copied).
    private let bytes: [UInt8]
    /// Where the record starts and ends.
    private let start: Int, end: Int
    /// Where the next field starts.
    private var position: Int
    /// The file the record's locations are in.
    var file = ""

    /// A reader of the record at `range` in `bytes`.
    init(_ bytes: [UInt8], _ range: Range<Int>) {
        self.bytes = bytes
        start = range.lowerBound
        end = range.upperBound
        position = start
    }

    /// A reader of a record that is all of `bytes`.
    init(_ bytes: [UInt8]) {
        self.init(bytes, 0..<bytes.count)
    }

    /// Whether every field has been read.
    var isAtEnd: Bool { position == end }

    /// Where the next field starts in the bytes.
    var offset: Int { position }

    /// The next 64-bit number field.
    mutating func unsigned() throws -> UInt64 {
        var value: UInt64 = 0, shift: UInt64 = 0
        while true {
            guard position < end, shift < 64 else { throw Malformed() }
            let byte = bytes[position]
            position += 1
            value |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return value }
            shift += 7
        }
    }

    /// The next number field.
    mutating func number() throws -> Int {
        let zigzag = try unsigned()
        return Int(Int64(bitPattern: zigzag >> 1) ^ -Int64(bitPattern: zigzag & 1))
    }

    /// The next number field, as how many of something follow: never
    /// negative, nor more than the bytes left could hold (a damaged record
    /// is refused rather than read wrong).
    mutating func count() throws -> Int {
        let count = try number()
        guard count >= 0, count <= end - position else { throw Malformed() }
        return count
    }

    /// The next text field.
    mutating func text() throws -> String {
        let length = try unsigned()
        guard length <= UInt64(end - position) else { throw Malformed() }
        return try text(length: Int(length))
    }

    /// The next optional text field.
    mutating func optionalText() throws -> String? {
        let marker = try unsigned()
        guard marker > 0 else { return nil }
        guard marker - 1 <= UInt64(end - position) else { throw Malformed() }
        return try text(length: Int(marker - 1))
    }

    private mutating func text(length: Int) throws -> String {
        guard length <= end - position else { throw Malformed() }
        // Bytes that are not UTF-8 are read as U+FFFD: the seal, checked
        // last, refuses a damaged record.
        let text = String(decoding: bytes[position..<(position + length)], as: UTF8.self)
        position += length
        return text
    }

    /// The next location.
    mutating func location() throws -> SourceLocation {
        SourceLocation(file: file, line: try number(), column: try number())
    }

    /// Where each record of `bytes` from `start` lies, with its length
    /// ahead of it (`frame`) and without (`fields`: its fields and seal,
    /// as `RecordWriter.sealed()` writes them); nil when the lengths do
    /// not add up.
    static func frames(of bytes: [UInt8], from start: Int) -> [(frame: Range<Int>, fields: Range<Int>)]? {
        var frames: [(frame: Range<Int>, fields: Range<Int>)] = []
        var at = start
        while at < bytes.count {
            var reader = RecordReader(bytes, at..<bytes.count)
            guard let size = try? reader.unsigned(), size <= UInt64(bytes.count - reader.offset) else { return nil }
            let length = Int(size)
            frames.append((at..<(reader.offset + length), reader.offset..<(reader.offset + length)))
            at = reader.offset + length
        }
        return frames
    }

    /// Reads the record's seal (`RecordWriter.sealed()`), its last eight
    /// bytes: the hash of every byte before it, which must be theirs.
    mutating func checkSeal() throws {
        guard end - position == 8 else { throw Malformed() }
        var seal: UInt64 = 0
        for index in 0..<8 {
            seal |= UInt64(bytes[position + index]) << UInt64(8 * index)
        }
        guard seal == ContentHash.of(bytes[start..<position]) else { throw Malformed() }
        position = end
    }
}
