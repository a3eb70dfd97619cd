/* The evaluator on vectors: every scalar op lane by lane (through the scalar evaluator's ev_apply, so a
 * lane computes exactly what the scalar op computes), and VEC, GEP, CAT, BCAST as lane moves. Kept
 * apart from the prepared scalar evaluator, whose one-word-per-node layout is what makes it fast. */
#include <stdlib.h>
#include <string.h>

#include "eval/eval_internal.h"
#include "ir/nodemap.h"

static VecValue vec_ub(int lanes) {
  VecValue r;
  memset(&r, 0, sizeof r);
  r.lanes = (uint8_t)lanes;
  r.ub = true;
  return r;
}

VecValue eval_vec_op(const Node *n, const VecValue *args) {
  VecValue r;
  memset(&r, 0, sizeof r);
  r.lanes = n->lanes;
  Op op = (Op)n->op;
  if (op == OP_CONST) {
    r.lane[0] = n->aux.bits;
    return r;
  }
  if (op == OP_VAR) return vec_ub(n->lanes); /* bound by eval_vec_expr */
  /* Immediate UB (docs/semantics.md): an operand that is UB makes the op UB, lane moves included. The
   * one exception is select, whose untaken branch may be UB: ev_apply decides it per lane. */
  if (op != OP_SELECT)
    for (int i = 0; i < n->nargs; i++)
      if (args[i].ub) return vec_ub(n->lanes);
  int k = 0;
  switch (op) {
  case OP_VEC:
    for (int i = 0; i < n->nargs; i++) r.lane[i] = args[i].lane[0];
    return r;
  case OP_GEP:
    for (int j = 0; j < n->lanes; j++) r.lane[j] = args[0].lane[vs_gep_lane(n, j)];
    return r;
  case OP_CAT:
    for (int i = 0; i < n->nargs; i++)
      for (int j = 0; j < args[i].lanes; j++) r.lane[k++] = args[i].lane[j];
    return r;
  case OP_BCAST:
    for (int j = 0; j < n->lanes; j++) r.lane[j] = args[0].lane[0];
    return r;
  default: break;
  }
  DType adt = (DType)n->args[0]->dtype;
  for (int j = 0; j < n->lanes; j++) {
    Value a[3] = {{0, true, false}, {0, true, false}, {0, true, false}};
    for (int i = 0; i < n->nargs && i < 3; i++) a[i] = (Value){args[i].lane[j], args[i].ub, false};
    Value v = ev_apply(ev_code(n), (DType)n->dtype, adt, a);
    if (v.ub) return vec_ub(n->lanes); /* one UB lane makes the vector UB */
    r.lane[j] = v.bits;
  }
  return r;
}

bool eval_vec_expr(Node *root, const VecVarValue *env, size_t nenv, VecValue *out) {
  *out = vec_ub(root ? root->lanes : 1);
  if (!root) return false;
  Node **order;
  size_t n = vs_postorder(root, &order);
  if (n == 0) return false;
  VecValue *vals = malloc(n * sizeof *vals);
  VecValue *args = malloc(VS_MAX_LANES * sizeof *args);
  NodeMap index;
  nodemap_init(&index);
  bool ok = vals && args;
  for (size_t i = 0; ok && i < n; i++) {
    Node *node = order[i];
    if (node->op == OP_VAR) {
      size_t k = 0;
      while (k < nenv && env[k].var != node) k++;
      if (k == nenv) {
        ok = false;
        break;
      }
      memset(&vals[i], 0, sizeof vals[i]);
      vals[i].lanes = node->lanes;
      for (int j = 0; j < node->lanes; j++) vals[i].lane[j] = vs_canon_bits((DType)node->dtype, env[k].lane[j]);
    } else {
      for (int j = 0; j < node->nargs; j++) {
        uint64_t at = 0;
        nodemap_get(&index, node->args[j], &at); /* children precede parents in post-order */
        args[j] = vals[at];
      }
      vals[i] = eval_vec_op(node, args);
    }
    if (!nodemap_put(&index, node, i)) ok = false;
  }
  if (ok) *out = vals[n - 1];
  nodemap_free(&index);
  free(args);
  free(vals);
  free(order);
  return ok;
}

bool vec_value_same(const VecValue *a, const VecValue *b) {
  if (a->ub || b->ub) return a->ub == b->ub;
  if (a->lanes != b->lanes) return false;
  for (int j = 0; j < a->lanes; j++)
    if (a->lane[j] != b->lane[j]) return false;
  return true;
}
