/* prog_pass.h: the function-level Simplify pass (docs/pass.md).
 *
 * One run over a function: multi-assignment collection, leaf folding of every expression (types'
 * shapes included), constant propagation through the analyzer (analysis/analyzer.h), fold A (an `if`
 * whose condition is decided), fold B (a pure sequential loop with 0 or 1 trips), zero-trip `while`
 * loops, then dead scalar bindings and dead yield slots. The input function is never modified: the
 * result is a new Function in the same program (sharing the input's variables, plus fresh ones), so
 * the caller can check the result against the input (smt/prog_check.h).
 *
 * Every decision that folds control flow is recorded as an Obligation: under the analyzer's premises
 * at that point, the condition has the value the fold relied on. smt/prog_check.h proves them. */
#ifndef VSIMP_PASS_PROG_PASS_H
#define VSIMP_PASS_PROG_PASS_H

#include <stdbool.h>
#include <stddef.h>

#include "ir/stmt.h"
#include "rules/catalog.h"

typedef struct {
  bool constant_only;        /* propagate constants and remove dead bindings; keep all control flow */
  bool obligations;          /* record an Obligation per fold */
  unsigned max_fold_depth;   /* nested single-trip loop folds per run; 0: the default, 16 */
  Catalog *cat;              /* proved rules for the rewrite engine; NULL: constant folding only */
  uint64_t budget;           /* rewrite budget per expression; 0: the engine's default */
} PassOptions;

typedef struct {
  Node *premises; /* bool: what the analyzer knew there */
  Node *cond;     /* bool: the decided condition */
  bool value;     /* what the fold relied on: cond == value */
  Node *expected; /* the bool constant `value` */
  int line, col;  /* the folded statement in the input */
  const char *what;
} Obligation;

/* A loop the pass kept: statement `from` of its input became statement `to` of its output. Translation
 * validation pairs loops by these records (chained across runs) and proves each pair by induction; it
 * never trusts them: a wrong record only costs the proof (verify/prog_check.h). */
typedef struct {
  const Stmt *from, *to;
} PassLoopLink;

typedef struct {
  size_t ifs_folded, loops_removed, loops_unrolled, whiles_removed;
  size_t bindings_removed, slots_pruned, views_folded;
  /* values with calls inside whose full simplification would have dropped, duplicated or reordered a
   * call, simplified around their calls instead */
  size_t call_spines;
  bool depth_capped; /* some nested single-trip loop was left for the next run */
  Obligation *obligations;
  size_t nobligations;
  PassLoopLink *links; /* every loop kept, in every run that used this result (malloc'd) */
  size_t nlinks;
  bool failed; /* an internal failure (out of memory, node limit): the result is not to be used */
  char error[200];
} PassResult;

/* Runs the pass on f. Returns the simplified function, allocated in `into` (which must use f's
 * context; it is not added to into->funcs), or NULL when res->failed. */
Function *pass_simplify_function(Program *into, const Function *f, const PassOptions *opts, PassResult *res);
/* A new program holding the pass's result for every function of p. Its statements live in its own
 * arena but it shares variables (and expression nodes) with p: free it (prog_free) before p. NULL on
 * failure (res->error says why). */
Program *pass_simplify_program(Program *p, const PassOptions *opts, PassResult *res);
void pass_result_free(PassResult *res);

#endif
