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

/* The second solver (cvc5, run on the SMT-LIB2 text of the query: smt/cvc5.h), SmtOptions.second. */
enum {
  SMT_SECOND_PORTFOLIO = 1, /* a query Z3 has not answered within portfolio_after_ms is given to cvc5 as
                             * well; both run, the first definite answer wins */
  SMT_SECOND_RECHECK = 2,   /* every unsat Z3 finds is checked again by cvc5 */
};

typedef struct {
  unsigned timeout_ms; /* per query; 0 = none */
  unsigned rlimit;     /* Z3 resource limit per query (deterministic); 0 = none */
  const char *smt2_path; /* when set, every query is also written there as SMT-LIB2 (overwritten) */
  unsigned second;     /* SMT_SECOND_* flags (nothing when cvc5 is not installed) */
  unsigned portfolio_after_ms; /* 0: 1000 */
  unsigned second_timeout_ms;  /* cvc5's limit when timeout_ms is 0 (an rlimit run); 0: 10000 */
  struct QueryCache *cache;    /* verdicts shared with the contexts given the same cache (smt/query_cache.h),
                                * or NULL; not used under SMT_SECOND_RECHECK, where every proof is re-checked */
} SmtOptions;

typedef struct SmtCtx SmtCtx;

SmtCtx *smt_new(const SmtOptions *opts);
void smt_free(SmtCtx *s);
void smt_set_options(SmtCtx *s, const SmtOptions *opts);
/* "4.8.12" etc. */
const char *smt_solver_version(void);
/* cvc5's version ("1.0.3"), or NULL when the cvc5 binary cannot be run. */
const char *smt_second_version(void);

enum { SMT_SOLVER_Z3, SMT_SOLVER_CVC5 };
enum { SMT_RECHECK_NONE, SMT_RECHECK_AGREES, SMT_RECHECK_UNDECIDED, SMT_RECHECK_DISAGREES };

/* How the context's last query (smt_refines, and the verifier's queries) was decided. */
typedef struct {
  int by;          /* SMT_SOLVER_Z3 or SMT_SOLVER_CVC5: which solver's answer was taken (a proof made of
                    * several subqueries counts as cvc5's if cvc5 decided any) */
  int recheck;     /* SMT_SECOND_RECHECK: what cvc5 said of Z3's unsat (the worst over subqueries) */
  bool disagree;   /* the solvers gave contradictory answers (sat against unsat) on one query */
  char detail[200]; /* disagree: both answers; SMT_RECHECK_UNDECIDED: why cvc5 gave none */
} SmtSolveInfo;
const SmtSolveInfo *smt_last_solve(const SmtCtx *s);
void smt_clear_last_solve(SmtCtx *s);

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
