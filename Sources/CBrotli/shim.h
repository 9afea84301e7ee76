// libbrotli, for the .br files a build writes beside its pages: the encoder,
// and the decoder that reads them back.
#include <brotli/encode.h>
#include <brotli/decode.h>
