#ifndef CLOSEBOOK_CMALLOC_SHIM_H
#define CLOSEBOOK_CMALLOC_SHIM_H
/// glibc's `mallopt` and its parameters, which the Swift Glibc module leaves out.
#include <malloc.h>
#endif
