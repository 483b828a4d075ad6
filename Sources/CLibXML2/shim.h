#ifndef CLOSEBOOK_CLIBXML2_SHIM_H
#define CLOSEBOOK_CLIBXML2_SHIM_H
/* Debian's libxml2 is built with ICU, so its encoding.h includes the system <unicode/ucnv.h>.
 * Swift's Foundation ships its own ICU (_FoundationICU) with a different `UErrorCode`, and a
 * module that sees both fails to build ("... is not present in definition of 'enum UErrorCode'").
 * Closebook never touches the ICU members of xmlCharEncodingHandler (it only holds pointers to
 * libxml2's structures), so the ICU part of the headers is left out. */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#endif
