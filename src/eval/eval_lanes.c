/* The evaluator of scalar and vector expressions (eval_at's half for everything but graphs): every node
 * once, in post-order, as a LaneValue. Every scalar op applies lane by lane through the scalar
 * evaluator's ev_apply, so a lane computes exactly what the scalar op computes, and a scalar is one
 * lane; VEC, GEP, CAT, BCAST are lane moves. Kept apart from the prepared scalar evaluator, whose
 * one-word-per-node layout is what makes it fast. */
#include <stdlib.h>
#include <string.h>

#include "eval/eval_internal.h"
#include "ir/errmsg.h"
#include "ir/nodemap.h"

static LaneValue lanes_ub(int lanes) {
  LaneValue r;
  memset(&r, 0, sizeof r);
  r.lanes = (uint8_t)lanes;
  r.ub = true;
  return r;
}

LaneValue eval_lanes_op(const Node *n, const LaneValue *args) {
  LaneValue r;
  memset(&r, 0, sizeof r);
  r.lanes = n->lanes;
  Op op = (Op)n->op;
  switch (op) {
  case OP_CONST: r.lane[0] = n->aux.bits; return r;
  case OP_INVALID: r.inv = true; return r;
  case OP_VAR: return lanes_ub(n->lanes); /* the point gives its value */
  default: break;
  }
  /* Immediate UB (docs/semantics.md): an operand that is UB makes the op UB, lane moves included. The
   * one exception is select, whose untaken branch may be UB: ev_apply decides it per lane. */
  if (op != OP_SELECT)
    for (int i = 0; i < n->nargs; i++)
      if (args[i].ub) return lanes_ub(n->lanes);
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
    Value a[3] = {ev_ub(), ev_ub(), ev_ub()};
    for (int i = 0; i < n->nargs && i < 3; i++) a[i] = (Value){args[i].lane[j], args[i].ub, args[i].inv};
    Value v = ev_apply(ev_code(n), (DType)n->dtype, adt, a);
    if (v.ub) return lanes_ub(n->lanes); /* one UB lane makes the vector UB */
    r.lane[j] = v.bits;
    r.inv |= v.inv; /* scalars only: no vector holds an INVALID index */
  }
  return r;
}

bool ev_lanes_at(Node *root, const Point *p, Outcome *out, char *err, size_t errsize) {
  *out = (Outcome){.value = lanes_ub(root->lanes)};
  Node **order;
  size_t n = vs_postorder(root, &order);
  if (n == 0) return vs_fail(err, errsize, "out of memory");
  LaneValue *vals = malloc(n * sizeof *vals);
  LaneValue *args = malloc(VS_MAX_LANES * sizeof *args);
  NodeMap index;
  nodemap_init(&index);
  bool ok = vals && args;
  if (!ok) vs_fail(err, errsize, "out of memory");
  for (size_t i = 0; ok && i < n; i++) {
    Node *node = order[i];
    if (node->op == OP_VAR) {
      size_t k = 0;
      while (k < p->nvars && p->vars[k].var != node) k++;
      if (k == p->nvars) {
        ok = vs_fail(err, errsize, "no value for variable '%s'", node->aux.name);
        break;
      }
      memset(&vals[i], 0, sizeof vals[i]);
      vals[i].lanes = node->lanes;
      for (int j = 0; j < node->lanes; j++) vals[i].lane[j] = vs_canon_bits((DType)node->dtype, p->vars[k].lane[j]);
    } else {
      for (int j = 0; j < node->nargs; j++) {
        uint64_t at = 0;
        nodemap_get(&index, node->args[j], &at); /* children precede parents in post-order */
        args[j] = vals[at];
      }
      vals[i] = eval_lanes_op(node, args);
    }
    if (!nodemap_put(&index, node, i)) ok = vs_fail(err, errsize, "out of memory");
  }
  if (ok) out->value = vals[n - 1];
  nodemap_free(&index);
  free(args);
  free(vals);
  free(order);
  return ok;
}
