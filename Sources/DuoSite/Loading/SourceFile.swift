import Bytes
import Foundation

/// A content file read from disk as text, or the reason it cannot be: it is
/// missing, empty, binary or not UTF-8. Reading never throws: every problem
/// becomes a finding.
struct SourceFile: Sendable {
    /// The path relative to the site root, as findings print it.
    let path: String
    /// The file's text as UTF-8: checked to be valid, without a byte order
    /// mark, and with every line ending in `\n`. Pages are read as bytes,
    /// which cmark-gfm and libyaml take as they are.
    let bytes: [UInt8]

    /// The file's text.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The largest file duosite reads; beyond it a page is surely a mistake.
    static let maximumSize = 16 * 1024 * 1024

    /// Reads `path` under `root`.
    static func read(_ path: String, root: URL) -> Result<SourceFile, Diagnostic> {
        guard let (bytes, _) = contents(atPath: root.appendingPathComponent(path).path) else {
            return .failure(Diagnostic(.missingFile, "cannot read \(path): the file is missing or unreadable", at: SourceLocation(file: path)))
        }
        return decode(bytes, path: path)
    }

    /// The bytes of the file at `path` and its status (size, times, inode),
    /// both from the one open file; nil when it cannot be read. (POSIX
    /// calls: a build reads ten thousand pages, and the status comes with
    /// the file instead of from a second look-up of its path.)
    static func contents(atPath path: String) -> (bytes: [UInt8], status: stat)? {
        // The path handed over where it lies, with no C string copied out of it.
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC) }
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        // Only a regular file: reading a pipe named like a page would wait forever.
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        // As many bytes as the status says, as Foundation's reading does.
        let capacity = Int(status.st_size)
        var failed = false
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            while count < capacity {
                let got = Foundation.read(descriptor, buffer.baseAddress! + count, capacity - count)
                if got < 0, errno == EINTR { continue }
                if got < 0 { failed = true }
                if got <= 0 { return }
                count += got
            }
        }
        guard !failed else { return nil }
        return (bytes, status)
    }

    /// Checks and decodes a file's bytes.
    static func decode(_ data: Data, path: String) -> Result<SourceFile, Diagnostic> {
        decode([UInt8](data), path: path)
    }

    /// Checks a file's bytes and makes them the text a reader works on.
    static func decode(_ bytes: [UInt8], path: String) -> Result<SourceFile, Diagnostic> {
        let location = SourceLocation(file: path)
        if bytes.count > maximumSize {
            return .failure(Diagnostic(.unreadableFile, "the file is \(bytes.count / 1_048_576) MB; duosite reads files of at most \(maximumSize / 1_048_576) MB", at: location))
        }
        // Does it hold a NUL or a CR (a word at a time: this runs on every
        // page), is it blank, is it UTF-8?
        let span = bytes.span
        let raw = RawSpan(_elements: span)
        var nulOffset: Int?, hasCarriageReturn = false
        var found = raw.firstOffset(from: 0, of: NulOrCarriageReturn.self)
        if found < span.count, span[found] == 0x0D {
            hasCarriageReturn = true
            found = raw.firstOffset(from: found, of: NulByte.self)
        }
        if found < span.count { nulOffset = found }
        var blank = true
        for index in span.indices where span[index] != 0x20 && span[index] != 0x0A && span[index] != 0x09 && span[index] != 0x0D {
            blank = false
            break
        }
        let invalidOffset = UTF8Text.firstInvalidOffset(in: span)
        if let nulOffset {
            let (line, column) = UTF8Text.position(of: nulOffset, in: span)
            return .failure(Diagnostic(.unreadableFile, "the file looks binary (it holds a NUL byte), not text", at: SourceLocation(file: path, line: line, column: column)))
        }
        if blank {
            return .failure(Diagnostic(.unreadableFile, "the file is empty", at: location))
        }
        if let invalidOffset {
            let (line, column) = UTF8Text.position(of: invalidOffset, in: span)
            return .failure(Diagnostic(.unreadableFile, "the file is not valid UTF-8; save it as UTF-8", at: SourceLocation(file: path, line: line, column: column)))
        }
        var text = bytes
        if text.starts(with: [0xEF, 0xBB, 0xBF]) { text.removeFirst(3) }
        if hasCarriageReturn { text = withLineFeeds(text) }
        return .success(SourceFile(path: path, bytes: text))
    }

    /// `bytes` with each CR LF and each lone CR made a LF.
    private static func withLineFeeds(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            guard byte == 0x0D else {
                result.append(byte)
                continue
            }
            result.append(0x0A)
            if index < bytes.count, bytes[index] == 0x0A { index += 1 }
        }
        return result
    }

}

/// The NUL byte, which no text holds.
private enum NulByte: ByteSet {
    static func contains(_ byte: UInt8) -> Bool { byte == 0 }
    static func marks(_ word: UInt64) -> UInt64 { UInt64.zeros(word) }
    static func marks(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> { block .== SIMD16<UInt8>(repeating: 0) }
}

/// The NUL byte and the carriage return (which a line ending in CR LF or
/// CR has): the bytes a page is first searched for.
private enum NulOrCarriageReturn: ByteSet {
    static func contains(_ byte: UInt8) -> Bool { byte == 0 || byte == 0x0D }
    static func marks(_ word: UInt64) -> UInt64 { UInt64.zeros(word) | UInt64.bytes(word, equalTo: 0x0D) }
    static func marks(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        block .== SIMD16<UInt8>(repeating: 0) .| block .== SIMD16<UInt8>(repeating: 0x0D)
    }
}
