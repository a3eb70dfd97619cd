/* slice.h (internal to smt/): the hypothesis of a refinement query cut down to what can bear on its
 * goal (slice.c). */
#ifndef VSIMP_SMT_SLICE_H
#define VSIMP_SMT_SLICE_H

#include <z3.h>

#include "smt/encode.h"

/* The conjuncts of hypothesis h that share variable bits with the negated goal *goal (transitively),
 * conjoined: h implies it, so `slice && goal` unsat means `h && goal` unsat. *goal is replaced by its
 * rewritten form. NULL (and *goal untouched) when nothing can be dropped or the terms are not of the
 * kind the slicing reads. */
Z3_ast smt_slice_hypothesis(Enc *e, Z3_ast h, Z3_ast *goal);

#endif
