/* refine_check.h: the refinement verdict vsimp reports, from two oracles, for every expression alike
 * (scalar, vector, graph: docs/semantics.md).
 *
 * Z3 decides refinement (smt_refines); a counterexample it returns is re-evaluated by the reference
 * evaluator (eval_at) before it is reported, so that `invalid` always comes with a point the evaluator
 * confirms. When the variables of a scalar expression span at most a few hundred thousand points, the
 * whole domain is also (or instead, if Z3 gives up) evaluated exhaustively with the prepared evaluator:
 * an exhaustive `valid` needs no solver. Vector and graph expressions are always decided by Z3 (a
 * vector's domain is the lane domain to the power of its lanes, a buffer's contents are part of the
 * domain). A verdict is never weakened: `unknown` is never reported as valid, and a Z3 model the
 * evaluator does not confirm is an internal error (CheckResult.disagree: one of the two implementations
 * of the semantics is wrong), unless the model depends on an uninterpreted function, in which case the
 * verdict is `unknown`. */
#ifndef VSIMP_CHECK_REFINE_CHECK_H
#define VSIMP_CHECK_REFINE_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "eval/eval.h"
#include "ir/node.h"
#include "ir/value.h"
#include "smt/smt.h"

typedef enum { CHECK_VALID, CHECK_INVALID, CHECK_UNKNOWN, CHECK_ERROR } CheckVerdict;

typedef enum {
  CHECK_BY_SMT,        /* Z3 proved it, or found a counterexample the evaluator confirmed */
  CHECK_BY_EXHAUSTIVE, /* every point of the (small) domain was evaluated */
} CheckMethod;

typedef struct {
  CheckVerdict verdict;
  CheckMethod method;
  /* CHECK_INVALID: the point (owned; check_result_free releases it): every variable with all its lanes,
   * and on a graph expression every free range and the buffers' initial contents. */
  Point cex;
  /* CHECK_INVALID: what the evaluator computes at cex (a value, or the buffers' final contents). */
  Outcome src, tgt;
  /* CHECK_ERROR: the evaluator does not confirm the solver's counterexample, and no uninterpreted
   * function explains it: the two implementations of the semantics disagree (a bug in one of them). */
  bool disagree;
  char reason[200];           /* CHECK_UNKNOWN / CHECK_ERROR: why */
  double seconds;
} CheckResult;

typedef struct {
  /* Domains of at most this many points (product over the variables) are evaluated exhaustively;
   * 0 disables it. */
  uint64_t exhaustive_limit;
} CheckOptions;

/* Decides whether tgt refines src (under pre, a bool expression or NULL). A graph case compares two
 * values or two effects; a target that leaves a range free which the source does not is an error. */
CheckResult check_refinement(SmtCtx *smt, const CheckOptions *opts, Node *pre, Node *src, Node *tgt);
void check_result_free(CheckResult *r);
const char *check_verdict_name(CheckVerdict v);

#endif
