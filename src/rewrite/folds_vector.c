/* Constant folding on vectors (folds.h). Like the scalar constant_fold, its justification is the
 * semantics itself: the result is what the evaluator computes, lane by lane through the scalar
 * evaluator, and the conformance check holds that evaluator to the Z3 encoding on these very shapes. */
#include <string.h>

#include "eval/eval.h"
#include "rewrite/folds.h"

/* The lanes of x when x is a vector of constants: vec of constants, or bcast of a constant. */
static bool const_lanes(const Node *x, LaneValue *out) {
  memset(out, 0, sizeof *out);
  out->lanes = x->lanes;
  if (x->op == OP_BCAST && x->args[0]->op == OP_CONST) {
    for (int k = 0; k < x->lanes; k++) out->lane[k] = x->args[0]->aux.bits;
    return true;
  }
  if (x->op != OP_VEC) return false;
  for (int k = 0; k < x->nargs; k++) {
    if (x->args[k]->op != OP_CONST) return false;
    out->lane[k] = x->args[k]->aux.bits;
  }
  return true;
}

bool fold_vec_const_applies(const Node *n) {
  if (n->lanes < 2 || op_is_vec((Op)n->op) || n->nargs == 0 || n->nargs > 3 || (n->flags & NF_HAS_UF)) return false;
  LaneValue v;
  for (int i = 0; i < n->nargs; i++)
    if (!const_lanes(n->args[i], &v)) return false;
  return true;
}

Node *fold_vec_const(VsCtx *ctx, Node *n) {
  LaneValue args[3];
  for (int i = 0; i < n->nargs; i++)
    if (!const_lanes(n->args[i], &args[i])) return NULL;
  LaneValue r = eval_lanes_op(n, args);
  if (r.ub) return NULL; /* `vec(1, 2) // vec(1, 0)` stays as it is, as `5 // 0` does */
  Node *lanes[VS_MAX_LANES];
  for (int k = 0; k < n->lanes; k++)
    if (!(lanes[k] = vs_const(ctx, (DType)n->dtype, r.lane[k]))) return NULL;
  return vs_vec(ctx, lanes, n->lanes);
}
