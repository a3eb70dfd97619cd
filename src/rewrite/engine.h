/* engine.h: bottom-up rewriting to a fixpoint.
 *
 * A node's children are simplified first, then the node's actions (rules and folds, in family order)
 * are tried; the first that fires replaces the node, and the result is simplified again, until none
 * fires. Results are memoised per node (hash-consing makes the memo a pointer map), so shared
 * subexpressions are simplified once. A budget of rule applications guards against rule sets that
 * do not terminate; running out of it is reported, never silent. */
#ifndef VSIMP_REWRITE_ENGINE_H
#define VSIMP_REWRITE_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "ir/node.h"
#include "rules/catalog.h"

typedef struct {
  bool simple;     /* the `simple` matcher instead of `full` */
  uint64_t budget; /* rule applications per rewriter_simplify call; 0: the default (1,000,000) */
  bool trace;      /* record every application */
} RewriteOptions;

typedef struct {
  const char *name; /* rule or fold name */
  Node *before, *after;
} TraceStep;

typedef struct {
  uint64_t applications;
  bool budget_exhausted; /* the budget ran out, or rewriting nested without end: the result is sound
                          * but may not be a fixpoint */
} RewriteStats;

typedef struct Rewriter Rewriter;

Rewriter *rewriter_new(VsCtx *ctx, Catalog *cat, const RewriteOptions *opts);
void rewriter_free(Rewriter *rw);
/* Simplifies n. Returns NULL only on an internal failure (out of memory, node limit): the caller
 * then keeps n. The memo persists across calls on the same rewriter. */
Node *rewriter_simplify(Rewriter *rw, Node *n);
const RewriteStats *rewriter_stats(const Rewriter *rw);
const TraceStep *rewriter_trace(const Rewriter *rw, size_t *n);

#endif
