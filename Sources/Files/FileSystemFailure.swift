import Diagnostics
import Foundation

/// A file or folder the system refused to write or read, with the
/// system's own reason: its error number, said in `strerror(3)`'s words
/// ("no space left on device", "read-only file system", "permission
/// denied", "too many open files"), never in Foundation's generic ones.
///
/// A build stops writing at the first one and reports it once, at the
/// output folder (`write-failed`): a full disk is no page's fault.
/// Reading, a page the system will not give is a `read-failed` finding at
/// that page, and a failure no file is at fault for (too many open files)
/// stops the reading, reported once.
public struct FileSystemFailure: Error, Sendable, Equatable {
    /// Whether a file was being written or read.
    public enum Action: Sendable, Equatable {
        case writing
        case reading
    }

    /// What was being done.
    public var action: Action
    /// What was being written or read, as the finding names it: a path in
    /// the output folder (`patterns/x/index.html`), or beside it.
    public var path: String
    /// The system's error number (`errno`).
    public var code: Int32

    /// A failure to write `path`, for the error number `code` (by default
    /// the one the last system call left).
    public init(writing path: String, code: Int32 = errno) {
        self.init(action: .writing, path: path, code: code)
    }

    /// A failure to read `path`, for the error number `code`.
    public init(reading path: String, code: Int32 = errno) {
        self.init(action: .reading, path: path, code: code)
    }

    private init(action: Action, path: String, code: Int32) {
        self.action = action
        self.path = path
        self.code = code
    }

    /// The failure behind an error Foundation threw while writing `path`:
    /// the POSIX error it holds, or the one its code stands for. A
    /// `FileSystemFailure` is kept as it is.
    public static func writing(_ path: String, _ error: any Error) -> FileSystemFailure {
        if let failure = error as? FileSystemFailure { return failure }
        return FileSystemFailure(writing: path, code: posixCode(of: error))
    }

    /// The failure behind an error Foundation threw while reading `path`.
    public static func reading(_ path: String, _ error: any Error) -> FileSystemFailure {
        if let failure = error as? FileSystemFailure { return failure }
        return FileSystemFailure(reading: path, code: posixCode(of: error))
    }

    /// The same failure, naming `path` (a path in the output folder
    /// rather than the staging folder's full path).
    public func naming(_ path: String) -> FileSystemFailure {
        var failure = self
        failure.path = path
        return failure
    }

    /// The system's reason, in its words, starting in lowercase as it
    /// follows a colon: "no space left on device".
    public var reason: String {
        let words = String(cString: strerror(code))
        return words.prefix(1).lowercased() + words.dropFirst()
    }

    /// A failure to read, as the finding at the file it names:
    /// `cannot read Content/site.yml: permission denied [read-failed]`.
    public var diagnostic: Diagnostic {
        Diagnostic(.readFailed, "cannot read \(path): \(reason)", at: SourceLocation(file: path))
    }

    /// Whether every file after this one would fail alike, whichever it is:
    /// the process or the machine is out of open files or memory. Reading
    /// stops at the first of these.
    public var isSystemWide: Bool {
        [EMFILE, ENFILE, ENOMEM].contains(code)
    }

    /// The POSIX error number an error of Foundation's holds (its
    /// underlying error), or the one its code stands for; else the one the
    /// failing call left (`errno`, read right after it), or `EIO`.
    private static func posixCode(of error: any Error) -> Int32 {
        if let posix = error as? POSIXError { return posix.code.rawValue }
        let error = error as NSError
        if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return Int32(underlying.code)
        }
        switch CocoaError.Code(rawValue: error.code) {
        case .fileWriteOutOfSpace: return ENOSPC
        case .fileWriteVolumeReadOnly: return EROFS
        case .fileWriteNoPermission, .fileReadNoPermission: return EACCES
        case .fileNoSuchFile, .fileReadNoSuchFile: return ENOENT
        default: return errno != 0 ? errno : EIO
        }
    }
}
