/* fold_step.c: what the engine decides for a lemma-driven fold (folds.h): the lemma's proof, that its
 * pattern is the node, its guard, and its template, by the code that decides rules. */
#include <stdlib.h>
#include <string.h>

#include "ir/ptrmap.h"
#include "ir/rebuild.h"
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

/* A wrapping product of two non-constant integers: total, and distributive over the sums inside it. */
static bool is_ring_product(const Node *n) {
  return n->op == OP_MUL && !(n->aux.bits & VS_AUX_NSW) && dt_is_int((DType)n->dtype) && n->lanes == 1 &&
         n->args[0]->op != OP_CONST && n->args[1]->op != OP_CONST;
}

/* Collects the atoms the linear tree at n names (the non-linear leaves of its + - neg *const
 * structure, whatever their coefficients, and of the wrapping products in it, which are defined
 * wherever their operands are) into atoms; false past LIN_MAX_TERMS * 2. */
static bool tree_atoms(const Node *n, const Node **atoms, int *na) {
  if (is_linear(n) || is_ring_product(n)) {
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

/* Whether atoms x and y of two linear forms name one value: the same node, or the same non-linear op
 * over operands equal up to the ring identities (fold_ring_equal), each evaluating no atom the other
 * does not (so both are defined at the same points, and equal there). */
static bool atom_equal(const Node *x, const Node *y) {
  if (x == y) return true;
  return !is_linear(x) && !is_linear(y) && fold_ring_equal(x, y) && fold_ring_equal(y, x);
}

/* A monomial of a form read with its products distributed: an atom u (v NULL), or the product u * v of
 * two atoms, unordered. */
typedef struct {
  const Node *u, *v;
} Mono;

static bool mono_equal(Mono a, Mono b) {
  if (!a.v || !b.v) return !a.v && !b.v && atom_equal(a.u, b.u);
  return (atom_equal(a.u, b.u) && atom_equal(a.v, b.v)) || (atom_equal(a.u, b.v) && atom_equal(a.v, b.u));
}

enum { NMONO = 2 * LIN_MAX_TERMS };
typedef struct {
  int n;
  Mono m[NMONO];
  i128 a[NMONO]; /* coefficients, exact (compared modulo 2^w) */
  i128 k;
} Poly;

/* Adds a*x*y times m to p (m.u NULL: to the constant). */
static bool poly_add(Poly *p, Mono m, i128 a, i128 x, i128 y) {
  i128 c;
  if (!im_mul_ok(a, x, &c) || !im_mul_ok(c, y, &c)) return false;
  if (!m.u) return im_add_ok(p->k, c, &p->k);
  if (!c) return true;
  if (p->n == NMONO) return false;
  p->m[p->n] = m;
  p->a[p->n++] = c;
  return true;
}

/* l as a polynomial of degree two: each wrapping product of its atoms, p * q, distributed over the
 * linear forms of p and q (the ring identity (x + y) * z == x*z + y*z modulo 2^w, lemmas lin_*); other
 * atoms as they are. (a + b*3) * d and a*d + b*d*3 read alike. */
static bool poly_of(const Lin *l, Poly *p) {
  p->n = 0;
  p->k = l->k;
  for (int i = 0; i < l->n; i++) {
    const Node *t = l->t[i].t;
    i128 a = l->t[i].a;
    Lin P, Q;
    if (!is_ring_product(t) || !lin_of(t->args[0], &P) || !lin_of(t->args[1], &Q)) {
      if (!poly_add(p, (Mono){t, NULL}, a, 1, 1)) return false;
      continue;
    }
    for (int j = 0; j < P.n; j++) {
      for (int k = 0; k < Q.n; k++)
        if (!poly_add(p, (Mono){P.t[j].t, Q.t[k].t}, a, P.t[j].a, Q.t[k].a)) return false;
      if (!poly_add(p, (Mono){P.t[j].t, NULL}, a, P.t[j].a, Q.k)) return false;
    }
    for (int k = 0; k < Q.n; k++)
      if (!poly_add(p, (Mono){Q.t[k].t, NULL}, a, P.k, Q.t[k].a)) return false;
    if (!poly_add(p, (Mono){NULL, NULL}, a, P.k, Q.k)) return false;
  }
  return true;
}

/* The common case of ring_equal's linear branch, decided on the forms as read: each term of a is a
 * term of b, the same node, with the same coefficient modulo 2^w; b's other terms are 0 modulo 2^w;
 * the constants agree. Then a and b are one value (each is its form modulo 2^w, lemmas lin_*). With
 * `defined`, a's form must also have read each of its term occurrences once and kept it (none merged
 * or cancelled): then a's atoms (tree_atoms) are those of its terms, and b's skeleton reaches each of
 * those terms through the same + - neg *const nodes, so b evaluates every atom a does. False only
 * means "not decided here". */
static bool lin_same(const Lin *la, const Lin *lb, DType dt, bool defined) {
  if ((defined && la->terms != la->n) || la->n > lb->n || !same_mod(dt, la->k, lb->k)) return false;
  uint64_t matched = 0; /* lb's terms paired with one of la's (at most LIN_MAX_TERMS) */
  for (int i = 0; i < la->n; i++) {
    int j = 0;
    while (j < lb->n && lb->t[j].t != la->t[i].t) j++;
    if (j == lb->n || !same_mod(dt, la->t[i].a, lb->t[j].a)) return false;
    matched |= UINT64_C(1) << j;
  }
  for (int j = 0; j < lb->n; j++)
    if (!(matched >> j & 1) && !same_mod(dt, lb->t[j].a, 0)) return false;
  return true;
}

/* fold_ring_equal, or with `defined` false fold_ring_value_equal: the same comparison of values, less
 * the test that a evaluates no atom b does not. */
static bool ring_equal(const Node *a, const Node *b, bool defined) {
  if (a == b) return true;
  if (a->dtype != b->dtype || a->lanes != b->lanes || a->kind != b->kind) return false;
  if (is_linear(a) || is_linear(b)) {
    Lin la, lb;
    Poly pa, pb;
    DType dt = (DType)a->dtype;
    if (!lin_of(a, &la) || !lin_of(b, &lb)) return false;
    if (lin_same(&la, &lb, dt, defined)) return true;
    if (!poly_of(&la, &pa) || !poly_of(&lb, &pb) || !same_mod(dt, pa.k, pb.k)) return false;
    /* The monomials of both forms in classes of equal monomials (each member mono_equal to its class's
     * first, so all of a class are one value wherever they are defined); per class, the coefficients
     * of both sides sum to the same value modulo 2^w (a class missing on one side sums to 0 there).
     * Atoms are mostly compared by identity; an atom that is not the same node is compared up to the
     * ring identities of its operands ((b*31 + 1 + (b*-2)*18) % 18 is (b*-5 + 1) % 18). */
    Mono at[NMONO];
    int nat = 0;
    i128 sa[NMONO], sb[NMONO];
    for (int side = 0; side < 2; side++) {
      const Poly *l = side ? &pb : &pa;
      for (int i = 0; i < l->n; i++) {
        int r = -1;
        for (int j = 0; j < nat && r < 0; j++)
          if (mono_equal(at[j], l->m[i])) r = j;
        if (r < 0) {
          if (nat == NMONO) return false;
          at[nat] = l->m[i];
          sa[nat] = sb[nat] = 0;
          r = nat++;
        }
        i128 *acc = side ? &sb[r] : &sa[r];
        if (!im_add_ok(*acc, l->a[i], acc)) return false;
      }
    }
    for (int j = 0; j < nat; j++)
      if (!same_mod(dt, sa[j], sb[j])) return false;
    if (!defined) return true;
    /* a evaluates no atom b does not (an atom that cancels in a's sum is still evaluated: its UB). */
    const Node *aa[2 * LIN_MAX_TERMS], *ab[2 * LIN_MAX_TERMS];
    int na = 0, nb = 0;
    if (!tree_atoms(a, aa, &na) || !tree_atoms(b, ab, &nb)) return false;
    for (int i = 0; i < na; i++) {
      /* Some atom of b equal to it: the same node is the common case, looked for first (atom_equal
       * is true on it, and has no effect, so the answer is the same). */
      bool in_b = false;
      for (int j = 0; j < nb && !in_b; j++) in_b = aa[i] == ab[j];
      for (int j = 0; j < nb && !in_b; j++) in_b = atom_equal(aa[i], ab[j]);
      if (!in_b) return false;
    }
    return true;
  }
  if (a->op != b->op || a->nargs != b->nargs || a->aux.bits != b->aux.bits || a->op == OP_VAR || a->op == OP_CONST)
    return false;
  bool same = true;
  for (int i = 0; i < a->nargs && same; i++) same = ring_equal(a->args[i], b->args[i], defined);
  /* An integer or bool commutative op: its operands in either order. */
  if (!same && a->nargs == 2 && op_is_comm((Op)a->op) && a->lanes == 1 &&
      (dt_is_int((DType)a->dtype) || a->dtype == DT_BOOL) && !op_is_graph((Op)a->op))
    same = ring_equal(a->args[0], b->args[1], defined) && ring_equal(a->args[1], b->args[0], defined);
  return same;
}

bool fold_ring_equal(const Node *a, const Node *b) { return ring_equal(a, b, true); }
bool fold_ring_value_equal(const Node *a, const Node *b) { return ring_equal(a, b, false); }

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
static bool normalized_claim(PatBuilder *b, const Pat *t, Node **out) {
  if (t->kind == PAT_OP && !(t->nargs == 0 && t->slot >= 0) && t->op != OP_INVALID) return false;
  const Match *m = b->ud;
  *out = template_build(b->ctx, NULL, t, m);
  return true;
}

static Node *normalized_made(PatBuilder *b, const Pat *t, Node *n) {
  (void)t;
  Lin l;
  if (!is_linear(n) || !lin_of(n, &l)) return n;
  Node *c = lin_build(b->ctx, &l);
  return c ? c : n;
}

static Node *build_normalized(VsCtx *ctx, const Rule *r, const Pat *t, const Match *m) {
  (void)r;
  PatBuilder b = {ctx, m->class_dt, normalized_claim, normalized_made, (void *)m};
  return pat_build(&b, t);
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

/* ---- facts ---- */

/* Whether template t is pattern term p: the same tree of ops, variables and literals. */
static bool pat_same(const Pat *t, const Pat *p) {
  if (t->kind != p->kind || t->nargs != p->nargs) return false;
  switch (t->kind) {
  case PAT_VAR:
  case PAT_CVAR: return t->slot == p->slot;
  case PAT_LIT:
    return t->lit_float == p->lit_float && t->lit_typed == p->lit_typed && t->fixed_dt == p->fixed_dt &&
           (t->lit_float ? t->fval == p->fval : t->ival == p->ival);
  case PAT_OP:
    if (t->op != p->op || t->slot != p->slot || t->aux != p->aux || t->lit_typed != p->lit_typed ||
        t->fixed_dt != p->fixed_dt)
      return false;
    for (int i = 0; i < t->nargs; i++)
      if (!pat_same(t->args[i], p->args[i])) return false;
    return true;
  default: return false;
  }
}

/* What variant p of rule r states as a fact about its operands P (args[0]) and Q (args[1]). */
static FactKind fact_shape(const Rule *r, const Pat *p) {
  if (p->kind != PAT_OP || p->nargs != 2 || (p->op != OP_AND && p->op != OP_OR)) return FACT_NONE;
  const Pat *t = r->rhs;
  bool conj = p->op == OP_AND;
  if (t->kind == PAT_LIT) {
    if (t->lit_float) return FACT_NONE;
    return conj && t->ival == 0 ? FACT_EXCL : !conj && t->ival == 1 ? FACT_COVER : FACT_NONE;
  }
  if (pat_same(t, p->args[0])) return conj ? FACT_IMP : FACT_IMP_REV;
  if (pat_same(t, p->args[1])) return conj ? FACT_IMP_REV : FACT_IMP;
  return FACT_NONE;
}

bool fold_is_fact_rule(const Rule *r) {
  if (r->vector || r->graph || r->binds_invalid) return false;
  for (int v = 0; v < r->nvariants; v++)
    if (fact_shape(r, r->variants[v]) != FACT_NONE) return true;
  return false;
}

FactKind fold_fact_kind(VsCtx *ctx, const Rule *r, Node *a, Node *b) {
  if (!r || r->vector || r->graph || r->binds_invalid || a == b) return FACT_NONE;
  if (a->dtype != DT_BOOL || b->dtype != DT_BOOL || a->lanes != 1 || b->lanes != 1) return FACT_NONE;
  for (int v = 0; v < r->nvariants; v++) {
    const Pat *p = r->variants[v];
    FactKind k = fact_shape(r, p);
    if (k == FACT_NONE) continue;
    Match m;
    match_reset(r, &m);
    if (m.class_dt[p->tclass] == DT_COUNT) m.class_dt[p->tclass] = DT_BOOL;
    if (m.class_dt[p->tclass] != DT_BOOL) continue;
    if (!match_pat(r, p->args[0], a, &m) || !match_pat(r, p->args[1], b, &m)) continue;
    bool complete = true;
    for (int c = 0; c < r->nclasses; c++) complete &= m.class_dt[c] != DT_COUNT;
    for (int k2 = 0; k2 < r->nslots; k2++) {
      const Node *x = m.slot[k2];
      /* Every slot occurs in the pattern; no integer rule binds an index that may be INVALID. */
      complete &= x && !(x->dtype == DT_INDEX && (x->flags & NF_HAS_INVALID));
    }
    if (!complete || !rule_instance_proved(r, rule_instance_index(r, m.class_dt))) continue;
    if (guard_holds(ctx, r, &m)) return k;
  }
  return FACT_NONE;
}

int fold_fact_derive(FactKind k, bool va) {
  switch (k) {
  case FACT_EXCL: return va ? 0 : -1;
  case FACT_COVER: return va ? -1 : 1;
  case FACT_IMP: return va ? 1 : -1;
  case FACT_IMP_REV: return va ? -1 : 0;
  default: return -1;
  }
}

bool fold_bool_skeleton(const Node *n) {
  if (n->dtype != DT_BOOL || n->lanes != 1 || n->kind != NK_VALUE) return false;
  switch (n->op) {
  case OP_AND:
  case OP_OR:
  case OP_XOR:
  case OP_NOT: return true;
  case OP_LT:
  case OP_LE:
  case OP_EQ:
  case OP_NE: return n->args[0]->dtype == DT_BOOL && n->args[0]->lanes == 1;
  default: return false;
  }
}

static int add_lit(FoldLit *out, int n, int max, Node *atom, bool value) {
  if (n < max) out[n++] = (FoldLit){atom, value};
  return n;
}

/* The operands of the chain of op at n (bool, scalar) as literals of value `value`. */
static int chain_literals(Node *n, Op op, bool value, FoldLit *out, int k, int max, int depth) {
  if (n->op == op && n->dtype == DT_BOOL && n->lanes == 1 && depth < 64) {
    k = chain_literals(n->args[0], op, value, out, k, max, depth + 1);
    return chain_literals(n->args[1], op, value, out, k, max, depth + 1);
  }
  if (n->op == OP_NOT && n->dtype == DT_BOOL && n->lanes == 1) return add_lit(out, k, max, n->args[0], !value);
  return add_lit(out, k, max, n, value);
}

int fold_cond_literals(Node *cond, bool value, FoldLit *out, int max) {
  int k = add_lit(out, 0, max, cond, value);
  if (cond->dtype != DT_BOOL || cond->lanes != 1) return k;
  if (cond->op == OP_NOT) return add_lit(out, k, max, cond->args[0], !value);
  if (cond->op == (value ? OP_AND : OP_OR))
    return chain_literals(cond, (Op)cond->op, value, out, k, max, 0);
  return k;
}

/* ---- Boolean steps ---- */

enum { BOOL_MAX_ATOMS = 12, BOOL_MAX_NODES = 1024 };

typedef struct {
  const Node *atom[BOOL_MAX_ATOMS];
  int natoms;
  bool fixed; /* no new atoms may be added (the result's and the facts' atoms must be the node's) */
  size_t words;
  uint64_t *buf; /* per evaluated node, words words */
  size_t nbuf, capbuf;
  PtrMap memo; /* node -> 1 + its index in buf */
  bool failed;
} BoolTab;

static uint64_t *bt_row(BoolTab *t, size_t i) { return t->buf + i * t->words; }

/* A new row; its index, or SIZE_MAX. */
static size_t bt_new(BoolTab *t) {
  if (t->nbuf == t->capbuf) {
    if (t->capbuf >= BOOL_MAX_NODES) return SIZE_MAX;
    size_t cap = t->capbuf ? t->capbuf * 2 : 16;
    uint64_t *b = realloc(t->buf, cap * t->words * sizeof *b);
    if (!b) return SIZE_MAX;
    t->buf = b;
    t->capbuf = cap;
  }
  return t->nbuf++;
}

/* Collects the atoms of n's skeleton (not fixed: every new one is added). */
static void bt_atoms(BoolTab *t, const Node *n, int depth) {
  if (t->failed) return;
  if (depth > 256) {
    t->failed = true;
    return;
  }
  if (n->op == OP_CONST && n->dtype == DT_BOOL) return;
  if (fold_bool_skeleton(n)) {
    for (int i = 0; i < n->nargs; i++) bt_atoms(t, n->args[i], depth + 1);
    return;
  }
  for (int i = 0; i < t->natoms; i++)
    if (t->atom[i] == n) return;
  if (t->natoms == BOOL_MAX_ATOMS || t->fixed) {
    t->failed = true;
    return;
  }
  t->atom[t->natoms++] = n;
}

/* The row of n's truth table over the atoms (SIZE_MAX on failure: an atom that is not one of them). */
static size_t bt_eval(BoolTab *t, const Node *n, int depth) {
  uint64_t got;
  if (t->failed) return SIZE_MAX;
  if (ptrmap_get(&t->memo, n, &got)) return (size_t)got - 1;
  if (depth > 256) {
    t->failed = true;
    return SIZE_MAX;
  }
  size_t a = SIZE_MAX, b = SIZE_MAX;
  bool skel = fold_bool_skeleton(n);
  if (skel) {
    a = bt_eval(t, n->args[0], depth + 1);
    if (n->nargs > 1) b = bt_eval(t, n->args[1], depth + 1);
    if (t->failed) return SIZE_MAX;
  }
  size_t r = bt_new(t);
  if (r == SIZE_MAX || !ptrmap_put(&t->memo, n, r + 1)) {
    t->failed = true;
    return SIZE_MAX;
  }
  uint64_t *o = bt_row(t, r);
  if (n->op == OP_CONST && n->dtype == DT_BOOL) {
    for (size_t w = 0; w < t->words; w++) o[w] = n->aux.bits ? ~(uint64_t)0 : 0;
    return r;
  }
  if (!skel) {
    int k = -1;
    for (int i = 0; i < t->natoms; i++)
      if (t->atom[i] == n) k = i;
    if (k < 0) {
      t->failed = true;
      return SIZE_MAX;
    }
    /* Assignment j gives atom k the value of bit k of j. */
    for (size_t w = 0; w < t->words; w++) {
      uint64_t bits = 0;
      for (unsigned j = 0; j < 64; j++)
        if (((w * 64 + j) >> k) & 1) bits |= (uint64_t)1 << j;
      o[w] = bits;
    }
    return r;
  }
  const uint64_t *x = bt_row(t, a), *y = b == SIZE_MAX ? NULL : bt_row(t, b);
  for (size_t w = 0; w < t->words; w++) {
    uint64_t u = x[w], v = y ? y[w] : 0;
    switch (n->op) {
    case OP_AND: o[w] = u & v; break;
    case OP_OR: o[w] = u | v; break;
    case OP_XOR:
    case OP_NE: o[w] = u ^ v; break;
    case OP_EQ: o[w] = ~(u ^ v); break;
    case OP_NOT: o[w] = ~u; break;
    case OP_LT: o[w] = ~u & v; break; /* false < true */
    case OP_LE: o[w] = ~u | v; break;
    default: t->failed = true; return SIZE_MAX;
    }
  }
  return r;
}

/* A Boolean step: s->result equals n on every assignment of n's atoms the facts allow. */
static Node *bool_step_apply(VsCtx *ctx, const Catalog *cat, Node *n, const FoldStep *s) {
  if (!s->result || !s->aux || n->dtype != DT_BOOL || s->result->dtype != DT_BOOL || n->lanes != 1 ||
      s->result->lanes != 1)
    return NULL;
  BoolTab t = {0};
  bt_atoms(&t, n, 0);
  if (t.failed) return NULL;
  t.fixed = true;
  t.words = t.natoms <= 6 ? 1 : (size_t)1 << (t.natoms - 6);
  ptrmap_init(&t.memo);
  Node *out = NULL;
  size_t rn = bt_eval(&t, n, 0), rr = bt_eval(&t, s->result, 0);
  if (t.failed) goto done;
  uint64_t *valid = calloc(t.words, sizeof *valid);
  if (!valid) goto done;
  uint64_t last = t.natoms >= 6 ? ~(uint64_t)0 : (((uint64_t)1 << (1u << t.natoms)) - 1);
  for (size_t w = 0; w < t.words; w++) valid[w] = w + 1 == t.words ? last : ~(uint64_t)0;
  bool ok = true;
  for (int i = 0; i < s->aux->nfacts && ok; i++) {
    const FoldFact *f = &s->aux->fact[i];
    FactKind k = fold_fact_kind(ctx, catalog_find(cat, f->lemma), f->a, f->b);
    size_t ra = bt_eval(&t, f->a, 0), rb = bt_eval(&t, f->b, 0);
    if (k == FACT_NONE || t.failed) {
      ok = false;
      break;
    }
    const uint64_t *A = bt_row(&t, ra), *B = bt_row(&t, rb);
    for (size_t w = 0; w < t.words; w++) {
      uint64_t allowed = k == FACT_EXCL ? ~(A[w] & B[w]) : k == FACT_COVER ? (A[w] | B[w])
                         : k == FACT_IMP ? (~A[w] | B[w]) : (~B[w] | A[w]);
      valid[w] &= allowed;
    }
  }
  if (ok) {
    const uint64_t *N = bt_row(&t, rn), *R = bt_row(&t, rr);
    for (size_t w = 0; w < t.words && ok; w++) ok = ((N[w] ^ R[w]) & valid[w]) == 0;
  }
  free(valid);
  if (ok) out = s->result;
done:
  ptrmap_free(&t.memo);
  free(t.buf);
  return out;
}

/* ---- substitution steps ---- */

typedef struct {
  const FoldStep *s;
  VsCtx *ctx;
  int branch;
} SubstCtx;

static Node *subst_node(void *ud, VsCtx *ctx, Node *orig, Node **args) {
  const SubstCtx *c = ud;
  for (int i = 0; i < c->s->aux->nsubst; i++) {
    const FoldSubst *u = &c->s->aux->subst[i];
    if (u->branch == c->branch && u->atom == orig) return vs_bool(ctx, u->value);
  }
  return vs_rebuild_node(ctx, orig, args);
}

enum { SUBST_MAX_LITS = 64 };

static bool lit_has(const FoldLit *l, int n, const Node *atom, bool value) {
  for (int i = 0; i < n; i++)
    if (l[i].atom == atom && l[i].value == value) return true;
  return false;
}

static Node *subst_step_apply(VsCtx *ctx, const Catalog *cat, Node *n, const FoldStep *s) {
  if (n->op != OP_SELECT || n->lanes != 1 || !s->aux || !s->aux->nsubst || (n->flags & NF_HAS_GRAPH)) return NULL;
  FoldLit lits[2][SUBST_MAX_LITS];
  int nl[2] = {fold_cond_literals(n->args[0], true, lits[0], SUBST_MAX_LITS),
               fold_cond_literals(n->args[0], false, lits[1], SUBST_MAX_LITS)};
  for (int i = 0; i < s->aux->nsubst; i++) {
    const FoldSubst *u = &s->aux->subst[i];
    if ((u->branch != 1 && u->branch != 2) || u->atom->dtype != DT_BOOL || u->atom->lanes != 1) return NULL;
    const FoldLit *l = lits[u->branch - 1];
    int k = nl[u->branch - 1];
    if (u->fact < 0) {
      if (!lit_has(l, k, u->atom, u->value)) return NULL;
      continue;
    }
    if (u->fact >= s->aux->nfacts) return NULL;
    const FoldFact *f = &s->aux->fact[u->fact];
    if (f->b != u->atom) return NULL;
    FactKind fk = fold_fact_kind(ctx, catalog_find(cat, f->lemma), f->a, f->b);
    bool justified = false;
    for (int v = 0; v < 2 && !justified; v++)
      justified = lit_has(l, k, f->a, v) && fold_fact_derive(fk, v) == (int)u->value;
    if (!justified) return NULL;
  }
  Node *args[3] = {n->args[0], n->args[1], n->args[2]};
  for (int b = 1; b <= 2; b++) {
    SubstCtx c = {s, ctx, b};
    args[b] = vs_rebuild(ctx, n->args[b], subst_node, &c);
    if (!args[b]) return NULL;
  }
  return vs_rebuild_node(ctx, n, args);
}

/* ---- lane steps ---- */

/* The one-lane geps of a template (at most LIFT_MAX_GEPS) and, per lane, the lane each selects. */
enum { LIFT_MAX_GEPS = 16 };
typedef struct {
  const Match *m;
  int n, lanes;
  const Pat *gep[LIFT_MAX_GEPS];
  uint64_t aux[LIFT_MAX_GEPS]; /* lane k's selection in bits 4k..4k+3, as Node.aux */
} Lift;

/* Whether u (lane k's template) is t (lane 0's) but for the lanes their one-lane geps select; records
 * each gep's lane k. */
static bool lift_gather(Lift *l, const Pat *t, const Pat *u, int k) {
  bool lane_gep = t->kind == PAT_OP && t->op == OP_GEP && t->lanes == 1;
  if (u->kind != t->kind || u->op != t->op || u->nargs != t->nargs || u->slot != t->slot || u->tclass != t->tclass ||
      u->lanes != t->lanes || (!lane_gep && u->aux != t->aux) ||
      (t->kind == PAT_LIT && (t->lit_float != u->lit_float || t->ival != u->ival || t->fval != u->fval)))
    return false;
  if (lane_gep) {
    int g = 0;
    while (g < l->n && l->gep[g] != t) g++;
    if (g == l->n) {
      if (l->n == LIFT_MAX_GEPS) return false;
      l->gep[l->n] = t;
      l->aux[l->n++] = 0;
    }
    l->aux[g] |= (u->aux & 15) << (4 * k);
  }
  for (int i = 0; i < t->nargs; i++)
    if (!lift_gather(l, t->args[i], u->args[i], k)) return false;
  return true;
}

/* Builds lane 0's template with each one-lane gep selecting the lanes gathered for it. */
static Node *lift_made(PatBuilder *b, const Pat *p, Node *n) {
  const Lift *l = b->ud;
  for (int g = 0; g < l->n; g++)
    if (l->gep[g] == p) return vs_make_ex(b->ctx, OP_GEP, (DType)n->dtype, l->lanes, l->aux[g], n->args, 1);
  return n;
}

static bool lift_claim(PatBuilder *b, const Pat *p, Node **out) {
  const Lift *l = b->ud;
  PatBuilder t = {b->ctx, b->class_dt, NULL, NULL, (void *)l->m};
  return template_claim(&t, p, out);
}

/* The term the templates ts[0..m) of the m lanes build when they are one term but for the lanes their
 * one-lane geps select: that term with each such gep selecting, in lane k, what it selects in ts[k].
 * Every other op above those geps applies lane-wise (every scalar op does), so lane k of the result is
 * what ts[k] builds; NULL when the templates differ otherwise or the term does not build (a scalar
 * leaf beside the gathered lanes). */
static Node *lift_build(VsCtx *ctx, const Pat *const *ts, int m, const Match *mt) {
  Lift l = {.m = mt, .lanes = m};
  for (int k = 0; k < m; k++)
    if (!lift_gather(&l, ts[0], ts[k], k)) return NULL;
  PatBuilder b = {ctx, mt->class_dt, lift_claim, lift_made, &l};
  return pat_build(&b, ts[0]);
}

/* A lane step (FoldStep.lanes): n is gep(A, S) with m lanes. Lane k: the lemma PREFIX_<S[k]>, whose
 * pattern is gep(P, S[k]), must match with P matching A as a rule's pattern does (the match must be
 * the step's bindings), be proved at that instance and its guard hold; its template builds the lane's
 * result r_k. The result is r_0 for one lane; else the templates
 * lifted (lift_build: select(gep(m, S), ...) from select(gep(m, J), ...)), or else bcast(r_0, m) when
 * every lane's result is one node, or else vec(r_0, ..., r_(m-1)). Each has r_k as its lane k and is
 * defined where every r_k is (a vector is UB as a whole), which is the definition of the vector ops
 * (docs/semantics.md, "Vectors"): so, lane by lane, the result refines n. */
static Node *lane_step_apply(VsCtx *ctx, const Catalog *cat, Node *n, const FoldStep *s) {
  if (n->op != OP_GEP || !s->lemma) return NULL;
  int m = n->lanes;
  const Pat *tpl[VS_MAX_LANES] = {NULL};
  Node *res[VS_MAX_LANES] = {NULL};
  const Rule *r0 = NULL;
  Match m0 = {{NULL}, {0}};
  for (int k = 0; k < m; k++) {
    char name[128];
    int j = vs_gep_lane(n, k);
    if (snprintf(name, sizeof name, "%s_%d", s->lemma, j) >= (int)sizeof name) return NULL;
    const Rule *r = catalog_find(cat, name);
    if (!r || r->lhs->kind != PAT_OP || r->lhs->op != OP_GEP || r->lhs->lanes != 1 || (int)(r->lhs->aux & 15) != j)
      return NULL;
    /* The pattern is gep(A, j): its operand matches A (which binds the type classes, the cast's
     * target's too), and the match is the fold's bindings. */
    Match mt;
    match_reset(r, &mt);
    if (!match_pat(r, r->lhs->args[0], n->args[0], &mt)) return NULL;
    for (int c = 0; c < r->nclasses; c++)
      if (mt.class_dt[c] == DT_COUNT) return NULL;
    for (int i = 0; i < r->nslots; i++)
      if (!mt.slot[i]) return NULL;
    for (int i = 0; i < s->nbind; i++) {
      int sl = slot_named(r, s->bind[i].slot);
      if (sl < 0 || mt.slot[sl] != s->bind[i].node) return NULL;
    }
    if (!rule_instance_proved(r, rule_instance_index(r, mt.class_dt)) || !guard_holds(ctx, r, &mt)) return NULL;
    if (!(res[k] = template_build(ctx, r, r->rhs, &mt)) || res[k]->lanes != 1 || res[k]->dtype != n->dtype) return NULL;
    /* The lanes' lemmas are one record's instances: the same slots, in the same order. */
    if (k == 0) {
      r0 = r;
      m0 = mt;
    } else if (r->nslots != r0->nslots || r->nclasses != r0->nclasses) {
      return NULL;
    } else {
      for (int i = 0; i < r->nslots; i++)
        if (strcmp(r->slot_names[i], r0->slot_names[i])) return NULL;
    }
    tpl[k] = r->rhs;
  }
  if (m == 1) return res[0];
  Node *lifted = lift_build(ctx, tpl, m, &m0);
  if (lifted && lifted->lanes == m && lifted->dtype == n->dtype) return lifted;
  bool same = true;
  for (int k = 1; k < m; k++) same &= res[k] == res[0];
  return same ? vs_bcast(ctx, res[0], m) : vs_vec(ctx, res, m);
}

Node *fold_step_apply(VsCtx *ctx, const Catalog *cat, Node *n, const FoldStep *s) {
  if (s->lanes) return lane_step_apply(ctx, cat, n, s);
  if (s->boolean) return bool_step_apply(ctx, cat, n, s);
  if (s->substitute) return subst_step_apply(ctx, cat, n, s);
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
