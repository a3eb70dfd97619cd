/* bufdata.h: the contents of one buffer as data: an element count, a default element and the elements
 * that differ from it, sorted by index. A buffer of 2^40 elements costs what is written to it, which is
 * how the evaluator runs stores and how a solver's array model reads (docs/semantics.md, "Memory, loops
 * and reductions"). Elements are bit patterns of the buffer's dtype, as Value.bits. */
#ifndef VSIMP_IR_BUFDATA_H
#define VSIMP_IR_BUFDATA_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/node.h"

typedef struct {
  uint64_t size;  /* element count */
  uint64_t dflt;  /* every element not listed */
  size_t n, cap;  /* listed elements */
  uint64_t *idx;  /* ascending, each < size */
  uint64_t *bits; /* idx[i]'s element; never equal to dflt */
} BufData;

/* A buffer's contents in an environment or a model. */
typedef struct {
  const Node *buf; /* a BUFFER leaf */
  BufData data;
} BufValue;

/* Every element dflt. */
void bufdata_init(BufData *b, uint64_t size, uint64_t dflt);
void bufdata_free(BufData *b);
/* A deep copy of src into dst (dst's old contents are not freed). False when out of memory. */
bool bufdata_copy(BufData *dst, const BufData *src);
/* Element i (i < size). */
uint64_t bufdata_get(const BufData *b, uint64_t i);
/* Sets element i (i < size). False when out of memory (b unchanged). */
bool bufdata_set(BufData *b, uint64_t i, uint64_t bits);
/* Whether a and b hold the same elements (same size, every element equal). */
bool bufdata_equal(const BufData *a, const BufData *b);

#endif
