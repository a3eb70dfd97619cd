/* lin_shape.h: what a sum's skeleton can tell without reading its linear form.
 *
 * The sum folds (term collection, common factors, div/mod recombination) read an integer node as a
 * linear form (lin.h) through its +, -, negation and product-by-constant skeleton. They are tried on
 * every sum the engine visits, and each reading walks the whole skeleton, so a long sum costs a walk
 * per enclosing node and per fold. A LinShape summarises the skeleton bottom-up instead (each node
 * once per cache, from its operands' shapes) and answers the folds' first questions in O(1) where the
 * answer is certain; any doubt answers "may".
 *
 * The cache is the caller's (one per rewriter): shapes are pure functions of the node, but the cache
 * is keyed by the node's address, so it must not outlive the nodes' context. */
#ifndef VSIMP_ANALYSIS_LIN_SHAPE_H
#define VSIMP_ANALYSIS_LIN_SHAPE_H

#include <stdbool.h>
#include <stdint.h>

#include "ir/node.h"

enum { LIN_SHAPE_MAGS = 4 };

/* Term occurrences are the skeleton's leaves that are not constants, each with its coefficient (the
 * product of the constants on its path, signs included). */
typedef struct {
  uint64_t sig; /* a bit per term occurrence, chosen by the term's hash: disjoint signatures mean
                   * disjoint term sets (the converse need not hold) */
  uint8_t nconst; /* nonzero constant occurrences, at most 2 */
  uint8_t maxtz;  /* the most trailing zero bits of any occurrence's coefficient (constants as their
                   * coefficient times their value), at most 255 */
  bool doubt;     /* like terms may occur, or the skeleton is deeper than the summary follows */
  uint8_t divmod; /* bit 0: a term is a quotient by a constant (// or tdiv), bit 1: a remainder (% or
                   * tmod), bit 2: two or more term occurrences are remainders */
  uint8_t n1;     /* occurrences of coefficient magnitude 1, at most 2 */
  uint8_t nocc;   /* term occurrences, at most 255 */
  uint8_t nmag;   /* the distinct magnitudes of 2 or more among the coefficients, in mag */
  bool fpair;     /* two occurrences may share a magnitude of 2 or more (or the summary lost track) */
  uint32_t mag[LIN_SHAPE_MAGS];
  /* Bits chosen by a node's hash as in sig: qsig of the numerators of the quotients by a constant
   * among the terms (x in x // c or tdiv(x, c)), rsig of the numerators of the remainders by a constant
   * (x in x % c or tmod(x, c)) and, for a remainder of a quotient (x // c1) % c2, of x too. */
  uint64_t qsig, rsig;
  uint8_t nsel; /* term occurrences that are selects, at most 2 */
} LinShape;

enum { LIN_SHAPE_INLINE_BITS = 6 };
typedef struct {
  const Node **keys; /* NULL: an empty slot; a slot's shape is read only when its key is set */
  LinShape *vals;
  size_t count;
  unsigned bits;
  const Node *inline_keys[1 << LIN_SHAPE_INLINE_BITS];
  LinShape inline_vals[1 << LIN_SHAPE_INLINE_BITS];
  /* The node last asked about and its shape (NULL: none): the sum folds ask one node in a row. */
  const Node *last;
  LinShape last_shape;
} LinShapeCache;

void lin_shape_init(LinShapeCache *c);
/* Frees what the cache allocated; it is then unusable until lin_shape_init (a rewriter frees its cache
 * with itself: clearing it again would be wasted). */
void lin_shape_free(LinShapeCache *c);

/* False only when reading n as a linear form (lin_of) certainly gives lin_size_mod(form) equal to the
 * number of term occurrences and nonzero constants read, i.e. term collection cannot shrink it. */
bool lin_shape_may_collect(LinShapeCache *c, const Node *n);
/* False only when no two term occurrences of n's skeleton certainly have one coefficient magnitude of 2
 * or more (what a common factor needs), with at most 32 occurrences. */
bool lin_shape_may_factor(LinShapeCache *c, const Node *n);
/* Which kinds of division by a constant n's skeleton has among its terms: bit 0 a quotient, bit 1 a
 * remainder (3 when the summary is not certain). */
unsigned lin_shape_divmod(LinShapeCache *c, const Node *n);
/* False only when n's skeleton certainly has at most one term occurrence that is a remainder by a
 * constant (% or tmod): then reading n as a linear form gives at most one such term, and no pair of
 * remainders (what divmod_split and its digit relatives need) exists. */
bool lin_shape_may_pair_rem(LinShapeCache *c, const Node *n);
/* False only when no quotient by a constant among n's term occurrences, x // c or tdiv(x, c), certainly
 * has x itself, a remainder of x, or a remainder of a quotient of x beside it among the occurrences
 * (what the recombinations of a quotient need: x - (x // c)*c, (x % c) + (x // c)*c and
 * ((x // c1) % c2) + (x // c3)*c2). */
bool lin_shape_may_pair_quot(LinShapeCache *c, const Node *n);
/* False only when n's skeleton certainly has at most one term occurrence that is a select: then
 * reading n as a linear form gives at most one select term (select_lift_terms needs two). */
bool lin_shape_may_pair_select(LinShapeCache *c, const Node *n);

/* The answers of all the questions above for n, as bits, from one reading of its shape: for a caller
 * that asks several of them about one node (the engine, before the sum folds that ask them). Bit
 * LIN_SHAPE_QUOT and LIN_SHAPE_REM are lin_shape_divmod's bits 0 and 1. */
enum {
  LIN_SHAPE_MAY_COLLECT = 1,
  LIN_SHAPE_MAY_FACTOR = 2,
  LIN_SHAPE_QUOT = 4,
  LIN_SHAPE_REM = 8,
  LIN_SHAPE_MAY_PAIR_REM = 16,
  LIN_SHAPE_MAY_PAIR_QUOT = 32,
  LIN_SHAPE_MAY_PAIR_SELECT = 64,
};
unsigned lin_shape_answers(LinShapeCache *c, const Node *n);

#endif
