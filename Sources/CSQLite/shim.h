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
#endif
