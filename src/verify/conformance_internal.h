/* conformance_internal.h: the one driver of the conformance check (conformance.c), which every family
 * of cases (scalar ops in conformance.c, vectors, INVALID operands, the tensor-graph layer) builds its
 * expressions for. A case is an expression and a point; the driver computes its outcome with both
 * implementations (eval_at, smt_eval_at) and compares them (outcome_same). Private to src/verify. */
#ifndef VSIMP_VERIFY_CONFORMANCE_INTERNAL_H
#define VSIMP_VERIFY_CONFORMANCE_INTERNAL_H

#include "ir/node.h"
#include "ir/value.h"
#include "verify/conformance.h"

typedef struct {
  SmtCtx *smt;
  const ConformanceOptions *opts;
  ConformanceReport *rep;
  FILE *log;
  uint64_t rng;
  uint64_t seq; /* cases met, for opts->sample */
} ConfRun;

static inline ConfRun conf_run(SmtCtx *smt, const ConformanceOptions *opts, ConformanceReport *rep, FILE *log,
                               uint64_t seed) {
  return (ConfRun){.smt = smt, .opts = opts, .rep = rep, .log = log, .rng = seed};
}

/* The run's next random number (splitmix64). */
uint64_t conf_random(ConfRun *r);
/* Whether the next case is left out of a thinned run (opts->sample > 1: all but every N-th). */
bool conf_sampled_out(ConfRun *r);
/* Whether op applies at these operand and result dtypes. */
bool conf_applicable(VsCtx *ctx, Op op, DType to, const DType *dts, int nargs);

/* One case: n (NULL: not buildable at these dtypes, skipped) at point p (NULL: no inputs), by both
 * implementations. Counted in rep->cases and in *family (when not NULL); a result Z3 cannot reduce is
 * counted in rep->unreduced; an evaluator failure (every case is built evaluable) or a difference is a
 * mismatch, described on the log under the label `kind` (NULL: none). An expression with an
 * uninterpreted function is compared by its UB flag alone. */
void conf_compare(ConfRun *r, Node *n, const Point *p, size_t *family, const char *kind);

#endif
