/* embedded.h: files compiled into the binary at build time (cmake/embed.cmake): the rule files of
 * src/rules/ and the proof ledger. */
#ifndef VSIMP_RULES_EMBEDDED_H
#define VSIMP_RULES_EMBEDDED_H

#include <stddef.h>

typedef struct {
  const char *name;
  const unsigned char *data; /* NUL-terminated */
  size_t len;
} VsEmbeddedFile;

extern const VsEmbeddedFile vs_embedded_rules[];
extern const size_t vs_embedded_rules_count;
extern const VsEmbeddedFile vs_embedded_ledger[];
extern const size_t vs_embedded_ledger_count;

#endif
