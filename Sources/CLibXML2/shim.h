#ifndef CLOSEBOOK_CLIBXML2_SHIM_H
#define CLOSEBOOK_CLIBXML2_SHIM_H
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#endif
