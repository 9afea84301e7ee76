import Foundation

/// Bytes read where they lie: a part of a cache file mapped into memory,
/// or of bytes just encoded. A rebuild reads the previous build's records
/// (some twenty megabytes at ten thousand pages) this way rather than
/// copying them into new memory, which the kernel would first have to
/// clear a page at a time; most of them are only ever written out again
/// as they are. Copies and parts share the bytes, which stay until the
/// last of them goes. Indices are offsets into the whole, as an
/// `ArraySlice`'s are into its array.
struct StoredBytes: RandomAccessCollection, Sendable {
    private let storage: Storage
    let startIndex: Int
    let endIndex: Int

    /// A copy of `bytes`, in memory of its own.
    init<Bytes: Collection>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        let storage = Storage(copying: bytes)
        self.init(storage: storage, range: 0..<storage.count)
    }

    /// The bytes of the file at `path`, mapped read-only; nil when it
    /// cannot be opened or mapped. Duosite never changes a cache file once
    /// it is written (a new one takes its name), so the bytes stay as read
    /// while the build holds them; the file being cut short by another
    /// program meanwhile would stop the process, as it would git's.
    init?(mapping path: String) {
        guard let storage = Storage(mapping: path) else { return nil }
        self.init(storage: storage, range: 0..<storage.count)
    }

    private init(storage: Storage, range: Range<Int>) {
        self.storage = storage
        startIndex = range.lowerBound
        endIndex = range.upperBound
    }

    subscript(position: Int) -> UInt8 {
        precondition(position >= startIndex && position < endIndex, "StoredBytes: index out of range")
        return storage.base[position]
    }

    subscript(bounds: Range<Int>) -> StoredBytes {
        precondition(bounds.lowerBound >= startIndex && bounds.upperBound <= endIndex, "StoredBytes: range out of bounds")
        return StoredBytes(storage: storage, range: bounds)
    }

    /// Calls `body` with the bytes where they lie.
    func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try body(UnsafeBufferPointer(start: storage.base + startIndex, count: endIndex - startIndex))
    }

    func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try withUnsafeBufferPointer(body)
    }
}

extension StoredBytes: Equatable {
    static func == (lhs: StoredBytes, rhs: StoredBytes) -> Bool {
        lhs.withUnsafeBufferPointer { left in
            rhs.withUnsafeBufferPointer { right in
                left.count == right.count && (left.count == 0 || memcmp(left.baseAddress!, right.baseAddress!, left.count) == 0)
            }
        }
    }
}

extension Array where Element == UInt8 {
    /// Appends stored bytes, copied as one block.
    mutating func append(contentsOf bytes: StoredBytes) {
        bytes.withUnsafeBufferPointer { append(contentsOf: $0) }
    }
}

extension StoredBytes {
    /// The memory the bytes lie in: a file's mapping, unmapped, or memory
    /// of its own, freed, when the last `StoredBytes` of it goes.
    private final class Storage: @unchecked Sendable {
        // Only read once made: safe to share between threads.
        let base: UnsafePointer<UInt8>
        let count: Int
        private let mapped: Bool

        init<Bytes: Collection>(copying bytes: Bytes) where Bytes.Element == UInt8 {
            let memory = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: Swift.max(bytes.count, 1))
            _ = memory.initialize(from: bytes)
            base = UnsafePointer(memory.baseAddress!)
            count = bytes.count
            mapped = false
        }

        init?(mapping path: String) {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var info = stat()
            guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            let size = Int(info.st_size)
            if size == 0 {
                // Nothing to map: mmap(2) refuses a length of zero.
                let memory = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)
                base = UnsafePointer(memory)
                count = 0
                mapped = false
                return
            }
            guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else { return nil }
            base = UnsafePointer(address.assumingMemoryBound(to: UInt8.self))
            count = size
            mapped = true
        }

        deinit {
            if mapped {
                munmap(UnsafeMutableRawPointer(mutating: base), count)
            } else {
                UnsafeMutablePointer(mutating: base).deallocate()
            }
        }
    }
}
