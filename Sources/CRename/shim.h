#ifndef CLOSEBOOK_CRENAME_SHIM_H
#define CLOSEBOOK_CRENAME_SHIM_H
/// Linux's `renameat2` with `RENAME_EXCHANGE`, which the Swift Glibc module leaves out (glibc
/// declares it only under _GNU_SOURCE): two names of one folder swap their files in one step.
#include <fcntl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif

/// 0 when `first` and `second` now name each other's file; -1 with `errno` set otherwise (ENOENT
/// when either is missing, EINVAL where the file system cannot exchange).
static inline int closebook_exchange(const char *first, const char *second) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
}

/// Linux's `sync_file_range` with `SYNC_FILE_RANGE_WRITE` (also left out of the Glibc module):
/// starts writing the file's dirty pages in `[offset, offset + length)` to disk and returns without
/// waiting, so that a later `fdatasync` has less left to wait for. 0, or -1 with `errno` set.
static inline int closebook_start_writeback(int descriptor, long long offset, long long length) {
    return (int)syscall(SYS_sync_file_range, descriptor, (off_t)offset, (off_t)length, 2 /* SYNC_FILE_RANGE_WRITE */);
}

/// Asks the processor to bring the cache line at `address` in ahead of its use (`__builtin_prefetch`,
/// for reading, kept in every cache level); no effect on what the program computes.
static inline void closebook_prefetch(const void *address) {
    __builtin_prefetch(address, 0, 3);
}
#endif
