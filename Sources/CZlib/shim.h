// zlib, for the gzip files a build writes beside its pages. deflateInit2 and
// inflateInit2 are macros (they pass zlib's version and the stream's size),
// which Swift cannot call: one-line wrappers below.
#include <zlib.h>

/// deflateInit2 for a gzip stream (`windowBits` 15 + 16) at `level`, with zlib's default memory and strategy.
static inline int duosite_deflate_init_gzip(z_streamp stream, int level) { return deflateInit2(stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY); }

/// inflateInit2 for a gzip stream (`windowBits` 15 + 16).
static inline int duosite_inflate_init_gzip(z_streamp stream) { return inflateInit2(stream, 15 + 16); }
