/* bounds_trust.h: which transfer functions of the range analysis are proved at which dtype.
 *
 * Each case of bounds_transfer() rests on range-analysis lemmas (src/rules/bounds.rules). A case is
 * applied at a dtype only if every admissible instance of its lemmas that involves that dtype is
 * proved in the built-in proof ledger for the lemma's current text; otherwise the node gets its
 * dtype's full range, which needs no proof. So a bound that a fold relies on is never one whose lemma
 * is `unknown` (for instance the pow and 64-bit shift lemmas, which the solver does not decide). */
#ifndef VSIMP_ANALYSIS_BOUNDS_TRUST_H
#define VSIMP_ANALYSIS_BOUNDS_TRUST_H

#include <stdbool.h>

#include "ir/dtype.h"
#include "ir/op.h"

/* True if op's transfer function may be used at dtype dt (the operands' dtype for comparisons). The
 * first call loads the built-in catalog and its ledger (a few milliseconds, once per process). */
bool bounds_trusted(Op op, DType dt);

/* The lemmas op's transfer function rests on (NULL-terminated; an empty list for ops without a
 * transfer function), for tests and documentation. */
const char *const *bounds_lemmas_of(Op op);

#endif
