#include "analysis/may_ub.h"

#include <stdlib.h>

#include "ir/graph.h"

/* Whether some operand of n may be INVALID and n is an op that is UB on one: a comparison, a cast or a
 * bitcast out of index (docs/semantics.md, "The invalid index"). Index ops pass INVALID on, select
 * passes on its chosen operand, and a load or store of a masked pointer is defined. */
static bool invalid_is_ub(const Node *n) {
  if (n->dtype == DT_INDEX || n->op == OP_SELECT || op_is_graph((Op)n->op)) return false;
  for (int i = 0; i < n->nargs; i++)
    if (n->args[i]->dtype == DT_INDEX && (n->args[i]->flags & NF_HAS_INVALID)) return true;
  return false;
}

/* Whether every exact value of a no-signed-overflow op over its operands' bounds fits its dtype (the op
 * is then never UB for overflow): the extremes of + - * and unary - over a box are at its corners, and
 * so are those of a * 2^s for s in the shift amount's range. */
static bool nsw_fits(const Node *n) {
  DType dt = (DType)n->dtype;
  i128 al = vs_vmin(n->args[0]), ah = vs_vmax(n->args[0]);
  i128 bl = n->nargs > 1 ? vs_vmin(n->args[1]) : 0, bh = n->nargs > 1 ? vs_vmax(n->args[1]) : 0;
  if (n->op == OP_SHL) {
    if (bl < 0 || bh >= dt_bits(dt)) return false;
    bl = (i128)1 << bl;
    bh = (i128)1 << bh;
  }
  i128 as[2] = {al, ah}, bs[2] = {bl, bh};
  for (int i = 0; i < 2; i++)
    for (int j = 0; j < 2; j++) {
      i128 r;
      bool ok;
      switch ((Op)n->op) {
      case OP_ADD: ok = im_add_ok(as[i], bs[j], &r); break;
      case OP_SUB: ok = im_sub_ok(as[i], bs[j], &r); break;
      case OP_NEG: ok = im_sub_ok(0, as[i], &r); break;
      default: ok = im_mul_ok(as[i], bs[j], &r); break; /* MUL, SHL */
      }
      if (!ok || !im_fits(dt, r)) return false;
    }
  return true;
}

/* The UB conditions of n's own op (operands defined), from its operands' bounds. */
static bool op_may_ub(const Node *n) {
  const Node *a = n->nargs > 0 ? n->args[0] : NULL, *b = n->nargs > 1 ? n->args[1] : NULL;
  DType adt = a ? (DType)a->dtype : DT_BOOL;
  if (invalid_is_ub(n)) return true; /* corpus/regressions/graph_store_gated_invalid_ub.vs */
  if (vs_is_nsw(n) && !nsw_fits(n)) return true;
  switch ((Op)n->op) {
  case OP_IDIV:
  case OP_MOD:
  case OP_TDIV:
  case OP_TMOD: return dt_is_int(adt) && vs_vmin(b) <= 0 && vs_vmax(b) >= 0;
  case OP_SHL:
  case OP_SHR: return vs_vmin(b) < 0 || vs_vmax(b) >= dt_bits(adt);
  case OP_POW: return dt_is_signed(adt) && vs_vmin(b) < 0;
  case OP_CAST: return dt_is_float(adt) && dt_is_int((DType)n->dtype);
  case OP_LOAD:
  case OP_STORE: {
    /* In bounds for every size the buffer may have: 0 <= index <= size_lo - 1. A masked index's bounds
     * span INVALID's full range, so it counts as possibly out of bounds (conservative). */
    const Node *ptr = a, *buf = ptr->args[0], *idx = ptr->args[1];
    while (buf->op == OP_AFTER) buf = buf->args[0];
    return buf->op != OP_BUFFER || vs_vmin(idx) < 0 || (i128)buf->lo == 0 || vs_vmax(idx) > (i128)buf->lo - 1;
  }
  case OP_EFFECT:
  case OP_OPAQUE: return true; /* any effect or value, UB ones included */
  default: return false;
  }
}

bool node_may_ub(const Node *n) {
  if (n->op == OP_CONST || n->op == OP_VAR || n->op == OP_INVALID) return false;
  Node **order;
  size_t count = vs_postorder((Node *)n, &order);
  if (count == 0) return true; /* out of memory: no claim */
  bool ub = false;
  for (size_t i = 0; i < count && !ub; i++) ub = op_may_ub(order[i]);
  free(order);
  return ub;
}
