/* The graph part of a rule instance (rule_inst.h): what a rule over buffers, pointers, effects and loops
 * needs beyond fresh variables.
 *
 * The engine may bind a pattern variable inside a loop body to a node that depends on the loop's
 * variable (reduce(add, x, r@range(y)) matches a body that reads r). So such a variable is not one
 * value but one per iteration: the instance gives it a fresh variable per iteration and selects among
 * them by the loop variables (x := select(r == 0, x_i0, select(r == 1, x_i1, ...))), which is any
 * function of the iterations the unrolled loop runs. free_of(x, r) says the matched node does not
 * contain r; then x is one value. An effect variable (e, e1, ...) becomes an abstract effect over the
 * loops that bind it, which the encoding makes an uninterpreted function: every effect at once. */
#include <stdio.h>
#include <string.h>

#include "ir/graph.h"
#include "verify/rule_inst.h"

/* Loop-dependent variables get one variable per iteration of at most this many iterations in all. */
enum { TABLE_MAX_TRIPS = 8, TABLE_MAX_CELLS = 64 };

/* ---- the guard's facts ---- */

static void narrow(Inst *in, const Guard *leaf, GuardKind k, i128 num, bool num_left) {
  if (leaf->kind != G_CONST && leaf->kind != G_VMIN && leaf->kind != G_VMAX) return;
  int s = leaf->slot;
  DType dt = (DType)in->class_dt[in->r->slot_class[s]];
  if (!dt_is_int(dt)) return;
  /* leaf OP num (or num OP leaf): an upper or a lower bound on the leaf. */
  bool upper = k == G_EQ || !num_left, lower = k == G_EQ || num_left;
  i128 v = num;
  if (k == G_LT) v = num_left ? num + 1 : num - 1;
  /* vmin(x) >= v bounds x below; vmax(x) <= v bounds it above; the other two say nothing of x. */
  if (leaf->kind == G_VMIN) upper = false;
  if (leaf->kind == G_VMAX) lower = false;
  if (upper && v < in->hi[s]) in->hi[s] = v < in->lo[s] ? in->lo[s] : v;
  if (lower && v > in->lo[s]) in->lo[s] = v > in->hi[s] ? in->hi[s] : v;
}

static void narrow_guard(Inst *in, const Guard *g) {
  switch (g->kind) {
  case G_AND:
    narrow_guard(in, g->a);
    narrow_guard(in, g->b);
    return;
  case G_LT:
  case G_LE:
  case G_EQ:
    if (g->b->kind == G_NUM) narrow(in, g->a, (GuardKind)g->kind, g->b->num, false);
    else if (g->a->kind == G_NUM) narrow(in, g->b, (GuardKind)g->kind, g->a->num, true);
    return;
  default: return;
  }
}

void inst_narrow(Inst *in) {
  if (in->r->guard) narrow_guard(in, in->r->guard);
}

/* ---- dependencies on loops ---- */

static void add_dep(Inst *in, int s, const Pat *range) {
  for (int i = 0; i < in->ndeps[s]; i++)
    if (in->deps[s][i] == range) return;
  if (in->ndeps[s] == INST_MAX_DEPS) {
    in->unsupported = true;
    in->unsupported_why = "a variable under more than 4 loops";
    return;
  }
  in->deps[s][in->ndeps[s]++] = range;
}

static void deps_walk(Inst *in, const Pat *p, const Pat **stack, int n) {
  if (p->kind == PAT_VAR) {
    for (int i = 0; i < n; i++) add_dep(in, p->slot, stack[i]);
    return;
  }
  if (p->kind != PAT_OP) return;
  bool binds = p->op == OP_REDUCE || p->op == OP_END;
  for (int i = 0; i < p->nargs; i++) {
    const Pat *inner[RULE_MAX_SLOTS + VS_MAX_LANES];
    int m = n;
    if (n) memcpy(inner, stack, (size_t)n * sizeof *stack);
    if (binds && i == 0)
      for (int j = 1; j < p->nargs && m < (int)(sizeof inner / sizeof inner[0]); j++) inner[m++] = p->args[j];
    deps_walk(in, p->args[i], inner, m);
  }
}

/* The pattern node a PAT_OP slot names. */
static const Pat *slot_pat(const Pat *p, int slot) {
  if (p->kind != PAT_OP) return NULL;
  if (p->slot == slot) return p;
  for (int i = 0; i < p->nargs; i++) {
    const Pat *q = slot_pat(p->args[i], slot);
    if (q) return q;
  }
  return NULL;
}

static void drop_free_of(Inst *in, const Guard *g) {
  if (g->kind == G_AND) {
    drop_free_of(in, g->a);
    drop_free_of(in, g->b);
    return;
  }
  if (g->kind != G_FREE_OF) return;
  const Pat *range = slot_pat(in->r->lhs, g->slot2);
  int s = g->slot, k = 0;
  for (int i = 0; i < in->ndeps[s]; i++)
    if (in->deps[s][i] != range) in->deps[s][k++] = in->deps[s][i];
  in->ndeps[s] = k;
}

/* Marks the value slots that occur in a shifted state: under after's first operand with effects to
 * wait for, in an end's body (each iteration sees what the earlier ones wrote), in the index of an access
 * through after. A plain variable there would be one value in every state; the engine may bind a load. */
static void shifted_walk(Inst *in, const Pat *p, bool shifted) {
  if (p->kind == PAT_VAR) {
    if (shifted && in->r->slot_nkind[p->slot] == NK_VALUE) in->opaque[p->slot] = true;
    return;
  }
  if (p->kind != PAT_OP) return;
  for (int i = 0; i < p->nargs; i++) {
    bool s = shifted || (p->op == OP_AFTER && i == 0 && p->nargs > 1) || (p->op == OP_END && i == 0) ||
             (p->op == OP_INDEX && i == 1 && p->args[0]->kind == PAT_OP && p->args[0]->op == OP_AFTER);
    shifted_walk(in, p->args[i], s);
  }
}

void inst_deps(Inst *in) {
  deps_walk(in, in->r->lhs, NULL, 0);
  if (in->r->guard) drop_free_of(in, in->r->guard);
  shifted_walk(in, in->r->lhs, false);
  shifted_walk(in, in->r->rhs, false);
}

static bool lazy_only(const Pat *p, int s, bool *seen) {
  if (p->kind == PAT_VAR && p->slot == s) {
    *seen = true;
    return p->lazy;
  }
  for (int i = 0; p->kind == PAT_OP && i < p->nargs; i++)
    if (!lazy_only(p->args[i], s, seen)) return false;
  return true;
}

static bool has_no_ub(const Guard *g, int s) {
  if (!g) return false;
  if (g->kind == G_AND) return has_no_ub(g->a, s) || has_no_ub(g->b, s);
  return g->kind == G_NO_UB && g->slot == s;
}

bool inst_has_no_ub(const Rule *r, int s) { return has_no_ub(r->guard, s); }

bool inst_slot_lazy_only(const Rule *r, int s) {
  if (r->step_of) r = r->step_of; /* a proof step's variables may be UB where the stated rule's may */
  bool seen = false;
  return lazy_only(r->lhs, s, &seen) && seen && !has_no_ub(r->guard, s);
}

/* ---- the slots ---- */

Node *inst_range(Inst *in, const Pat *p) {
  Node *end = build(in, p->args[0]);
  Node *r = end ? vs_range(in->ctx, end, p->slot >= 0 ? in->r->slot_names[p->slot] : "r") : NULL;
  if (r && p->slot >= 0) in->slot[p->slot] = r;
  return r;
}

static bool ranges_of(Inst *in, int s, Node **rs) {
  for (int i = 0; i < in->ndeps[s]; i++)
    if (!(rs[i] = inst_range(in, in->deps[s][i]))) return false;
  return true;
}

/* The variable of one cell of slot s's table, named NAME_iK_L... (possibly UB if the slot is lazy). An
 * index cell of a pointer spans the whole index range; a value cell the slot's declared one. */
static Node *cell(Inst *in, int s, DType dt, const char *name, bool lazy) {
  bool own = dt == (DType)in->class_dt[in->r->slot_class[s]];
  Node *x = vs_var(in->ctx, name, dt, own ? in->lo[s] : im_min(dt), own ? in->hi[s] : im_max(dt));
  Node *def;
  return x && lazy ? inst_maybe_ub(in, x, name, &def) : x;
}

static Node *table(Inst *in, int s, DType dt, Node **rs, const int *trips, int level, const char *name, bool lazy) {
  if (level == in->ndeps[s]) return cell(in, s, dt, name, lazy);
  char sub[96];
  int k = trips[level] > 0 ? trips[level] - 1 : 0;
  snprintf(sub, sizeof sub, "%s%s%d", name, level ? "_" : "_i", k);
  Node *acc = table(in, s, dt, rs, trips, level + 1, sub, lazy);
  for (k--; k >= 0 && acc; k--) {
    snprintf(sub, sizeof sub, "%s%s%d", name, level ? "_" : "_i", k);
    Node *here = table(in, s, dt, rs, trips, level + 1, sub, lazy);
    Node *at = here ? vs_bin(in->ctx, OP_EQ, rs[level], vs_const_int(in->ctx, DT_INDEX, k)) : NULL;
    acc = at ? vs_tern(in->ctx, OP_SELECT, at, here, acc) : NULL;
  }
  return acc;
}

/* A value slot that depends on loops: a table over the iterations the loops can run. */
static Node *loop_value(Inst *in, int s, DType dt, const char *name, bool lazy) {
  Node *rs[INST_MAX_DEPS];
  int trips[INST_MAX_DEPS];
  if (!ranges_of(in, s, rs)) return NULL;
  long cells = 1;
  for (int i = 0; i < in->ndeps[s]; i++) {
    i128 t = vs_vmax(rs[i]->args[0]);
    trips[i] = t <= 0 ? 0 : t > TABLE_MAX_TRIPS ? TABLE_MAX_TRIPS + 1 : (int)t;
    cells *= trips[i] > 0 ? trips[i] : 1;
    if (trips[i] > TABLE_MAX_TRIPS || cells > TABLE_MAX_CELLS) {
      in->unsupported = true;
      in->unsupported_why = "a loop-dependent variable over a loop whose trip count the guard does not bound by 8";
      trips[i] = 1;
    }
  }
  in->no_case = true;
  return table(in, s, dt, rs, trips, 0, name, lazy);
}

bool inst_graph_slot(Inst *in, int s) {
  const Rule *r = in->r;
  DType dt = (DType)in->class_dt[r->slot_class[s]];
  const char *name = r->slot_names[s];
  char sub[96];
  Node *rs[INST_MAX_DEPS];
  bool lazy = inst_slot_lazy_only(r, s) || (r->binds_invalid && !has_no_ub(r->guard, s));
  switch ((NodeKind)r->slot_nkind[s]) {
  case NK_BUFFER: in->slot[s] = vs_buffer(in->ctx, name, dt, 0, VS_MAX_BUFFER_SIZE); break;
  case NK_EFFECT:
    if (!ranges_of(in, s, rs)) return false;
    in->slot[s] = vs_effect_var(in->ctx, name, rs, in->ndeps[s]);
    in->no_case = true;
    break;
  case NK_POINTER: {
    /* Any element of any buffer, masked or not: index(NAME_buf, select(NAME_inv, invalid, NAME_idx)). */
    snprintf(sub, sizeof sub, "%s_buf", name);
    Node *buf = vs_buffer(in->ctx, sub, dt, 0, VS_MAX_BUFFER_SIZE);
    snprintf(sub, sizeof sub, "%s_idx", name);
    Node *idx = in->ndeps[s] ? loop_value(in, s, DT_INDEX, sub, lazy) : cell(in, s, DT_INDEX, sub, lazy);
    snprintf(sub, sizeof sub, "%s_inv", name);
    Node *inv = vs_var(in->ctx, sub, DT_BOOL, 0, 1);
    Node *masked = buf && idx && inv ? vs_tern(in->ctx, OP_SELECT, inv, vs_invalid(in->ctx), idx) : NULL;
    in->slot[s] = masked ? vs_ptr(in->ctx, buf, masked) : NULL;
    in->no_case = true;
    break;
  }
  default:
    if (in->opaque[s]) {
      if (!ranges_of(in, s, rs)) return false;
      in->slot[s] = vs_opaque(in->ctx, name, dt, rs, in->ndeps[s]);
      in->no_case = true;
    } else {
      in->slot[s] = loop_value(in, s, dt, name, lazy);
    }
    break;
  }
  return in->slot[s] != NULL;
}
