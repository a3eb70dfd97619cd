/* int_solve.h (internal to smt/): deciding an integer-arithmetic query built by int_encode.c.
 *
 * Only `unsat` is ever reported with confidence (SMT_VALID): the query is an over-approximation of a
 * bit-vector query (int_encode.h), so its satisfiability says nothing. See int_solve.c for the
 * strategy (preprocessing, factoring hints). */
#ifndef VSIMP_SMT_INT_SOLVE_H
#define VSIMP_SMT_INT_SOLVE_H

#include <stddef.h>
#include <z3.h>

#include "smt/encode.h"

/* Checks the conjunction of the n formulas (Bool terms of e's context) within timeout_ms (0: the
 * context's own timeout) and s's rlimit; with s->smt2_path set, each solved subgoal is written there. Returns SMT_VALID if it is unsatisfiable, SMT_INVALID if
 * satisfiable, SMT_UNKNOWN otherwise (*why says why), SMT_ERROR on a Z3 error. */
SmtVerdict smt_int_unsat(SmtCtx *s, Enc *e, const Z3_ast *fs, size_t n, unsigned timeout_ms, char *why,
                         size_t whylen);

#endif
