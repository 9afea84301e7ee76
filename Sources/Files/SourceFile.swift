import Bytes
import Diagnostics
import Foundation

/// A content file read from disk as text, or the reason it cannot be: it is
/// missing, empty, binary or not UTF-8. Reading never throws: every problem
/// becomes a finding.
public struct SourceFile: Sendable {
    /// The path relative to the site root, as findings print it.
    public let path: String
    /// The file's text as UTF-8: checked to be valid, without a byte order
    /// mark, and with every line ending in `\n`. Pages are read as bytes,
    /// which cmark-gfm and libyaml take as they are.
    public let bytes: [UInt8]

    /// The file's text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// A file's text as given (`duosite new`'s page before it is written),
    /// already UTF-8 as a read file's is.
    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }

    /// The largest file duosite reads; beyond it a page is surely a mistake.
    public static let maximumSize = 16 * 1024 * 1024

    /// Reads `path` under `root`: a file missing is a `missing-file`
    /// finding, one the system refuses to read a `read-failed` one, in the
    /// system's words ("permission denied").
    public static func read(_ path: String, root: URL) -> Result<SourceFile, Diagnostic> {
        let read: (bytes: [UInt8], status: stat)?
        do {
            read = try contents(atPath: root.appendingPathComponent(path).path, naming: path)
        } catch {
            return .failure(error.diagnostic)
        }
        guard let (bytes, _) = read else {
            return .failure(notRead(path, root: root))
        }
        return decode(bytes, path: path)
    }

    /// The finding for a file `contents(atPath:)` gave nothing of: missing,
    /// or there but not a regular file (a named pipe, a device, a folder),
    /// which duosite never waits on.
    public static func notRead(_ path: String, root: URL) -> Diagnostic {
        var status = stat()
        if stat(root.appendingPathComponent(path).path, &status) == 0 {
            let kind = switch status.st_mode & S_IFMT {
            case S_IFIFO: "a named pipe"
            case S_IFDIR: "a folder"
            case S_IFSOCK: "a socket"
            default: "a device"
            }
            return Diagnostic(.unreadableFile, "cannot read \(path): it is \(kind), not a regular file", at: SourceLocation(file: path))
        }
        return Diagnostic(.missingFile, "cannot read \(path): the file is missing or unreadable", at: SourceLocation(file: path))
    }

    /// The bytes of the file at `path` and its status (size, times, inode),
    /// both from the one open file; nil when there is no file there, or it
    /// is not a regular file. Throws, naming it `name` (`path` by default),
    /// with the system's reason, when the system refuses to read it. (POSIX
    /// calls: a build reads ten thousand pages, and the status comes with
    /// the file instead of from a second look-up of its path.)
    public static func contents(atPath path: String, naming name: String? = nil) throws(FileSystemFailure) -> (bytes: [UInt8], status: stat)? {
        // The path handed over where it lies, with no C string copied out of
        // it. Opened without waiting: opening a named pipe for reading
        // would wait for a writer (it is refused below, as not a regular file).
        let descriptor = path.withCString { open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK) }
        guard descriptor >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw FileSystemFailure(reading: name ?? path)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw FileSystemFailure(reading: name ?? path) }
        // Only a regular file: reading a pipe or a device named like a page would wait forever.
        guard status.st_mode & S_IFMT == S_IFREG else { return nil }
        // As many bytes as the status says, as Foundation's reading does.
        let capacity = Int(status.st_size)
        var failed: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            while count < capacity {
                let got = Foundation.read(descriptor, buffer.baseAddress! + count, capacity - count)
                if got < 0, errno == EINTR { continue }
                if got < 0 { failed = errno }
                if got <= 0 { return }
                count += got
            }
        }
        guard failed == 0 else { throw FileSystemFailure(reading: name ?? path, code: failed) }
        return (bytes, status)
    }

    /// Checks and decodes a file's bytes.
    public static func decode(_ data: Data, path: String) -> Result<SourceFile, Diagnostic> {
        decode([UInt8](data), path: path)
    }

    /// Checks a file's bytes and makes them the text a reader works on.
    public static func decode(_ bytes: [UInt8], path: String) -> Result<SourceFile, Diagnostic> {
        let location = SourceLocation(file: path)
        if bytes.count > maximumSize {
            return .failure(Diagnostic(.unreadableFile, "the file is \(bytes.count / 1_048_576) MB; duosite reads files of at most \(maximumSize / 1_048_576) MB", at: location))
        }
        let span = bytes.span
        let (nulOffset, hasCarriageReturn, invalidOffset) = scan(span)
        var blank = true
        for index in span.indices where span[index] != 0x20 && span[index] != 0x0A && span[index] != 0x09 && span[index] != 0x0D {
            blank = false
            break
        }
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

    /// Where the first NUL byte of `bytes` is, whether they hold a carriage
    /// return, and where the first sequence that is not UTF-8 starts: read
    /// in one pass (it runs on every page), sixteen bytes a step while they
    /// are ASCII with neither, each run of other bytes checked as UTF-8
    /// (`UTF8Text`). After a NUL, nothing more is needed.
    private static func scan(_ bytes: Span<UInt8>) -> (nul: Int?, carriageReturn: Bool, invalid: Int?) {
        let raw = RawSpan(_elements: bytes)
        let count = bytes.count
        var carriageReturn = false, invalid: Int?
        var offset = 0
        while offset < count {
            while count &- offset >= 16 {
                let block = raw.unsafeLoadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self)
                var marks = block .== SIMD16<UInt8>(repeating: 0) .| SIMD16<Int8>(truncatingIfNeeded: block) .< SIMD16<Int8>(repeating: 0)
                if !carriageReturn { marks .|= block .== SIMD16<UInt8>(repeating: 0x0D) }
                let lane = marks.firstLane()
                offset &+= lane
                if lane < 16 { break }
            }
            guard offset < count else { break }
            let byte = bytes[offset]
            if byte == 0 { return (offset, carriageReturn, invalid) }
            guard byte >= 0x80 else {
                if byte == 0x0D { carriageReturn = true }
                offset &+= 1
                continue
            }
            // A run of bytes beyond ASCII: no character spans an ASCII byte.
            var end = offset &+ 1
            while end < count, bytes[end] >= 0x80 { end &+= 1 }
            if invalid == nil, let found = UTF8Text.firstInvalidOffset(in: bytes.extracting(offset..<end)) {
                invalid = offset &+ found
            }
            offset = end
        }
        return (nil, carriageReturn, invalid)
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
