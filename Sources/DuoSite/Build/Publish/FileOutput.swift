import Foundation

/// Writing bytes into files with the system's own calls: a build writes
/// ten thousand files, and Foundation's writing costs several times as
/// much. This is the one place duosite hands bytes to write(2).
enum FileOutput {
    /// Writes all of `bytes` to the open file `descriptor`; false, with
    /// `errno` saying why, when the system refuses (a full disk, a file
    /// system gone read-only).
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        write(bytes.span, to: descriptor)
    }

    /// Writes all of `bytes` to the open file `descriptor`; false, with
    /// `errno` saying why, when the system refuses.
    static func write(_ bytes: Span<UInt8>, to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else {
                    // No byte taken and no error said: the device has no room.
                    if written == 0 { errno = ENOSPC }
                    return false
                }
                offset += written
            }
            return true
        }
    }

    /// Puts `fills` (each at its offset in the file as it is, in order) into
    /// the open file `descriptor`: what follows the first, from `start`
    /// (its offset), read back and written again with the fills between;
    /// false, with `errno` saying why, when the system refuses.
    static func insert(_ fills: [PageFill], from start: Int, in descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        let end = Int(status.st_size)
        guard start <= end else { errno = EINVAL; return false }
        var tail = [UInt8](repeating: 0, count: end - start)
        let read = tail.withUnsafeMutableBytes { raw in
            var done = 0
            while done < raw.count {
                let count = pread(descriptor, raw.baseAddress! + done, raw.count - done, off_t(start + done))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
        guard read else { if errno == 0 { errno = EIO }; return false }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(tail.count + fills.reduce(0) { $0 + $1.bytes.count })
        var next = 0
        for fill in fills {
            let at = fill.offset - start
            guard at >= next, at <= tail.count else { errno = EINVAL; return false }
            bytes += tail[next..<at]
            bytes += fill.bytes
            next = at
        }
        bytes += tail[next...]
        return bytes.withUnsafeBytes { raw in
            var done = 0
            while done < raw.count {
                let count = pwrite(descriptor, raw.baseAddress! + done, raw.count - done, off_t(start + done))
                if count < 0, errno == EINTR { continue }
                guard count > 0 else {
                    if count == 0 { errno = ENOSPC }
                    return false
                }
                done += count
            }
            return true
        }
    }

    /// Writes `bytes` into the file at `path` (relative to the open folder
    /// `folder`), made or emptied first; throws naming the file, with the
    /// system's reason, when it cannot be written. `exclusive` refuses a
    /// file that exists.
    static func write(_ bytes: [UInt8], toFile path: String, relativeTo folder: Int32 = AT_FDCWD, exclusive: Bool = false) throws(FileSystemFailure) {
        let descriptor = openat(folder, path, O_WRONLY | O_CREAT | O_CLOEXEC | (exclusive ? O_EXCL : O_TRUNC), 0o644)
        guard descriptor >= 0 else { throw FileSystemFailure(writing: path) }
        defer { close(descriptor) }
        guard write(bytes, to: descriptor) else { throw FileSystemFailure(writing: path) }
    }
}

/// A file written through a buffer, flushed as it fills: the build cache,
/// some twenty megabytes at ten thousand pages, written without ever being
/// gathered whole.
struct BufferedFile {
    private let path: String
    private let descriptor: Int32
    private var buffer: [UInt8] = []
    /// The error number of the first write that failed, or 0.
    private var failed: Int32 = 0

    /// Makes the file at `path`, or empties the one there; throws, with
    /// the system's reason, naming the file by its name alone.
    init(creating path: String) throws(FileSystemFailure) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw FileSystemFailure(writing: Self.name(path)) }
        buffer.reserveCapacity(Self.size)
    }

    private static let size = 1 << 16

    /// Appends bytes.
    mutating func append(_ bytes: ArraySlice<UInt8>) {
        buffer += bytes
        if buffer.count >= Self.size { flush() }
    }

    private mutating func flush() {
        if failed == 0, !FileOutput.write(buffer, to: descriptor) { failed = errno }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes what is left and closes the file; throws, having removed it,
    /// when any write failed (with the first failure's reason).
    mutating func finish() throws(FileSystemFailure) {
        flush()
        close(descriptor)
        if failed != 0 {
            unlink(path)
            throw FileSystemFailure(writing: Self.name(path), code: failed)
        }
    }

    /// The last part of `path`, which findings name.
    private static func name(_ path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }
}
