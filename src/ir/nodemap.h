/* nodemap.h: a PtrMap (ir/ptrmap.h) whose keys are nodes, for per-query memo tables (evaluation,
 * encoding, rewriting). A type of its own so that a node map is never handed a key of another kind;
 * the table itself is the one implementation in ptrmap.c. */
#ifndef VSIMP_IR_NODEMAP_H
#define VSIMP_IR_NODEMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/node.h"
#include "ir/ptrmap.h"

typedef struct {
  PtrMap map;
} NodeMap;

static inline void nodemap_init(NodeMap *m) { ptrmap_init(&m->map); }
static inline void nodemap_free(NodeMap *m) { ptrmap_free(&m->map); }
static inline bool nodemap_get(const NodeMap *m, const Node *k, uint64_t *val) { return ptrmap_get(&m->map, k, val); }
/* Inserts or overwrites. Returns false on allocation failure (or a NULL key). */
static inline bool nodemap_put(NodeMap *m, const Node *k, uint64_t val) { return ptrmap_put(&m->map, k, val); }
static inline size_t nodemap_count(const NodeMap *m) { return m->map.count; }

#endif
