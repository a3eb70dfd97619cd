#include "verify/rule_verify.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ir/graph.h"
#include "ir/rebuild.h"
#include "ir/timer.h"
#include "rewrite/match.h"
#include "smt/encode.h"
#include "smt/encode_graph.h"
#include "smt/int_encode.h"
#include "smt/int_solve.h"
#include "smt/query_cache.h"
#include "verify/rule_concrete.h"
#include "verify/rule_inst.h"
#include "eval/eval.h"
#include "text/text.h"

const char *proof_status_name(ProofStatus s) {
  switch (s) {
  case PROOF_PROVED: return "proved";
  case PROOF_REFUTED: return "refuted";
  case PROOF_UNKNOWN: return "unknown";
  default: return "error";
  }
}

const char *proof_by_name(int by) { return by == PROOF_BY_CVC5 ? "cvc5" : by == PROOF_BY_EVAL ? "eval" : "z3"; }

void proof_result_free(ProofResult *p) {
  free(p->cex);
  p->cex = NULL;
}

static DType slot_dt(const Inst *in, int s) { return (DType)in->class_dt[in->r->slot_class[s]]; }

Node *inst_bound(Inst *in, int s, int is_max) {
  if (!in->bound[s][is_max] && !in->concrete_bounds) {
    char name[80];
    snprintf(name, sizeof name, "%s(%s)", is_max ? "vmax" : "vmin", in->r->slot_names[s]);
    in->bound[s][is_max] = vs_var(in->ctx, name, slot_dt(in, s), im_min(slot_dt(in, s)), im_max(slot_dt(in, s)));
  }
  return in->bound[s][is_max];
}

Node *inst_tz(Inst *in, int s) {
  if (!in->tz[s]) {
    char name[80];
    DType dt = slot_dt(in, s);
    snprintf(name, sizeof name, "vtz(%s)", in->r->slot_names[s]);
    in->tz[s] = vs_var(in->ctx, name, dt, 0, dt_bits(dt));
  }
  return in->tz[s];
}

/* The instance's leaves: its slots' variables and bounds, and ranges. */
static bool inst_claim(PatBuilder *b, const Pat *p, Node **out) {
  Inst *in = b->ud;
  switch (p->kind) {
  case PAT_VAR:
  case PAT_CVAR: *out = in->slot[p->slot]; return true;
  case PAT_BOUND:
    if (p->bound_max >= 2) /* dtmin, dtmax: the dtype's extremes, as the engine builds them */
      *out = vs_const(in->ctx, slot_dt(in, p->slot), vs_reduce_identity(p->bound_max == 2 ? OP_MAX : OP_MIN, slot_dt(in, p->slot)));
    else *out = dt_is_float(slot_dt(in, p->slot)) ? NULL : inst_bound(in, p->slot, p->bound_max);
    return true;
  case PAT_OP:
    if (p->op != OP_RANGE) return false;
    *out = inst_range(in, p);
    return true;
  default: return false;
  }
}

/* An @-binding names the node its subpattern built. */
static Node *inst_made(PatBuilder *b, const Pat *p, Node *n) {
  Inst *in = b->ud;
  if (p->slot >= 0) in->slot[p->slot] = n;
  return n;
}

Node *build(Inst *in, const Pat *p) {
  PatBuilder b = {in->ctx, in->class_dt, inst_claim, inst_made, in};
  return pat_build(&b, p);
}

/* A pattern variable of an invalid-family rule: the engine binds it to any node, which may be UB (a
 * select's untaken operand stays unevaluated, so a rule must not evaluate it) and, at index, INVALID.
 * The variable x becomes select(x_def, x, UB), and at index select(x_inv, invalid, that), over fresh
 * bools: the proof then covers every value a bound node can take. The same UB wrapping applies, in every
 * rule, to a variable the pattern may leave unevaluated (inst_slot_lazy_only): elsewhere a variable's
 * UB makes the pattern UB, and a proof over defined values covers it. */
static Node *ub_node(VsCtx *ctx, DType dt) {
  Node *zero = vs_const(ctx, DT_I8, 0);
  Node *ub = vs_bin(ctx, OP_IDIV, zero, zero); /* 0 // 0: UB, in any dtype after a cast */
  return ub && dt != DT_I8 ? vs_cast(ctx, dt, ub) : ub;
}

Node *inst_maybe_ub(Inst *in, Node *x, const char *name, Node **def) {
  char dname[96];
  snprintf(dname, sizeof dname, "%s_def", name);
  *def = vs_var(in->ctx, dname, DT_BOOL, 0, 1);
  Node *ub = ub_node(in->ctx, (DType)x->dtype), *cond = *def;
  if (x->lanes > 1 && ub && cond) { /* a vector: UB as a whole, or x */
    ub = vs_bcast(in->ctx, ub, x->lanes);
    cond = vs_bcast(in->ctx, cond, x->lanes);
  }
  return cond && ub ? vs_tern(in->ctx, OP_SELECT, cond, x, ub) : NULL;
}

static Node *maybe_ub_or_invalid(Inst *in, int s, bool invalid) {
  char name[96];
  Node *x = in->slot[s];
  DType dt = (DType)x->dtype;
  Node *n = inst_maybe_ub(in, x, x->aux.name, &in->slot_def[s]);
  if (!n || dt != DT_INDEX || !invalid) return n;
  snprintf(name, sizeof name, "%s_inv", x->aux.name);
  Node *inv = in->slot_inv[s] = vs_var(in->ctx, name, DT_BOOL, 0, 1);
  return inv ? vs_tern(in->ctx, OP_SELECT, inv, vs_invalid(in->ctx), n) : NULL;
}

bool inst_init(Inst *in, VsCtx *ctx, const Rule *r, unsigned idx, Node **lhs, Node **rhs) {
  memset(in, 0, sizeof *in);
  in->ctx = ctx;
  in->r = r;
  rule_instance_dtypes(r, idx, in->class_dt);
  for (int s = 0; s < r->nslots; s++) {
    DType dt = slot_dt(in, s);
    in->lo[s] = dt == DT_COUNT || dt_is_float(dt) ? 0 : im_min(dt);
    in->hi[s] = dt == DT_COUNT || dt_is_float(dt) ? 0 : im_max(dt);
  }
  if (r->graph) {
    inst_narrow(in);
    inst_deps(in);
  }
  for (int s = 0; s < r->nslots; s++) {
    if (r->slot_kind[s] == PAT_OP) continue;
    DType dt = slot_dt(in, s);
    if (dt == DT_COUNT) return false;
    if (r->slot_nkind[s] != NK_VALUE || in->ndeps[s] || in->opaque[s]) continue; /* inst_graph_slot, below */
    in->slot[s] = vs_var_lanes(ctx, r->slot_names[s], dt, r->slot_lanes[s], in->lo[s], in->hi[s]);
    if (!in->slot[s]) return false;
    bool lazy = r->slot_kind[s] == PAT_VAR && inst_slot_lazy_only(r, s);
    if (((r->binds_invalid && r->slot_kind[s] == PAT_VAR && !inst_has_no_ub(r, s)) || lazy) &&
        !(in->slot[s] = maybe_ub_or_invalid(in, s, r->binds_invalid)))
      return false;
  }
  for (int s = 0; s < r->nslots; s++)
    if (r->slot_kind[s] != PAT_OP && !in->slot[s] && !inst_graph_slot(in, s)) return false;
  *lhs = build(in, r->lhs);
  *rhs = *lhs ? build(in, r->rhs) : NULL;
  return *lhs && *rhs && (*lhs)->dtype == (*rhs)->dtype && (*lhs)->lanes == (*rhs)->lanes &&
         (*lhs)->kind == (*rhs)->kind;
}

/* ---- static view of the guard: dtype tests are known per instance ---- */


int inst_guard_static(const Guard *g, const Inst *in) {
  int a, b;
  switch (g->kind) {
  case G_TEST: {
    DType dt = slot_dt(in, g->slot);
    switch ((DtypeTest)g->test) {
    case TEST_INT: return dt_is_int(dt);
    case TEST_SIGNED: return dt_is_signed(dt);
    case TEST_UNSIGNED: return dt_is_unsigned(dt);
    case TEST_FLOAT: return dt_is_float(dt);
    case TEST_BOOL: return dt == DT_BOOL;
    case TEST_INDEX: return dt == DT_INDEX;
    }
    return S_OPEN;
  }
  case G_NOT:
    a = inst_guard_static(g->a, in);
    return a == S_OPEN ? S_OPEN : !a;
  case G_AND:
    a = inst_guard_static(g->a, in);
    b = inst_guard_static(g->b, in);
    return a == S_FALSE || b == S_FALSE ? S_FALSE : a == S_TRUE && b == S_TRUE ? S_TRUE : S_OPEN;
  case G_OR:
    a = inst_guard_static(g->a, in);
    b = inst_guard_static(g->b, in);
    return a == S_TRUE || b == S_TRUE ? S_TRUE : a == S_FALSE && b == S_FALSE ? S_FALSE : S_OPEN;
  default: return S_OPEN;
  }
}

size_t rule_admissible_instances(const Rule *r, unsigned *out, size_t cap) {
  unsigned total = 1;
  for (int i = 0; i < r->nfree; i++) total *= DT_COUNT;
  size_t n = 0;
  VsCtx *ctx = vs_ctx_new();
  if (!ctx) return 0;
  for (unsigned idx = 0; idx < total; idx++) {
    Inst in;
    Node *lhs, *rhs;
    if (!inst_init(&in, ctx, r, idx, &lhs, &rhs)) continue;
    if (r->guard && inst_guard_static(r->guard, &in) == S_FALSE) continue;
    if (n < cap) out[n] = idx;
    n++;
  }
  vs_ctx_free(ctx);
  return n;
}

/* ---- the guard in exact integer arithmetic ---- */

/* A signed bit-vector of width w that holds the exact value of a guard term. */
typedef struct {
  Z3_ast v;
  unsigned w;
} GT;

enum { GUARD_MAX_WIDTH = 512 };

typedef struct {
  Enc *e;
  Inst *in;
  Z3_ast defined; /* conjunction: no guard division by zero */
  bool unsupported;
} GEnc;

static GT gt_ext(GEnc *g, GT t, unsigned w) {
  if (w <= t.w || !t.v) return t;
  return (GT){enc_hold(g->e, Z3_mk_sign_ext(g->e->z, w - t.w, t.v)), w};
}

static GT gt_num(GEnc *g, i128 v) {
  unsigned w = 2;
  while (w < 128 && (v < -((i128)1 << (w - 1)) || v >= ((i128)1 << (w - 1)))) w++;
  char buf[48];
  u128 mag = v < 0 ? (u128)0 - (u128)v : (u128)v;
  im_format((i128)mag, buf);
  Z3_ast n = enc_hold(g->e, Z3_mk_numeral(g->e->z, buf, Z3_mk_bv_sort(g->e->z, w + 1)));
  if (v < 0) n = enc_ap1(g->e, Z3_mk_bvneg, n);
  return (GT){n, w + 1};
}

/* The exact value of an integer or bool node's term. */
static GT gt_of_node(GEnc *g, Node *n) {
  SmtTerm t;
  if (!n || !enc_expr(g->e, n, &t)) return (GT){NULL, 0};
  DType dt = (DType)n->dtype;
  if (dt == DT_BOOL) return (GT){enc_ite(g->e, t.val, enc_bv(g->e, 1, 2), enc_bv(g->e, 0, 2)), 2};
  unsigned w = (unsigned)dt_bits(dt);
  Z3_ast x = dt_is_signed(dt) ? Z3_mk_sign_ext(g->e->z, 1, t.val) : Z3_mk_zero_ext(g->e->z, 1, t.val);
  return (GT){enc_hold(g->e, x), w + 1};
}

static unsigned wmax(unsigned a, unsigned b) { return a > b ? a : b; }

static bool too_wide(GEnc *g, unsigned w) {
  if (w > GUARD_MAX_WIDTH) g->unsupported = true;
  return w > GUARD_MAX_WIDTH;
}

static GT gt_arith(GEnc *g, GuardKind k, GT a, GT b) {
  Enc *e = g->e;
  if (!a.v || !b.v) return (GT){NULL, 0};
  unsigned w = wmax(a.w, b.w) + 1;
  if (k == G_MUL) w = a.w + b.w;
  if (too_wide(g, w)) return (GT){NULL, 0};
  a = gt_ext(g, a, w);
  b = gt_ext(g, b, w);
  Z3_ast zero = enc_hold(e, Z3_mk_int(e->z, 0, Z3_mk_bv_sort(e->z, w)));
  switch (k) {
  case G_ADD: return (GT){enc_ap2(e, Z3_mk_bvadd, a.v, b.v), w};
  case G_SUB: return (GT){enc_ap2(e, Z3_mk_bvsub, a.v, b.v), w};
  case G_MUL: return (GT){enc_ap2(e, Z3_mk_bvmul, a.v, b.v), w};
  case G_MIN:
  case G_MAX: {
    Z3_ast lt = enc_ap2(e, Z3_mk_bvslt, a.v, b.v);
    return (GT){k == G_MIN ? enc_ite(e, lt, a.v, b.v) : enc_ite(e, lt, b.v, a.v), w};
  }
  case G_DIV:
  case G_MOD: {
    g->defined = enc_and(e, g->defined, enc_not(e, enc_eq(e, b.v, zero)));
    /* floor division from the truncating one: step down when the remainder is nonzero and the signs
     * differ. The extra bit of width keeps MIN / -1 exact. */
    Z3_ast q = enc_ap2(e, Z3_mk_bvsdiv, a.v, b.v), rem = enc_ap2(e, Z3_mk_bvsrem, a.v, b.v);
    Z3_ast adjust = enc_and(e, enc_not(e, enc_eq(e, rem, zero)),
                            enc_not(e, enc_eq(e, enc_ap2(e, Z3_mk_bvslt, a.v, zero), enc_ap2(e, Z3_mk_bvslt, b.v, zero))));
    Z3_ast one = enc_hold(e, Z3_mk_int(e->z, 1, Z3_mk_bv_sort(e->z, w)));
    Z3_ast fq = enc_ite(e, adjust, enc_ap2(e, Z3_mk_bvsub, q, one), q);
    if (k == G_DIV) return (GT){fq, w};
    return (GT){enc_ap2(e, Z3_mk_bvsub, a.v, enc_ap2(e, Z3_mk_bvmul, fq, b.v)), w};
  }
  case G_GCD: {
    /* g = gcd(a, b) exactly when g >= 0, g divides both, and g = s*a + t*b for some s, t (Bezout).
     * s and t are fresh: the query is existential, so the solver may pick them. */
    unsigned wg = 2 * w + 2;
    if (too_wide(g, wg)) return (GT){NULL, 0};
    Z3_sort so = Z3_mk_bv_sort(e->z, w), sw = Z3_mk_bv_sort(e->z, wg);
    Z3_ast gv = enc_hold(e, Z3_mk_fresh_const(e->z, "gcd", so));
    Z3_ast s = enc_hold(e, Z3_mk_fresh_const(e->z, "bezout_s", so));
    Z3_ast t = enc_hold(e, Z3_mk_fresh_const(e->z, "bezout_t", so));
    GT G = {gv, w}, A = gt_ext(g, a, wg), B = gt_ext(g, b, wg), S = {s, w}, T = {t, w};
    Z3_ast zw = enc_hold(e, Z3_mk_int(e->z, 0, sw));
    Z3_ast lin = enc_eq(e, gt_ext(g, G, wg).v,
                        enc_ap2(e, Z3_mk_bvadd, enc_ap2(e, Z3_mk_bvmul, gt_ext(g, S, wg).v, A.v),
                                enc_ap2(e, Z3_mk_bvmul, gt_ext(g, T, wg).v, B.v)));
    Z3_ast gz = enc_eq(e, gv, zero);
    Z3_ast div_a = enc_ite(e, gz, enc_eq(e, a.v, zero), enc_eq(e, enc_ap2(e, Z3_mk_bvsrem, a.v, gv), zero));
    Z3_ast div_b = enc_ite(e, gz, enc_eq(e, b.v, zero), enc_eq(e, enc_ap2(e, Z3_mk_bvsrem, b.v, gv), zero));
    (void)zw;
    g->defined = enc_and(e, g->defined,
                         enc_and(e, enc_and(e, enc_ap2(e, Z3_mk_bvsle, zero, gv), lin), enc_and(e, div_a, div_b)));
    return G;
  }
  default: g->unsupported = true; return (GT){NULL, 0};
  }
}

static GT genc_num(GEnc *g, const Guard *x);

/* The exact value of a no_overflow template expression; each operation's exact value must fit its
 * dtype (conjoined into *fits). Mirrors the engine's interval check: ADD, SUB, MUL, NEG only. */
static GT exact_value(GEnc *g, const Pat *p, Z3_ast *fits) {
  Inst *in = g->in;
  DType dt = (DType)in->class_dt[p->tclass];
  if (!dt_is_int(dt)) {
    *fits = g->e->s->t_false;
    return gt_num(g, 0);
  }
  switch (p->kind) {
  case PAT_VAR:
  case PAT_CVAR: return gt_of_node(g, in->slot[p->slot]);
  case PAT_BOUND: return gt_of_node(g, inst_bound(in, p->slot, p->bound_max));
  case PAT_LIT:
    if (p->lit_float || !im_fits(dt, p->ival)) *fits = g->e->s->t_false;
    return gt_num(g, p->ival);
  case PAT_OP: break;
  default: *fits = g->e->s->t_false; return gt_num(g, 0);
  }
  GT v;
  if (p->op == OP_NEG) v = gt_arith(g, G_SUB, gt_num(g, 0), exact_value(g, p->args[0], fits));
  else if (p->op == OP_ADD || p->op == OP_SUB || p->op == OP_MUL)
    v = gt_arith(g, p->op == OP_ADD ? G_ADD : p->op == OP_SUB ? G_SUB : G_MUL, exact_value(g, p->args[0], fits),
                 exact_value(g, p->args[1], fits));
  else {
    *fits = g->e->s->t_false;
    return gt_num(g, 0);
  }
  if (!v.v) return v;
  GT lo = gt_num(g, im_min(dt)), hi = gt_num(g, im_max(dt));
  unsigned w = wmax(v.w, wmax(lo.w, hi.w));
  v = gt_ext(g, v, w);
  Z3_ast in_range = enc_and(g->e, enc_ap2(g->e, Z3_mk_bvsle, gt_ext(g, lo, w).v, v.v),
                            enc_ap2(g->e, Z3_mk_bvsle, v.v, gt_ext(g, hi, w).v));
  *fits = enc_and(g->e, *fits, in_range);
  return v;
}

static GT genc_num(GEnc *g, const Guard *x) {
  Inst *in = g->in;
  switch (x->kind) {
  case G_NUM: return gt_num(g, x->num);
  case G_CONST:
    if (dt_is_float(slot_dt(in, x->slot))) {
      g->defined = g->e->s->t_false; /* the engine cannot read a float constant as an integer */
      return gt_num(g, 0);
    }
    return gt_of_node(g, in->slot[x->slot]);
  case G_VMIN:
  case G_VMAX:
    if (dt_is_float(slot_dt(in, x->slot))) {
      g->defined = g->e->s->t_false;
      return gt_num(g, 0);
    }
    return gt_of_node(g, inst_bound(in, x->slot, x->kind == G_VMAX));
  case G_VTZ:
    /* The engine reads vtz of integers only; elsewhere the guard is undefined (never fires). */
    if (!dt_is_int(slot_dt(in, x->slot))) {
      g->defined = g->e->s->t_false;
      return gt_num(g, 0);
    }
    return gt_of_node(g, inst_tz(in, x->slot));
  case G_BITS: return gt_num(g, dt_bits(slot_dt(in, x->slot)));
  case G_ABS: {
    GT a = genc_num(g, x->a);
    if (!a.v) return a;
    GT neg = gt_arith(g, G_SUB, gt_num(g, 0), a);
    a = gt_ext(g, a, neg.w);
    Z3_ast isneg = enc_ap2(g->e, Z3_mk_bvslt, a.v, enc_hold(g->e, Z3_mk_int(g->e->z, 0, Z3_mk_bv_sort(g->e->z, a.w))));
    return (GT){enc_ite(g->e, isneg, neg.v, a.v), neg.w};
  }
  case G_POW2: {
    /* Defined for 0 <= e <= 64; 2^64 needs 66 bits as a signed value. */
    GT a = genc_num(g, x->a);
    if (!a.v) return a;
    enum { W = 66 };
    a = gt_ext(g, a, wmax(a.w, 8));
    Z3_sort sa = Z3_mk_bv_sort(g->e->z, a.w);
    Z3_ast in = enc_and(g->e, enc_ap2(g->e, Z3_mk_bvsle, enc_hold(g->e, Z3_mk_int(g->e->z, 0, sa)), a.v),
                        enc_ap2(g->e, Z3_mk_bvsle, a.v, enc_hold(g->e, Z3_mk_int(g->e->z, 64, sa))));
    g->defined = enc_and(g->e, g->defined, in);
    Z3_ast amt = a.w >= W ? enc_hold(g->e, Z3_mk_extract(g->e->z, W - 1, 0, a.v)) : gt_ext(g, a, W).v;
    Z3_ast one = enc_hold(g->e, Z3_mk_int(g->e->z, 1, Z3_mk_bv_sort(g->e->z, W)));
    return (GT){enc_ap2(g->e, Z3_mk_bvshl, one, amt), W};
  }
  default: return gt_arith(g, (GuardKind)x->kind, genc_num(g, x->a), genc_num(g, x->b));
  }
}

static Z3_ast genc_bool(GEnc *g, const Guard *x) {
  Enc *e = g->e;
  switch (x->kind) {
  case G_AND: return enc_and(e, genc_bool(g, x->a), genc_bool(g, x->b));
  case G_OR: return enc_or(e, genc_bool(g, x->a), genc_bool(g, x->b));
  case G_NOT: return enc_not(e, genc_bool(g, x->a));
  case G_TEST: return inst_guard_static(x, g->in) == S_TRUE ? e->s->t_true : e->s->t_false;
  case G_IS_CONST:
  case G_ORDER: return enc_hold(e, Z3_mk_fresh_const(e->z, "heuristic", Z3_mk_bool_sort(e->z)));
  case G_FREE_OF:
  case G_NO_UB: return e->s->t_true; /* built into the instance's variables (rule_graph.c) */
  case G_IS_POW2: {
    GT a = genc_num(g, x->a);
    if (!a.v) return NULL;
    Z3_sort so = Z3_mk_bv_sort(e->z, a.w);
    Z3_ast zero = enc_hold(e, Z3_mk_int(e->z, 0, so)), one = enc_hold(e, Z3_mk_int(e->z, 1, so));
    return enc_and(e, enc_ap2(e, Z3_mk_bvslt, zero, a.v),
                   enc_eq(e, enc_ap2(e, Z3_mk_bvand, a.v, enc_ap2(e, Z3_mk_bvsub, a.v, one)), zero));
  }
  case G_NO_OVERFLOW: {
    Z3_ast fits = e->s->t_true;
    GT v = exact_value(g, x->expr, &fits);
    return v.v ? fits : NULL;
  }
  case G_EQ:
  case G_NE:
  case G_LT:
  case G_LE: {
    GT a = genc_num(g, x->a), b = genc_num(g, x->b);
    if (!a.v || !b.v) return NULL;
    unsigned w = wmax(a.w, b.w);
    a = gt_ext(g, a, w);
    b = gt_ext(g, b, w);
    if (x->kind == G_EQ) return enc_eq(e, a.v, b.v);
    if (x->kind == G_NE) return enc_not(e, enc_eq(e, a.v, b.v));
    return enc_ap2(e, x->kind == G_LT ? Z3_mk_bvslt : Z3_mk_bvsle, a.v, b.v);
  }
  default: g->unsupported = true; return NULL;
  }
}

Z3_ast inst_encode_guard(Enc *e, Inst *in, const Guard *x) {
  GEnc g = {.e = e, .in = in, .defined = e->s->t_true};
  Z3_ast b = genc_bool(&g, x);
  return b && !g.unsupported ? enc_and(e, g.defined, b) : NULL;
}

/* ---- the guard in exact integer arithmetic, as Z3 Int terms ----
 *
 * The same meaning as the bit-vector guard above (exact arithmetic, floor `//` and `%`, a division by
 * zero making the guard undefined, heuristic tests free), over the Int terms of int_encode.c. Its
 * constants and bounds are the very terms of the expression's variables, and its divisions share their
 * quotient with the expression's divisions of the same operands. */

typedef struct {
  IntEnc *ie;
  Inst *in;
  Z3_ast defined;
  bool unsupported;
} IGEnc;

static Z3_ast ig_node(IGEnc *g, Node *n) {
  SmtTerm t;
  if (!n || !ienc_expr(g->ie, n, &t)) {
    g->unsupported |= g->ie->unsupported;
    return NULL;
  }
  if (n->dtype == DT_BOOL) return enc_ite(g->ie->e, t.val, ienc_num(g->ie, 1), ienc_num(g->ie, 0));
  return t.val;
}

static Z3_ast ig_exact(IGEnc *g, const Pat *p, Z3_ast *fits) {
  IntEnc *ie = g->ie;
  Enc *e = ie->e;
  Inst *in = g->in;
  DType dt = (DType)in->class_dt[p->tclass];
  if (!dt_is_int(dt)) {
    *fits = e->s->t_false;
    return ienc_num(ie, 0);
  }
  switch (p->kind) {
  case PAT_VAR:
  case PAT_CVAR: return ig_node(g, in->slot[p->slot]);
  case PAT_BOUND: return ig_node(g, inst_bound(in, p->slot, p->bound_max));
  case PAT_LIT:
    if (p->lit_float || !im_fits(dt, p->ival)) *fits = e->s->t_false;
    return ienc_num(ie, p->ival);
  case PAT_OP: break;
  default: *fits = e->s->t_false; return ienc_num(ie, 0);
  }
  Z3_ast v;
  if (p->op == OP_NEG) v = ienc_sub(ie, ienc_num(ie, 0), ig_exact(g, p->args[0], fits));
  else if (p->op == OP_ADD) v = ienc_add(ie, ig_exact(g, p->args[0], fits), ig_exact(g, p->args[1], fits));
  else if (p->op == OP_SUB) v = ienc_sub(ie, ig_exact(g, p->args[0], fits), ig_exact(g, p->args[1], fits));
  else if (p->op == OP_MUL) v = ienc_mul(ie, ig_exact(g, p->args[0], fits), ig_exact(g, p->args[1], fits));
  else {
    *fits = e->s->t_false;
    return ienc_num(ie, 0);
  }
  *fits = enc_and(e, *fits, ienc_in(ie, v, im_min(dt), im_max(dt)));
  return v;
}

static Z3_ast ig_num(IGEnc *g, const Guard *x) {
  IntEnc *ie = g->ie;
  Enc *e = ie->e;
  Inst *in = g->in;
  switch (x->kind) {
  case G_NUM: return ienc_num(ie, x->num);
  case G_CONST:
  case G_VMIN:
  case G_VMAX:
    if (dt_is_float(slot_dt(in, x->slot))) {
      g->defined = e->s->t_false;
      return ienc_num(ie, 0);
    }
    return ig_node(g, x->kind == G_CONST ? in->slot[x->slot] : inst_bound(in, x->slot, x->kind == G_VMAX));
  case G_BITS: return ienc_num(ie, dt_bits(slot_dt(in, x->slot)));
  case G_ABS: {
    Z3_ast a = ig_num(g, x->a);
    return enc_ite(e, ienc_lt(ie, a, ienc_num(ie, 0)), enc_ap1(e, Z3_mk_unary_minus, a), a);
  }
  case G_POW2: {
    /* Defined for 0 <= e <= 64: a choice among the 65 powers. */
    Z3_ast a = ig_num(g, x->a), v = ienc_num(ie, (i128)1 << 64);
    g->defined = enc_and(e, g->defined, enc_and(e, ienc_le(ie, ienc_num(ie, 0), a), ienc_le(ie, a, ienc_num(ie, 64))));
    for (int i = 63; i >= 0; i--) v = enc_ite(e, enc_eq(e, a, ienc_num(ie, i)), ienc_num(ie, (i128)1 << i), v);
    return v;
  }
  case G_ADD: return ienc_add(ie, ig_num(g, x->a), ig_num(g, x->b));
  case G_SUB: return ienc_sub(ie, ig_num(g, x->a), ig_num(g, x->b));
  case G_MUL: return ienc_mul(ie, ig_num(g, x->a), ig_num(g, x->b));
  case G_MIN:
  case G_MAX: {
    Z3_ast a = ig_num(g, x->a), b = ig_num(g, x->b), lt = ienc_lt(ie, a, b);
    return x->kind == G_MIN ? enc_ite(e, lt, a, b) : enc_ite(e, lt, b, a);
  }
  case G_DIV:
  case G_MOD: {
    Z3_ast a = ig_num(g, x->a), b = ig_num(g, x->b), q, r;
    g->defined = enc_and(e, g->defined, enc_not(e, enc_eq(e, b, ienc_num(ie, 0))));
    int sign = 0;
    if (x->b->kind == G_CONST) sign = ienc_sign_of(ie, in->slot[x->b->slot]);
    else if (x->b->kind == G_NUM) sign = x->b->num > 0 ? 1 : x->b->num < 0 ? -1 : 0;
    ienc_divmod(ie, a, b, sign, false, &q, &r);
    return x->kind == G_DIV ? q : r;
  }
  case G_GCD: {
    /* gcd(a, b) is the one gv >= 0 that divides both (a == gv*ka, b == gv*kb) and is an integer
     * combination of them (Bezout: gv == s*a + t*b): a common divisor that is also a multiple of
     * every common divisor. All five are fresh; for every a, b exactly one gv admits the others. */
    Z3_ast a = ig_num(g, x->a), b = ig_num(g, x->b);
    Z3_ast gv = ienc_fresh(ie, "gcd", false), ka = ienc_fresh(ie, "gcd_ka", false);
    Z3_ast kb = ienc_fresh(ie, "gcd_kb", false), s = ienc_fresh(ie, "bezout_s", false);
    Z3_ast t = ienc_fresh(ie, "bezout_t", false);
    Z3_ast c = enc_and(e, ienc_le(ie, ienc_num(ie, 0), gv),
                       enc_and(e, enc_and(e, enc_eq(e, a, ienc_mul(ie, gv, ka)), enc_eq(e, b, ienc_mul(ie, gv, kb))),
                               enc_eq(e, gv, ienc_add(ie, ienc_mul(ie, s, a), ienc_mul(ie, t, b)))));
    g->defined = enc_and(e, g->defined, c);
    return gv;
  }
  default: g->unsupported = true; return NULL;
  }
}

static Z3_ast ig_bool(IGEnc *g, const Guard *x) {
  IntEnc *ie = g->ie;
  Enc *e = ie->e;
  switch (x->kind) {
  case G_AND: return enc_and(e, ig_bool(g, x->a), ig_bool(g, x->b));
  case G_OR: return enc_or(e, ig_bool(g, x->a), ig_bool(g, x->b));
  case G_NOT: return enc_not(e, ig_bool(g, x->a));
  case G_TEST: return inst_guard_static(x, g->in) == S_TRUE ? e->s->t_true : e->s->t_false;
  case G_IS_CONST:
  case G_ORDER: return ienc_fresh(ie, "heuristic", true);
  case G_FREE_OF:
  case G_NO_UB: return e->s->t_true;
  case G_IS_POW2: {
    /* Only of a constant or a bound: a value of at most 64 bits, so 2^0 .. 2^64 are all the powers
     * of two it can equal. */
    int k = x->a->kind;
    if (k != G_CONST && k != G_VMIN && k != G_VMAX) {
      g->unsupported = true;
      return NULL;
    }
    Z3_ast a = ig_num(g, x->a), any = e->s->t_false;
    for (int i = 0; i <= 64; i++) any = enc_or(e, any, enc_eq(e, a, ienc_num(ie, (i128)1 << i)));
    return any;
  }
  case G_NO_OVERFLOW: {
    Z3_ast fits = e->s->t_true;
    Z3_ast v = ig_exact(g, x->expr, &fits);
    return v ? fits : NULL;
  }
  case G_EQ: return enc_eq(e, ig_num(g, x->a), ig_num(g, x->b));
  case G_NE: return enc_not(e, enc_eq(e, ig_num(g, x->a), ig_num(g, x->b)));
  case G_LT: return ienc_lt(ie, ig_num(g, x->a), ig_num(g, x->b));
  case G_LE: return ienc_le(ie, ig_num(g, x->a), ig_num(g, x->b));
  default: g->unsupported = true; return NULL;
  }
}

/* is_pow2(a) as a top-level conjunct of the guard, a a constant or a bound of a w-bit integer dtype:
 * then a divides 2^w (a = 2^j with j < w), stated as a * m == 2^w for a fresh m. Every assignment the
 * query admits satisfies the conjunct, so some m exists and the fact changes no answer; it only puts
 * in front of the arithmetic solver what the 65-way disjunction of is_pow2 hides, and what the
 * power-of-two remainder rules rest on (a multiple of 2^w is a multiple of a). */
static Z3_ast pow2_divides(IGEnc *g, const Guard *x, Z3_ast acc) {
  IntEnc *ie = g->ie;
  if (!acc) return NULL;
  if (x->kind == G_AND) return pow2_divides(g, x->b, pow2_divides(g, x->a, acc));
  if (x->kind != G_IS_POW2) return acc;
  int k = x->a->kind;
  if (k != G_CONST && k != G_VMIN && k != G_VMAX) return acc;
  DType dt = slot_dt(g->in, x->a->slot);
  if (!dt_is_int(dt)) return acc;
  Z3_ast a = ig_num(g, x->a), m = ienc_fresh(ie, "pow2_cofactor", false);
  if (!a || !m) return NULL;
  return enc_and(ie->e, acc, enc_eq(ie->e, ienc_mul(ie, a, m), ienc_num(ie, (i128)1 << dt_bits(dt))));
}

Z3_ast inst_bound_constraints(Enc *e, Inst *in) {
  Z3_ast all = e->s->t_true;
  for (int s = 0; s < in->r->nslots; s++) {
    for (int k = 0; k < 2; k++) {
      if (!in->bound[s][k]) continue;
      SmtTerm x, b;
      if (!enc_expr(e, in->slot[s], &x) || !enc_expr(e, in->bound[s][k], &b)) return NULL;
      DType dt = slot_dt(in, s);
      Z3_ast le;
      if (dt == DT_BOOL) le = k ? enc_or(e, enc_not(e, x.val), b.val) : enc_or(e, enc_not(e, b.val), x.val);
      else le = k ? enc_ap2(e, dt_is_signed(dt) ? Z3_mk_bvsle : Z3_mk_bvule, x.val, b.val)
                  : enc_ap2(e, dt_is_signed(dt) ? Z3_mk_bvsle : Z3_mk_bvule, b.val, x.val);
      all = enc_and(e, all, le);
    }
    if (in->tz[s]) {
      /* t <= w (unsigned: t >= 0 by its declared range), and the low t bits of x zero: x << (w - t) is
       * 0, with SMT-LIB's shift by w giving 0 (t = 0 says nothing) and t = w making x itself 0. */
      SmtTerm x, t;
      if (!enc_expr(e, in->slot[s], &x) || !enc_expr(e, in->tz[s], &t)) return NULL;
      int w = dt_bits(slot_dt(in, s));
      Z3_ast wv = enc_bv(e, (uint64_t)w, w);
      Z3_ast low = enc_eq(e, enc_ap2(e, Z3_mk_bvshl, x.val, enc_ap2(e, Z3_mk_bvsub, wv, t.val)), enc_bv(e, 0, w));
      all = enc_and(e, all, enc_and(e, enc_ap2(e, Z3_mk_bvule, t.val, wv), low));
    }
  }
  return all;
}

/* vmin(x) <= x <= vmax(x) is stated on the plain encoding of x, so a slot that depends on loops (a
 * table over their variables) may not have bounds. */
static bool loop_bounds_ok(Inst *in) {
  for (int s = 0; s < in->r->nslots; s++)
    if ((in->ndeps[s] || in->opaque[s]) && (in->bound[s][0] || in->bound[s][1] || in->tz[s])) return false;
  return true;
}

/* ---- counterexamples as .vs cases ---- */

static bool model_value(const SmtResult *res, const Node *var, uint64_t *bits) {
  for (size_t i = 0; i < res->model.nvars; i++)
    if (res->model.vars[i].var == var) {
      *bits = res->model.vars[i].lane[0];
      return true;
    }
  return false;
}

/* Rebuilds the instance with constant variables replaced by their values and pattern variables
 * declared over [vmin, vmax] as the model chose them; `vsimp check` on the result is invalid again. */
char *inst_counterexample(const Inst *sym, const SmtResult *res) {
  if (sym->no_case) return NULL; /* abstract effects, loop tables: no .vs text for them */
  VsCtx *ctx = vs_ctx_new();
  if (!ctx) return NULL;
  Inst in = *sym;
  in.ctx = ctx;
  in.concrete_bounds = true;
  Node *vars[RULE_MAX_SLOTS];
  size_t nvars = 0;
  memset(in.bound, 0, sizeof in.bound);
  for (int s = 0; s < in.r->nslots; s++) {
    if (in.r->slot_kind[s] == PAT_OP) continue;
    DType dt = slot_dt(&in, s);
    uint64_t v = 0, b;
    if (in.r->slot_nkind[s] == NK_BUFFER) { /* declared at the size the model gives it */
      uint64_t size = 0;
      for (size_t k = 0; k < res->model.nbufs; k++)
        if (res->model.bufs[k].buf == sym->slot[s]) size = res->model.bufs[k].data.size;
      in.slot[s] = vs_buffer(ctx, in.r->slot_names[s], dt, size, size);
      vars[nvars++] = in.slot[s];
      continue;
    }
    model_value(res, sym->slot[s], &v);
    if (in.r->slot_kind[s] == PAT_CVAR) {
      in.slot[s] = vs_const(ctx, dt, v);
      continue;
    }
    /* An invalid-family variable the model makes INVALID or UB is written as such a term. */
    uint64_t flag = 0;
    if (sym->slot_inv[s] && model_value(res, sym->slot_inv[s], &flag) && flag) {
      in.slot[s] = vs_invalid(ctx);
      continue;
    }
    if (sym->slot_def[s] && model_value(res, sym->slot_def[s], &flag) && !flag) {
      in.slot[s] = ub_node(ctx, dt);
      continue;
    }
    i128 lo = im_min(dt), hi = im_max(dt);
    for (int k = 0; k < 2; k++) {
      if (!sym->bound[s][k] || !model_value(res, sym->bound[s][k], &b)) continue;
      in.bound[s][k] = vs_const(ctx, dt, b);
      if (k) hi = im_value(dt, b);
      else lo = im_value(dt, b);
    }
    in.slot[s] = vs_var_lanes(ctx, in.r->slot_names[s], dt, in.r->slot_lanes[s], lo, hi);
    vars[nvars++] = in.slot[s];
  }
  Node *lhs = build(&in, in.r->lhs);
  Node *rhs = lhs ? build(&in, in.r->rhs) : NULL;
  char *text = lhs && rhs ? vs_print_case(vars, nvars, lhs, rhs) : NULL;
  vs_ctx_free(ctx);
  return text;
}

/* ---- the proof in integer arithmetic ---- */

/* Which encoding decides an instance is not known in advance: the integer one cannot decide a product
 * with a wrapped constant (x * c == 0 with c odd) that the bit-vector one proves in milliseconds, and
 * the bit-vector one times out on the divisions by a symbolic divisor that the integer one proves. So
 * the two take turns (integer, then bit-vector) with growing time limits: a short turn each first, so
 * that an instance the second encoding decides at once does not wait out the first one's limit; then
 * each gets the last turn it had before the short turns existed: 2 s each and then the limit less 2 s
 * (a limit over 4 s, after 200 ms each), or half the limit (up to 4 s, after a tenth of it each). A
 * solver restarts each turn, so an instance both leave open costs the short turns more. Under a
 * resource limit alone (timeout 0, the tests) there are no turns: verdicts stay deterministic. Writes
 * the turns' limits to ms, returns how many. */
enum { TURNS_MAX = 3 };
static unsigned turn_limits(unsigned timeout_ms, unsigned ms[TURNS_MAX]) {
  if (!timeout_ms) return 0;
  if (timeout_ms <= 800) {
    ms[0] = timeout_ms / 2;
    return 1;
  }
  if (timeout_ms <= 4000) {
    ms[0] = timeout_ms / 10;
    ms[1] = timeout_ms / 2;
    return 2;
  }
  ms[0] = 200;
  ms[1] = 2000;
  ms[2] = timeout_ms - 2000;
  return 3;
}

/* ---- facts the guard's top-level conjuncts give the integer encoding ----
 *
 * The query conjoins the guard, so every assignment that can refute the rule satisfies each top-level
 * conjunct of it (a conjunct not under `||` or `!`), and the bounds vmin(x) <= x <= vmax(x). Under
 * those, two simplifications of the integer encoding change no such assignment's meaning:
 *   - no_overflow(E): every operation of E computes its exact value, so its node needs no wraparound
 *     term (the wrap of an in-range value is the value);
 *   - c > 0, vmin(y) >= 1, c < 0, ...: the sign of a divisor, so its division needs only that case.
 * Assignments outside the hypotheses may get other values (or none): they cannot refute anything. */

typedef struct {
  const Node *node;
  i128 lo, hi;
} NodeBound;

typedef struct {
  NodeBound b[16];
  size_t n;
} Facts;

static void fact_bound(Facts *f, const Node *n, bool lower, i128 v) {
  if (!n) return;
  size_t i = 0;
  while (i < f->n && f->b[i].node != n) i++;
  if (i == f->n) {
    if (f->n == sizeof f->b / sizeof f->b[0]) return;
    f->b[f->n++] = (NodeBound){n, im_min(DT_I64) * 4, im_max(DT_U64) * 4}; /* below/above any value */
  }
  if (lower && v > f->b[i].lo) f->b[i].lo = v;
  if (!lower && v < f->b[i].hi) f->b[i].hi = v;
}

/* leaf OP num with OP one of <, <=, == (flip: num OP leaf). */
static void fact_cmp(Facts *f, Inst *in, const Guard *leaf, GuardKind k, i128 num, bool flip) {
  if (leaf->kind != G_CONST && leaf->kind != G_VMIN && leaf->kind != G_VMAX) return;
  if (!dt_is_int(slot_dt(in, leaf->slot)) || num < -((i128)1 << 100) || num > ((i128)1 << 100)) return;
  bool upper = false, lower = false;
  i128 v = num;
  if (k == G_EQ) upper = lower = true;
  else if (!flip) { /* leaf < num, leaf <= num */
    upper = true;
    v = k == G_LT ? num - 1 : num;
  } else { /* num < leaf, num <= leaf */
    lower = true;
    v = k == G_LT ? num + 1 : num;
  }
  Node *x = in->slot[leaf->slot];
  if (leaf->kind == G_CONST) {
    if (lower) fact_bound(f, x, true, v);
    if (upper) fact_bound(f, x, false, v);
    return;
  }
  /* vmin(x) >= v gives x >= v; vmax(x) <= v gives x <= v (and the bound itself). */
  Node *b = inst_bound(in, leaf->slot, leaf->kind == G_VMAX);
  if (leaf->kind == G_VMIN && lower) {
    fact_bound(f, x, true, v);
    fact_bound(f, b, true, v);
  }
  if (leaf->kind == G_VMAX && upper) {
    fact_bound(f, x, false, v);
    fact_bound(f, b, false, v);
  }
}

/* Marks the nodes of a no_overflow expression exact when the whole expression is one the guard
 * encodings accept (else that conjunct is false and nothing needs marking). */
static bool exact_ok(Inst *in, const Pat *p) {
  DType dt = (DType)in->class_dt[p->tclass];
  if (!dt_is_int(dt)) return false;
  switch (p->kind) {
  case PAT_VAR:
  case PAT_CVAR:
  case PAT_BOUND: return true;
  case PAT_LIT: return !p->lit_float && im_fits(dt, p->ival);
  case PAT_OP:
    if (p->op == OP_NEG) return exact_ok(in, p->args[0]);
    if (p->op == OP_ADD || p->op == OP_SUB || p->op == OP_MUL) return exact_ok(in, p->args[0]) && exact_ok(in, p->args[1]);
    return false;
  default: return false;
  }
}

static void mark_exact(Inst *in, IntEnc *ie, const Pat *p) {
  if (p->kind != PAT_OP) return;
  for (int i = 0; i < p->nargs; i++) mark_exact(in, ie, p->args[i]);
  Node *n = build(in, p);
  if (n && ie->nexact < sizeof ie->exact / sizeof ie->exact[0]) ie->exact[ie->nexact++] = n;
}

static void guard_facts(const Guard *g, Inst *in, IntEnc *ie, Facts *f) {
  switch (g->kind) {
  case G_AND:
    guard_facts(g->a, in, ie, f);
    guard_facts(g->b, in, ie, f);
    return;
  case G_NO_OVERFLOW:
    if (exact_ok(in, g->expr)) mark_exact(in, ie, g->expr);
    return;
  case G_LT:
  case G_LE:
  case G_EQ:
    if (g->b->kind == G_NUM) fact_cmp(f, in, g->a, (GuardKind)g->kind, g->b->num, false);
    else if (g->a->kind == G_NUM) fact_cmp(f, in, g->b, (GuardKind)g->kind, g->a->num, true);
    return;
  default: return;
  }
}

static void apply_facts(Inst *in, IntEnc *ie) {
  Facts f = {.n = 0};
  if (in->r->guard) guard_facts(in->r->guard, in, ie, &f);
  for (size_t i = 0; i < f.n && ie->nsigns < sizeof ie->sign / sizeof ie->sign[0]; i++) {
    int sign = f.b[i].lo >= 1 ? 1 : f.b[i].hi <= -1 ? -1 : 0;
    if (!sign) continue;
    ie->sign_node[ie->nsigns] = f.b[i].node;
    ie->sign[ie->nsigns++] = sign;
  }
}

/* ---- exactness the hypotheses imply ----
 *
 * The guard's no_overflow conjuncts mark nodes exact (apply_facts). Many more nodes cannot wrap under
 * the hypotheses although no conjunct says so in as many words (x // c1 + c4 where x + c1 * c4 cannot
 * overflow), and the solver must find that out inside the whole query, through the node's wraparound
 * term: the integer query of divmod_split_off at i32 took Z3 9.3 s as it stands and 0.6 s with that sum
 * marked exact. So a long integer turn first asks, node by node in postorder, whether the node's exact
 * value (its operation on its operands' values) can leave its dtype's range where the hypotheses hold
 * and the node is defined: a short query each (with the nodes proved so far marked), whose unsat is a
 * proof that it cannot. The nodes proved are marked exact in the turn's query. Sound as the guard's
 * marks are: at every assignment satisfying the hypotheses, which the query conjoins, such a node's
 * wrapped value is its exact value wherever it is defined, and a node's value matters to the obligation
 * only where it is defined (in the encoding every op but select is UB with a UB operand, and select
 * reads only the branch it takes; a node the guard reads, a slot, is never marked); so the marks change
 * the meaning of no assignment that could refute the instance.
 *
 * The marks do not always help: the solver's search changes with them, and the digit recombinations
 * of divmod_chain_split lost proofs with them that the query as it stands finds within 2 s. So a long
 * turn asks the query as it stands first and, where that is open, the query with the marks (the
 * truncating remainder lemmas need 1 to 2 s of it); a rule whose instances were proved more often with
 * the marks than without asks the marked one first and the other in half the limit after it
 * (HINT_INT_MARKED), and one whose instances left both open twice and were never proved with the marks
 * asks only the query as it stands (HINT_INT_PLAIN). */

typedef struct {
  const Node *node[16];
  size_t n;
} Derived;

/* Whether the integer encoding gives n a wraparound term: +, -, * and negation at an integer dtype, on
 * one lane, neither marked nsw nor marked exact (ie's marks). */
static bool may_wrap(const IntEnc *ie, const Node *n) {
  if (n->op != OP_ADD && n->op != OP_SUB && n->op != OP_MUL && n->op != OP_NEG) return false;
  if (!dt_is_int((DType)n->dtype) || n->lanes != 1 || vs_is_nsw(n)) return false;
  for (size_t i = 0; i < ie->nexact; i++)
    if (ie->exact[i] == n) return false;
  return true;
}

/* An integer query of the instance, with the nodes of `marked` marked exact besides the guard's.
 * Without goal: the instance's obligation (where the hypotheses hold and lhs is defined, rhs is defined
 * and equal). With goal (a node of lhs or rhs that may_wrap): that where the hypotheses hold and goal is
 * defined, its exact value lies in its dtype's range (only goal and its operands are encoded). */
static IntProof int_query(SmtCtx *s, Inst *in, Node *lhs, Node *rhs, const Derived *marked, const Node *goal,
                          unsigned timeout_ms, char *why, size_t whylen) {
  Enc e;
  enc_init(&e, s);
  IntEnc ie;
  ienc_init(&ie, &e);
  apply_facts(in, &ie);
  for (size_t i = 0; marked && i < marked->n && ie.nexact < sizeof ie.exact / sizeof ie.exact[0]; i++)
    ie.exact[ie.nexact++] = marked->node[i];
  IntProof out = IP_NOT_PROVED;
  SmtTerm tl, tr;
  IGEnc g = {.ie = &ie, .in = in, .defined = s->t_true};
  Z3_ast guard = s->t_true, bounds = s->t_true, claim = NULL;
  bool ok;
  if (goal) { /* tl: the goal node; claim: its exact value out of range */
    SmtTerm a, b = {NULL, NULL, NULL};
    ok = ienc_expr(&ie, (Node *)goal, &tl) && ienc_expr(&ie, goal->args[0], &a) &&
         (goal->nargs < 2 || ienc_expr(&ie, goal->args[1], &b));
    if (ok) {
      Z3_ast v = goal->op == OP_NEG   ? ienc_sub(&ie, ienc_num(&ie, 0), a.val)
                 : goal->op == OP_ADD ? ienc_add(&ie, a.val, b.val)
                 : goal->op == OP_SUB ? ienc_sub(&ie, a.val, b.val)
                                      : ienc_mul(&ie, a.val, b.val);
      claim = enc_not(&e, ienc_in(&ie, v, im_min((DType)goal->dtype), im_max((DType)goal->dtype)));
    }
  } else {
    ok = ienc_expr(&ie, lhs, &tl) && ienc_expr(&ie, rhs, &tr);
  }
  if (ok && in->r->guard) {
    guard = ig_bool(&g, in->r->guard);
    if (guard) guard = pow2_divides(&g, in->r->guard, guard);
    ok = guard && !g.unsupported;
  }
  for (int sl = 0; ok && sl < in->r->nslots; sl++)
    for (int k = 0; ok && k < 2; k++) {
      if (!in->bound[sl][k]) continue;
      Z3_ast x = ig_node(&g, in->slot[sl]), b = ig_node(&g, in->bound[sl][k]);
      ok = x && b;
      if (ok) bounds = enc_and(&e, bounds, k ? ienc_le(&ie, x, b) : ienc_le(&ie, b, x));
    }
  if (!ok || e.failed || ie.unsupported || g.unsupported) {
    out = ie.unsupported || g.unsupported || ok ? IP_UNSUPPORTED : IP_NOT_PROVED;
    if (out == IP_NOT_PROVED) snprintf(why, whylen, "integer encoding failed");
    goto done;
  }
  if (!goal) claim = enc_not(&e, enc_and(&e, tr.def, enc_eq(&e, tl.val, tr.val)));
  Z3_ast fs[7] = {ie.ranges, ie.side, bounds, g.defined, guard, tl.def, claim};
  if (e.failed) goto done;
  SmtVerdict v = smt_int_unsat(s, &e, fs, 7, timeout_ms, why, whylen);
  if (v == SMT_VALID) out = IP_PROVED;
  else if (v == SMT_INVALID) snprintf(why, whylen, "sat in integer arithmetic");
  else if (v == SMT_UNKNOWN) out = IP_OPEN;
done:
  smt_z3_clear_error();
  ienc_fini(&ie);
  enc_fini(&e);
  return out;
}

IntProof inst_prove_int(SmtCtx *s, Inst *in, Node *lhs, Node *rhs, unsigned timeout_ms, char *why, size_t whylen) {
  return int_query(s, in, lhs, rhs, NULL, NULL, timeout_ms, why, whylen);
}

/* Whether n is bound to a slot of the instance (an @-binding of the pattern): the guard and the bounds
 * read a slot's value, also where the node is UB under a select's other branch, so its mark could change
 * what they say; every other node's value is read only by nodes that are UB where it is. */
static bool is_slot(const Inst *in, const Node *n) {
  for (int k = 0; k < in->r->nslots; k++)
    if (in->slot[k] == n) return true;
  return false;
}

/* The nodes proved unable to wrap, within budget_ms and per_ms per node, into d. False when a proof was
 * contradicted by the second solver (smt_last_solve says so). */
static bool derive_exact(SmtCtx *s, Inst *in, Node *lhs, Node *rhs, unsigned budget_ms, unsigned per_ms, Derived *d) {
  double t0 = vs_seconds();
  Enc e;
  enc_init(&e, s);
  IntEnc guard_marks; /* for may_wrap */
  ienc_init(&guard_marks, &e);
  apply_facts(in, &guard_marks);
  Node *roots[2] = {lhs, rhs}, **order = NULL;
  size_t n = vs_postorder_many(roots, 2, &order);
  bool ok = true;
  for (size_t i = 0; i < n && d->n < sizeof d->node / sizeof d->node[0]; i++) {
    if (!may_wrap(&guard_marks, order[i]) || is_slot(in, order[i])) continue;
    if ((vs_seconds() - t0) * 1000 >= budget_ms) break;
    char w[160];
    IntProof ip = int_query(s, in, lhs, rhs, d, order[i], per_ms, w, sizeof w);
    if (smt_last_solve(s)->disagree) {
      ok = false;
      break;
    }
    if (ip == IP_PROVED) d->node[d->n++] = order[i];
  }
  free(order);
  ienc_fini(&guard_marks);
  enc_fini(&e);
  return ok;
}

/* The query with the nodes derive_exact proves within a quarter of ms marked exact, in ms (IP_OPEN
 * without a query where none is proved: that query is the one as it stands). */
static IntProof marked_query(SmtCtx *s, Inst *in, Node *lhs, Node *rhs, unsigned ms, char *why, size_t whylen) {
  Derived d = {.n = 0};
  unsigned per = ms / 10 < 200 ? ms / 10 : 200;
  if (!derive_exact(s, in, lhs, rhs, ms / 4, per ? per : 1, &d)) return IP_OPEN;
  if (!d.n) {
    snprintf(why, whylen, "no node proved exact");
    return IP_OPEN;
  }
  return int_query(s, in, lhs, rhs, &d, NULL, ms, why, whylen);
}

IntProof inst_prove_int_long(SmtCtx *s, Inst *in, Node *lhs, Node *rhs, unsigned timeout_ms, LongTurn mode,
                             LongTurnOutcome *outcome, char *why, size_t whylen) {
  *outcome = LONG_UNDECIDED;
  if (mode == LONG_PLAIN) return inst_prove_int(s, in, lhs, rhs, timeout_ms, why, whylen);
  bool marked_first = mode == LONG_MARKED_FIRST;
  IntProof ip = marked_first ? marked_query(s, in, lhs, rhs, timeout_ms, why, whylen)
                             : inst_prove_int(s, in, lhs, rhs, timeout_ms, why, whylen);
  if (ip == IP_OPEN && !smt_last_solve(s)->disagree) {
    marked_first = !marked_first;
    ip = marked_first ? marked_query(s, in, lhs, rhs, timeout_ms, why, whylen)
                      : inst_prove_int(s, in, lhs, rhs, timeout_ms / 2, why, whylen);
    if (ip == IP_OPEN) *outcome = LONG_NEITHER;
  }
  if (ip == IP_PROVED) *outcome = marked_first ? LONG_BY_MARKED : LONG_BY_PLAIN;
  return ip;
}

/* An integer turn of ms: a long one (a second or more) by inst_prove_int_long, in the order the hints
 * give; out learns which query decided it. */
static IntProof int_turn(SmtCtx *s, Inst *in, Node *lhs, Node *rhs, unsigned ms, unsigned hints, ProofResult *out) {
  if (ms < 1000) return inst_prove_int(s, in, lhs, rhs, ms, out->reason, sizeof out->reason);
  LongTurn mode = hints & HINT_INT_PLAIN ? LONG_PLAIN : hints & HINT_INT_MARKED ? LONG_MARKED_FIRST : LONG_PLAIN_FIRST;
  LongTurnOutcome o;
  IntProof ip = inst_prove_int_long(s, in, lhs, rhs, ms, mode, &o, out->reason, sizeof out->reason);
  out->int_plain |= o == LONG_BY_PLAIN;
  out->int_marked |= o == LONG_BY_MARKED;
  out->int_neither |= o == LONG_NEITHER;
  return ip;
}

/* What the solver leaves unknown, over a domain of at most 2^20 points (dtypes of at most 16 bits):
 * evaluated exhaustively, a proof (or a counterexample) without the solver. */
static void exhaust(const Rule *r, unsigned idx, ProofResult *out) {
  ConcreteOptions o = {.exhaustive = (size_t)1 << 20, .exhaustive_only = true};
  ConcreteResult cr;
  if (!concrete_search(r, idx, NULL, 0, &o, &cr)) return;
  if (cr.found) {
    out->status = PROOF_REFUTED;
    out->by_search = true;
    out->by = PROOF_BY_EVAL;
    out->cex = cr.cex;
    out->reason[0] = 0;
    return;
  }
  if (cr.proved) {
    char why[sizeof out->reason];
    memcpy(why, out->reason, sizeof why);
    out->status = PROOF_PROVED;
    out->by = PROOF_BY_EVAL;
    snprintf(out->reason, sizeof out->reason, "exhaustive evaluation of %zu points (the solver: %.100s)", cr.evaluated,
             why);
  }
  concrete_result_free(&cr);
}

/* Whether the case a solver's model gave is a counterexample for the evaluator: the case parsed back,
 * each variable at the model's value, the source defined and the target UB or different. 1 confirmed,
 * 0 not, -1 no case to check. */
static int case_confirmed(const char *text, const SmtResult *res) {
  if (!text) return -1;
  VsCtx *ctx = vs_ctx_new();
  if (!ctx) return -1;
  VsFile f;
  VsDiag diag;
  int out = -1;
  if (!vs_parse(ctx, "cex.vs", text, strlen(text), &f, &diag)) {
    vs_ctx_free(ctx);
    return -1;
  }
  VarValue env[RULE_MAX_SLOTS * 2];
  size_t n = 0;
  bool ok = f.tgt != NULL && f.nvars <= RULE_MAX_SLOTS * 2;
  for (size_t i = 0; ok && i < f.nvars; i++) {
    Node *v = f.vars[i];
    size_t k = 0;
    while (k < res->model.nvars && strcmp(res->model.vars[k].var->aux.name, v->aux.name)) k++;
    if (k == res->model.nvars) {
      ok = false;
      break;
    }
    env[n] = res->model.vars[k];
    env[n++].var = v;
  }
  Point pt = {.vars = env, .nvars = n};
  Outcome l, t;
  if (ok && eval_at(f.src, &pt, &l, NULL, 0)) {
    if (eval_at(f.tgt, &pt, &t, NULL, 0)) {
      out = !outcome_refines(&l, &t);
      outcome_free(&t);
    }
    outcome_free(&l);
  }
  vs_file_free(&f);
  vs_ctx_free(ctx);
  return out;
}

/* Whether the integer encoding's answer ip settles the instance, filling out if so: a proof; the
 * solvers' disagreement (an error, never a verdict); or any answer when it is the only engine asked
 * for. out->reason holds prove_int's reason. */
static bool int_decided(SmtCtx *s, IntProof ip, ProofEngine engine, ProofResult *out) {
  const SmtSolveInfo *li = smt_last_solve(s);
  if (li->disagree) {
    out->status = PROOF_ERROR;
    out->disagree = true;
    snprintf(out->reason, sizeof out->reason, "%.170s (integer encoding)", li->detail);
    return true;
  }
  if (ip == IP_PROVED) {
    out->status = PROOF_PROVED;
    out->by = li->by == SMT_SOLVER_CVC5 ? PROOF_BY_CVC5 : PROOF_BY_Z3;
    out->recheck = li->recheck;
    if (li->recheck == SMT_RECHECK_UNDECIDED) snprintf(out->reason, sizeof out->reason, "%.150s", li->detail);
    return true;
  }
  if (engine == PROVE_INT_ONLY) {
    out->status = PROOF_UNKNOWN;
    if (ip == IP_UNSUPPORTED) snprintf(out->reason, sizeof out->reason, "outside the integer fragment");
    return true;
  }
  return false;
}

/* ---- twin instances ----
 *
 * The run's query cache (smt/query_cache.h) also keeps instances' verdicts, under the key of their
 * bit-vector refinement query: that query states the instance's obligation exactly (the encodings and
 * the cases only decide it in other ways), so two instances whose queries are the same text up to the
 * names of their variables are one obligation. The index instance of a rule that cannot meet INVALID is
 * its i64 instance in this sense. A proof and an unknown (at the same limit) are reused; a refutation is
 * not, since it needs a counterexample in the instance's own dtypes. The entries sit apart from the
 * single queries' behind an SMT-LIB comment line. */
static char *obligation_key(const char *key) {
  static const char tag[] = "; obligation\n";
  char *k = malloc(sizeof tag + strlen(key));
  if (k) {
    memcpy(k, tag, sizeof tag - 1);
    memcpy(k + sizeof tag - 1, key, strlen(key) + 1);
  }
  return k;
}

static bool obligation_reused(SmtCtx *s, const char *key, unsigned timeout_ms, ProofResult *out) {
  char *k = obligation_key(key);
  QueryCacheEntry qe;
  bool hit = k && query_cache_get(s->cache, k, timeout_ms, &qe);
  free(k);
  if (!hit) return false;
  out->status = qe.answer == QC_UNSAT ? PROOF_PROVED : PROOF_UNKNOWN;
  out->by = qe.by;
  snprintf(out->reason, sizeof out->reason, "the same obligation as an instance decided before%s%.120s",
           qe.why[0] ? ": " : "", qe.why);
  return true;
}

static void obligation_file(SmtCtx *s, const char *key, unsigned timeout_ms, const ProofResult *out) {
  if (out->disagree || (out->status != PROOF_PROVED && out->status != PROOF_UNKNOWN)) return;
  char *k = obligation_key(key);
  if (!k) return;
  QueryCacheEntry qe = {.answer = out->status == PROOF_PROVED ? QC_UNSAT : QC_UNKNOWN, .timeout_ms = timeout_ms,
                        .by = out->by};
  snprintf(qe.why, sizeof qe.why, "%.110s", out->reason);
  query_cache_put(s->cache, k, &qe);
  free(k);
}

ProofResult verify_rule_instance(SmtCtx *s, const Rule *r, unsigned idx) {
  return verify_rule_instance_with(s, r, idx, PROVE_ANY);
}

ProofResult verify_rule_instance_with(SmtCtx *s, const Rule *r, unsigned idx, ProofEngine engine) {
  return verify_rule_instance_hinted(s, r, idx, engine, 0);
}

/* The power-of-two cases (when pow2), then the bool cases (when bools): true, with out's status and
 * reason set, when one of them proves the instance. */
static bool prove_by_cases(SmtCtx *s, Enc *e, Inst *in, Z3_ast hyp, Node *lhs, Node *rhs, bool pow2, bool bools,
                           ProofResult *out) {
  const char *why = pow2 && inst_prove_by_pow2(s, e, in, hyp, lhs, rhs, out) ? "a constant the guard makes a power of two"
                    : bools && inst_prove_by_bool(s, e, in, hyp, lhs, rhs, out) ? "a bool variable false and true"
                                                                                : NULL;
  if (!why) return false;
  out->status = PROOF_PROVED;
  snprintf(out->reason, sizeof out->reason, "by cases: %s", why);
  return true;
}

/* Where a refutation's case says it fails, in one line: the point its comment names (the concrete
 * search's cases start `# counterexample: x = ...;`), else its last line, the instance at the solver's
 * constants. Returns buf. */
static const char *refutation_point(const char *cex, char *buf, size_t size) {
  static const char lead[] = "# counterexample: ";
  const char *t = cex;
  size_t n = strlen(t);
  while (n && t[n - 1] == '\n') n--;
  if (!strncmp(t, lead, sizeof lead - 1)) {
    t += sizeof lead - 1;
    n = strcspn(t, ";\n");
  } else {
    const char *last = t;
    for (size_t i = 0; i + 1 < n; i++)
      if (t[i] == '\n') last = t + i + 1;
    n -= (size_t)(last - t);
    t = last;
  }
  snprintf(buf, size, "%.*s", (int)n, t);
  return buf;
}

/* The instance by its proof steps (Rule.step_*): each step A => B, then the pattern after the last
 * step => the template, each the obligation of a rule made for it with r's variables, types and guard.
 * Every scalar op is monotone in refinement (an operand that refines another gives a result that
 * refines the other's: UB operands make it UB, but for a select's unchosen branch, where the operand is
 * not read), so a step proved for its term holds inside the pattern, and refinement is transitive.
 * Integer and bool terms only: a float step could trade one NaN for another, and a NaN's bits can be
 * read. True when every obligation is proved (out says so) or the two solvers disagreed on one (out is
 * that error); else false with out->step_note saying which obligation was not proved. */
static bool prove_by_steps(SmtCtx *s, const Rule *r, unsigned idx, unsigned hints, ProofResult *out) {
  uint8_t class_dt[RULE_MAX_ALL_CLASSES];
  rule_instance_dtypes(r, idx, class_dt);
  for (int k = 0; k < r->nsteps; k++) {
    DType dt = (DType)class_dt[r->step_from[k]->tclass];
    if (dt_is_float(dt)) {
      snprintf(out->step_note, sizeof out->step_note, "proof steps are taken on integers and bools only");
      return false;
    }
  }
  int by = PROOF_BY_Z3, recheck = SMT_RECHECK_NONE;
  for (int k = 0; k <= r->nsteps; k++) {
    Rule d = *r;
    d.lhs = d.variants[0] = k < r->nsteps ? r->step_from[k] : r->step_before[r->nsteps];
    d.nvariants = 1;
    d.rhs = k < r->nsteps ? r->step_to[k] : r->rhs;
    d.nsteps = 0;
    d.step_of = r;
    d.proved = NULL;
    ProofResult p = verify_rule_instance_hinted(s, &d, idx, PROVE_SOLVER, hints & HINT_TWIN);
    if (p.disagree) {
      p.seconds = 0;
      *out = p;
      return true;
    }
    if (p.status != PROOF_PROVED) {
      char point[160];
      const char *why = p.status == PROOF_REFUTED && p.cex ? refutation_point(p.cex, point, sizeof point) : p.reason;
      if (k < r->nsteps)
        snprintf(out->step_note, sizeof out->step_note, "proof step %d %s%s%.150s", k + 1, proof_status_name(p.status),
                 why[0] ? ": " : "", why);
      else
        snprintf(out->step_note, sizeof out->step_note, "what the steps leave %s%s%.150s", proof_status_name(p.status),
                 why[0] ? ": " : "", why);
      proof_result_free(&p);
      return false;
    }
    if (p.by != PROOF_BY_Z3) by = p.by;
    if (p.recheck == SMT_RECHECK_UNDECIDED || (p.recheck == SMT_RECHECK_AGREES && recheck == SMT_RECHECK_NONE)) {
      recheck = p.recheck;
      if (p.recheck == SMT_RECHECK_UNDECIDED) snprintf(out->reason, sizeof out->reason, "%s", p.reason);
    }
    proof_result_free(&p);
  }
  out->status = PROOF_PROVED;
  out->by = by;
  out->recheck = recheck;
  if (recheck != SMT_RECHECK_UNDECIDED)
    snprintf(out->reason, sizeof out->reason, "by %d proof step%s and the rest", r->nsteps, r->nsteps > 1 ? "s" : "");
  return true;
}

ProofResult verify_rule_instance_hinted(SmtCtx *s, const Rule *r, unsigned idx, ProofEngine engine, unsigned hints) {
  ProofResult out;
  memset(&out, 0, sizeof out);
  out.status = PROOF_ERROR;
  double t0 = vs_seconds();
  if (engine == PROVE_ANY) {
    ConcreteResult cr;
    if (concrete_search(r, idx, NULL, 0, NULL, &cr) && cr.found) {
      out.status = PROOF_REFUTED;
      out.by_search = true;
      out.by = PROOF_BY_EVAL;
      out.cex = cr.cex;
      out.seconds = vs_seconds() - t0;
      return out;
    }
    concrete_result_free(&cr);
  }
  /* A rule with proof steps is proved by them; where one is not proved, the instance is proved as it
   * stands (a wrong step does not make the rule wrong). */
  if (r->nsteps && (engine == PROVE_ANY || engine == PROVE_SOLVER) && prove_by_steps(s, r, idx, hints, &out)) {
    out.seconds = vs_seconds() - t0;
    return out;
  }
  VsCtx *ctx = vs_ctx_new();
  Inst in;
  Node *lhs, *rhs;
  if (!ctx || !inst_init(&in, ctx, r, idx, &lhs, &rhs)) {
    snprintf(out.reason, sizeof out.reason, "the instance is ill-typed");
    vs_ctx_free(ctx);
    return out;
  }
  if (in.unsupported) {
    out.status = PROOF_UNKNOWN;
    snprintf(out.reason, sizeof out.reason, "not stated exactly: %s", in.unsupported_why);
    vs_ctx_free(ctx);
    return out;
  }
  SmtResult res;
  memset(&res, 0, sizeof res);
  if (!smt_z3_begin(s, 100, out.reason, sizeof out.reason)) {
    vs_ctx_free(ctx);
    return out;
  }
  bool graph = ((lhs->flags | rhs->flags) & NF_HAS_GRAPH) != 0;
  /* A template may not turn a loop variable the pattern binds into a free one (docs/semantics.md): such
   * a rule is wrong whatever the values, and there is no point to show. */
  bool oom = false;
  const Node *loose = graph ? graph_unbound_range(lhs, rhs, &oom) : NULL;
  if (oom) {
    snprintf(out.reason, sizeof out.reason, "out of memory");
    vs_ctx_free(ctx);
    return out;
  }
  if (loose) {
    out.status = PROOF_REFUTED;
    snprintf(out.reason, sizeof out.reason, "the template leaves the range '%s' free: it unbinds a loop variable",
             loose->aux.name);
    vs_ctx_free(ctx);
    out.seconds = vs_seconds() - t0;
    return out;
  }
  /* The integer encoding knows scalars only: vector and graph instances go to the bit-vector encoding. */
  smt_clear_last_solve(s);
  bool integer = engine != PROVE_BV_ONLY && !((lhs->flags | rhs->flags) & (NF_HAS_VEC | NF_HAS_INVALID | NF_HAS_GRAPH));
  unsigned turns[TURNS_MAX] = {0}, nturns = engine == PROVE_INT_ONLY ? 0 : turn_limits(s->timeout_ms, turns);
  bool int_first = (hints & HINT_INT_FIRST) && nturns > 1;
  unsigned int0_ms = !nturns ? s->timeout_ms : int_first ? turns[1] : turns[0];
  /* Where the guard names a variable's few values (is_pow2 of a constant; vmin and vmax of one
   * variable tied by equalities; literal bounds at most four apart), the cases come early (the two
   * values first of all, the others after the first short turns): each case is easy where the whole
   * may outlast every turn (rule_cases.c). */
  bool cases = !graph && (engine == PROVE_ANY || engine == PROVE_SOLVER);
  bool pow2 = cases && inst_pow2_hint(r), two_early = cases && inst_two_valued_hint(r);
  bool few = cases && inst_few_values_hint(r);
  /* Sides that are one polynomial once the guard's equalities replace leaves: the ring step decides
   * them (definedness alone is left to the solver). Such sides, and a variable the guard leaves two
   * values (whose cases are such sides), come before the integer encoding's first turn. */
  Node *ring_l = NULL, *ring_r = NULL;
  bool ring = cases && inst_ring_sides(&in, lhs, rhs, &ring_l, &ring_r);
  /* Where the run saw the bit-vector encoding's first turn prove another instance of r after the integer
   * encoding's first turn was spent in vain, the bit-vector turn comes first (the integer one right
   * after it): the two short first turns swap, nothing else changes. */
  bool bv_first = (hints & HINT_BV_FIRST) && integer && nturns && !ring && !two_early;
  /* And where it saw the cases (a power of two, a bool) prove one after both first turns were spent in
   * vain, they come first of all (the turns, in their order, after them): the bool cases (two), and the
   * power-of-two cases at widths up to 16 bits (at most 16 cases; at 64 bits the 63 cases took 4 s
   * where the integer turn decided tmod_tmod_pow2 at u64 in 0.2 s). */
  bool bools = cases && inst_has_bool_var(&in);
  int widest = 0;
  for (int k = 0; k < r->nclasses; k++)
    if (dt_bits((DType)in.class_dt[k]) > widest) widest = dt_bits((DType)in.class_dt[k]);
  bool cases_first = (hints & HINT_CASES_FIRST) && nturns && !ring && !two_early;
  bool pow2_first = cases_first && pow2 && widest <= 16, bools_first = cases_first && bools;
  cases_first = pow2_first || bools_first;
  /* A twin (HINT_TWIN: an instance solved right after one likely to be the same obligation), or an
   * instance whose integer turn is the long one (HINT_INT_FIRST), looks its obligation up before that
   * turn (obligation_reused): the turn would most likely be spent in vain, or be the one spent before. */
  bool lookup_first = (hints & (HINT_TWIN | HINT_INT_FIRST)) && s->cache != NULL;
  bool int_later = ring || two_early || bv_first || cases_first || lookup_first;
  IntProof ip = IP_UNSUPPORTED;
  if (integer && !int_later) {
    ip = int_turn(s, &in, lhs, rhs, int0_ms, hints, &out);
    if (int_decided(s, ip, engine, &out)) {
      vs_ctx_free(ctx);
      out.seconds = vs_seconds() - t0;
      return out;
    }
  }
  Enc e;
  enc_init(&e, s);
  SmtTerm tl, tr;
  GEnc g = {.e = &e, .in = &in, .defined = s->t_true};
  Z3_ast guard = s->t_true;
  Node *roots[2] = {lhs, rhs};
  GraphEnc *gg = graph ? genc_new(&e, roots, 2) : NULL;
  bool ok = graph ? gg != NULL : enc_expr(&e, lhs, &tl) && enc_expr(&e, rhs, &tr);
  if (ok && r->guard) {
    guard = genc_bool(&g, r->guard);
    ok = guard && !g.unsupported;
  }
  Z3_ast bounds = ok && loop_bounds_ok(&in) ? inst_bound_constraints(&e, &in) : NULL;
  bool encoded = ok && bounds && !e.failed;
  Z3_ast hyp = encoded ? enc_and(&e, enc_and(&e, bounds, g.defined), guard) : NULL;
  /* The instance's obligation, stated exactly by its bit-vector query: when a twin instance decided the
   * same one earlier in the run (index after i64), its verdict is this one's (obligation_reused). */
  unsigned flags = lhs->flags | rhs->flags, full = s->timeout_ms;
  char *key = encoded && !graph && (engine == PROVE_ANY || engine == PROVE_SOLVER)
                ? smt_refinement_key(s, &e, hyp, tl, tr, flags)
                : NULL;
  if (key && obligation_reused(s, key, full, &out)) {
    free(key);
    key = NULL;
    goto finish;
  }
  if (!encoded) {
    snprintf(out.reason, sizeof out.reason, g.unsupported ? "the guard cannot be encoded exactly" : "encoding failed");
  } else {
    if (ring && inst_prove_ring_sides(s, &e, hyp, ring_l, ring_r, &out)) {
      out.status = PROOF_PROVED;
      snprintf(out.reason, sizeof out.reason, "one polynomial modulo 2^w; definedness by the solver");
      goto finish;
    }
    if (two_early && inst_prove_by_two_values(s, &e, &in, hyp, lhs, rhs, &out)) {
      out.status = PROOF_PROVED;
      snprintf(out.reason, sizeof out.reason, "by cases: a variable the guard leaves two values");
      goto finish;
    }
    if (cases_first) {
      if (prove_by_cases(s, &e, &in, hyp, lhs, rhs, pow2_first, bools_first, &out)) goto finish;
      out.cases_missed = true;
    }
    if (int_later && integer && !bv_first) { /* the turn put off above */
      ip = int_turn(s, &in, lhs, rhs, int0_ms, hints, &out);
      if (int_decided(s, ip, engine, &out)) goto finish;
    }
    if (few && inst_prove_by_few_values(s, &e, &in, hyp, lhs, rhs, &out)) {
      out.status = PROOF_PROVED;
      snprintf(out.reason, sizeof out.reason, "by cases: a variable the guard pins to a few literal values");
      goto finish;
    }
    /* Turns while the integer encoding is open (IP_OPEN: a scalar instance, never a graph; or not yet
     * asked, bv_first); else the bit-vector encoding has the whole limit at once. */
    bool int0_vain = ip == IP_OPEN && !bv_first; /* the integer encoding's first turn came and went */
    if (bv_first) ip = IP_OPEN;
    bool turning = ip == IP_OPEN && nturns;
    /* The cases after a short first attempt, also where the integer encoding takes no turns (floats):
     * then the bit-vector encoding gets its whole limit again after them. */
    bool pow2_later = pow2 && !pow2_first, bools_later = bools && !bools_first; /* the cases not yet tried */
    bool short_first = !turning && (pow2_later || bools_later) && nturns;
    if (turning || short_first) smt_z3_set_timeout(s, turns[0]);
    SmtVerdict v = graph ? smt_solve_graph_refinement(s, &e, gg, hyp, lhs, rhs, flags, &res)
                         : smt_solve_refinement(s, &e, hyp, tl, tr, flags, &res);
    out.bv_early = int0_vain && turning && v == SMT_VALID;
    /* The integer turn put off above (before any cases: at 64 bits they are costly). */
    if (bv_first && v == SMT_UNKNOWN && !smt_last_solve(s)->disagree) {
      smt_z3_set_timeout(s, full);
      ip = int_turn(s, &in, lhs, rhs, int0_ms, hints, &out);
      out.int_after_bv = ip == IP_PROVED;
      if (int_decided(s, ip, engine, &out)) goto finish;
      if (ip != IP_OPEN) { /* outside the integer fragment after all: the bit-vector encoding's whole limit */
        turning = false;
        short_first = pow2_later || bools_later; /* (after the cases, below) */
        if (!short_first) {
          smt_result_free(&res);
          memset(&res, 0, sizeof res);
          v = smt_solve_refinement(s, &e, hyp, tl, tr, flags, &res);
        }
      }
    }
    if ((pow2_later || bools_later) && v == SMT_UNKNOWN && !smt_last_solve(s)->disagree) {
      smt_z3_set_timeout(s, full);
      if (prove_by_cases(s, &e, &in, hyp, lhs, rhs, pow2_later, bools_later, &out)) {
        out.cases_early = turning || short_first;
        goto finish;
      }
      if (turning) smt_z3_set_timeout(s, turns[0]);
      if (short_first) {
        smt_result_free(&res);
        memset(&res, 0, sizeof res);
        v = smt_solve_refinement(s, &e, hyp, tl, tr, flags, &res);
      }
    }
    for (unsigned k = 1; turning && k < nturns && v == SMT_UNKNOWN && !smt_last_solve(s)->disagree; k++) {
      smt_z3_set_timeout(s, full);
      /* (The second turn's limit the first had already, where int_first.) */
      if (ip == IP_OPEN && !(int_first && k == 1)) {
        ip = int_turn(s, &in, lhs, rhs, turns[k], hints, &out);
        out.int_late = ip == IP_PROVED;
        if (int_decided(s, ip, engine, &out)) goto finish; /* the limit is already back to full */
      }
      smt_z3_set_timeout(s, turns[k]);
      smt_result_free(&res);
      memset(&res, 0, sizeof res);
      v = smt_solve_refinement(s, &e, hyp, tl, tr, flags, &res);
    }
    smt_z3_set_timeout(s, full);
    const SmtSolveInfo *li = smt_last_solve(s);
    int by = li->by == SMT_SOLVER_CVC5 ? PROOF_BY_CVC5 : PROOF_BY_Z3;
    if (li->disagree) {
      out.disagree = true;
      snprintf(out.reason, sizeof out.reason, "%s", li->detail);
    } else if (v == SMT_VALID) {
      out.status = PROOF_PROVED;
      out.by = by;
      out.recheck = li->recheck;
      if (li->recheck == SMT_RECHECK_UNDECIDED) snprintf(out.reason, sizeof out.reason, "%s", li->detail);
    } else if (v == SMT_UNKNOWN) {
      out.status = PROOF_UNKNOWN;
      snprintf(out.reason, sizeof out.reason, "%s", res.reason);
      if (!graph && !two_early && inst_prove_by_two_values(s, &e, &in, hyp, lhs, rhs, &out)) {
        out.status = PROOF_PROVED;
        snprintf(out.reason, sizeof out.reason, "by cases: a variable the guard leaves two values");
      } else if (engine == PROVE_ANY || engine == PROVE_SOLVER) {
        exhaust(r, idx, &out);
      }
    } else if (v == SMT_INVALID) {
      out.cex = inst_counterexample(&in, &res);
      /* A solver's sat is a refutation only with a counterexample the evaluator confirms. */
      int c = graph ? 1 : case_confirmed(out.cex, &res);
      if (c == 1) {
        out.status = PROOF_REFUTED;
        out.by = by;
      } else if (c == 0 && !((lhs->flags | rhs->flags) & NF_HAS_UF)) {
        snprintf(out.reason, sizeof out.reason,
                 "internal error: the evaluator does not confirm %s's counterexample (the two implementations of the "
                 "semantics disagree)", by == PROOF_BY_CVC5 ? "cvc5" : "z3");
      } else {
        out.status = PROOF_UNKNOWN;
        snprintf(out.reason, sizeof out.reason, "%s", c == 0 ? "the counterexample rests on an uninterpreted function"
                                                             : "the counterexample cannot be written as a case");
        free(out.cex);
        out.cex = NULL;
      }
    } else {
      snprintf(out.reason, sizeof out.reason, "%s", res.reason[0] ? res.reason : "solver error");
    }
  }
finish:
  if (key) obligation_file(s, key, full, &out);
  free(key);
  smt_result_free(&res);
  genc_free(gg);
  enc_fini(&e);
  vs_ctx_free(ctx);
  out.seconds = vs_seconds() - t0;
  return out;
}

/* ---- vacuity: can the rule fire at all? ---- */

Vacuity rule_instance_vacuity(SmtCtx *s, const Rule *r, unsigned idx) {
  int w = concrete_witness(r, idx);
  if (w == 1) return VAC_FIRES;
  if (r->graph || !s) return VAC_UNKNOWN;
  VsCtx *ctx = vs_ctx_new();
  Inst in;
  Node *lhs, *rhs;
  Vacuity out = VAC_UNKNOWN;
  if (!ctx || !inst_init(&in, ctx, r, idx, &lhs, &rhs) || in.unsupported || ((lhs->flags | rhs->flags) & NF_HAS_GRAPH)) {
    vs_ctx_free(ctx);
    return out;
  }
  char why[200];
  if (!smt_z3_begin(s, 100, why, sizeof why)) {
    vs_ctx_free(ctx);
    return out;
  }
  /* Against an always-UB target, a refinement is refuted exactly where the hypothesis holds and the
   * source is defined. Source `true`: where the guard holds at all. */
  Node *ub = ub_node(ctx, (DType)lhs->dtype);
  Node *t = vs_const(ctx, DT_BOOL, 1), *tub = ub_node(ctx, DT_BOOL);
  if (lhs->lanes > 1) ub = NULL; /* a vector pattern: not asked */
  for (int pass = 0; ub && t && tub && pass < 2; pass++) {
    Enc e;
    enc_init(&e, s);
    SmtTerm tl, tr;
    GEnc g = {.e = &e, .in = &in, .defined = s->t_true};
    Z3_ast guard = s->t_true;
    Node *src = pass ? lhs : t, *tgt = pass ? ub : tub;
    bool ok = enc_expr(&e, src, &tl) && enc_expr(&e, tgt, &tr);
    if (ok && r->guard) {
      guard = genc_bool(&g, r->guard);
      ok = guard && !g.unsupported;
    }
    Z3_ast bounds = ok && loop_bounds_ok(&in) ? inst_bound_constraints(&e, &in) : NULL;
    SmtVerdict v = SMT_ERROR;
    SmtResult res;
    memset(&res, 0, sizeof res);
    if (ok && bounds && !e.failed) {
      Z3_ast hyp = enc_and(&e, enc_and(&e, bounds, g.defined), guard);
      v = smt_solve_refinement(s, &e, hyp, tl, tr, src->flags | tgt->flags, &res);
    }
    smt_result_free(&res);
    enc_fini(&e);
    if (v == SMT_VALID) {
      out = pass ? VAC_UB : VAC_GUARD;
      break;
    }
    if (v != SMT_INVALID) break;
    if (pass) out = VAC_FIRES;
  }
  smt_z3_clear_error();
  vs_ctx_free(ctx);
  return out;
}
