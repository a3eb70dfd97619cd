/* The procedural folds: what a single pattern cannot say. Each declares the lemmas that justify it
 * (rules of family `lemma`, proved by `vsimp rules verify`), or none when the fold is the semantics
 * itself. */
#include <stddef.h>

#include "eval/eval.h"
#include "rules/catalog.h"

/* Constant folding: an op whose operands are all constants becomes the constant the reference
 * evaluator computes, unless the op is UB there (`5 // 0` stays as it is) or has no exact meaning
 * (uninterpreted functions). Its justification is the semantics conformance check: the evaluator and
 * the Z3 encoding agree on every op at every dtype (vsimp gate). */
static bool constant_fold_applies(const Node *n) {
  if (n->nargs == 0 || (n->flags & NF_HAS_UF)) return false;
  for (int i = 0; i < n->nargs; i++)
    if (n->args[i]->op != OP_CONST) return false;
  return true;
}

static Node *constant_fold(VsCtx *ctx, Node *n) {
  Value args[3];
  for (int i = 0; i < n->nargs; i++) args[i] = (Value){n->args[i]->aux.bits, false};
  Value v = eval_op(n, args);
  return v.ub ? NULL : vs_const(ctx, (DType)n->dtype, v.bits);
}

static const Fold folds[] = {
  {"constant_fold", "constant_folding", {NULL}, constant_fold_applies, constant_fold},
};

size_t fold_count(void) { return sizeof folds / sizeof folds[0]; }
const Fold *fold_get(size_t i) { return i < fold_count() ? &folds[i] : NULL; }
