/* Concrete search for counterexamples to a rule instance (rule_concrete.h). */
#include "verify/rule_concrete.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "eval/eval.h"
#include "eval/f16.h"
#include "ir/timer.h"
#include "rules/guard_arith.h"
#include "text/text.h"
#include "verify/rule_inst.h"

enum { DIM_VAL, DIM_DEF, DIM_INV };
enum { MAX_DIMS = RULE_MAX_SLOTS * 3, MAX_CAND = 64 };
/* Where a variable of an evaluator takes its value from. */
enum { SRC_VAL, SRC_DEF, SRC_INV, SRC_LO, SRC_HI, SRC_NONE };
/* How a bounded slot's [vmin, vmax] follows its value v. */
enum { B_POINT, B_FULL, B_ZERO, B_UP, B_DOWN, B_NEAR, B_EXPLICIT, B_STRATEGIES = B_EXPLICIT };

typedef struct {
  uint8_t kind;
  int8_t slot;
  DType dt;
} Dim;

typedef struct {
  uint64_t v[MAX_DIMS];
  uint8_t bc[RULE_MAX_SLOTS]; /* bound strategy per bounded slot */
  i128 lo[RULE_MAX_SLOTS], hi[RULE_MAX_SLOTS];
} Pt;

typedef struct {
  Evaluator *ev;          /* scalar instances: the prepared evaluator */
  Node *root;             /* vector instances: evaluated with eval_at */
  Node **owned;           /* vector instances: the variables (malloc'd) */
  const Node *const *vars;
  size_t nvars;
  uint8_t *src;
  int8_t *slot;
  uint64_t *bits;
} Side;

typedef struct {
  const Rule *r;
  VsCtx *ctx;
  Inst in;
  Node *lhs, *rhs;
  Side side[2];
  Dim dim[MAX_DIMS];
  int ndims;
  bool vec; /* a vector rule: a variable of n lanes is n dimensions (val_dim is its lane 0) */
  int val_dim[RULE_MAX_SLOTS], def_dim[RULE_MAX_SLOTS], inv_dim[RULE_MAX_SLOTS];
  bool bounded[RULE_MAX_SLOTS];
  int nbounded;
  uint64_t cand[MAX_DIMS][MAX_CAND];
  int ncand[MAX_DIMS];
  size_t evaluated;
  uint64_t rng;
  bool witness; /* looking for a point where the guard holds and the pattern is defined, not a refutation */
  /* the best counterexample so far */
  bool found;
  Pt best;
  unsigned best_score;
  double best_mag; /* ties of the score: the smaller sum of magnitudes */
} Search;

static DType slot_dt(const Search *S, int s) { return (DType)S->in.class_dt[S->r->slot_class[s]]; }

static uint64_t rng_next(uint64_t *x) {
  uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

/* ---- values ---- */

static uint64_t float_bits(DType dt, double d) {
  uint64_t bits = 0;
  if (dt == DT_F64) memcpy(&bits, &d, sizeof d);
  else if (dt == DT_F32) {
    float f = (float)d;
    uint32_t u;
    memcpy(&u, &f, sizeof f);
    bits = u;
  } else bits = f16_from_double(d);
  return vs_canon_bits(dt, bits);
}

static double float_value(DType dt, uint64_t bits) {
  if (dt == DT_F64) {
    double d;
    memcpy(&d, &bits, sizeof d);
    return d;
  }
  if (dt == DT_F32) {
    uint32_t u = (uint32_t)bits;
    float f;
    memcpy(&f, &u, sizeof f);
    return f;
  }
  return f16_to_double((uint16_t)bits);
}

/* Bits of the magnitude of v: 0 for 0, 1 for +-1, 2 for +-2..3, ... */
static unsigned mag_bits(i128 v) {
  u128 m = v < 0 ? (u128)0 - (u128)v : (u128)v;
  unsigned b = 0;
  while (m) {
    b++;
    m >>= 1;
  }
  return b;
}

/* How big a value looks: what "smallest counterexample" minimises. */
static unsigned value_score(DType dt, uint64_t bits) {
  if (dt_is_float(dt)) {
    double d = float_value(dt, bits);
    if (isnan(d)) return 2 * 80 + 1;
    if (isinf(d)) return 2 * 80 + (d < 0);
    if (d == 0) return signbit(d) ? 1 : 0;
    int e;
    (void)frexp(d, &e);
    double frac = d * pow(2.0, -e); /* in [0.5, 1) */
    unsigned sc = 2 + 2 * (unsigned)(e < 1 ? 1 - e : e) + (d < 0);
    return sc + (frac != 0.5 && frac != -0.5);
  }
  i128 v = im_value(dt, bits);
  return 2 * mag_bits(v) + (v < 0);
}

static int add_cand(Search *S, int d, uint64_t bits) {
  for (int i = 0; i < S->ncand[d]; i++)
    if (S->cand[d][i] == bits) return 0;
  if (S->ncand[d] == MAX_CAND) return 0;
  S->cand[d][S->ncand[d]++] = bits;
  return 1;
}

static void int_candidates(Search *S, int d, DType dt) {
  int w = dt_bits(dt);
  i128 mn = im_min(dt), mx = im_max(dt);
  i128 half = (i128)1 << (w / 2);
  const i128 vals[] = {0, 1, -1, 2, mx, mn, -2, 3, mx - 1, mn + 1, 4, -3, -4, 5, 7, 8, -8, 6, -5, 9, 15, 16, -16, 17,
                       31, 32, -32, 63, 64, 100, 127, 128, -128, -129, 255, 256, half, half - 1, -half, mx / 2,
                       mn / 2, mx / 2 + 1, 1000, 65535, 65536, ((i128)1 << (w > 2 ? w - 2 : 1)), -7, 10, 11, 12, 13};
  for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++)
    if (im_fits(dt, vals[i])) add_cand(S, d, im_from_value(dt, vals[i]));
}

static void float_candidates(Search *S, int d, DType dt) {
  const double vals[] = {0.0, 1.0, -0.0, -1.0, 2.0, INFINITY, NAN, -INFINITY, 0.5, -2.0, 3.0, 1e300, 4.9e-324,
                         -0.5, 16777217.0, 9007199254740993.0, 65504.0, 1.5, 1.0 / 3.0, 1e10, -1e300, 2.2250738585072014e-308,
                         1.401298464324817e-45, 5.960464477539063e-08, 3.4028234663852886e38, 0.1, -3.0, 10.0, 100.0};
  for (size_t i = 0; i < sizeof vals / sizeof vals[0]; i++) add_cand(S, d, float_bits(dt, vals[i]));
}

/* ---- preparation ---- */

static void mark_bounds_pat(Search *S, const Pat *p) {
  if (!p) return;
  if (p->kind == PAT_BOUND && p->bound_max < 2) {
    S->bounded[p->slot] = true;
    inst_bound(&S->in, p->slot, p->bound_max);
  }
  if (p->kind == PAT_OP)
    for (int i = 0; i < p->nargs; i++) mark_bounds_pat(S, p->args[i]);
}

static void mark_bounds_guard(Search *S, const Guard *g) {
  if (!g) return;
  if (g->kind == G_VMIN || g->kind == G_VMAX) {
    S->bounded[g->slot] = true;
    inst_bound(&S->in, g->slot, g->kind == G_VMAX);
  }
  if (g->kind == G_NO_OVERFLOW) mark_bounds_pat(S, g->expr);
  mark_bounds_guard(S, g->a);
  mark_bounds_guard(S, g->b);
}

/* Whether g reads vtz: the search does not choose its t (any t the low zero bits allow), so such an
 * instance is outside the searched fragment: exhausting x's values at one t would prove nothing. */
static bool guard_reads_vtz(const Guard *g) {
  return g && (g->kind == G_VTZ || guard_reads_vtz(g->a) || guard_reads_vtz(g->b));
}

static bool name_is(const char *name, const char *fmt, const char *slot) {
  char buf[128];
  snprintf(buf, sizeof buf, fmt, slot);
  return !strcmp(name, buf);
}

static bool side_init(Search *S, Side *sd, Node *root) {
  if (S->vec) {
    Node **all;
    size_t n = vs_postorder(root, &all);
    if (!n) return false;
    sd->root = root;
    sd->owned = malloc(n * sizeof *sd->owned);
    if (!sd->owned) {
      free(all);
      return false;
    }
    for (size_t i = 0; i < n; i++)
      if (all[i]->op == OP_VAR) sd->owned[sd->nvars++] = all[i];
    free(all);
    sd->vars = (const Node *const *)sd->owned;
  } else {
    sd->ev = evaluator_new(root);
    if (!sd->ev) return false;
    sd->nvars = evaluator_vars(sd->ev, &sd->vars);
  }
  sd->src = calloc(sd->nvars + 1, 1);
  sd->slot = calloc(sd->nvars + 1, 1);
  sd->bits = calloc(sd->nvars + 1, sizeof *sd->bits);
  if (!sd->src || !sd->slot || !sd->bits) return false;
  for (size_t i = 0; i < sd->nvars; i++) {
    const char *name = sd->vars[i]->aux.name;
    sd->src[i] = SRC_NONE;
    for (int s = 0; s < S->r->nslots && sd->src[i] == SRC_NONE; s++) {
      const char *sn = S->r->slot_names[s];
      int src = !strcmp(name, sn) ? SRC_VAL : name_is(name, "%s_def", sn) ? SRC_DEF : name_is(name, "%s_inv", sn) ? SRC_INV
              : name_is(name, "vmin(%s)", sn) ? SRC_LO : name_is(name, "vmax(%s)", sn) ? SRC_HI : SRC_NONE;
      if (src == SRC_VAL && S->val_dim[s] < 0) return false;
      if (src == SRC_DEF && S->def_dim[s] < 0) return false;
      if (src == SRC_INV && S->inv_dim[s] < 0) return false;
      sd->src[i] = (uint8_t)src;
      sd->slot[i] = (int8_t)s;
    }
    if (sd->src[i] == SRC_NONE) return false; /* a variable the search does not know how to set */
  }
  return true;
}

static void side_fini(Side *sd) {
  evaluator_free(sd->ev);
  free(sd->owned);
  free(sd->src);
  free(sd->slot);
  free(sd->bits);
}

static void search_fini(Search *S) {
  side_fini(&S->side[0]);
  side_fini(&S->side[1]);
  vs_ctx_free(S->ctx);
}

/* Builds the instance; false if it is outside the searched fragment (S->ctx may still need freeing). */
static bool search_init(Search *S, const Rule *r, unsigned idx) {
  memset(S, 0, sizeof *S);
  S->r = r;
  S->rng = r->text_hash ^ ((uint64_t)idx * UINT64_C(0x9e3779b97f4a7c15));
  if (r->graph || (r->vector && r->guard)) return false; /* vector rules take no guard */
  if (guard_reads_vtz(r->guard)) return false;
  if (!(S->ctx = vs_ctx_new())) return false;
  if (!inst_init(&S->in, S->ctx, r, idx, &S->lhs, &S->rhs) || S->in.unsupported) return false;
  if ((S->lhs->flags | S->rhs->flags) & NF_HAS_GRAPH) return false;
  S->vec = ((S->lhs->flags | S->rhs->flags) & NF_HAS_VEC) != 0;
  if (S->vec && ((S->lhs->flags | S->rhs->flags) & NF_HAS_INVALID)) return false;
  if (r->guard && inst_guard_static(r->guard, &S->in) == S_FALSE) return false;
  for (int s = 0; s < RULE_MAX_SLOTS; s++) S->val_dim[s] = S->def_dim[s] = S->inv_dim[s] = -1;
  mark_bounds_guard(S, r->guard);
  mark_bounds_pat(S, r->lhs); /* lemmas read bounds in their pattern */
  mark_bounds_pat(S, r->rhs);
  for (int s = 0; s < r->nslots; s++) {
    if (!S->bounded[s]) continue;
    if (r->slot_kind[s] == PAT_OP || !dt_is_int(slot_dt(S, s))) return false; /* bounds of a subterm, of a bool */
    S->nbounded++;
  }
  for (int s = 0; s < r->nslots; s++) {
    if (r->slot_kind[s] == PAT_OP) continue;
    DType dt = slot_dt(S, s);
    int lanes = r->slot_lanes[s] ? r->slot_lanes[s] : 1;
    if (r->slot_nkind[s] != NK_VALUE || (lanes != 1 && !S->vec) || dt == DT_COUNT) return false;
    if (S->ndims + lanes + 2 > MAX_DIMS) return false;
    S->val_dim[s] = S->ndims;
    for (int l = 0; l < lanes; l++) {
      int d = S->ndims++;
      S->dim[d] = (Dim){DIM_VAL, (int8_t)s, dt};
      if (dt_is_float(dt)) float_candidates(S, d, dt);
      else if (dt == DT_BOOL) {
        add_cand(S, d, 0);
        add_cand(S, d, 1);
      } else int_candidates(S, d, dt);
    }
    if (S->in.slot_def[s]) {
      S->def_dim[s] = S->ndims;
      S->dim[S->ndims] = (Dim){DIM_DEF, (int8_t)s, DT_BOOL};
      add_cand(S, S->ndims, 1);
      add_cand(S, S->ndims++, 0);
    }
    if (S->in.slot_inv[s]) {
      S->inv_dim[s] = S->ndims;
      S->dim[S->ndims] = (Dim){DIM_INV, (int8_t)s, DT_BOOL};
      add_cand(S, S->ndims, 0);
      add_cand(S, S->ndims++, 1);
    }
  }
  return side_init(S, &S->side[0], S->lhs) && side_init(S, &S->side[1], S->rhs);
}

/* ---- the guard at a point ---- */

/* The guard's possible answers at a point: bit 1 "false", bit 2 "true" (both when a heuristic test
 * could go either way); 0 when it is undefined there (a division by zero, an exact value beyond i128). */
enum { GM_FALSE = 1, GM_TRUE = 2 };

static bool pt_slot_int(const Search *S, const Pt *p, int s, i128 *out) {
  int d = S->val_dim[s];
  if (d < 0) return false;
  DType dt = S->dim[d].dt;
  if (dt_is_float(dt)) return false;
  *out = im_value(dt, p->v[d]);
  return true;
}

static bool g_num(const Search *S, const Guard *g, const Pt *p, i128 *out) {
  i128 a, b;
  switch (g->kind) {
  case G_NUM: *out = g->num; return true;
  case G_CONST: return pt_slot_int(S, p, g->slot, out);
  case G_VMIN:
  case G_VMAX:
    if (!S->bounded[g->slot]) return false;
    *out = g->kind == G_VMIN ? p->lo[g->slot] : p->hi[g->slot];
    return true;
  case G_BITS: *out = dt_bits(slot_dt(S, g->slot)); return true;
  default: break;
  }
  if (!g_num(S, g->a, p, &a)) return false;
  if (guard_arith_unary((GuardKind)g->kind)) return guard_arith((GuardKind)g->kind, a, 0, out);
  return g_num(S, g->b, p, &b) && guard_arith((GuardKind)g->kind, a, b, out);
}

/* no_overflow(E) at the point: every operation of E, at these values, equals its exact value (the
 * verifier's pointwise reading). */
static bool exact_at(const Search *S, const Pat *e, const Pt *p, i128 *out) {
  DType dt = (DType)S->in.class_dt[e->tclass];
  if (!dt_is_int(dt)) return false;
  switch (e->kind) {
  case PAT_VAR:
  case PAT_CVAR: return pt_slot_int(S, p, e->slot, out);
  case PAT_BOUND:
    if (e->bound_max >= 2) *out = e->bound_max == 2 ? im_min(dt) : im_max(dt);
    else if (!S->bounded[e->slot]) return false;
    else *out = e->bound_max ? p->hi[e->slot] : p->lo[e->slot];
    return true;
  case PAT_LIT:
    if (e->lit_float || !im_fits(dt, e->ival)) return false;
    *out = e->ival;
    return true;
  case PAT_OP: break;
  default: return false;
  }
  i128 a, b = 0;
  if (e->op == OP_NEG) {
    if (!exact_at(S, e->args[0], p, &a) || !im_sub_ok(0, a, out)) return false;
  } else if (e->op == OP_ADD || e->op == OP_SUB || e->op == OP_MUL) {
    if (!exact_at(S, e->args[0], p, &a) || !exact_at(S, e->args[1], p, &b)) return false;
    bool ok = e->op == OP_ADD ? im_add_ok(a, b, out) : e->op == OP_SUB ? im_sub_ok(a, b, out) : im_mul_ok(a, b, out);
    if (!ok) return false;
  } else return false;
  return im_fits(dt, *out);
}

static unsigned g_bool(const Search *S, const Guard *g, const Pt *p) {
  i128 a, b;
  unsigned x, y;
  switch (g->kind) {
  case G_AND:
  case G_OR:
    x = g_bool(S, g->a, p);
    y = g_bool(S, g->b, p);
    if (!x || !y) return 0;
    if (g->kind == G_AND)
      return ((x & GM_TRUE) && (y & GM_TRUE) ? GM_TRUE : 0) | ((x & GM_FALSE) || (y & GM_FALSE) ? GM_FALSE : 0);
    return ((x & GM_TRUE) || (y & GM_TRUE) ? GM_TRUE : 0) | ((x & GM_FALSE) && (y & GM_FALSE) ? GM_FALSE : 0);
  case G_NOT:
    x = g_bool(S, g->a, p);
    return ((x & GM_TRUE) ? GM_FALSE : 0) | ((x & GM_FALSE) ? GM_TRUE : 0);
  case G_TEST: return inst_guard_static(g, &S->in) == S_TRUE ? GM_TRUE : GM_FALSE;
  case G_IS_CONST:
  case G_ORDER: return GM_TRUE | GM_FALSE; /* heuristic: the proof must hold for either answer */
  case G_FREE_OF:
  case G_NO_UB: return GM_TRUE; /* built into the instance's variables */
  case G_IS_POW2:
    if (!g_num(S, g->a, p, &a)) return 0;
    return a > 0 && (a & (a - 1)) == 0 ? GM_TRUE : GM_FALSE;
  case G_NO_OVERFLOW: return exact_at(S, g->expr, p, &a) ? GM_TRUE : GM_FALSE;
  case G_EQ:
  case G_NE:
  case G_LT:
  case G_LE:
    if (!g_num(S, g->a, p, &a) || !g_num(S, g->b, p, &b)) return 0;
    return (g->kind == G_EQ ? a == b : g->kind == G_NE ? a != b : g->kind == G_LT ? a < b : a <= b) ? GM_TRUE : GM_FALSE;
  default: return 0;
  }
}

/* ---- points ---- */

/* Sets the bounds of the bounded slots from their strategies; false if they do not contain the value. */
static bool pt_bounds(const Search *S, Pt *p) {
  for (int s = 0; s < S->r->nslots; s++) {
    if (!S->bounded[s]) continue;
    DType dt = slot_dt(S, s);
    i128 v = im_value(dt, p->v[S->val_dim[s]]), mn = im_min(dt), mx = im_max(dt);
    switch (p->bc[s]) {
    case B_POINT: p->lo[s] = p->hi[s] = v; break;
    case B_FULL: p->lo[s] = mn, p->hi[s] = mx; break;
    case B_ZERO: p->lo[s] = v < 0 ? v : 0, p->hi[s] = v < 0 ? 0 : v; break;
    case B_UP: p->lo[s] = v, p->hi[s] = mx; break;
    case B_DOWN: p->lo[s] = mn, p->hi[s] = v; break;
    case B_NEAR: p->lo[s] = v > mn ? v - 1 : v, p->hi[s] = v < mx ? v + 1 : v; break;
    default: break;
    }
    if (p->lo[s] > v || v > p->hi[s] || p->lo[s] < mn || p->hi[s] > mx) return false;
    if (!im_fits(dt, p->lo[s]) || !im_fits(dt, p->hi[s])) return false;
  }
  return true;
}

static uint64_t pt_src_bits(const Search *S, const Pt *p, uint8_t src, int s) {
  switch (src) {
  case SRC_VAL: return p->v[S->val_dim[s]];
  case SRC_DEF: return p->v[S->def_dim[s]];
  case SRC_INV: return p->v[S->inv_dim[s]];
  case SRC_LO: return im_from_value(slot_dt(S, s), p->lo[s]);
  case SRC_HI: return im_from_value(slot_dt(S, s), p->hi[s]);
  default: return 0;
  }
}

static Value side_run(const Search *S, const Side *sd, const Pt *p) {
  for (size_t i = 0; i < sd->nvars; i++) sd->bits[i] = pt_src_bits(S, p, sd->src[i], sd->slot[i]);
  return evaluator_run(sd->ev, sd->bits);
}

/* A vector side at p: every variable's lanes from its dimensions (vector rules read no bounds and have
 * no UB or INVALID flags). */
static bool vside_run(const Search *S, const Side *sd, const Pt *p, Outcome *out) {
  VarValue env[RULE_MAX_SLOTS];
  Point pt = {.vars = env};
  for (size_t i = 0; i < sd->nvars && pt.nvars < RULE_MAX_SLOTS; i++) {
    if (sd->src[i] != SRC_VAL) return false;
    const Node *v = sd->vars[i];
    int d = S->val_dim[sd->slot[i]];
    env[pt.nvars].var = v;
    for (int l = 0; l < (v->lanes ? v->lanes : 1); l++) env[pt.nvars].lane[l] = p->v[d + l];
    pt.nvars++;
  }
  return eval_at(sd->root, &pt, out, NULL, 0); /* no effect: nothing to free */
}

/* Whether p (bounds set) is a counterexample: the guard can hold, the pattern is defined, and the
 * template is UB or differs. */
static bool pt_refutes(Search *S, const Pt *p) {
  if (S->r->guard && !(g_bool(S, S->r->guard, p) & GM_TRUE)) return false;
  S->evaluated++;
  if (S->vec) {
    Outcome vl, vt;
    if (!vside_run(S, &S->side[0], p, &vl) || vl.value.ub) return false;
    if (S->witness) return true;
    return vside_run(S, &S->side[1], p, &vt) && !outcome_refines(&vl, &vt);
  }
  Value l = side_run(S, &S->side[0], p);
  if (l.ub) return false;
  if (S->witness) return true;
  Value t = side_run(S, &S->side[1], p);
  return !value_same(l, t);
}

static unsigned pt_score(const Search *S, const Pt *p) {
  unsigned sc = 0;
  for (int d = 0; d < S->ndims; d++) {
    if (S->dim[d].kind == DIM_VAL) sc += value_score(S->dim[d].dt, p->v[d]);
    else if (S->dim[d].kind == DIM_DEF) sc += p->v[d] ? 0 : 1;
    else sc += p->v[d] ? 1 : 0;
  }
  return sc;
}

static double pt_mag(const Search *S, const Pt *p) {
  double m = 0;
  for (int d = 0; d < S->ndims; d++) {
    if (S->dim[d].kind != DIM_VAL) continue;
    DType dt = S->dim[d].dt;
    if (dt_is_float(dt)) {
      double x = fabs(float_value(dt, p->v[d]));
      m += isnan(x) || isinf(x) ? 1e308 : x;
    } else {
      i128 v = im_value(dt, p->v[d]);
      m += v < 0 ? -(double)v : (double)v;
    }
  }
  return m;
}

/* Tries p with its bounds strategies; records it if it refutes and is the smallest so far. */
static bool consider(Search *S, Pt *p) {
  if (!pt_bounds(S, p) || !pt_refutes(S, p)) return false;
  unsigned sc = pt_score(S, p);
  double mag = pt_mag(S, p);
  if (!S->found || sc < S->best_score || (sc == S->best_score && mag < S->best_mag)) {
    S->found = true;
    S->best = *p;
    S->best_score = sc;
    S->best_mag = mag;
  }
  return true;
}

/* p's values with every bounded slot under each uniform strategy. */
static bool consider_strategies(Search *S, Pt *p) {
  bool any = false;
  int n = S->nbounded ? B_STRATEGIES : 1;
  for (int b = 0; b < n; b++) {
    for (int s = 0; s < S->r->nslots; s++) p->bc[s] = (uint8_t)b;
    any |= consider(S, p);
    if (any) break;
  }
  return any;
}

/* ---- the phases ---- */

/* Every point of a small domain (integers and bools of at most 16 bits). */
static bool domain_size(const Search *S, uint64_t *size) {
  uint64_t n = 1;
  for (int d = 0; d < S->ndims; d++) {
    DType dt = S->dim[d].dt;
    if (dt_is_float(dt) || dt_bits(dt) > 16) return false;
    uint64_t k = UINT64_C(1) << dt_bits(dt);
    if (n > (UINT64_C(1) << 40) / k) return false;
    n *= k;
  }
  *size = n;
  return true;
}

static void phase_exhaustive(Search *S, uint64_t size) {
  Pt p;
  memset(&p, 0, sizeof p);
  for (uint64_t i = 0; i < size; i++) {
    uint64_t rest = i;
    for (int d = 0; d < S->ndims; d++) {
      unsigned w = (unsigned)dt_bits(S->dim[d].dt);
      p.v[d] = rest & im_mask((int)w);
      rest >>= w;
    }
    /* Bounds: the point itself and the whole dtype (not every interval: no proof then). */
    for (int b = 0; b < (S->nbounded ? 2 : 1); b++) {
      for (int s = 0; s < S->r->nslots; s++) p.bc[s] = (uint8_t)b;
      if (consider(S, &p)) break;
    }
  }
}

/* Combinations of candidates in shells of increasing largest index (small and edge values first). */
static void phase_ordered(Search *S, size_t budget) {
  int idx[MAX_DIMS];
  size_t tried = 0, steps = 0;
  /* Every step of the enumeration counts, the ones it skips too (off the shell, or past a dimension's
   * candidates): with many dimensions, most of [0, m]^k is off the shell. */
  const size_t max_steps = 8 * budget;
  int maxc = 0;
  for (int d = 0; d < S->ndims; d++)
    if (S->ncand[d] > maxc) maxc = S->ncand[d];
  for (int m = 0; m < maxc && tried < budget && steps < max_steps; m++) {
    memset(idx, 0, sizeof idx);
    for (; steps < max_steps; steps++) {
      bool on_shell = false;
      for (int d = 0; d < S->ndims; d++) on_shell |= idx[d] == m;
      if (on_shell || S->ndims == 0) {
        Pt p;
        memset(&p, 0, sizeof p);
        for (int d = 0; d < S->ndims; d++) p.v[d] = S->cand[d][idx[d]];
        consider_strategies(S, &p);
        tried++;
        if (tried >= budget) break;
      }
      /* The next tuple of [0, min(m, candidates - 1)] per dimension. */
      int d = 0;
      while (d < S->ndims && ++idx[d] > (m < S->ncand[d] - 1 ? m : S->ncand[d] - 1)) idx[d++] = 0;
      if (d == S->ndims) break;
    }
    if (S->found || S->ndims == 0) break; /* the shell that found one is done: smaller ones came first */
  }
}

static uint64_t random_value(Search *S, int d) {
  DType dt = S->dim[d].dt;
  uint64_t x = rng_next(&S->rng);
  switch (x % 4) {
  case 0:
  case 1: return S->cand[d][(x >> 8) % (uint64_t)S->ncand[d]];
  case 2:
    if (dt_is_int(dt)) {
      i128 v = (i128)((x >> 8) % 129) - 64;
      if (im_fits(dt, v)) return im_from_value(dt, v);
    }
    /* fall through */
  default: {
    uint64_t bits = rng_next(&S->rng);
    if (dt_is_float(dt)) return vs_canon_bits(dt, bits & im_mask(dt_bits(dt)));
    return bits & im_mask(dt_bits(dt));
  }
  }
}

static void phase_random(Search *S, size_t n) {
  for (size_t i = 0; i < n && !S->found; i++) {
    Pt p;
    memset(&p, 0, sizeof p);
    for (int d = 0; d < S->ndims; d++) p.v[d] = random_value(S, d);
    for (int s = 0; s < S->r->nslots; s++) {
      if (!S->bounded[s]) continue;
      uint64_t x = rng_next(&S->rng);
      p.bc[s] = (uint8_t)(x % (B_STRATEGIES + 2));
      if (p.bc[s] >= B_EXPLICIT) { /* a random interval around the value */
        DType dt = slot_dt(S, s);
        i128 v = im_value(dt, p.v[S->val_dim[s]]);
        i128 a = im_value(dt, random_value(S, S->val_dim[s])), b = im_value(dt, random_value(S, S->val_dim[s]));
        p.bc[s] = B_EXPLICIT;
        p.lo[s] = a < v ? a : v;
        p.hi[s] = b > v ? b : v;
      }
    }
    consider(S, &p);
  }
}

/* Shrinks the best counterexample: each value toward small candidates, while it still refutes. */
static void minimise(Search *S) {
  for (int round = 0; round < 32; round++) {
    bool improved = false;
    for (int d = 0; d < S->ndims; d++) {
      DType dt = S->dim[d].dt;
      uint64_t tries[MAX_CAND + 4 * 66];
      int nt = 0;
      for (int i = 0; i < S->ncand[d] && i < 12; i++) tries[nt++] = S->cand[d][i];
      if (S->dim[d].kind == DIM_VAL && dt_is_int(dt)) {
        i128 v = im_value(dt, S->best.v[d]);
        tries[nt++] = im_from_value(dt, v / 2);
        tries[nt++] = im_from_value(dt, v > 0 ? v - 1 : v + 1);
        if (v < 0) tries[nt++] = im_from_value(dt, -v); /* the same magnitude, positive */
        /* Rounder values of no more bits: v with its low bits cleared, and 2^k - 1, 2^k + 1 below it. */
        unsigned bits = mag_bits(v);
        for (unsigned k = 1; k < bits && k < 64; k++) {
          u128 m = v < 0 ? (u128)0 - (u128)v : (u128)v;
          i128 cleared = (i128)(m & ~(((u128)1 << k) - 1));
          tries[nt++] = im_from_value(dt, v < 0 ? -cleared : cleared);
          tries[nt++] = im_from_value(dt, ((i128)1 << k) + 1);
          tries[nt++] = im_from_value(dt, ((i128)1 << k) - 1);
          tries[nt++] = im_from_value(dt, v < 0 ? -(((i128)1 << k) + 1) : ((i128)1 << k) + 1);
        }
      }
      /* The smallest first: the first that still refutes is the step taken. */
      for (int a = 1; a < nt; a++)
        for (int b = a; b > 0; b--) {
          Pt pa = S->best, pb = S->best;
          pa.v[d] = tries[b];
          pb.v[d] = tries[b - 1];
          unsigned sa = pt_score(S, &pa), sb = pt_score(S, &pb);
          if (sa > sb || (sa == sb && pt_mag(S, &pa) >= pt_mag(S, &pb))) break;
          uint64_t t = tries[b];
          tries[b] = tries[b - 1];
          tries[b - 1] = t;
        }
      for (int k = 0; k < nt; k++) {
        Pt p = S->best;
        p.v[d] = tries[k];
        unsigned before = S->best_score;
        double before_mag = S->best_mag;
        unsigned sc = pt_score(S, &p);
        if (sc > before || (sc == before && pt_mag(S, &p) >= before_mag)) continue;
        if (consider(S, &p) && (S->best_score < before || S->best_mag < before_mag)) {
          improved = true;
          break;
        }
        /* The bounds may have to follow the value. */
        for (int b = 0; b < B_STRATEGIES && S->nbounded; b++) {
          Pt q = p;
          for (int s = 0; s < S->r->nslots; s++) q.bc[s] = (uint8_t)b;
          if (consider(S, &q) && (S->best_score < before || S->best_mag < before_mag)) {
            improved = true;
            break;
          }
        }
        if (improved) break;
      }
    }
    /* Plainer bounds: the point itself, or the whole dtype. */
    for (int b = 0; b < 2 && S->nbounded; b++) {
      Pt p = S->best;
      bool differs = false;
      for (int s = 0; s < S->r->nslots; s++) {
        differs |= S->bounded[s] && p.bc[s] != b;
        p.bc[s] = (uint8_t)b;
      }
      if (differs && pt_bounds(S, &p) && pt_refutes(S, &p)) {
        S->best = p;
        break;
      }
    }
    if (!improved) break;
  }
}

/* ---- seeds: points of other instances ---- */

static void export_point(const Search *S, const Pt *p, ConcretePoint *out) {
  memset(out, 0, sizeof *out);
  if (S->vec) return; /* lanes are not carried: a vector point is not a seed */
  for (int s = 0; s < S->r->nslots; s++) {
    int d = S->val_dim[s];
    if (d < 0) continue;
    DType dt = S->dim[d].dt;
    out->has[s] = 1;
    out->isf[s] = dt_is_float(dt);
    if (out->isf[s]) out->fval[s] = float_value(dt, p->v[d]);
    else out->ival[s] = im_value(dt, p->v[d]);
    out->def[s] = S->def_dim[s] < 0 || p->v[S->def_dim[s]];
    out->inv[s] = S->inv_dim[s] >= 0 && p->v[S->inv_dim[s]];
    if (S->bounded[s]) {
      out->lo[s] = p->lo[s];
      out->hi[s] = p->hi[s];
      out->lo_full[s] = p->lo[s] == im_min(dt);
      out->hi_full[s] = p->hi[s] == im_max(dt);
    }
  }
}

/* The seed at this instance's dtypes; wrap: values that do not fit are wrapped instead of refused. */
static bool import_point(const Search *S, const ConcretePoint *c, bool wrap, Pt *p) {
  memset(p, 0, sizeof *p);
  if (S->vec) return false;
  for (int s = 0; s < S->r->nslots; s++) {
    int d = S->val_dim[s];
    if (d < 0) continue;
    if (!c->has[s]) return false;
    DType dt = S->dim[d].dt;
    if (dt_is_float(dt)) {
      if (!c->isf[s]) return false;
      p->v[d] = float_bits(dt, c->fval[s]);
    } else {
      if (c->isf[s]) return false;
      i128 v = c->ival[s];
      if (!im_fits(dt, v) && !wrap) return false;
      p->v[d] = im_from_value(dt, v); /* sign- or zero-extended, or wrapped */
    }
    if (S->def_dim[s] >= 0) p->v[S->def_dim[s]] = c->def[s];
    if (S->inv_dim[s] >= 0) p->v[S->inv_dim[s]] = c->inv[s];
    if (S->bounded[s]) {
      i128 v = im_value(dt, p->v[d]);
      p->bc[s] = B_EXPLICIT;
      p->lo[s] = c->lo_full[s] || !im_fits(dt, c->lo[s]) || c->lo[s] > v ? (c->lo_full[s] ? im_min(dt) : v) : c->lo[s];
      p->hi[s] = c->hi_full[s] || !im_fits(dt, c->hi[s]) || c->hi[s] < v ? (c->hi_full[s] ? im_max(dt) : v) : c->hi[s];
    }
  }
  return true;
}

/* ---- the case and its confirmation ---- */

/* Parses the case back and evaluates it at the point, independently of the search's evaluators. */
static bool confirm(const Search *S, const Pt *p, const char *text) {
  VsCtx *ctx = vs_ctx_new();
  if (!ctx) return false;
  VsFile f;
  VsDiag diag;
  if (!vs_parse(ctx, "cex.vs", text, strlen(text), &f, &diag)) {
    vs_ctx_free(ctx);
    return false;
  }
  VarValue env[RULE_MAX_SLOTS];
  Point pt = {.vars = env};
  bool bound_ok = f.tgt != NULL;
  for (size_t i = 0; bound_ok && i < f.nvars && pt.nvars < RULE_MAX_SLOTS; i++) {
    Node *v = f.vars[i];
    int s = 0;
    while (s < S->r->nslots && strcmp(S->r->slot_names[s], v->aux.name)) s++;
    if (s == S->r->nslots || S->val_dim[s] < 0 || v->dtype != S->dim[S->val_dim[s]].dt) {
      bound_ok = false;
      break;
    }
    VarValue *x = &env[pt.nvars++];
    x->var = v;
    for (int l = 0; l < (v->lanes ? v->lanes : 1); l++) {
      x->lane[l] = p->v[S->val_dim[s] + l];
      if (dt_is_int((DType)v->dtype)) {
        i128 val = im_value((DType)v->dtype, x->lane[l]);
        bound_ok &= vs_vmin(v) <= val && val <= vs_vmax(v);
      }
    }
  }
  Outcome l, t;
  bool ok = bound_ok && eval_at(f.src, &pt, &l, NULL, 0) && eval_at(f.tgt, &pt, &t, NULL, 0) && !outcome_refines(&l, &t);
  vs_file_free(&f);
  vs_ctx_free(ctx);
  return ok;
}

static char *write_case(Search *S, const Pt *p) {
  VarValue model[RULE_MAX_SLOTS * 5];
  size_t nm = 0;
  for (int s = 0; s < S->r->nslots; s++) {
    int d = S->val_dim[s];
    if (d < 0) continue;
    if (S->r->slot_kind[s] == PAT_CVAR) model[nm++] = var_value(S->in.slot[s], p->v[d]);
    if (S->in.slot_def[s]) model[nm++] = var_value(S->in.slot_def[s], p->v[S->def_dim[s]]);
    if (S->in.slot_inv[s]) model[nm++] = var_value(S->in.slot_inv[s], p->v[S->inv_dim[s]]);
    for (int k = 0; k < 2; k++)
      if (S->in.bound[s][k]) model[nm++] = var_value(S->in.bound[s][k], im_from_value(slot_dt(S, s), k ? p->hi[s] : p->lo[s]));
  }
  SmtResult res;
  memset(&res, 0, sizeof res);
  res.verdict = SMT_INVALID;
  res.model.vars = model;
  res.model.nvars = nm;
  char *body = inst_counterexample(&S->in, &res);
  if (!body) return NULL;
  /* The point, as a comment that the case's parser skips. */
  size_t cap = strlen(body) + 8192, len = 0;
  char *out = malloc(cap);
  if (!out) {
    free(body);
    return NULL;
  }
  len += (size_t)snprintf(out + len, cap - len, "# counterexample:");
  char buf[1100];
  for (int s = 0, first = 1; s < S->r->nslots; s++) {
    int d = S->val_dim[s];
    if (d < 0) continue;
    int lanes = S->r->slot_lanes[s] ? S->r->slot_lanes[s] : 1;
    const char *val = S->inv_dim[s] >= 0 && p->v[S->inv_dim[s]] ? "invalid"
                    : S->def_dim[s] >= 0 && !p->v[S->def_dim[s]] ? "UB"
                    : lanes > 1 ? vs_format_lanes(S->dim[d].dt, lanes, &p->v[d], buf, sizeof buf)
                    : vs_format_literal(S->dim[d].dt, p->v[d], true, buf, sizeof buf);
    len += (size_t)snprintf(out + len, cap - len, "%s %s = %s", first ? "" : ",", S->r->slot_names[s], val);
    first = 0;
  }
  char lb[1100], tb[1100];
  Outcome l, t;
  if (!S->vec) {
    l = (Outcome){.value = lane_value(side_run(S, &S->side[0], p))};
    t = (Outcome){.value = lane_value(side_run(S, &S->side[1], p))};
  } else if (!vside_run(S, &S->side[0], p, &l) || !vside_run(S, &S->side[1], p, &t)) {
    l.value = t.value = (LaneValue){.lanes = 1, .ub = true};
  }
  len += (size_t)snprintf(out + len, cap - len, "; source = %s, target = %s\n%s",
                          vs_format_value((DType)S->lhs->dtype, &l.value, lb, sizeof lb),
                          vs_format_value((DType)S->rhs->dtype, &t.value, tb, sizeof tb), body);
  free(body);
  if (!confirm(S, p, out)) {
    free(out);
    return NULL;
  }
  return out;
}

/* ---- the search ---- */

bool concrete_search(const Rule *r, unsigned idx, const ConcretePoint *seeds, size_t nseeds,
                     const ConcreteOptions *opts, ConcreteResult *out) {
  double t0 = vs_seconds();
  memset(out, 0, sizeof *out);
  ConcreteOptions o = opts ? *opts : (ConcreteOptions){0};
  if (!o.points) o.points = 1500;
  if (!o.ordered) o.ordered = 1500;
  if (!o.exhaustive) o.exhaustive = 4096;
  Search *S = malloc(sizeof *S);
  if (!S) return false;
  if (!search_init(S, r, idx)) {
    search_fini(S);
    free(S);
    out->seconds = vs_seconds() - t0;
    return true;
  }
  out->searchable = true;
  if (S->vec) { /* eval_at is not prepared: fewer points */
    if (o.ordered > 300) o.ordered = 300;
    if (o.points > 300) o.points = 300;
  }
  for (size_t i = 0; i < nseeds; i++)
    for (int wrap = 0; wrap < 2; wrap++) {
      Pt p;
      if (import_point(S, &seeds[i], wrap, &p)) {
        if (!consider(S, &p)) consider_strategies(S, &p);
      }
    }
  if (!o.seeds_only && !S->found) {
    uint64_t size;
    if (domain_size(S, &size) && size <= o.exhaustive) {
      phase_exhaustive(S, size);
      out->proved = !S->found && S->nbounded == 0;
    } else if (!o.exhaustive_only) {
      phase_ordered(S, o.ordered);
      phase_random(S, o.points);
    }
  }
  if (S->found) {
    minimise(S);
    out->cex = write_case(S, &S->best);
    if (out->cex) {
      out->found = true;
      export_point(S, &S->best, &out->point);
    }
  }
  out->evaluated = S->evaluated;
  search_fini(S);
  free(S);
  out->seconds = vs_seconds() - t0;
  return true;
}

int concrete_witness(const Rule *r, unsigned idx) {
  Search *S = malloc(sizeof *S);
  if (!S) return -1;
  int out = -1;
  if (search_init(S, r, idx)) {
    S->witness = true;
    uint64_t size;
    if (domain_size(S, &size) && size <= 4096) phase_exhaustive(S, size);
    else {
      phase_ordered(S, 200);
      phase_random(S, 200);
    }
    out = S->found ? 1 : 0;
  }
  search_fini(S);
  free(S);
  return out;
}

void concrete_result_free(ConcreteResult *c) {
  free(c->cex);
  c->cex = NULL;
}
