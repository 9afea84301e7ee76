import Files
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
    /// (its offset), read back and written again with the fills between,
    /// in one write of its pieces where they lie; false, with `errno`
    /// saying why, when the system refuses.
    static func insert(_ fills: [PageFill], from start: Int, in descriptor: Int32) -> Bool {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return false }
        let end = Int(status.st_size)
        guard start <= end, fills.allSatisfy({ $0.offset >= start && $0.offset <= end }) else { errno = EINVAL; return false }
        guard let tail = read(descriptor, from: start, count: end - start) else { return false }
        // The fills one after another (a few hundred bytes), then the
        // pieces: each stretch of the tail, then its fill, as they lie.
        let filled = fills.flatMap(\.bytes)
        return tail.withUnsafeBytes { tail in
            filled.withUnsafeBytes { filled in
                var pieces: [iovec] = []
                pieces.reserveCapacity(2 * fills.count + 1)
                func add(_ base: UnsafeRawPointer?, _ count: Int) {
                    if count > 0 { pieces.append(iovec(iov_base: UnsafeMutableRawPointer(mutating: base), iov_len: count)) }
                }
                var next = 0, used = 0
                for fill in fills {
                    let at = fill.offset - start
                    add(tail.baseAddress.map { $0 + next }, at - next)
                    add(filled.baseAddress.map { $0 + used }, fill.bytes.count)
                    next = at
                    used += fill.bytes.count
                }
                add(tail.baseAddress.map { $0 + next }, tail.count - next)
                return writeAll(pieces, at: start, to: descriptor)
            }
        }
    }

    /// The `count` bytes of the open file `descriptor` from `offset`, read
    /// where they lie (its position left alone), not zeroed first; nil,
    /// with `errno` saying why, when fewer can be read.
    static func read(_ descriptor: Int32, from offset: Int, count: Int) -> [UInt8]? {
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, read in
            read = 0
            while read < buffer.count {
                let got = pread(descriptor, buffer.baseAddress! + read, buffer.count - read, off_t(offset + read))
                if got < 0, errno == EINTR { continue }
                guard got > 0 else { break }
                read += got
            }
        }
        guard bytes.count == count else {
            if errno == 0 { errno = EIO }
            return nil
        }
        return bytes
    }

    /// Writes `pieces`, one after another, at `offset` in the open file
    /// `descriptor`, going on where a short write stopped.
    private static func writeAll(_ pieces: [iovec], at offset: Int, to descriptor: Int32) -> Bool {
        var pieces = pieces[...]
        var position = offset
        // Linux takes up to 1,024 pieces a call (IOV_MAX).
        while !pieces.isEmpty {
            let batch = Array(pieces.prefix(1_024))
            let count = pwritev(descriptor, batch, Int32(batch.count), off_t(position))
            if count < 0, errno == EINTR { continue }
            guard count > 0 else {
                if count == 0 { errno = ENOSPC }
                return false
            }
            position += count
            // Past what was written: the pieces left, the first from where it stopped.
            var written = count
            while let piece = pieces.first, written >= piece.iov_len {
                written -= piece.iov_len
                pieces.removeFirst()
            }
            if written > 0, var piece = pieces.first {
                piece.iov_base = piece.iov_base.map { $0 + written }
                piece.iov_len -= written
                pieces[pieces.startIndex] = piece
            }
        }
        return true
    }

    /// Writes `bytes` into the file at `path` (relative to the open folder
    /// `folder`), made or emptied first; throws naming the file, with the
    /// system's reason, when it cannot be written. `exclusive` refuses a
    /// file that exists.
    static func write(_ bytes: [UInt8], toFile path: String, relativeTo folder: Int32 = AT_FDCWD, exclusive: Bool = false) throws(FileSystemFailure) {
        try write(bytes.span, toFile: path, relativeTo: folder, exclusive: exclusive)
    }

    /// Writes bytes where they lie into the file at `path`, as the array's.
    static func write(_ bytes: Span<UInt8>, toFile path: String, relativeTo folder: Int32 = AT_FDCWD, exclusive: Bool = false) throws(FileSystemFailure) {
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
