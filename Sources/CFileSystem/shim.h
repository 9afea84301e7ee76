// The one file-system call duosite needs that Swift's Glibc module does not
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
