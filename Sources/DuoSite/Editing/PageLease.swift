import Foundation

internal import CFileSystem

/// A read lease on a page file (`fcntl(2)`'s `F_SETLEASE`), held from
/// before the file is read until it is replaced: while it holds, no other
/// program has the file open to write. An editor that opens it to save
/// breaks it, and its open waits until the lease is let go, so that
/// `mark-checked` sees the save coming instead of reading half of it, and
/// refuses rather than replace the file under it. A class: it owns the
/// open file, closed (the lease let go) when the last reference goes.
final class PageLease {
    private let descriptor: Int32

    private init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// The lease of the file at `path`, waiting up to `patience` seconds
    /// while another program has it open to write (an editor saving it);
    /// nil where the system gives none (the file is another user's, the
    /// file system has no leases), and the page is then read again and
    /// compared just before it is replaced, alone. Throws when the file
    /// stays open to write.
    static func take(_ path: String, name: String, patience: Double = 2) throws(PageFileWriter.Failure) -> PageLease? {
        let start = DispatchTime.now().uptimeNanoseconds
        while true {
            let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard descriptor >= 0 else { return nil }
            if duosite_take_read_lease(descriptor) == 0 { return PageLease(descriptor: descriptor) }
            let busy = errno == EAGAIN
            close(descriptor)
            guard busy else { return nil }
            guard Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 < patience else {
                throw PageFileWriter.Failure(reason: "\(name) is open in a program writing it; run it again once it is saved")
            }
            usleep(5_000)
        }
    }

    /// Whether no program has opened the file to write since the lease was taken.
    var holds: Bool {
        duosite_holds_read_lease(descriptor) != 0
    }

    deinit {
        close(descriptor)
    }
}
