/* may_ub.h: whether an expression can be UB, decided from the value ranges (analysis/bounds.h).
 *
 * node_may_ub(n) is false only when no evaluation of n is UB: every UB condition of docs/semantics.md
 * that one of its ops has is excluded by its operands' bounds (a divisor whose interval excludes 0, a
 * shift amount within [0, w), a signed exponent that is never negative, a load whose index lies within
 * the buffer for every element count it may have), and no comparison or cast out of index meets an
 * operand that may be INVALID. It rests on the bounds being sound, which the
 * range-analysis lemmas prove, and errs towards true: the rule guard no_ub(x) makes the verifier treat
 * x as always defined, so a false "never UB" would be a wrong proof, while a false "may be UB" only keeps a
 * rule from firing. */
#ifndef VSIMP_ANALYSIS_MAY_UB_H
#define VSIMP_ANALYSIS_MAY_UB_H

#include <stdbool.h>

#include "ir/node.h"

bool node_may_ub(const Node *n);

#endif
