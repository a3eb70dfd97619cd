/* smt.h: the Z3 side of vsimp: encoding expressions as bit-vector / floating-point terms with a
 * definedness term, and deciding refinement (docs/semantics.md). One SmtCtx per thread; it owns a Z3
 * context that it reuses across queries (and recycles now and then to bound memory). A query that
 * times out, hits its resource limit or comes back unknown is SMT_UNKNOWN, never SMT_VALID. */
#ifndef VSIMP_SMT_SMT_H
#define VSIMP_SMT_SMT_H

#include <stdbool.h>
#include <stddef.h>

#include "ir/bufdata.h"
#include "ir/node.h"
#include "ir/value.h"

typedef enum { SMT_VALID, SMT_INVALID, SMT_UNKNOWN, SMT_ERROR } SmtVerdict;

typedef struct {
  unsigned timeout_ms; /* per query; 0 = none */
  unsigned rlimit;     /* Z3 resource limit per query (deterministic); 0 = none */
  const char *smt2_path; /* when set, every query is also written there as SMT-LIB2 (overwritten) */
} SmtOptions;

typedef struct SmtCtx SmtCtx;

SmtCtx *smt_new(const SmtOptions *opts);
void smt_free(SmtCtx *s);
void smt_set_options(SmtCtx *s, const SmtOptions *opts);
/* "4.8.12" etc. */
const char *smt_solver_version(void);

typedef struct {
  SmtVerdict verdict;
  /* SMT_INVALID: the counterexample (owned; smt_result_free releases it): every variable of pre, src and
   * tgt with all its lanes, in the order of first appearance (post-order of pre, then src, then tgt);
   * on a graph expression (docs/semantics.md, "Memory, loops and reductions") also every free range
   * and the initial contents of every buffer. */
  Point model;
  char reason[160]; /* SMT_UNKNOWN / SMT_ERROR: why */
  double seconds;
} SmtResult;

/* Decides whether tgt refines src under the precondition pre (a bool expression, or NULL for true),
 * with every variable additionally constrained to its declared range:
 *   valid   iff  ranges && def(pre) && pre && def(src)  implies  def(tgt) && src == tgt.
 * Graph expressions (NF_HAS_GRAPH; both values or both effects) go to smt_solve_graph_refinement. */
SmtResult smt_refines(SmtCtx *s, Node *pre, Node *src, Node *tgt);
void smt_result_free(SmtResult *r);

/* Z3's outcome of any expression (scalar, vector or graph; a value or an effect) at point p (NULL: no
 * inputs), the counterpart of the evaluator's eval_at (eval/eval.h): every input root uses is fixed to
 * p's value and the root's value (with ub and inv, every lane) or, for an effect that is not UB, the
 * final contents of p's buffers in p's order (out->bufs; outcome_free releases them) is what Z3
 * computes. A free range outside its domain (`0 <= r < E` with E defined) sets out->out_of_domain and
 * evaluates nothing. Returns false with a message in err when an input is missing or malformed, the root
 * has an abstract effect, or a vector inside a graph expression, a loop is longer than the unrolling
 * limit, Z3 fails, or Z3 cannot reduce the result to constants (uninterpreted functions: exp2, log2,
 * sin, float pow; in a graph expression only the definedness must then be determined, and the value is
 * one the functions allow). */
bool smt_eval_at(SmtCtx *s, Node *root, const Point *p, Outcome *out, char *err, size_t errsize);

#endif
