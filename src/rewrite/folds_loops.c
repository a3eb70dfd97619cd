/* loop_dead_ranges: a loop nest (a reduce or an end over two or more ranges) with a loop that runs
 * once or never.
 *
 *   - Some range of the list is empty (vmax(end) <= 0): the nest runs no iteration, so a reduction is
 *     its identity and an end does nothing. (The ends of the loops outside it may be UB; the source
 *     is then UB and the result more defined.)
 *   - A range runs exactly once (its end is 1 wherever it is defined) and no other operand of the node
 *     (the body, the other loops' ends) has it free: dropping it from the list leaves the same iterations in the
 *     same order, so the same accumulation (float sums included: no step is added or removed) and the
 *     same effects.
 *
 * A single-range loop is the rules' business (dead_code.rules: reduce_empty_*, reduce_once_*,
 * end_empty, end_once, proved). These two facts about longer lists follow from the definition of the
 * loop nest (docs/semantics.md: iterations in lexicographic order, each end evaluated when its loop
 * starts) and cannot be proved by unrolling, since the other loops of the list may run any number of
 * iterations: like constant folding, the fold rests on the semantics, which the conformance check
 * tests on nests with empty and single-trip loops at every position, and tests/test_graph_rules.c
 * checks its results against their sources with Z3 on bounded nests and with the evaluator. */
#include "ir/graph.h"
#include "rewrite/folds.h"

bool fold_loop_dead_applies(const Node *n) { return (n->op == OP_REDUCE || n->op == OP_END) && n->nargs >= 3; }

/* Whether operand skip's range is free in another operand of n (the body, another range's end). */
static bool used_elsewhere(VsCtx *ctx, Node *n, int skip) {
  for (int j = 0; j < n->nargs; j++)
    if (j != skip && graph_range_is_free(ctx, j == 0 ? n->args[0] : n->args[j]->args[0], n->args[skip])) return true;
  return false;
}

Node *fold_loop_dead_ranges(VsCtx *ctx, Node *n) {
  for (int i = 1; i < n->nargs; i++)
    if (vs_vmax(n->args[i]->args[0]) <= 0)
      return n->op == OP_END ? vs_noop(ctx)
                             : vs_const(ctx, (DType)n->dtype, vs_reduce_identity(vs_reduce_op(n), (DType)n->dtype));
  for (int i = 1; i < n->nargs; i++) {
    const Node *end = n->args[i]->args[0];
    if (vs_vmin(end) < 1 || vs_vmax(end) > 1 || used_elsewhere(ctx, n, i)) continue;
    Node *rest[VS_MAX_GRAPH_LIST];
    int k = 0;
    for (int j = 1; j < n->nargs; j++)
      if (j != i) rest[k++] = n->args[j];
    return n->op == OP_END ? vs_end(ctx, n->args[0], rest, k) : vs_reduce(ctx, vs_reduce_op(n), n->args[0], rest, k);
  }
  return NULL;
}
