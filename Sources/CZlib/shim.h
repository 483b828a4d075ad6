#ifndef CLOSEBOOK_CZLIB_SHIM_H
#define CLOSEBOOK_CZLIB_SHIM_H
#include <zlib.h>

/// `deflateInit2` is a macro; Swift cannot call it directly.
static inline int closebook_deflateInit2(z_streamp stream, int level, int windowBits, int memLevel) {
    return deflateInit2(stream, level, Z_DEFLATED, windowBits, memLevel, Z_DEFAULT_STRATEGY);
}

/// `inflateInit2` is a macro; Swift cannot call it directly.
static inline int closebook_inflateInit2(z_streamp stream, int windowBits) {
    return inflateInit2(stream, windowBits);
}
#endif
