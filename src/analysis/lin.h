/* lin.h: integer expressions read as linear forms  a1*t1 + ... + an*tn + k.
 *
 * A Lin is what the procedural folds reason about. Its coefficients and constant are exact integers
 * (i128), read off the expression's + - * (by a constant) and negation structure: the node's value
 * is congruent to the form's exact value modulo 2^w (ring arithmetic; lemmas lin_* in
 * src/rules/lemmas_divmod.rules). The folds read and build forms to choose a lemma's bindings; whether
 * a sum is exact is the lemma's guard (no_overflow), decided by the engine on the built nodes. */
#ifndef VSIMP_ANALYSIS_LIN_H
#define VSIMP_ANALYSIS_LIN_H

#include <stdbool.h>

#include "ir/node.h"

enum { LIN_MAX_TERMS = 32 };

typedef struct {
  Node *t; /* a node that is not a sum, a negation, a constant or a product by a constant */
  i128 a;  /* its coefficient (never 0 after lin_of) */
} LinTerm;

typedef struct {
  DType dt;
  int n;
  LinTerm t[LIN_MAX_TERMS]; /* in order of first appearance */
  i128 k;
  int atoms; /* lin_of: term occurrences and nonzero constants met while reading the expression */
  int terms; /* lin_of: the term occurrences among them (n == terms: each read once, none cancelled) */
} Lin;

/* Reads n (an integer node) as a linear form. False if it has too many terms or its coefficients
 * leave the i128 range (the folds then do nothing). */
bool lin_of(const Node *n, Lin *out);
/* An empty form of dtype dt. */
void lin_init(Lin *l, DType dt);
/* Whether a is a coefficient lin_add takes: a magnitude below 2^100 (coefficients beyond make the folds
 * give up; it keeps every product of a coefficient and a value within i128). */
static inline bool lin_coef_ok(i128 a) { return a > -((i128)1 << 100) && a < ((i128)1 << 100); }
/* Adds a*t (t any node of l's dtype) to l; false on i128 overflow or too many terms. */
bool lin_add(Lin *l, Node *t, i128 a);
/* Adds m times every term and the constant of src to l. */
bool lin_add_lin(Lin *l, const Lin *src, i128 m);
/* The exact interval of the form over its terms' bounds; false on i128 overflow. */
bool lin_range(const Lin *l, i128 *lo, i128 *hi);
/* Builds the form as a node in canonical order (terms by node id, the constant last), coefficients
 * reduced modulo 2^w: the result is congruent to the form. NULL on failure (out of nodes). */
Node *lin_build(VsCtx *ctx, const Lin *l);
/* Terms of the form whose coefficient is not 0 modulo 2^w, plus 1 if the constant is not. */
int lin_size_mod(const Lin *l);

i128 lin_gcd(i128 a, i128 b);

/* The last form lin_of read, kept by the caller: the sum folds tried on one node in a row read the
 * same node (or numerator) one after another. lin_of is a function of the node alone, so a hit gives
 * exactly what lin_of would. Keyed by the node's address: it must not outlive the nodes' context. */
typedef struct {
  const Node *node; /* NULL: empty */
  bool ok;
  Lin lin;
} LinCache;
static inline void lin_cache_init(LinCache *c) { c->node = NULL; }
/* lin_of(n, out), through c (NULL: none). */
bool lin_of_cached(LinCache *c, const Node *n, Lin *out);

#endif
