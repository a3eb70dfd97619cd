/* ptrmap.h: an open-addressing map from pointers (compared by address, never dereferenced) to 64-bit
 * payloads: memo tables keyed by node (ir/nodemap.h wraps it), interned names. Grows as needed (at
 * most half full); keys are never removed. Lookups depend on addresses only, never on their order: no
 * caller iterates a map, so output stays deterministic. */
#ifndef VSIMP_IR_PTRMAP_H
#define VSIMP_IR_PTRMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct {
  const void **keys;
  uint64_t *vals;
  size_t cap, count;
} PtrMap;

void ptrmap_init(PtrMap *m);
void ptrmap_free(PtrMap *m);
bool ptrmap_get(const PtrMap *m, const void *k, uint64_t *val);
/* Inserts or overwrites. Returns false on allocation failure. */
bool ptrmap_put(PtrMap *m, const void *k, uint64_t val);

#endif
