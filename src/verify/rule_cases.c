/* rule_cases.c: proofs of a rule instance by cases on one variable the hypothesis leaves few values.
 *
 * Some instances are beyond the solvers as one query but easy once a variable is a literal: a divisor
 * the guard says is a power of two (`is_pow2(c)`: at 64 bits the symbolic query runs out of time, each
 * of the 64 literal ones takes milliseconds, since a remainder by a literal power of two is a mask),
 * and a numerator the guard leaves two values (the binary-numerator lemmas, whose products cancel once
 * x is a literal). A proof by cases has two parts, both solver queries: the hypothesis implies the
 * variable takes one of the listed values, and for each value v, the hypothesis with x == v implies the
 * instance with v for x refines. Only a proof comes of it: a part that fails says nothing about the
 * whole, which then goes to the ordinary turns. */
#include <string.h>

#include "ir/intmath.h"
#include "ir/rebuild.h"
#include "rewrite/folds.h"
#include "smt/encode.h"
#include "smt/z3ctx.h"
#include "verify/rule_inst.h"

/* The limit of the covering query (hyp implies x is one of the values): it is easy when true, and
 * when false its model is usually found at once; either way it must not cost the instance its turns. */
enum { COVER_MS = 500, CASE_MIN_MS = 200 };

/* Whether hyp implies b (a bool node): the refinement of `true` by b, whose definedness is total. */
static bool hyp_implies(SmtCtx *s, Enc *e, Z3_ast hyp, Node *b, unsigned limit_ms) {
  SmtTerm tb, tt = {s->t_true, s->t_true, NULL};
  SmtResult res;
  memset(&res, 0, sizeof res);
  unsigned full = s->timeout_ms;
  if (full && limit_ms && limit_ms < full) smt_z3_set_timeout(s, limit_ms);
  bool ok = enc_expr(e, b, &tb) && !e->failed &&
            smt_solve_refinement(s, e, hyp, tt, tb, b->flags, &res) == SMT_VALID && !smt_last_solve(s)->disagree;
  smt_z3_set_timeout(s, full);
  smt_result_free(&res);
  return ok;
}

/* ---- leaves the guard equates with other leaves or with ring expressions ----
 *
 * A top-level conjunct `c1 == vmin(x)` (two leaves of one dtype) lets the constant's variable be
 * replaced by the bound's in both sides, and `c2 == c1 + 1` lets c2 be replaced by the node c1 + 1: the
 * hypothesis keeps the equality, so the obligation means the same. A ring expression (+ - * of leaves
 * and literals) computed with wraparound is its exact value modulo 2^w, and that exact value is the
 * leaf's, which the dtype holds: so the node equals the leaf wherever the hypothesis holds. What it
 * buys: terms over c1 and over vmin(x) become one node (one quotient, not two that the integer
 * encoding must prove equal through products), and sides that are one polynomial once the leaves are
 * replaced are seen to be (ring_equal and ring_defined below). */

enum { MAX_EQUATES = 2 * RULE_MAX_SLOTS };
typedef struct {
  Node *from[MAX_EQUATES], *to[MAX_EQUATES];
  int n;
  int leaves; /* the first `leaves` replace a leaf by a leaf, the rest by ring expressions */
} Equates;

/* A leaf's key: 3*slot for vmin, +1 for vmax, +2 for the slot's constant; -1 for any other term. */
static int leaf_key(const Guard *g) {
  if (!g) return -1;
  if (g->kind == G_VMIN) return 3 * g->slot;
  if (g->kind == G_VMAX) return 3 * g->slot + 1;
  if (g->kind == G_CONST) return 3 * g->slot + 2;
  return -1;
}

static int find(int *cls, int k) {
  while (cls[k] != k) k = cls[k] = cls[cls[k]];
  return k;
}

/* Joins the two leaves of every top-level leaf == leaf; a bound stays its class's representative. */
static void leaf_equalities(const Guard *g, int *cls) {
  if (!g) return;
  if (g->kind == G_AND) {
    leaf_equalities(g->a, cls);
    leaf_equalities(g->b, cls);
    return;
  }
  int a = leaf_key(g->a), b = leaf_key(g->b);
  if (g->kind != G_EQ || a < 0 || b < 0) return;
  a = find(cls, a);
  b = find(cls, b);
  if (a == b) return;
  bool a_first = (a % 3 != 2) != (b % 3 != 2) ? a % 3 != 2 : a < b;
  if (a_first) cls[b] = a;
  else cls[a] = b;
}

/* The node of leaf key k's representative: vmin(x), vmax(x) or the constant's variable (NULL when
 * absent). */
static Node *leaf_node(Inst *in, int *cls, int k) {
  k = find(cls, k);
  int sl = k / 3;
  return k % 3 == 2 ? in->slot[sl] : inst_bound(in, sl, k % 3);
}

/* Ring expression g (+ - * over leaves and literals) as a node of dtype dt, each leaf its
 * representative; NULL for any other term. */
static Node *ring_node(Inst *in, int *cls, const Guard *g, DType dt) {
  if (!g) return NULL;
  if (leaf_key(g) >= 0) {
    Node *n = leaf_node(in, cls, leaf_key(g));
    return n && n->dtype == dt && n->lanes == 1 ? n : NULL;
  }
  if (g->kind == G_NUM) return im_fits(dt, g->num) ? vs_const_int(in->ctx, dt, g->num) : NULL;
  Op op = g->kind == G_ADD ? OP_ADD : g->kind == G_SUB ? OP_SUB : g->kind == G_MUL ? OP_MUL : OP_COUNT;
  if (op == OP_COUNT) return NULL;
  Node *a = ring_node(in, cls, g->a, dt), *b = a ? ring_node(in, cls, g->b, dt) : NULL;
  return b ? vs_bin(in->ctx, op, a, b) : NULL;
}

/* n with the first k replacements of q applied. */
static Node *equates_apply(VsCtx *ctx, const Equates *q, int k, Node *n) {
  for (int i = 0; n && i < k; i++) n = vs_substitute(ctx, n, q->from[i], q->to[i]);
  return n;
}

static bool occurs(const Node *n, const Node *x) {
  if (n == x) return true;
  for (int i = 0; i < n->nargs; i++)
    if (occurs(n->args[i], x)) return true;
  return false;
}

/* One ring equation leaf == e of g (either side the leaf): the leaf's representative replaced by e with
 * the replacements before it applied, unless it is replaced already or occurs in e. */
static void ring_equations(Inst *in, int *cls, const Guard *g, Equates *q) {
  if (!g || q->n == MAX_EQUATES) return;
  if (g->kind == G_AND) {
    ring_equations(in, cls, g->a, q);
    ring_equations(in, cls, g->b, q);
    return;
  }
  if (g->kind != G_EQ) return;
  for (int side = 0; side < 2; side++) {
    const Guard *leaf = side ? g->b : g->a, *expr = side ? g->a : g->b;
    if (leaf_key(leaf) < 0 || leaf_key(expr) >= 0) continue;
    Node *x = leaf_node(in, cls, leaf_key(leaf));
    if (!x || x->op != OP_VAR || x->lanes != 1 || !dt_is_int((DType)x->dtype)) continue;
    bool done = false;
    for (int i = 0; i < q->n && !done; i++) done = q->from[i] == x;
    Node *e = done ? NULL : equates_apply(in->ctx, q, q->n, ring_node(in, cls, expr, (DType)x->dtype));
    if (!e || occurs(e, x)) continue;
    q->from[q->n] = x;
    q->to[q->n++] = e;
    return;
  }
}

/* The replacements the guard's top-level equalities allow, in the order they are to be applied. */
static void equates_of(Inst *in, Equates *q) {
  int cls[3 * RULE_MAX_SLOTS];
  for (int i = 0; i < 3 * RULE_MAX_SLOTS; i++) cls[i] = i;
  leaf_equalities(in->r->guard, cls);
  q->n = 0;
  for (int sl = 0; sl < in->r->nslots && q->n < MAX_EQUATES; sl++) {
    Node *from = in->slot[sl], *to = find(cls, 3 * sl + 2) == 3 * sl + 2 ? NULL : leaf_node(in, cls, 3 * sl + 2);
    if (!from || !to || from->op != OP_VAR || from->dtype != to->dtype || from->lanes != to->lanes) continue;
    q->from[q->n] = from;
    q->to[q->n++] = to;
  }
  q->leaves = q->n;
  ring_equations(in, cls, in->r->guard, q);
}

/* Whether l and r (after the replacements) are one integer polynomial modulo 2^w wherever both are
 * defined (fold_ring_value_equal): scalars without INVALID or graph nodes. */
static bool ring_equal(const Node *l, const Node *r) {
  return dt_is_int((DType)l->dtype) && l->lanes == 1 &&
         !((l->flags | r->flags) & (NF_HAS_VEC | NF_HAS_INVALID | NF_HAS_GRAPH)) && fold_ring_value_equal(l, r);
}

/* Proves l => r under h where l and r are one polynomial (ring_equal holds of them): what remains is
 * definedness, which the solver decides with both values the same term (so the query holds no product
 * to bit-blast). False when the definedness is not proved. */
static bool ring_defined(SmtCtx *s, Enc *e, Z3_ast h, Node *l, Node *r) {
  SmtTerm tl, tr;
  SmtResult res;
  memset(&res, 0, sizeof res);
  bool ok = enc_expr(e, l, &tl) && enc_expr(e, r, &tr) && !e->failed;
  if (ok) {
    tr.val = tl.val;
    ok = smt_solve_refinement(s, e, h, tl, tr, l->flags | r->flags, &res) == SMT_VALID && !smt_last_solve(s)->disagree;
  }
  smt_result_free(&res);
  return ok;
}

/* The case x == v: the instance with v for x, under hyp && x == v; in integer arithmetic first (with x
 * gone the products of the binary-numerator templates cancel, which the bit-vector query cannot see),
 * then in bit vectors. Records the solver that decided it in *by and the weakest recheck in *recheck. */
static bool prove_case(SmtCtx *s, Enc *e, Inst *in, Z3_ast hyp, Node *lhs, Node *rhs, Node *x, Node *v,
                       unsigned limit_ms, bool bv_only, int *by, int *recheck) {
  Equates q;
  equates_of(in, &q);
  /* The solvers get the leaves replaced by leaves only: a ring expression's wraparound would cost the
   * integer encoding a term (vmax(x) stays a variable there, with vmax(x) == vmin(x) + 1 stated). */
  Node *l = equates_apply(in->ctx, &q, q.leaves, vs_substitute(in->ctx, lhs, x, v));
  Node *r = l ? equates_apply(in->ctx, &q, q.leaves, vs_substitute(in->ctx, rhs, x, v)) : NULL;
  Node *is_v = vs_bin(in->ctx, OP_EQ, x, v);
  if (!r || !is_v) return false;
  SmtTerm tv;
  /* hyp && x == v, for the two bit-vector queries (NULL when it cannot be encoded). */
  Z3_ast h = enc_expr(e, is_v, &tv) && !e->failed ? enc_and(e, hyp, tv.val) : NULL;
  Node *rl = equates_apply(in->ctx, &q, q.n, l), *rr = rl ? equates_apply(in->ctx, &q, q.n, r) : NULL;
  unsigned full = s->timeout_ms;
  if (full && limit_ms && limit_ms < full) smt_z3_set_timeout(s, limit_ms);
  char why[160];
  bool ok;
  if (h && rr && ring_equal(rl, rr) && ring_defined(s, e, h, rl, rr)) {
    ok = true;
  } else if (!bv_only && !((l->flags | r->flags) & (NF_HAS_VEC | NF_HAS_INVALID | NF_HAS_GRAPH)) &&
      inst_prove_int(s, in, l, r, s->timeout_ms, why, sizeof why) == IP_PROVED) {
    ok = !smt_last_solve(s)->disagree;
  } else {
    SmtTerm tl, tr;
    SmtResult res;
    memset(&res, 0, sizeof res);
    ok = h && enc_expr(e, l, &tl) && enc_expr(e, r, &tr) && !e->failed &&
         smt_solve_refinement(s, e, h, tl, tr, l->flags | r->flags, &res) == SMT_VALID &&
         !smt_last_solve(s)->disagree;
    smt_result_free(&res);
  }
  smt_z3_set_timeout(s, full);
  if (ok) {
    const SmtSolveInfo *li = smt_last_solve(s);
    if (li->by == SMT_SOLVER_CVC5) *by = PROOF_BY_CVC5;
    if (li->recheck != SMT_RECHECK_AGREES) *recheck = li->recheck;
  }
  return ok;
}

/* Proves the instance by the cases x == vals[i]: the cover first, then each case. */
static bool prove_cases(SmtCtx *s, Enc *e, Inst *in, Z3_ast hyp, Z3_ast cover_hyp, Node *lhs, Node *rhs, Node *x,
                        Node *const *vals, int nvals, unsigned case_ms, bool bv_only, ProofResult *out) {
  Node *cover = NULL;
  for (int i = 0; i < nvals; i++) {
    Node *eq = vs_bin(in->ctx, OP_EQ, x, vals[i]);
    cover = !eq ? NULL : cover ? vs_bin(in->ctx, OP_OR, cover, eq) : eq;
    if (!cover) return false;
  }
  if (!cover || !hyp_implies(s, e, cover_hyp, cover, COVER_MS)) return false;
  int by = PROOF_BY_Z3, recheck = smt_last_solve(s)->recheck;
  for (int i = 0; i < nvals; i++)
    if (!prove_case(s, e, in, hyp, lhs, rhs, x, vals[i], case_ms, bv_only, &by, &recheck)) return false;
  out->by = by;
  out->recheck = recheck;
  return true;
}

/* Whether guard term g has no product, division, remainder or other costly arithmetic. */
static bool linear(const Guard *g) {
  if (!g) return true;
  switch (g->kind) {
  case G_MUL: case G_DIV: case G_MOD: case G_GCD: case G_POW2: case G_IS_POW2: case G_NO_OVERFLOW: return false;
  default: return linear(g->a) && linear(g->b);
  }
}

/* The bounds and the guard's linear top-level conjuncts: implied by the hypothesis, and enough for a
 * two-value cover (vmax(x) == vmin(x) + 1, or through constants equal to the bounds), where the whole
 * hypothesis, with its exact divisions at twice the width, can take the cover past its limit. */
static Z3_ast linear_hyp(Enc *e, Inst *in, const Guard *g, Z3_ast acc) {
  if (!g || !acc) return acc;
  if (g->kind == G_AND) return linear_hyp(e, in, g->b, linear_hyp(e, in, g->a, acc));
  if (!linear(g)) return acc;
  Z3_ast b = inst_encode_guard(e, in, g);
  return b ? enc_and(e, acc, b) : acc;
}

/* The hypothesis a cover of few values is proved from: the bounds and the guard's linear conjuncts
 * (NULL when the encoding fails). */
static Z3_ast cover_hypothesis(Enc *e, Inst *in) {
  Z3_ast b = inst_bound_constraints(e, in);
  return b ? linear_hyp(e, in, in->r->guard, b) : NULL;
}

bool inst_ring_sides(Inst *in, Node *lhs, Node *rhs, Node **l, Node **r) {
  Equates q;
  equates_of(in, &q);
  *l = equates_apply(in->ctx, &q, q.n, lhs);
  *r = *l ? equates_apply(in->ctx, &q, q.n, rhs) : NULL;
  return *r && ring_equal(*l, *r);
}

bool inst_prove_ring_sides(SmtCtx *s, Enc *e, Z3_ast hyp, Node *l, Node *r, ProofResult *out) {
  if (!ring_defined(s, e, hyp, l, r)) return false;
  const SmtSolveInfo *li = smt_last_solve(s);
  out->by = li->by == SMT_SOLVER_CVC5 ? PROOF_BY_CVC5 : PROOF_BY_Z3;
  out->recheck = li->recheck;
  return true;
}

bool inst_prove_by_two_values(SmtCtx *s, Enc *e, Inst *in, Z3_ast hyp, Node *lhs, Node *rhs, ProofResult *out) {
  Z3_ast cover_hyp = NULL;
  for (int sl = 0; sl < in->r->nslots; sl++) {
    Node *x = in->slot[sl], *lo = in->bound[sl][0], *hi = in->bound[sl][1];
    if (!x || !lo || !hi || x->op != OP_VAR || x->lanes != 1 || !dt_is_int((DType)x->dtype)) continue;
    if (!cover_hyp && !(cover_hyp = cover_hypothesis(e, in))) return false;
    Node *vals[2] = {lo, hi};
    if (prove_cases(s, e, in, hyp, cover_hyp, lhs, rhs, x, vals, 2, s->timeout_ms, false, out)) return true;
  }
  return false;
}

/* ---- a variable the guard pins to a few literal values ---- */

enum { FEW_VALUES = 4 };

/* g as a literal number (a plain integer, or a sum or difference of them: `-1` parses as 0 - 1). */
static bool literal(const Guard *g, i128 *v) {
  if (!g) return false;
  if (g->kind == G_NUM) {
    *v = g->num;
    return true;
  }
  i128 a, b;
  if ((g->kind != G_ADD && g->kind != G_SUB) || !literal(g->a, &a) || !literal(g->b, &b)) return false;
  return g->kind == G_ADD ? im_add_ok(a, b, v) : im_sub_ok(a, b, v);
}

/* Narrows [*lo, *hi] by the top-level conjuncts of g that compare vmin(x) (from below) or vmax(x) (from
 * above) of slot sl with a literal: vmin(x) >= a, vmax(x) <= b, and their < > == forms. Only a guess
 * of the values: the cover query decides whether the hypothesis implies them. */
static void literal_range(const Guard *g, int sl, i128 *lo, i128 *hi) {
  if (!g) return;
  if (g->kind == G_AND) {
    literal_range(g->a, sl, lo, hi);
    literal_range(g->b, sl, lo, hi);
    return;
  }
  if (g->kind != G_LE && g->kind != G_LT && g->kind != G_EQ) return;
  i128 v;
  for (int side = 0; side < 2; side++) {
    const Guard *leaf = side ? g->b : g->a, *other = side ? g->a : g->b;
    if ((leaf->kind != G_VMIN && leaf->kind != G_VMAX) || leaf->slot != sl || !literal(other, &v)) continue;
    /* side 0: leaf OP v, an upper bound on the leaf; side 1: v OP leaf, a lower bound. EQ is both. */
    bool upper = g->kind == G_EQ || side == 0, lower = g->kind == G_EQ || side == 1;
    i128 d = g->kind == G_LT ? 1 : 0, w;
    if (upper && leaf->kind == G_VMAX && im_sub_ok(v, d, &w) && w < *hi) *hi = w;
    if (lower && leaf->kind == G_VMIN && im_add_ok(v, d, &w) && w > *lo) *lo = w;
  }
}

/* The literal interval of slot sl the guard states, within its dtype; false when the guard states none
 * narrower than FEW_VALUES values. */
static bool few_values(const Guard *g, int sl, DType dt, i128 *lo, i128 *hi) {
  *lo = im_min(dt);
  *hi = im_max(dt);
  literal_range(g, sl, lo, hi);
  return *lo <= *hi && *hi - *lo < FEW_VALUES;
}

bool inst_few_values_hint(const Rule *r) {
  for (int sl = 0; sl < r->nslots; sl++) {
    i128 lo, hi;
    /* The dtype is not known here: narrow enough in the widest signed or unsigned one. */
    if (few_values(r->guard, sl, DT_I64, &lo, &hi) || few_values(r->guard, sl, DT_U64, &lo, &hi)) return true;
  }
  return false;
}

bool inst_prove_by_few_values(SmtCtx *s, Enc *e, Inst *in, Z3_ast hyp, Node *lhs, Node *rhs, ProofResult *out) {
  Z3_ast cover_hyp = NULL;
  for (int sl = 0; sl < in->r->nslots; sl++) {
    Node *x = in->slot[sl];
    if (!x || x->op != OP_VAR || x->lanes != 1 || !dt_is_int((DType)x->dtype)) continue;
    DType dt = (DType)x->dtype;
    i128 lo, hi;
    if (!few_values(in->r->guard, sl, dt, &lo, &hi)) continue;
    if (!cover_hyp && !(cover_hyp = cover_hypothesis(e, in))) return false;
    Node *vals[FEW_VALUES];
    int n = 0;
    for (i128 v = lo; v <= hi; v++)
      if (!(vals[n++] = vs_const(in->ctx, dt, im_from_value(dt, v)))) return false;
    /* Literal cases: the integer encoding may take each (the products of a literal fold). */
    if (prove_cases(s, e, in, hyp, cover_hyp, lhs, rhs, x, vals, n, s->timeout_ms, false, out)) return true;
  }
  return false;
}

/* ---- which cases the guard offers ---- */

/* Joins every leaf of g into the class of *first (the first leaf met, set here when -1). */
static void join_leaves(const Guard *g, int *cls, int *first) {
  if (!g) return;
  int k = leaf_key(g);
  if (k >= 0) {
    if (*first < 0) *first = k;
    cls[find(cls, k)] = find(cls, *first);
  }
  join_leaves(g->a, cls, first);
  join_leaves(g->b, cls, first);
}

/* The leaves of each top-level equality in one class: vmin(x) and vmax(x) in one class is a guard that
 * ties x's bounds together (vmax(x) == vmin(x) + 1, or through constants equal to them). */
static void eq_classes(const Guard *g, int *cls) {
  if (!g) return;
  if (g->kind == G_AND) {
    eq_classes(g->a, cls);
    eq_classes(g->b, cls);
  } else if (g->kind == G_EQ) {
    int first = -1;
    join_leaves(g, cls, &first);
  }
}

bool inst_two_valued_hint(const Rule *r) {
  int cls[3 * RULE_MAX_SLOTS];
  for (int i = 0; i < 3 * RULE_MAX_SLOTS; i++) cls[i] = i;
  eq_classes(r->guard, cls);
  for (int sl = 0; sl < r->nslots; sl++)
    if (find(cls, 3 * sl) == find(cls, 3 * sl + 1)) return true;
  return false;
}

/* The top-level conjunct of g that is is_pow2 of slot sl's constant, or NULL. */
static const Guard *says_pow2(const Guard *g, int sl) {
  if (!g) return NULL;
  if (g->kind == G_AND) {
    const Guard *a = says_pow2(g->a, sl);
    return a ? a : says_pow2(g->b, sl);
  }
  return g->kind == G_IS_POW2 && g->a && g->a->kind == G_CONST && g->a->slot == sl ? g : NULL;
}

bool inst_pow2_hint(const Rule *r) {
  for (int sl = 0; sl < r->nslots; sl++)
    if (says_pow2(r->guard, sl)) return true;
  return false;
}

bool inst_prove_by_pow2(SmtCtx *s, Enc *e, Inst *in, Z3_ast hyp, Node *lhs, Node *rhs, ProofResult *out) {
  for (int sl = 0; sl < in->r->nslots; sl++) {
    Node *x = in->slot[sl];
    const Guard *conj = says_pow2(in->r->guard, sl);
    if (!conj || !x || x->op != OP_VAR || x->lanes != 1 || !dt_is_int((DType)x->dtype)) continue;
    /* The cover needs the conjunct alone (hyp implies it, being a top-level conjunct): the rest of the
     * guard, in exact arithmetic, can make the query costly to bit-blast at 64 bits. */
    Z3_ast pow2 = inst_encode_guard(e, in, conj);
    if (!pow2) continue;
    DType dt = (DType)x->dtype;
    /* is_pow2 is of the exact value: a positive power of two, so below the sign bit where there is one. */
    int n = (int)dt_bits(dt) - (dt_is_signed(dt) ? 1 : 0);
    Node *vals[64];
    for (int k = 0; k < n; k++)
      if (!(vals[k] = vs_const(in->ctx, dt, (uint64_t)1 << k))) return false;
    unsigned case_ms = s->timeout_ms ? s->timeout_ms / 8 : 0;
    if (case_ms && case_ms < CASE_MIN_MS) case_ms = CASE_MIN_MS;
    if (prove_cases(s, e, in, hyp, pow2, lhs, rhs, x, vals, n, case_ms, true, out)) return true;
  }
  return false;
}

bool inst_has_bool_var(const Inst *in) {
  for (int sl = 0; sl < in->r->nslots; sl++) {
    const Node *b = in->slot[sl];
    if (b && b->op == OP_VAR && b->lanes == 1 && b->dtype == DT_BOOL) return true;
  }
  return false;
}

bool inst_prove_by_bool(SmtCtx *s, Enc *e, Inst *in, Z3_ast hyp, Node *lhs, Node *rhs, ProofResult *out) {
  for (int sl = 0; sl < in->r->nslots; sl++) {
    Node *b = in->slot[sl];
    if (!b || b->op != OP_VAR || b->lanes != 1 || b->dtype != DT_BOOL) continue;
    Node *vals[2] = {vs_const(in->ctx, DT_BOOL, 0), vs_const(in->ctx, DT_BOOL, 1)};
    if (!vals[0] || !vals[1]) return false;
    /* The cover holds of any bool: no hypothesis needed. */
    if (prove_cases(s, e, in, hyp, s->t_true, lhs, rhs, b, vals, 2, s->timeout_ms, true, out)) return true;
  }
  return false;
}
