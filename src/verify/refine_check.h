/* refine_check.h: the refinement verdict vsimp reports, from two oracles.
 *
 * Z3 decides refinement (smt_refines); a counterexample it returns is re-evaluated by the reference
 * evaluator before it is reported, so that `invalid` always comes with a point the evaluator confirms.
 * When the variables span at most a few hundred thousand points, the whole domain is also (or
 * instead, if Z3 gives up) evaluated exhaustively: an exhaustive `valid` needs no solver. A verdict
 * is never weakened: `unknown` is never reported as valid, and a Z3 model the evaluator does not
 * confirm is an internal error (one of the two implementations of the semantics is wrong), unless the
 * model depends on an uninterpreted function, in which case the verdict is `unknown`. */
#ifndef VSIMP_CHECK_REFINE_CHECK_H
#define VSIMP_CHECK_REFINE_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "eval/eval.h"
#include "eval/eval_graph.h"
#include "ir/node.h"
#include "smt/smt.h"

typedef enum { CHECK_VALID, CHECK_INVALID, CHECK_UNKNOWN, CHECK_ERROR } CheckVerdict;

typedef enum {
  CHECK_BY_SMT,        /* Z3 proved it, or found a counterexample the evaluator confirmed */
  CHECK_BY_EXHAUSTIVE, /* every point of the (small) domain was evaluated */
} CheckMethod;

typedef struct {
  CheckVerdict verdict;
  CheckMethod method;
  VarValue *cex; /* CHECK_INVALID: the point (malloc'd), one entry per variable */
  size_t ncex;
  Value src_value, tgt_value; /* CHECK_INVALID: as the evaluator computes them at cex */
  /* CHECK_INVALID on an expression with vectors: the point with every lane (malloc'd, ncex entries,
   * in the order of cex; cex holds lane 0), and the values the evaluator computes there. NULL for
   * scalar expressions. */
  VecVarValue *vcex;
  VecValue src_vec, tgt_vec;
  /* CHECK_INVALID on a graph expression (graph is set): the free ranges' values and the buffers' initial
   * contents at the point (malloc'd), and the evaluator's results there (a value, or the buffers' final
   * contents: gsrc.bufs, gtgt.bufs). */
  bool graph;
  VarValue *rcex;
  size_t nrcex;
  BufValue *bcex;
  size_t nbcex;
  GraphResult gsrc, gtgt;
  char reason[200];           /* CHECK_UNKNOWN / CHECK_ERROR: why */
  double seconds;
} CheckResult;

typedef struct {
  /* Domains of at most this many points (product over the variables) are evaluated exhaustively;
   * 0 disables it. */
  uint64_t exhaustive_limit;
} CheckOptions;

/* Decides whether tgt refines src (under pre, a bool expression or NULL). */
CheckResult check_refinement(SmtCtx *smt, const CheckOptions *opts, Node *pre, Node *src, Node *tgt);
void check_result_free(CheckResult *r);
/* check_refinement for expressions with vectors (refine_vector.c): always by Z3, its counterexample
 * confirmed by the vector evaluator. */
void check_refinement_vec(CheckResult *r, SmtCtx *smt, Node *pre, Node *src, Node *tgt);
/* check_refinement for graph expressions (refine_graph.c): always by Z3, its counterexample run by the
 * graph evaluator. A target that leaves a range free which the source does not is an error. */
void check_refinement_graph(CheckResult *r, SmtCtx *smt, Node *pre, Node *src, Node *tgt);
/* A solver's counterexample the evaluator does not confirm: unknown when an uninterpreted function may
 * explain it (uf), else an internal error (the two implementations disagree). */
void check_unconfirmed(CheckResult *r, bool uf);
/* Takes the solver's verdict into r when it needs no confirmation (valid, unknown, error; with its
 * reason) and returns false; returns true for SMT_INVALID, whose model the caller confirms with an
 * evaluator before r says invalid. Shared by the scalar and the vector checks. */
bool check_take_smt_verdict(CheckResult *r, const SmtResult *s);
const char *check_verdict_name(CheckVerdict v);

#endif
