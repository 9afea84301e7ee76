// The file-system calls duosite needs that Swift's Glibc module does not
// declare: renameat2(2) with RENAME_EXCHANGE, which swaps two folders in one
// step, so that the output folder is never missing while a build replaces it.
#include <errno.h>
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

/// Swaps the entries at `first` and `second` (both must exist). Returns 0,
/// or -1 with errno set (EINVAL or ENOSYS where the file system or kernel
/// cannot exchange).
static inline int duosite_exchange(const char *first, const char *second) {
#ifdef SYS_renameat2
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, 1 << 1 /* RENAME_EXCHANGE */);
#else
    errno = ENOSYS;
    return -1;
#endif
}

// Read leases (fcntl(2) F_SETLEASE), which Swift's Glibc module does not
// declare: while one holds, no other program has the file open to write.
#include <signal.h>
#ifndef F_SETSIG
#define F_SETSIG 10
#endif
#ifndef F_SETLEASE
#define F_SETLEASE 1024
#endif
#ifndef F_GETLEASE
#define F_GETLEASE 1025
#endif

/// Takes a read lease on the file open (read-only) at `descriptor`, its
/// break told by SIGURG, which a process ignores unless it asks for it
/// (SIGIO, the default, would end it). Returns 0, or -1 with errno set
/// (EAGAIN: the file is open to write elsewhere).
static inline int duosite_take_read_lease(int descriptor) {
    if (fcntl(descriptor, F_SETSIG, SIGURG) != 0) return -1;
    return fcntl(descriptor, F_SETLEASE, F_RDLCK);
}

/// Whether the read lease on `descriptor` still holds: 0 once a program
/// has opened the file to write (or truncated it) since it was taken.
static inline int duosite_holds_read_lease(int descriptor) {
    return fcntl(descriptor, F_GETLEASE) == F_RDLCK;
}
