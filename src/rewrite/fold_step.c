/* fold_step.c: what the engine decides for a lemma-driven fold (folds.h): the lemma's proof, that its
 * pattern is the node, its guard, and its template, by the code that decides rules. */
#include <string.h>

#include "ir/vector.h"

#include "analysis/lin.h"
#include "rewrite/folds.h"
#include "rewrite/match.h"
#include "rules/catalog.h"

bool fold_bind(FoldStep *s, const char *name, Node *node) {
  if (!node || s->nbind >= RULE_MAX_SLOTS) return false;
  s->bind[s->nbind].slot = name;
  s->bind[s->nbind].node = node;
  s->nbind++;
  return true;
}

bool fold_bind_int(FoldStep *s, VsCtx *ctx, const char *name, DType dt, i128 v) {
  return im_fits(dt, v) && fold_bind(s, name, vs_const_int(ctx, dt, v));
}

/* a == b modulo 2^w, w the width of dt. */
static bool same_mod(DType dt, i128 a, i128 b) {
  i128 d;
  if (!im_sub_ok(a, b, &d)) return false;
  return im_from_value(dt, d) == 0;
}

static bool is_linear(const Node *n) {
  if (!dt_is_int((DType)n->dtype) || n->lanes != 1) return false;
  switch (n->op) {
  case OP_ADD:
  case OP_SUB:
  case OP_NEG:
  case OP_CONST: return true;
  case OP_MUL: return n->args[0]->op == OP_CONST || n->args[1]->op == OP_CONST;
  default: return false;
  }
}

/* Collects the atoms the linear tree at n names (the non-linear leaves of its + - neg *const
 * structure, whatever their coefficients) into atoms; false past LIN_MAX_TERMS * 2. */
static bool tree_atoms(const Node *n, const Node **atoms, int *na) {
  if (is_linear(n)) {
    if (n->op == OP_CONST) return true;
    for (int i = 0; i < n->nargs; i++)
      if (!tree_atoms(n->args[i], atoms, na)) return false;
    return true;
  }
  for (int i = 0; i < *na; i++)
    if (atoms[i] == n) return true;
  if (*na == 2 * LIN_MAX_TERMS) return false;
  atoms[(*na)++] = n;
  return true;
}

bool fold_ring_equal(const Node *a, const Node *b) {
  if (a == b) return true;
  if (a->dtype != b->dtype || a->lanes != b->lanes || a->kind != b->kind) return false;
  if (is_linear(a) || is_linear(b)) {
    Lin la, lb;
    DType dt = (DType)a->dtype;
    if (!lin_of(a, &la) || !lin_of(b, &lb) || !same_mod(dt, la.k, lb.k)) return false;
    /* Every atom's coefficients agree modulo 2^w (an atom missing on one side has coefficient 0). */
    for (int i = 0; i < la.n; i++) {
      i128 cb = 0;
      for (int j = 0; j < lb.n; j++)
        if (lb.t[j].t == la.t[i].t) cb = lb.t[j].a;
      if (!same_mod(dt, la.t[i].a, cb)) return false;
    }
    for (int j = 0; j < lb.n; j++) {
      bool in_a = false;
      for (int i = 0; i < la.n && !in_a; i++) in_a = la.t[i].t == lb.t[j].t;
      if (!in_a && !same_mod(dt, lb.t[j].a, 0)) return false;
    }
    /* a evaluates no atom b does not (an atom that cancels in a's sum is still evaluated: its UB). */
    const Node *aa[2 * LIN_MAX_TERMS], *ab[2 * LIN_MAX_TERMS];
    int na = 0, nb = 0;
    if (!tree_atoms(a, aa, &na) || !tree_atoms(b, ab, &nb)) return false;
    for (int i = 0; i < na; i++) {
      bool in_b = false;
      for (int j = 0; j < nb && !in_b; j++) in_b = aa[i] == ab[j];
      if (!in_b) return false;
    }
    return true;
  }
  if (a->op != b->op || a->nargs != b->nargs || a->aux.bits != b->aux.bits || a->op == OP_VAR || a->op == OP_CONST)
    return false;
  for (int i = 0; i < a->nargs; i++)
    if (!fold_ring_equal(a->args[i], b->args[i])) return false;
  return true;
}

/* The slot of rule r named `name`, or -1. */
static int slot_named(const Rule *r, const char *name) {
  for (int s = 0; s < r->nslots; s++)
    if (!strcmp(r->slot_names[s], name)) return s;
  return -1;
}

/* Fills the match from the step's bindings: every slot bound, each type class taking its slots'
 * dtype (consistently, and a fixed class its own). */
static bool bind_match(const Rule *r, const FoldStep *s, Match *m) {
  match_reset(r, m);
  for (int i = 0; i < s->nbind; i++) {
    int k = slot_named(r, s->bind[i].slot);
    if (k < 0 || m->slot[k]) return false;
    m->slot[k] = s->bind[i].node;
  }
  for (int k = 0; k < r->nslots; k++) {
    if (!m->slot[k]) return false;
    uint8_t cls = r->slot_class[k], dt = m->slot[k]->dtype;
    if (m->slot[k]->lanes != r->slot_lanes[k] || m->slot[k]->kind != r->slot_nkind[k]) return false;
    if (r->slot_kind[k] == PAT_CVAR && m->slot[k]->op != OP_CONST) return false;
    if (m->class_dt[cls] == DT_COUNT) m->class_dt[cls] = dt;
    else if (m->class_dt[cls] != dt) return false;
  }
  for (int c = 0; c < r->nclasses; c++)
    if (m->class_dt[c] == DT_COUNT) return false;
  return true;
}

/* Template t built with every linear subterm the template makes (not the bound nodes) rebuilt in
 * canonical form (lin_build): x + c1 with x a sum and c1 = 0 is that sum. A ring step, as term
 * collection: every lemma-driven fold declares the lemmas lin_*. */
static Node *build_normalized(VsCtx *ctx, const Rule *r, const Pat *t, const Match *m) {
  if (t->kind != PAT_OP || (t->nargs == 0 && t->slot >= 0) || t->op == OP_INVALID)
    return template_build(ctx, r, t, m);
  Node *args[VS_MAX_LANES];
  for (int i = 0; i < t->nargs; i++)
    if (!(args[i] = build_normalized(ctx, r, t->args[i], m))) return NULL;
  Node *n = vs_make_ex(ctx, (Op)t->op, (DType)m->class_dt[t->tclass], t->lanes, t->aux, args, t->nargs);
  Lin l;
  if (!n || !is_linear(n) || !lin_of(n, &l)) return n;
  Node *c = lin_build(ctx, &l);
  return c ? c : n;
}

/* Every @-binding of pattern p is the node its subpattern builds (the guard may read its bounds). */
static bool at_bindings_hold(VsCtx *ctx, const Rule *r, const Pat *p, const Match *m) {
  if (p->kind != PAT_OP) return true;
  if (p->slot >= 0 && p->nargs > 0 && template_build(ctx, r, p, m) != m->slot[p->slot]) return false;
  for (int i = 0; i < p->nargs; i++)
    if (!at_bindings_hold(ctx, r, p->args[i], m)) return false;
  return true;
}

enum { LATTICE_MAX = 64 };

/* The distinct operands of the chain of op at n (of n's dtype) into ops; false past LATTICE_MAX. */
static bool lattice_operands(const Node *n, Op op, uint8_t dt, const Node **ops, int *nops) {
  if (n->op == op && n->dtype == dt)
    return lattice_operands(n->args[0], op, dt, ops, nops) && lattice_operands(n->args[1], op, dt, ops, nops);
  for (int i = 0; i < *nops; i++)
    if (ops[i] == n) return true;
  if (*nops == LATTICE_MAX) return false;
  ops[(*nops)++] = n;
  return true;
}

bool fold_lattice_equal(const Node *a, const Node *b) {
  if (a == b) return true;
  Op op = (Op)a->op;
  if ((op != OP_MIN && op != OP_MAX) || !dt_is_int((DType)a->dtype) || a->lanes != 1 || a->dtype != b->dtype)
    return false;
  const Node *oa[LATTICE_MAX], *ob[LATTICE_MAX];
  int na = 0, nb = 0;
  if (!lattice_operands(a, op, a->dtype, oa, &na) || !lattice_operands(b, op, a->dtype, ob, &nb) || na != nb)
    return false;
  for (int i = 0; i < na; i++) {
    bool found = false;
    for (int j = 0; j < nb && !found; j++) found = oa[i] == ob[j];
    if (!found) return false;
  }
  return true;
}

Node *fold_step_apply(VsCtx *ctx, const Catalog *cat, Node *n, const FoldStep *s) {
  if (!s->lemma) {
    if (!s->result) return NULL;
    return (s->lattice ? fold_lattice_equal(s->result, n) : fold_ring_equal(s->result, n)) ? s->result : NULL;
  }
  const Rule *r = catalog_find(cat, s->lemma);
  Match m;
  if (!r || !bind_match(r, s, &m)) return NULL;
  if (!rule_instance_proved(r, rule_instance_index(r, m.class_dt))) return NULL;
  Node *p = template_build(ctx, r, r->lhs, &m);
  bool ctx_ok = !s->scale || (s->rest && s->scale->op == OP_CONST && p && s->scale->dtype == p->dtype &&
                              s->rest->dtype == p->dtype && dt_is_int((DType)p->dtype) && p->lanes == 1);
  if (!p || !ctx_ok || !at_bindings_hold(ctx, r, r->lhs, &m) || !guard_holds(ctx, r, &m)) return NULL;
  if (!s->scale) return fold_ring_equal(p, n) ? build_normalized(ctx, r, r->rhs, &m) : NULL;
  /* In a ring context: n is P * scale + rest, the result R * scale + rest. */
  Node *pc = vs_bin(ctx, OP_ADD, vs_bin(ctx, OP_MUL, p, s->scale), s->rest);
  Node *rv = build_normalized(ctx, r, r->rhs, &m);
  Node *out = rv ? vs_bin(ctx, OP_ADD, vs_bin(ctx, OP_MUL, rv, s->scale), s->rest) : NULL;
  Lin l;
  if (!pc || !out || !fold_ring_equal(pc, n) || !lin_of(out, &l)) return NULL;
  Node *norm = lin_build(ctx, &l);
  return norm ? norm : out;
}
