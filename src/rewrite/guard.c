/* Guard evaluation: exact integer arithmetic on i128. An operation that divides by zero or overflows
 * i128 makes the guard false: the engine then declines to fire, which is always sound. */
#include "rewrite/match.h"

#include "analysis/align.h"
#include "analysis/may_ub.h"
#include "ir/graph.h"
#include "rules/guard_arith.h"

static bool is_intlike(DType dt) { return dt == DT_BOOL || dt_is_int(dt); }

/* The exact interval of a template expression over its variables' bounds, for no_overflow: false
 * when some operation of it may leave its dtype's range (or the expression uses an unsupported op). */
static bool exact_range(const Rule *r, const Pat *t, const Match *m, i128 *lo, i128 *hi) {
  DType dt = (DType)m->class_dt[t->tclass];
  if (!dt_is_int(dt)) return false;
  switch (t->kind) {
  case PAT_VAR:
  case PAT_CVAR: {
    const Node *n = m->slot[t->slot];
    *lo = vs_vmin(n);
    *hi = vs_vmax(n);
    return true;
  }
  case PAT_LIT:
    if (t->lit_float || !im_fits(dt, t->ival)) return false;
    *lo = *hi = t->ival;
    return true;
  case PAT_BOUND: {
    const Node *n = m->slot[t->slot];
    *lo = *hi = t->bound_max ? vs_vmax(n) : vs_vmin(n);
    return true;
  }
  case PAT_OP: {
    i128 al, ah, bl = 0, bh = 0;
    if (t->nargs < 1 || t->nargs > 2 || !exact_range(r, t->args[0], m, &al, &ah)) return false;
    if (t->nargs == 2 && !exact_range(r, t->args[1], m, &bl, &bh)) return false;
    i128 c[4];
    switch (t->op) {
    case OP_NEG:
      if (!im_sub_ok(0, ah, lo) || !im_sub_ok(0, al, hi)) return false;
      break;
    case OP_ADD:
      if (!im_add_ok(al, bl, lo) || !im_add_ok(ah, bh, hi)) return false;
      break;
    case OP_SUB:
      if (!im_sub_ok(al, bh, lo) || !im_sub_ok(ah, bl, hi)) return false;
      break;
    case OP_MUL:
      if (!im_mul_ok(al, bl, &c[0]) || !im_mul_ok(al, bh, &c[1]) || !im_mul_ok(ah, bl, &c[2]) ||
          !im_mul_ok(ah, bh, &c[3]))
        return false;
      *lo = *hi = c[0];
      for (int i = 1; i < 4; i++) {
        if (c[i] < *lo) *lo = c[i];
        if (c[i] > *hi) *hi = c[i];
      }
      break;
    default: return false;
    }
    return im_fits(dt, *lo) && im_fits(dt, *hi);
  }
  default: return false;
  }
}

/* A leaf of a guard's arithmetic (a number, a constant's value, a bound, known trailing zeros, a width):
 * 1 with its value in *out, 0 where it has none (the guard is then undefined), -1 for an operation.
 * Inline: a comparison's operands are mostly leaves, read here without a call. */
static inline int guard_leaf(const Guard *g, const Match *m, i128 *out) {
  const Node *n = g->slot >= 0 ? m->slot[g->slot] : NULL;
  switch (g->kind) {
  case G_NUM: *out = g->num; return 1;
  case G_CONST:
    if (!n || n->op != OP_CONST || !is_intlike((DType)n->dtype)) return 0;
    *out = vs_const_value(n);
    return 1;
  case G_VMIN:
  case G_VMAX:
    if (!n || !is_intlike((DType)n->dtype)) return 0;
    *out = g->kind == G_VMIN ? vs_vmin(n) : vs_vmax(n);
    return 1;
  case G_VTZ:
    if (!n || !dt_is_int((DType)n->dtype)) return 0;
    *out = vs_known_tz(n);
    return 1;
  case G_BITS:
    if (!n) return 0;
    *out = dt_bits((DType)n->dtype);
    return 1;
  default: return -1;
  }
}

static bool guard_op_num(const Rule *r, const Guard *g, const Match *m, i128 *out);

/* The value of a guard's arithmetic term g; false where it is undefined. */
static inline bool guard_num(const Rule *r, const Guard *g, const Match *m, i128 *out) {
  int leaf = guard_leaf(g, m, out);
  return leaf >= 0 ? leaf == 1 : guard_op_num(r, g, m, out);
}

/* guard_num of an operation: its operands, then guard_arith. */
static bool guard_op_num(const Rule *r, const Guard *g, const Match *m, i128 *out) {
  i128 a, b;
  if (!guard_num(r, g->a, m, &a)) return false;
  if (guard_arith_unary((GuardKind)g->kind)) return guard_arith((GuardKind)g->kind, a, 0, out);
  return guard_num(r, g->b, m, &b) && guard_arith((GuardKind)g->kind, a, b, out);
}

static bool dtype_test(DtypeTest t, DType dt) {
  switch (t) {
  case TEST_INT: return dt_is_int(dt);
  case TEST_SIGNED: return dt_is_signed(dt);
  case TEST_UNSIGNED: return dt_is_unsigned(dt);
  case TEST_FLOAT: return dt_is_float(dt);
  case TEST_BOOL: return dt == DT_BOOL;
  case TEST_INDEX: return dt == DT_INDEX;
  }
  return false;
}

/* Three-valued: a guard that divides by zero or overflows anywhere is undefined, and an undefined
 * guard does not fire, whatever the operators around it (a negation must not turn "could not
 * compute" into "true"). */
typedef enum { GB_FALSE, GB_TRUE, GB_UNDEF } GuardBool;

static GuardBool guard_bool(VsCtx *ctx, const Rule *r, const Guard *g, const Match *m) {
  i128 a, b;
  GuardBool x, y;
  switch (g->kind) {
  case G_AND:
  case G_OR:
    x = guard_bool(ctx, r, g->a, m);
    y = guard_bool(ctx, r, g->b, m);
    if (x == GB_UNDEF || y == GB_UNDEF) return GB_UNDEF;
    return (g->kind == G_AND ? (x && y) : (x || y)) ? GB_TRUE : GB_FALSE;
  case G_NOT:
    x = guard_bool(ctx, r, g->a, m);
    return x == GB_UNDEF ? GB_UNDEF : x == GB_TRUE ? GB_FALSE : GB_TRUE;
  case G_TEST: return dtype_test((DtypeTest)g->test, (DType)m->slot[g->slot]->dtype) ? GB_TRUE : GB_FALSE;
  case G_IS_CONST: return m->slot[g->slot]->op == OP_CONST ? GB_TRUE : GB_FALSE;
  case G_ORDER: return node_orders_after(m->slot[g->slot], m->slot[g->slot2]) ? GB_TRUE : GB_FALSE;
  case G_FREE_OF: return graph_range_is_free(ctx, m->slot[g->slot], m->slot[g->slot2]) ? GB_FALSE : GB_TRUE;
  case G_NO_UB: return node_may_ub(m->slot[g->slot]) ? GB_FALSE : GB_TRUE;
  case G_IS_POW2:
    if (!guard_num(r, g->a, m, &a)) return GB_UNDEF;
    return a > 0 && (a & (a - 1)) == 0 ? GB_TRUE : GB_FALSE;
  case G_NO_OVERFLOW:
    /* The rule parser admits no_overflow only where a false answer cannot make the guard true (never
     * under a negation), since "the interval may overflow" does not mean "it overflows". */
    return exact_range(r, g->expr, m, &a, &b) ? GB_TRUE : GB_FALSE;
  case G_EQ:
  case G_NE:
  case G_LT:
  case G_LE:
    if (!guard_num(r, g->a, m, &a) || !guard_num(r, g->b, m, &b)) return GB_UNDEF;
    return (g->kind == G_EQ ? a == b : g->kind == G_NE ? a != b : g->kind == G_LT ? a < b : a <= b) ? GB_TRUE
                                                                                                  : GB_FALSE;
  default: return GB_UNDEF;
  }
}

/* Whether g is true. A conjunction is true exactly when both sides are (false and undefined alike
 * make it not true), so a conjunction here, not under a negation, stops at its first side that is not
 * true: the same answer without evaluating the rest. The evaluation has no effect but its answer. */
static bool guard_true(VsCtx *ctx, const Rule *r, const Guard *g, const Match *m) {
  if (g->kind == G_AND) return guard_true(ctx, r, g->a, m) && guard_true(ctx, r, g->b, m);
  return guard_bool(ctx, r, g, m) == GB_TRUE;
}

bool guard_holds(VsCtx *ctx, const Rule *r, const Match *m) { return !r->guard || guard_true(ctx, r, r->guard, m); }
