// mimalloc, the allocator the duosite command links in place of the C
// library's malloc (a build makes and frees millions of small objects, on
// every core at once), and the one setting duosite changes in it.
#include <stdbool.h>
#include <mimalloc.h>

/// Has mimalloc take memory from the system in large (2 MiB) pages where
/// the kernel allows it (transparent huge pages): a build touches a hundred
/// megabytes of fresh memory, and with 4 KiB pages the kernel is asked
/// for each of them (33,000 page faults in a 10,000-page build, 19,000
/// with large pages). A check, which frees each page as it goes and
/// touches less, gains nothing from them (a few percent more time, in
/// measures side by side), so only a build asks for them.
/// Where large pages cannot be had, mimalloc uses ordinary ones.
static inline void duosite_use_large_os_pages(void) {
    mi_option_set_enabled(mi_option_large_os_pages, true);
}
