/* analyzer.c: the constraint stack behind the program pass (analyzer.h, docs/pass.md "Analyzer").
 *
 * Soundness rests on three arguments, each local:
 *   - a variable's interval, constant and congruence are facts about every value it takes in the
 *     region where they are bound (the pass binds them only where that holds: loop bodies, branches,
 *     after a single assignment); a ranged variable node states exactly that interval, so whatever the
 *     engine and the bounds conclude about it holds there;
 *   - a difference fact a - b <= c is over exact integers; linearize() splits `x + k` into (x, k) only
 *     when the addition cannot wrap for any value x can take here, so facts and queries never confuse
 *     a wrapped sum with the exact one;
 *   - a node whose bounds are one value is that value wherever it is defined (bounds.h); replacing it
 *     where it is UB is a refinement.
 * The pass re-checks every decision that folds a statement as `premises => decision` with Z3. */
#include "pass/analyzer.h"

#include <stdlib.h>
#include <string.h>

#include "analysis/lin.h"
#include "eval/eval.h"
#include "ir/rebuild.h"
#include "ir/nodemap.h"

enum { MAX_FACTS_QUERIED = 64, MAX_ROUNDS = 4, MAX_CONG_DEPTH = 64 };

typedef struct {
  Node *var;
  bool bound;
  i128 lo, hi;
  Node *value; /* a constant */
  i128 mod, rem; /* mod 0: no congruence */
} VarInfo;

typedef struct {
  uint32_t idx;
  VarInfo old;
} Undo;

typedef struct {
  Node *a, *b; /* NULL is the number 0 */
  i128 c;      /* value(a) - value(b) <= c */
} Fact;

struct Analyzer {
  VsCtx *ctx;
  Rewriter *rw;
  AnalyzerOptions opts;
  NodeMap index; /* var -> index + 1 into infos */
  VarInfo *infos;
  size_t ninfo, capinfo;
  Undo *undo;
  size_t nundo, capundo;
  Fact *facts;
  size_t nfacts, capfacts;
  Node **prem;
  size_t nprem, capprem;
  NodeMap unstable;
  NodeMap back; /* ranged variable node -> the program's variable node */
  bool failed;
};

static bool grow(void **v, size_t *cap, size_t n, size_t elem) {
  if (n < *cap) return true;
  size_t ncap = *cap ? *cap * 2 : 32;
  void *nv = realloc(*v, ncap * elem);
  if (!nv) return false;
  *v = nv;
  *cap = ncap;
  return true;
}

Analyzer *analyzer_new(VsCtx *ctx, Rewriter *rw, const AnalyzerOptions *opts) {
  Analyzer *a = calloc(1, sizeof *a);
  if (!a) return NULL;
  a->ctx = ctx;
  a->rw = rw;
  if (opts) a->opts = *opts;
  nodemap_init(&a->index);
  nodemap_init(&a->unstable);
  nodemap_init(&a->back);
  return a;
}

void analyzer_free(Analyzer *a) {
  if (!a) return;
  nodemap_free(&a->index);
  nodemap_free(&a->unstable);
  nodemap_free(&a->back);
  free(a->infos);
  free(a->undo);
  free(a->facts);
  free(a->prem);
  free(a);
}

bool analyzer_ok(const Analyzer *a) { return !a->failed; }

AnMark analyzer_mark(const Analyzer *a) { return (AnMark){a->nundo, a->nfacts, a->nprem}; }

void analyzer_restore(Analyzer *a, AnMark m) {
  while (a->nundo > m.undo) {
    Undo *u = &a->undo[--a->nundo];
    a->infos[u->idx] = u->old;
  }
  if (a->nfacts > m.facts) a->nfacts = m.facts;
  if (a->nprem > m.premises) a->nprem = m.premises;
}

void analyzer_set_unstable(Analyzer *a, Node *var) {
  if (!nodemap_put(&a->unstable, var, 1)) a->failed = true;
}

bool analyzer_is_unstable(const Analyzer *a, Node *var) { return nodemap_get(&a->unstable, var, NULL); }

bool analyzer_expr_stable(const Analyzer *a, Node *e) {
  if (!(e->flags & NF_HAS_VAR)) return true;
  if (e->op == OP_VAR) return !analyzer_is_unstable(a, e);
  Node **order;
  size_t n = vs_postorder(e, &order);
  if (!n) return false;
  bool ok = true;
  for (size_t i = 0; i < n && ok; i++)
    if (order[i]->op == OP_VAR && analyzer_is_unstable(a, order[i])) ok = false;
  free(order);
  return ok;
}

static VarInfo *info_of(const Analyzer *a, const Node *var) {
  uint64_t i;
  if (!nodemap_get(&a->index, var, &i)) return NULL;
  VarInfo *v = &a->infos[i - 1];
  return v->bound ? v : NULL;
}

/* Replaces var's info (undo-logged). */
static void info_set(Analyzer *a, Node *var, const VarInfo *nv) {
  uint64_t i;
  if (!nodemap_get(&a->index, var, &i)) {
    if (!grow((void **)&a->infos, &a->capinfo, a->ninfo, sizeof *a->infos) ||
        !nodemap_put(&a->index, var, a->ninfo + 1)) {
      a->failed = true;
      return;
    }
    a->infos[a->ninfo] = (VarInfo){.var = var};
    i = ++a->ninfo;
  }
  if (!grow((void **)&a->undo, &a->capundo, a->nundo, sizeof *a->undo)) {
    a->failed = true;
    return;
  }
  a->undo[a->nundo++] = (Undo){(uint32_t)(i - 1), a->infos[i - 1]};
  a->infos[i - 1] = *nv;
  a->infos[i - 1].var = var;
  a->infos[i - 1].bound = true;
}

static void push_premise(Analyzer *a, Node *p) {
  if (!a->opts.premises || !p || (p->op == OP_CONST && p->aux.bits)) return;
  if (!grow((void **)&a->prem, &a->capprem, a->nprem, sizeof *a->prem)) {
    a->failed = true;
    return;
  }
  a->prem[a->nprem++] = p;
}

static bool is_intlike(const Node *n) { return dt_is_int((DType)n->dtype) || n->dtype == DT_BOOL; }

/* ---- substitution ---- */

/* Rebuilds e bottom-up with each variable replaced by leaf(a, var). */
typedef Node *(*LeafFn)(Analyzer *a, Node *leaf);

typedef struct {
  Analyzer *a;
  LeafFn leaf;
} LeafMap;

static Node *map_leaf(void *ud, VsCtx *ctx, Node *x, Node **args) {
  LeafMap *m = ud;
  return x->op == OP_VAR ? m->leaf(m->a, x) : vs_rebuild_node(ctx, x, args);
}

static Node *rebuild(Analyzer *a, Node *e, LeafFn leaf) {
  if (!(e->flags & NF_HAS_VAR)) return e;
  LeafMap m = {a, leaf};
  Node *r = vs_rebuild(a->ctx, e, map_leaf, &m);
  if (!r) a->failed = true;
  return r ? r : e;
}

static Node *leaf_ranged(Analyzer *a, Node *v) {
  VarInfo *vi = info_of(a, v);
  if (!vi) return v;
  if (vi->value) return vi->value;
  if (a->opts.constant_only || !is_intlike(v)) return v;
  DType dt = (DType)v->dtype;
  if (vi->lo == vi->hi) {
    Node *c = vs_const_int(a->ctx, dt, vi->lo);
    return c ? c : v;
  }
  if (vi->lo == vs_vmin(v) && vi->hi == vs_vmax(v)) return v;
  Node *r = vs_var(a->ctx, v->aux.name, dt, vi->lo, vi->hi);
  if (!r || !nodemap_put(&a->back, r, (uintptr_t)v)) {
    a->failed = true;
    return v;
  }
  return r;
}

static Node *leaf_back(Analyzer *a, Node *v) {
  uint64_t o;
  return nodemap_get(&a->back, v, &o) ? (Node *)(uintptr_t)o : v;
}

static Node *to_ranged(Analyzer *a, Node *e) { return rebuild(a, e, leaf_ranged); }
static Node *to_plain(Analyzer *a, Node *e) { return rebuild(a, e, leaf_back); }

/* ---- linear forms and congruences (over ranged nodes) ---- */

static bool exact_add(const Node *x, i128 k) {
  DType dt = (DType)x->dtype;
  return vs_vmin(x) + k >= im_min(dt) && vs_vmax(x) + k <= im_max(dt);
}

/* n = atom + offset exactly, for every value here; atom NULL means n is the constant offset. The atom
 * is returned in plain (program variable) form. */
static void linearize(Analyzer *a, Node *n, Node **atom, i128 *off) {
  i128 k = 0;
  for (int guard = 0; guard < 64; guard++) {
    if (n->op == OP_CONST && dt_is_int((DType)n->dtype)) {
      *atom = NULL;
      *off = k + vs_const_value(n);
      return;
    }
    if ((n->op == OP_ADD || n->op == OP_SUB) && dt_is_int((DType)n->dtype)) {
      Node *x = n->args[0], *c = n->args[1];
      if (n->op == OP_ADD && x->op == OP_CONST) x = n->args[1], c = n->args[0];
      if (c->op == OP_CONST) {
        i128 cv = vs_const_value(c);
        if (n->op == OP_SUB) cv = -cv;
        if (exact_add(x, cv)) {
          k += cv;
          n = x;
          continue;
        }
      }
    }
    break;
  }
  *atom = to_plain(a, n);
  *off = k;
}

/* n = rem (mod mod) for every value here; mod 0: n is exactly rem; mod 1: nothing known. */
static void cong(Analyzer *a, Node *n, int depth, i128 *mod, i128 *rem) {
  *mod = 1, *rem = 0;
  DType dt = (DType)n->dtype;
  if (!dt_is_int(dt) || depth > MAX_CONG_DEPTH) return;
  if (n->op == OP_CONST) {
    *mod = 0, *rem = vs_const_value(n);
    return;
  }
  if (n->op == OP_VAR) {
    VarInfo *vi = info_of(a, to_plain(a, n));
    if (vi && vi->mod > 1) *mod = vi->mod, *rem = vi->rem;
    return;
  }
  if (n->nargs != 2 || (n->op != OP_ADD && n->op != OP_SUB && n->op != OP_MUL)) return;
  Node *x = n->args[0], *y = n->args[1];
  i128 mx, rx, my, ry, t;
  if (n->op == OP_MUL) {
    if (x->op == OP_CONST) x = n->args[1], y = n->args[0];
    if (y->op != OP_CONST) return;
    i128 c = vs_const_value(y), p1, p2;
    if (!im_mul_ok(vs_vmin(x), c, &p1) || !im_mul_ok(vs_vmax(x), c, &p2) || !im_fits(dt, p1) || !im_fits(dt, p2))
      return;
    cong(a, x, depth + 1, &mx, &rx);
    if (!im_mul_ok(mx, c, &t)) return;
    *mod = t < 0 ? -t : t;
    if (!im_mul_ok(rx, c, rem)) *mod = 1, *rem = 0;
  } else {
    i128 lo = n->op == OP_ADD ? vs_vmin(x) + vs_vmin(y) : vs_vmin(x) - vs_vmax(y);
    i128 hi = n->op == OP_ADD ? vs_vmax(x) + vs_vmax(y) : vs_vmax(x) - vs_vmin(y);
    if (!im_fits(dt, lo) || !im_fits(dt, hi)) return;
    cong(a, x, depth + 1, &mx, &rx);
    cong(a, y, depth + 1, &my, &ry);
    *mod = lin_gcd(mx, my);
    *rem = n->op == OP_ADD ? rx + ry : rx - ry;
  }
  if (*mod == 1) *rem = 0;
  if (*mod > 1) *rem = im_floormod(*rem, *mod);
}

/* ---- difference facts ---- */

static void add_fact(Analyzer *a, Node *x, Node *y, i128 c) {
  if (x == y) return;
  if (!grow((void **)&a->facts, &a->capfacts, a->nfacts, sizeof *a->facts)) {
    a->failed = true;
    return;
  }
  a->facts[a->nfacts++] = (Fact){x, y, c};
}

static void narrow(Analyzer *a, Node *var, i128 lo, i128 hi);

/* value(x) - value(y) <= c, with x, y ranged expressions. */
static void assert_le(Analyzer *a, Node *x, Node *y, i128 c) {
  Node *ax, *ay;
  i128 ox, oy;
  linearize(a, x, &ax, &ox);
  linearize(a, y, &ay, &oy);
  i128 k = c - ox + oy; /* ax - ay <= k */
  if (ax && ay) add_fact(a, ax, ay, k);
  else if (ax && ax->op == OP_VAR) narrow(a, ax, im_min((DType)ax->dtype), k);
  else if (ay && ay->op == OP_VAR) narrow(a, ay, -k, im_max((DType)ay->dtype));
  else if (ax || ay) add_fact(a, ax, ay, k);
}

typedef struct {
  Node *n[2 * MAX_FACTS_QUERIED + 3];
  i128 lo[2 * MAX_FACTS_QUERIED + 3], hi[2 * MAX_FACTS_QUERIED + 3];
  int count;
} AtomSet;

static int atom_index(Analyzer *a, AtomSet *s, Node *n) {
  for (int i = 0; i < s->count; i++)
    if (s->n[i] == n) return i;
  int i = s->count++;
  s->n[i] = n;
  if (n) {
    Node *r = to_ranged(a, n);
    s->lo[i] = is_intlike(r) ? vs_vmin(r) : 0;
    s->hi[i] = is_intlike(r) ? vs_vmax(r) : 0;
  } else {
    s->lo[i] = s->hi[i] = 0;
  }
  return i;
}

/* Can value(x) - value(y) <= k be derived from the facts and the atoms' intervals (x, y plain atoms,
 * NULL for 0)? Shortest paths (Bellman-Ford) over x - y <= c edges. */
static bool derive_le(Analyzer *a, Node *x, Node *y, i128 k) {
  if (x == y) return 0 <= k;
  size_t first = a->nfacts > MAX_FACTS_QUERIED ? a->nfacts - MAX_FACTS_QUERIED : 0;
  AtomSet *s = malloc(sizeof *s);
  if (!s) return false;
  s->count = 0;
  int ix = atom_index(a, s, x), iy = atom_index(a, s, y), iz = atom_index(a, s, NULL);
  int from[MAX_FACTS_QUERIED], to[MAX_FACTS_QUERIED];
  i128 w[MAX_FACTS_QUERIED];
  int ne = 0;
  for (size_t i = first; i < a->nfacts; i++) {
    from[ne] = atom_index(a, s, a->facts[i].a);
    to[ne] = atom_index(a, s, a->facts[i].b);
    w[ne++] = a->facts[i].c;
  }
  const i128 INF = (i128)1 << 120;
  i128 dist[2 * MAX_FACTS_QUERIED + 3];
  for (int i = 0; i < s->count; i++) dist[i] = INF;
  dist[ix] = 0;
  bool cycle = false;
  for (int round = 0; round <= s->count; round++) {
    bool changed = false;
    for (int e = 0; e < ne; e++)
      if (dist[from[e]] < INF && dist[from[e]] + w[e] < dist[to[e]]) dist[to[e]] = dist[from[e]] + w[e], changed = true;
    for (int i = 0; i < s->count; i++) {
      if (i == iz) continue;
      /* atom - 0 <= hi and 0 - atom <= -lo */
      if (dist[i] < INF && dist[i] + s->hi[i] < dist[iz]) dist[iz] = dist[i] + s->hi[i], changed = true;
      if (dist[iz] < INF && dist[iz] - s->lo[i] < dist[i]) dist[i] = dist[iz] - s->lo[i], changed = true;
    }
    if (!changed) break;
    if (round == s->count) cycle = true;
  }
  bool ok = !cycle && dist[iy] <= k;
  free(s);
  return ok;
}

/* Decides x OP y (ranged int operands) from the facts: 1 true, 0 false, -1 unknown. */
static int decide_cmp(Analyzer *a, Op op, Node *x, Node *y) {
  if (!a->nfacts) return -1;
  Node *ax, *ay;
  i128 ox, oy;
  linearize(a, x, &ax, &ox);
  linearize(a, y, &ay, &oy);
  if (!ax && !ay) return -1;
  i128 d = oy - ox; /* x - y <= c  <=>  ax - ay <= c + d */
  switch (op) {
  case OP_LT:
    if (derive_le(a, ax, ay, -1 + d)) return 1;
    if (derive_le(a, ay, ax, 0 - d)) return 0;
    return -1;
  case OP_LE:
    if (derive_le(a, ax, ay, 0 + d)) return 1;
    if (derive_le(a, ay, ax, -1 - d)) return 0;
    return -1;
  case OP_EQ:
  case OP_NE: {
    bool lt = derive_le(a, ax, ay, -1 + d), gt = derive_le(a, ay, ax, -1 - d);
    if (lt || gt) return op == OP_NE;
    if (derive_le(a, ax, ay, d) && derive_le(a, ay, ax, -d)) return op == OP_EQ;
    return -1;
  }
  default: return -1;
  }
}

/* ---- deciding ---- */

static Node *decide_node(Analyzer *a, Node *n) {
  DType dt = (DType)n->dtype;
  if (n->op == OP_CONST) return n;
  if (is_intlike(n) && n->lo == n->hi) return vs_const(a->ctx, dt, n->lo);
  if (op_is_cmp((Op)n->op) && dt_is_int((DType)n->args[0]->dtype)) {
    int r = decide_cmp(a, (Op)n->op, n->args[0], n->args[1]);
    if (r >= 0) return vs_bool(a->ctx, r == 1);
  }
  if (n->op == OP_MOD && n->args[1]->op == OP_CONST && dt_is_int(dt)) {
    i128 c = vs_const_value(n->args[1]), m, r;
    if (c > 0) {
      cong(a, n->args[0], 0, &m, &r);
      if (m > 1 && m % c == 0) return vs_const_int(a->ctx, dt, im_floormod(r, c));
    }
  }
  return n;
}

static Node *decide_one(void *ud, VsCtx *ctx, Node *x, Node **args) {
  Node *r = vs_rebuild_node(ctx, x, args);
  return r ? decide_node(ud, r) : NULL;
}

/* Every node of e (ranged) decided where possible, bottom-up. */
static Node *decide(Analyzer *a, Node *e) {
  if (e->op == OP_CONST) return e;
  Node *r = vs_rebuild(a->ctx, e, decide_one, a);
  if (!r) a->failed = true;
  return r ? r : e;
}

/* x over args, or the constant the reference evaluator computes when every operand is a constant (exact
 * at every dtype; UB and uninterpreted functions are left alone). */
static Node *fold_one(void *ud, VsCtx *ctx, Node *x, Node **args) {
  (void)ud;
  Node *r = vs_rebuild_node(ctx, x, args);
  if (!r || !r->nargs || (op_flags((Op)r->op) & OPF_UF)) return r;
  Value vals[3];
  for (int j = 0; j < r->nargs; j++) {
    if (r->args[j]->op != OP_CONST || j >= 3) return r;
    vals[j] = (Value){r->args[j]->aux.bits, false, false};
  }
  Value v = eval_op(r, vals);
  Node *c = v.ub ? NULL : vs_const(ctx, (DType)r->dtype, v.bits);
  return c ? c : r;
}

/* Constant folding only, with the reference evaluator. */
static Node *fold_constants(Analyzer *a, Node *e) {
  if (e->op == OP_CONST || e->op == OP_VAR) return e;
  Node *r = vs_rebuild(a->ctx, e, fold_one, NULL);
  if (!r) a->failed = true;
  return r ? r : e;
}

Node *analyzer_simplify(Analyzer *a, Node *e) {
  if (!e || e->op == OP_CONST) return e;
  if (a->opts.constant_only) return fold_constants(a, to_ranged(a, e));
  Node *cur = e;
  for (int round = 0; round < MAX_ROUNDS; round++) {
    Node *s = to_ranged(a, cur);
    if (a->rw) {
      Node *r = rewriter_simplify(a->rw, s);
      if (r) s = r;
      else a->failed = true;
    } else {
      s = fold_constants(a, s);
    }
    s = decide(a, s);
    Node *u = to_plain(a, s);
    if (u == cur) break;
    cur = u;
  }
  return cur;
}

bool analyzer_can_prove(Analyzer *a, Node *cond) {
  Node *r = analyzer_simplify(a, cond);
  return r->op == OP_CONST && r->dtype == DT_BOOL && r->aux.bits == 1;
}

void analyzer_bounds(Analyzer *a, Node *e, i128 *lo, i128 *hi) {
  Node *r = to_ranged(a, e);
  *lo = vs_vmin(r);
  *hi = vs_vmax(r);
}

Node *analyzer_premises(Analyzer *a) {
  Node *p = vs_bool(a->ctx, true);
  for (size_t i = 0; p && i < a->nprem; i++) p = i ? vs_bin(a->ctx, OP_AND, p, a->prem[i]) : a->prem[i];
  if (!p) {
    a->failed = true;
    return vs_bool(a->ctx, true);
  }
  return p;
}

/* ---- binding ---- */

/* lo <= var <= hi as a premise, for the bounds that say something. */
static Node *range_premise(Analyzer *a, Node *var, i128 lo, i128 hi) {
  DType dt = (DType)var->dtype;
  Node *p = NULL;
  if (lo > vs_vmin(var)) {
    Node *c = vs_const_int(a->ctx, dt, lo);
    p = c ? vs_bin(a->ctx, OP_LE, c, var) : NULL;
  }
  if (hi < vs_vmax(var)) {
    Node *c = vs_const_int(a->ctx, dt, hi);
    Node *q = c ? vs_bin(a->ctx, OP_LE, var, c) : NULL;
    p = p && q ? vs_bin(a->ctx, OP_AND, p, q) : q;
  }
  return p;
}

/* Intersects var's interval with [lo, hi] (an empty intersection is ignored: the region is then
 * unreachable, and nothing needs to be concluded there). */
static void narrow(Analyzer *a, Node *var, i128 lo, i128 hi) {
  if (!is_intlike(var) || analyzer_is_unstable(a, var)) return;
  VarInfo *vi = info_of(a, var);
  VarInfo nv = vi ? *vi : (VarInfo){.lo = vs_vmin(var), .hi = vs_vmax(var)};
  if (nv.value) return;
  i128 nlo = lo > nv.lo ? lo : nv.lo, nhi = hi < nv.hi ? hi : nv.hi;
  if (nlo > nhi || (nlo == nv.lo && nhi == nv.hi)) return;
  nv.lo = nlo;
  nv.hi = nhi;
  if (nlo == nhi) nv.value = vs_const_int(a->ctx, (DType)var->dtype, nlo);
  info_set(a, var, &nv);
  if (a->opts.premises) push_premise(a, range_premise(a, var, nlo, nhi));
}

void analyzer_bind_value(Analyzer *a, Node *var, Node *value) {
  if (!var || !value || var->op != OP_VAR || analyzer_is_unstable(a, var) || var->dtype != value->dtype) return;
  if (value->op == OP_CONST) {
    VarInfo nv = {.value = value};
    if (is_intlike(var)) nv.lo = nv.hi = vs_const_value(value);
    info_set(a, var, &nv);
    if (a->opts.premises) push_premise(a, vs_bin(a->ctx, OP_EQ, var, value));
    return;
  }
  if (a->opts.constant_only || !dt_is_int((DType)var->dtype)) return;
  Node *r = to_ranged(a, value);
  VarInfo nv = {.lo = vs_vmin(r), .hi = vs_vmax(r)};
  if (nv.lo < vs_vmin(var)) nv.lo = vs_vmin(var);
  if (nv.hi > vs_vmax(var)) nv.hi = vs_vmax(var);
  if (nv.lo > nv.hi) return;
  if (nv.lo == nv.hi) nv.value = vs_const_int(a->ctx, (DType)var->dtype, nv.lo);
  cong(a, r, 0, &nv.mod, &nv.rem);
  if (nv.mod < 2) nv.mod = nv.rem = 0;
  info_set(a, var, &nv);
  Node *atom;
  i128 off;
  linearize(a, r, &atom, &off);
  if (atom && analyzer_expr_stable(a, atom)) {
    add_fact(a, var, atom, off);
    add_fact(a, atom, var, -off);
  }
  if (a->opts.premises) {
    if (analyzer_expr_stable(a, value)) push_premise(a, vs_bin(a->ctx, OP_EQ, var, value));
    else push_premise(a, range_premise(a, var, nv.lo, nv.hi));
  }
}

void analyzer_bind_loop(Analyzer *a, Node *var, Node *start, Node *stop, Node *step) {
  if (!var || var->op != OP_VAR || analyzer_is_unstable(a, var) || !dt_is_int((DType)var->dtype)) return;
  if (a->opts.constant_only) return;
  Node *rs = to_ranged(a, start), *re = to_ranged(a, stop), *rt = to_ranged(a, step);
  bool up = vs_vmin(rt) > 0, down = vs_vmax(rt) < 0;
  if (!up && !down) return;
  i128 lo = up ? vs_vmin(rs) : vs_vmin(re) + 1, hi = up ? vs_vmax(re) - 1 : vs_vmax(rs);
  if (lo > hi) return; /* the body never runs */
  bool stable = analyzer_expr_stable(a, start) && analyzer_expr_stable(a, stop);
  Node *rv = var;
  narrow(a, var, lo, hi);
  if (stable) {
    if (up) {
      assert_le(a, rs, rv, 0);  /* start <= var */
      assert_le(a, rv, re, -1); /* var < stop */
    } else {
      assert_le(a, re, rv, -1);
      assert_le(a, rv, rs, 0);
    }
    if (a->opts.premises) {
      Node *p1 = up ? vs_bin(a->ctx, OP_LE, start, var) : vs_bin(a->ctx, OP_LT, stop, var);
      Node *p2 = up ? vs_bin(a->ctx, OP_LT, var, stop) : vs_bin(a->ctx, OP_LE, var, start);
      push_premise(a, p1);
      push_premise(a, p2);
    }
  }
  if (up && step->op == OP_CONST) {
    i128 s = vs_const_value(step), m0, r0;
    cong(a, rs, 0, &m0, &r0);
    i128 m = m0 == 0 ? s : lin_gcd(m0, s);
    if (m > 1) {
      VarInfo *vi = info_of(a, var);
      VarInfo nv = vi ? *vi : (VarInfo){.lo = vs_vmin(var), .hi = vs_vmax(var)};
      if (!nv.value) {
        nv.mod = m;
        nv.rem = im_floormod(r0, m);
        info_set(a, var, &nv);
        if (a->opts.premises) {
          Node *mc = vs_const_int(a->ctx, (DType)var->dtype, m), *rc = vs_const_int(a->ctx, (DType)var->dtype, nv.rem);
          Node *md = mc ? vs_bin(a->ctx, OP_MOD, var, mc) : NULL;
          push_premise(a, md && rc ? vs_bin(a->ctx, OP_EQ, md, rc) : NULL);
        }
      }
    }
  }
}

/* One conjunct of an assumed condition. */
static void assume_atom(Analyzer *a, Node *c, bool neg) {
  if (c->op == OP_NOT && c->dtype == DT_BOOL) {
    assume_atom(a, c->args[0], !neg);
    return;
  }
  if (c->dtype == DT_BOOL && ((c->op == OP_AND && !neg) || (c->op == OP_OR && neg))) {
    assume_atom(a, c->args[0], neg);
    assume_atom(a, c->args[1], neg);
    return;
  }
  if (!analyzer_expr_stable(a, c)) return;
  if (a->opts.premises) {
    Node *p = neg ? vs_un(a->ctx, OP_NOT, c) : c;
    push_premise(a, p);
  }
  if (c->op == OP_VAR && c->dtype == DT_BOOL) {
    narrow(a, c, neg ? 0 : 1, neg ? 0 : 1);
    return;
  }
  if (!op_is_cmp((Op)c->op) || !dt_is_int((DType)c->args[0]->dtype) || a->opts.constant_only) return;
  Node *x = to_ranged(a, c->args[0]), *y = to_ranged(a, c->args[1]);
  switch ((Op)c->op) {
  case OP_LT:
    if (!neg) assert_le(a, x, y, -1);
    else assert_le(a, y, x, 0);
    break;
  case OP_LE:
    if (!neg) assert_le(a, x, y, 0);
    else assert_le(a, y, x, -1);
    break;
  case OP_EQ:
  case OP_NE:
    if ((c->op == OP_EQ) != neg) {
      assert_le(a, x, y, 0);
      assert_le(a, y, x, 0);
    }
    break;
  default: break;
  }
}

void analyzer_assume(Analyzer *a, Node *cond) {
  if (!cond || cond->dtype != DT_BOOL || cond->op == OP_CONST) return;
  assume_atom(a, cond, false);
}

int analyzer_trip_count(Analyzer *a, Node *start, Node *stop, Node *step) {
  if (a->opts.constant_only || !dt_is_int((DType)start->dtype)) return -1;
  Node *rt = to_ranged(a, step);
  i128 smin = vs_vmin(rt);
  if (smin <= 0) return -1;
  Node *le = vs_bin(a->ctx, OP_LE, stop, start), *lt = vs_bin(a->ctx, OP_LT, start, stop);
  if (!le || !lt) {
    a->failed = true;
    return -1;
  }
  if (analyzer_can_prove(a, le)) return 0;
  if (!analyzer_can_prove(a, lt)) return -1;
  Node *A, *B;
  i128 cs, ce;
  linearize(a, to_ranged(a, start), &A, &cs);
  linearize(a, to_ranged(a, stop), &B, &ce);
  /* stop - start <= smin: (B + ce) - (A + cs) <= smin */
  i128 k = smin - ce + cs;
  if (A == B) return 0 <= k ? 1 : -1;
  return derive_le(a, B, A, k) ? 1 : -1;
}
