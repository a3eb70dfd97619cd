/* lin_shape.h: what a sum's skeleton can tell without reading its linear form.
 *
 * term_collect reads an integer node as a linear form (lin.h) and fires only when the form has fewer
 * terms than the node has term occurrences and nonzero constants: like terms, two constants, or a
 * coefficient that is 0 modulo 2^w. It is tried on every sum the engine visits, and reading the form
 * walks the whole +, -, negation and product-by-constant skeleton, so long sums cost a walk per
 * enclosing node. A LinShape summarises the skeleton bottom-up instead (each node once per cache,
 * from its operands' shapes) and answers "no like terms, at most one constant, no coefficient
 * divisible by 2^w" in O(1) when that is certain; any doubt answers "may collect".
 *
 * The cache is the caller's (one per rewriter): shapes are pure functions of the node, but the cache
 * is keyed by the node's address, so it must not outlive the nodes' context. */
#ifndef VSIMP_ANALYSIS_LIN_SHAPE_H
#define VSIMP_ANALYSIS_LIN_SHAPE_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/node.h"

typedef struct {
  uint64_t sig;  /* a bit per term occurrence, chosen by the term's hash: disjoint signatures mean
                  * disjoint term sets (the converse need not hold) */
  uint8_t nconst; /* nonzero constant occurrences, at most 2 */
  uint8_t maxtz;  /* the most trailing zero bits of any occurrence's coefficient (constants as their
                   * coefficient times their value), at most 255 */
  bool doubt;     /* like terms may occur, or the skeleton is deeper than the summary follows */
} LinShape;

enum { LIN_SHAPE_INLINE_BITS = 6 };
typedef struct {
  const Node *key;
  LinShape s;
} LinShapeEntry;
typedef struct {
  LinShapeEntry *e;
  size_t count;
  unsigned bits;
  LinShapeEntry inline_e[1 << LIN_SHAPE_INLINE_BITS];
} LinShapeCache;

void lin_shape_init(LinShapeCache *c);
void lin_shape_free(LinShapeCache *c);

/* False only when reading n as a linear form (lin_of) certainly gives lin_size_mod(form) equal to the
 * number of term occurrences and nonzero constants read, i.e. term_collect cannot shrink it. Out of
 * memory for the cache answers true. */
bool lin_shape_may_collect(LinShapeCache *c, const Node *n);

#endif
