#ifndef CLOSEBOOK_CSQLITE_SHIM_H
#define CLOSEBOOK_CSQLITE_SHIM_H
#include <sqlite3.h>

/// `SQLITE_TRANSIENT` is a macro casting -1 to a function pointer; Swift cannot spell it.
static inline sqlite3_destructor_type closebook_sqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

/// `SQLITE_STATIC`: SQLite reads the bound bytes in place, which the caller keeps until the step.
static inline sqlite3_destructor_type closebook_sqlite_static(void) {
    return SQLITE_STATIC;
}

/// Turns off SQLite's count of the memory it holds, which takes a process-wide mutex around every
/// allocation and free (millions while a large file is built). Only has an effect before SQLite's
/// first use in the process; afterwards it returns SQLITE_MISUSE and changes nothing.
static inline int closebook_sqlite_stop_counting_memory(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
#endif
