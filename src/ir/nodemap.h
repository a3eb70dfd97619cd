/* nodemap.h: an open-addressing map from node pointers to 64-bit payloads, for per-query memo tables
 * (evaluation, encoding, rewriting). Grows as needed; keys are never removed. */
#ifndef VSIMP_IR_NODEMAP_H
#define VSIMP_IR_NODEMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/node.h"

typedef struct {
  const Node **keys;
  uint64_t *vals;
  size_t cap, count;
} NodeMap;

void nodemap_init(NodeMap *m);
void nodemap_free(NodeMap *m);
bool nodemap_get(const NodeMap *m, const Node *k, uint64_t *val);
/* Inserts or overwrites. Returns false on allocation failure. */
bool nodemap_put(NodeMap *m, const Node *k, uint64_t val);

#endif
