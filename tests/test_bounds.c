/* test_bounds.c: value ranges (analysis/bounds.c) against the reference evaluator.
 *
 * Soundness: for random expressions over every integer dtype and bool, with variables of random
 * (often narrow, often edge-touching) declared ranges, every defined subexpression's value at many
 * assignments within the ranges (endpoints included) lies in the node's [vmin, vmax]. Exhaustive: for
 * i8/u8 (and bool) ops, all operand values of sampled operand intervals. Sampled: the same at every
 * dtype with corner and random points. Precision: hand-checked bounds, and for the ops whose transfer
 * function is exact, the bounds (when not the full range) are attained.
 *
 * VSIMP_BOUNDS_SCALE (an integer, default 1) multiplies the random iteration counts for soak runs. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ir/bounds.h"
#include "ir/bounds_ops.h"
#include "ir/bounds_trust.h"
#include "eval/eval.h"
#include "ir/node.h"
#include "ir/nodemap.h"
#include "support.h"

static const DType INT_DTS[] = {DT_I8, DT_I16, DT_I32, DT_I64, DT_U8, DT_U16, DT_U32, DT_U64, DT_INDEX};
enum { N_INT_DTS = sizeof INT_DTS / sizeof INT_DTS[0] };

static int scale(void) {
  const char *s = getenv("VSIMP_BOUNDS_SCALE");
  int k = s ? atoi(s) : 1;
  return k > 0 ? k : 1;
}

/* ---- values and ranges ---- */

static i128 clamp(i128 v, i128 lo, i128 hi) { return v < lo ? lo : v > hi ? hi : v; }

/* Uniform in [lo, hi] (hi - lo < 2^64). */
static i128 rand_in(TestRng *r, i128 lo, i128 hi) {
  u128 span = (u128)(hi - lo);
  if (span >= UINT64_MAX) return lo + (i128)test_rng_next(r);
  return lo + (i128)test_rng_below(r, (uint64_t)span + 1);
}

/* A value in [lo, hi], biased to the ends, to small numbers and to powers of two. */
static i128 pick_value(TestRng *r, i128 lo, i128 hi) {
  switch (test_rng_below(r, 10)) {
  case 0: return lo;
  case 1: return hi;
  case 2: return clamp(lo + 1, lo, hi);
  case 3: return clamp(hi - 1, lo, hi);
  case 4: return clamp((i128)test_rng_below(r, 9) - 4, lo, hi);
  case 5: {
    i128 p = (i128)1 << test_rng_below(r, 64);
    i128 v = test_rng_below(r, 2) ? p : -p;
    return clamp(v + (i128)test_rng_below(r, 3) - 1, lo, hi);
  }
  default: return rand_in(r, lo, hi);
  }
}

/* A random sub-range of dt's range: often narrow, often touching an end of the dtype or 0. */
static void pick_range(TestRng *r, DType dt, i128 *lo, i128 *hi) {
  i128 mn = im_min(dt), mx = im_max(dt);
  if (dt == DT_BOOL) {
    i128 a = (i128)test_rng_below(r, 2), b = (i128)test_rng_below(r, 2);
    *lo = a < b ? a : b;
    *hi = a < b ? b : a;
    return;
  }
  static const int widths[] = {0, 1, 2, 3, 7, 8, 15, 16, 100, 255, 1000};
  i128 k;
  if (test_rng_below(r, 4) == 0) {
    uint64_t bits = test_rng_next(r);
    k = (i128)(bits >> test_rng_below(r, 64));
  } else {
    k = widths[test_rng_below(r, sizeof widths / sizeof widths[0])];
  }
  i128 c = pick_value(r, mn, mx), a, b;
  switch (test_rng_below(r, 9)) {
  case 0: a = mn, b = mx; break;
  case 1: a = mn, b = mn + k; break;
  case 2: a = mx - k, b = mx; break;
  case 3: a = -k, b = k; break;
  case 4: a = 0, b = k; break;
  case 5: a = -k, b = 0; break;
  case 6: a = c, b = c + k; break;
  case 7: a = c, b = pick_value(r, mn, mx); break;
  default: a = test_rng_below(r, 2) ? mn : c, b = test_rng_below(r, 2) ? mx : c; break;
  }
  a = clamp(a, mn, mx);
  b = clamp(b, mn, mx);
  *lo = a < b ? a : b;
  *hi = a < b ? b : a;
}

static const char *fmt(i128 v, char *buf) { return im_format(v, buf); }

/* ---- diagnostics ---- */

static void print_tree(const Node *n, int indent) {
  char a[48], b[48], c[48];
  DType dt = (DType)n->dtype;
  const char *what = n->op == OP_VAR ? n->aux.name : op_name((Op)n->op);
  if (n->op == OP_CONST && !dt_is_float(dt)) what = fmt(vs_const_value(n), a);
  if (dt_is_float(dt)) print_message("%*s%s : %s\n", indent, "", what, dt_name(dt));
  else print_message("%*s%s : %s in [%s, %s]\n", indent, "", what, dt_name(dt), fmt(vs_vmin(n), b), fmt(vs_vmax(n), c));
  for (int i = 0; i < n->nargs; i++) print_tree(n->args[i], indent + 2);
}

/* ---- checking one expression at many points ---- */

typedef struct {
  Node **order;
  size_t n;
  NodeMap index;
  size_t *var_pos; /* positions in order[] of the variables */
  size_t nvars;
  Value *vals;
  uint64_t checks; /* defined values checked */
  uint64_t tight;  /* ... of which at nodes with less than the full range */
} Checker;

static void checker_init(Checker *c, Node *root) {
  memset(c, 0, sizeof *c);
  c->n = vs_postorder(root, &c->order);
  assert_true(c->n > 0);
  nodemap_init(&c->index);
  c->var_pos = malloc(c->n * sizeof *c->var_pos);
  c->vals = malloc(c->n * sizeof *c->vals);
  assert_non_null(c->var_pos);
  assert_non_null(c->vals);
  for (size_t i = 0; i < c->n; i++) {
    assert_true(nodemap_put(&c->index, c->order[i], i));
    if (c->order[i]->op == OP_VAR) c->var_pos[c->nvars++] = i;
  }
}

static void checker_free(Checker *c) {
  nodemap_free(&c->index);
  free(c->order);
  free(c->var_pos);
  free(c->vals);
}

/* Evaluates every node at the assignment var_bits (in var_pos order) and checks each defined integer
 * or bool value against its node's bounds. */
static void checker_run(Checker *c, const uint64_t *var_bits) {
  for (size_t i = 0; i < c->n; i++) {
    Node *node = c->order[i];
    if (node->op == OP_VAR) continue;
    Value args[3] = {{0, true, false}, {0, true, false}, {0, true, false}};
    for (int j = 0; j < node->nargs; j++) {
      uint64_t at = 0;
      assert_true(nodemap_get(&c->index, node->args[j], &at));
      args[j] = c->vals[at];
    }
    c->vals[i] = eval_op(node, args);
    if (c->vals[i].ub || dt_is_float((DType)node->dtype)) continue;
    i128 v = im_value((DType)node->dtype, c->vals[i].bits);
    c->checks++;
    BoundsIv full = bounds_full((DType)node->dtype);
    if (vs_vmin(node) != full.lo || vs_vmax(node) != full.hi) c->tight++;
    if (v < vs_vmin(node) || v > vs_vmax(node)) {
      char b1[48], b2[48], b3[48];
      print_message("value %s outside [%s, %s] at this node:\n", fmt(v, b1), fmt(vs_vmin(node), b2),
                    fmt(vs_vmax(node), b3));
      print_tree(node, 2);
      for (int j = 0; j < node->nargs; j++)
        print_message("  operand %d: %s\n", j,
                      args[j].ub ? "UB"
                      : dt_is_float((DType)node->args[j]->dtype)
                          ? "(float)"
                          : fmt(im_value((DType)node->args[j]->dtype, args[j].bits), b1));
      for (size_t k = 0; k < c->nvars; k++)
        print_message("  %s = %s\n", c->order[c->var_pos[k]]->aux.name,
                      fmt(im_value((DType)c->order[c->var_pos[k]]->dtype, var_bits[k]), b1));
      fail_msg("unsound bounds for %s", op_name((Op)node->op));
    }
  }
}

/* Sets the variables' values first (checker_run reads them from vals). */
static void checker_eval(Checker *c, const uint64_t *var_bits) {
  for (size_t k = 0; k < c->nvars; k++) c->vals[c->var_pos[k]] = (Value){var_bits[k], false, false};
  checker_run(c, var_bits);
}

/* All endpoint combinations (up to 2^6), then `samples` random points. Also cross-checks the root's
 * value with eval_at at a few points, so that the node-by-node evaluation here is the evaluator's. */
static uint64_t check_expr(Node *root, TestRng *rng, int samples, uint64_t *tight) {
  Checker c;
  checker_init(&c, root);
  uint64_t bits[64];
  size_t nv = c.nvars < 64 ? c.nvars : 64;
  assert_true(c.nvars <= 64);
  size_t ncorners = nv <= 6 ? (size_t)1 << nv : 64;
  for (size_t m = 0; m < ncorners + (size_t)samples; m++) {
    for (size_t k = 0; k < nv; k++) {
      const Node *var = c.order[c.var_pos[k]];
      DType dt = (DType)var->dtype;
      i128 v = m < ncorners ? ((m >> k) & 1 ? vs_vmax(var) : vs_vmin(var)) : pick_value(rng, vs_vmin(var), vs_vmax(var));
      if (m >= ncorners && nv > 6 && test_rng_below(rng, 3) == 0) v = test_rng_below(rng, 2) ? vs_vmax(var) : vs_vmin(var);
      bits[k] = im_from_value(dt, v);
    }
    checker_eval(&c, bits);
    if (m < 4) {
      VarValue env[64];
      for (size_t k = 0; k < nv; k++) env[k] = var_value(c.order[c.var_pos[k]], bits[k]);
      Value root_v;
      assert_true(test_eval(root, env, nv, &root_v));
      assert_true(value_same(root_v, c.vals[c.n - 1]));
    }
  }
  uint64_t checks = c.checks;
  *tight += c.tight;
  checker_free(&c);
  return checks;
}

/* ---- random expressions ---- */

typedef struct {
  VsCtx *ctx;
  TestRng *rng;
  int nvars;
  Node *pool[8]; /* recent variables, reused so that expressions share them */
  int npool;
} Gen;

static Node *gen_var(Gen *g, DType dt) {
  for (int tries = 0; tries < 2 && g->npool > 0; tries++) {
    Node *v = g->pool[test_rng_below(g->rng, (uint64_t)g->npool)];
    if (v->dtype == dt && test_rng_below(g->rng, 2)) return v;
  }
  char name[16];
  snprintf(name, sizeof name, "v%d", g->nvars++);
  i128 lo = 0, hi = 0;
  if (!dt_is_float(dt)) pick_range(g->rng, dt, &lo, &hi);
  Node *v = vs_var(g->ctx, name, dt, lo, hi);
  assert_non_null(v);
  if (g->npool < 8) g->pool[g->npool++] = v;
  else g->pool[test_rng_below(g->rng, 8)] = v;
  return v;
}

static Node *gen_const(Gen *g, DType dt) {
  return vs_const_int(g->ctx, dt, pick_value(g->rng, im_min(dt), im_max(dt)));
}

static Node *gen(Gen *g, DType dt, int depth);

static Node *mk(Gen *g, Op op, Node *a, Node *b) {
  Node *n = b ? vs_bin(g->ctx, op, a, b) : vs_un(g->ctx, op, a);
  if (!n) fail_msg("building %s: %s", op_name(op), vs_ctx_error(g->ctx));
  return n;
}

/* A shift amount or exponent: mostly in or near [0, limit]. */
static Node *gen_small(Gen *g, DType dt, int limit, int depth) {
  i128 lo = dt_is_signed(dt) ? -2 : 0;
  switch (test_rng_below(g->rng, 4)) {
  case 0: return vs_const_int(g->ctx, dt, clamp(lo + (i128)test_rng_below(g->rng, (uint64_t)(limit + 4)), im_min(dt), im_max(dt)));
  case 1: {
    char name[16];
    snprintf(name, sizeof name, "s%d", g->nvars++);
    i128 a = clamp(lo + (i128)test_rng_below(g->rng, (uint64_t)(limit + 4)), im_min(dt), im_max(dt));
    i128 b = clamp(a + (i128)test_rng_below(g->rng, (uint64_t)limit), im_min(dt), im_max(dt));
    Node *v = vs_var(g->ctx, name, dt, a, b);
    assert_non_null(v);
    return v;
  }
  default: return gen(g, dt, depth - 1);
  }
}

/* A divisor: a constant (0 and +-1 included), a variable, or a subexpression. */
static Node *gen_divisor(Gen *g, DType dt, int depth) {
  if (test_rng_below(g->rng, 3) == 0) {
    static const int cs[] = {0, 1, -1, 2, -2, 3, 7, 8, -8, 16, 100};
    return vs_const_int(g->ctx, dt, clamp(cs[test_rng_below(g->rng, sizeof cs / sizeof cs[0])], im_min(dt), im_max(dt)));
  }
  return gen(g, dt, depth - 1);
}

static DType same_width_other(DType dt) {
  switch (dt) {
  case DT_I8: return DT_U8;
  case DT_U8: return DT_I8;
  case DT_I16: return DT_U16;
  case DT_U16: return DT_I16;
  case DT_I32: return DT_U32;
  case DT_U32: return DT_I32;
  case DT_I64: return DT_U64;
  case DT_U64: return DT_INDEX;
  default: return DT_I64; /* index */
  }
}

/* (Every random draw is its own statement: argument evaluation order differs between compilers, and
 * a seed must give the same expression under gcc and clang.) */
static DType rand_int_dt(Gen *g) { return INT_DTS[test_rng_below(g->rng, N_INT_DTS)]; }

static Node *mk3(Gen *g, Op op, Node *a, Node *b, Node *c) {
  Node *n = vs_tern(g->ctx, op, a, b, c);
  if (!n) fail_msg("building %s: %s", op_name(op), vs_ctx_error(g->ctx));
  return n;
}

static Node *gen_int(Gen *g, DType dt, int depth) {
  static const Op ops[] = {OP_ADD, OP_SUB, OP_MUL, OP_NEG, OP_MULACC, OP_IDIV, OP_MOD, OP_TDIV,
                           OP_TMOD, OP_AND, OP_OR, OP_XOR, OP_NOT, OP_SHL, OP_SHR, OP_MIN,
                           OP_MAX, OP_POW, OP_SELECT, OP_CAST, OP_BITCAST};
  Op op = ops[test_rng_below(g->rng, sizeof ops / sizeof ops[0])];
  int w = dt_bits(dt);
  Node *a, *b, *c;
  switch (op) {
  case OP_NEG:
  case OP_NOT: return mk(g, op, gen(g, dt, depth - 1), NULL);
  case OP_IDIV:
  case OP_MOD:
  case OP_TDIV:
  case OP_TMOD:
    a = gen(g, dt, depth - 1);
    b = gen_divisor(g, dt, depth);
    return mk(g, op, a, b);
  case OP_SHL:
  case OP_SHR:
  case OP_POW:
    a = gen(g, dt, depth - 1);
    b = gen_small(g, dt, op == OP_POW ? 6 : w, depth);
    return mk(g, op, a, b);
  case OP_MULACC:
  case OP_SELECT:
    a = gen(g, op == OP_SELECT ? DT_BOOL : dt, depth - 1);
    b = gen(g, dt, depth - 1);
    c = gen(g, dt, depth - 1);
    return mk3(g, op, a, b, c);
  case OP_CAST: {
    uint64_t k = test_rng_below(g->rng, 8);
    if (k == 0) {
      a = gen(g, DT_BOOL, depth - 1);
    } else {
      a = gen(g, rand_int_dt(g), depth - 1);
      if (k == 1) { /* through a float: float -> int casts, UB outside the target range */
        DType f = test_rng_below(g->rng, 2) ? DT_F64 : DT_F32;
        a = vs_cast(g->ctx, f, a);
        assert_non_null(a);
      }
    }
    Node *n = vs_cast(g->ctx, dt, a);
    assert_non_null(n);
    return n;
  }
  case OP_BITCAST: {
    a = gen(g, same_width_other(dt), depth - 1);
    Node *n = vs_make(g->ctx, OP_BITCAST, dt, &a, 1);
    assert_non_null(n);
    return n;
  }
  default:
    a = gen(g, dt, depth - 1);
    b = gen(g, dt, depth - 1);
    return mk(g, op, a, b);
  }
}

static Node *gen_bool(Gen *g, int depth) {
  static const Op cmps[] = {OP_EQ, OP_NE, OP_LT, OP_LE};
  static const Op logic[] = {OP_AND, OP_OR, OP_XOR};
  Node *a, *b, *c;
  switch (test_rng_below(g->rng, 7)) {
  case 0:
  case 1: {
    Op op = cmps[test_rng_below(g->rng, 4)];
    DType t = test_rng_below(g->rng, 6) == 0 ? DT_BOOL : rand_int_dt(g);
    a = gen(g, t, depth - 1);
    b = gen(g, t, depth - 1);
    return mk(g, op, a, b);
  }
  case 2: {
    Op op = logic[test_rng_below(g->rng, 3)];
    a = gen(g, DT_BOOL, depth - 1);
    b = gen(g, DT_BOOL, depth - 1);
    return mk(g, op, a, b);
  }
  case 3: return mk(g, OP_NOT, gen(g, DT_BOOL, depth - 1), NULL);
  case 4: { /* x != 0, from an integer or a float */
    a = gen(g, rand_int_dt(g), depth - 1);
    if (test_rng_below(g->rng, 4) == 0) {
      DType f = test_rng_below(g->rng, 2) ? DT_F16 : DT_F64;
      a = vs_cast(g->ctx, f, a);
      assert_non_null(a);
    }
    Node *n = vs_cast(g->ctx, DT_BOOL, a);
    assert_non_null(n);
    return n;
  }
  case 5:
    a = gen(g, DT_BOOL, depth - 1);
    b = gen(g, DT_BOOL, depth - 1);
    c = gen(g, DT_BOOL, depth - 1);
    return mk3(g, OP_SELECT, a, b, c);
  default: /* a float comparison: [0, 1] */
    a = vs_cast(g->ctx, DT_F32, gen(g, rand_int_dt(g), depth - 1));
    b = vs_cast(g->ctx, DT_F32, gen(g, rand_int_dt(g), depth - 1));
    return mk(g, OP_LT, a, b);
  }
}

static Node *gen(Gen *g, DType dt, int depth) {
  if (depth <= 0 || test_rng_below(g->rng, 10) < 2) return test_rng_below(g->rng, 3) ? gen_var(g, dt) : gen_const(g, dt);
  return dt == DT_BOOL ? gen_bool(g, depth) : gen_int(g, dt, depth);
}

static void test_random_expressions(void **state) {
  (void)state;
  TestRng rng = {0x5eedb0d5};
  uint64_t checks = 0, tight = 0;
  int rounds = 120 * scale();
  for (int round = 0; round < rounds; round++) {
    for (int d = 0; d <= N_INT_DTS; d++) {
      DType dt = d == N_INT_DTS ? DT_BOOL : INT_DTS[d];
      VsCtx *ctx = vs_ctx_new();
      assert_non_null(ctx);
      Gen g = {.ctx = ctx, .rng = &rng};
      Node *root = gen(&g, dt, 2 + (int)test_rng_below(&rng, 4));
      checks += check_expr(root, &rng, 60, &tight);
      vs_ctx_free(ctx);
    }
  }
  print_message("random expressions: %llu defined values checked, %llu against less than the full range\n",
                (unsigned long long)checks, (unsigned long long)tight);
  assert_true(checks > 10000 && tight > checks / 4);
}

/* ---- per-op checks over operand intervals ---- */

/* A random operand interval for op-level tests: small (so that it can be enumerated at 8 bits),
 * placed at an end of the range, at 0, or anywhere; sometimes wide. */
static void pick_small_range(TestRng *r, DType dt, i128 *lo, i128 *hi) {
  if (test_rng_below(r, 3) == 0) {
    pick_range(r, dt, lo, hi);
    return;
  }
  i128 mn = im_min(dt), mx = im_max(dt);
  static const int widths[] = {0, 0, 1, 2, 3, 5, 8, 17, 40};
  i128 k = widths[test_rng_below(r, sizeof widths / sizeof widths[0])];
  i128 a;
  switch (test_rng_below(r, 6)) {
  case 0: a = mn; break;
  case 1: a = mx - k; break;
  case 2: a = -(i128)test_rng_below(r, (uint64_t)k + 2); break;
  case 3: a = (i128)test_rng_below(r, 20) - 10; break;
  default: a = pick_value(r, mn, mx); break;
  }
  a = clamp(a, mn, mx);
  *lo = a;
  *hi = clamp(a + k, mn, mx);
}

/* Ops whose transfer function is exact when the result is not the full range: the bounds are then
 * attained by some defined evaluation. */
static bool op_is_exact(Op op) {
  switch (op) {
  case OP_ADD: case OP_SUB: case OP_MUL: case OP_NEG: case OP_MULACC: case OP_MIN: case OP_MAX:
  case OP_IDIV: case OP_TDIV: case OP_SHL: case OP_SHR: case OP_EQ: case OP_NE: case OP_LT: case OP_LE:
  case OP_CAST: case OP_BITCAST: case OP_SELECT:
    return true;
  default: return false;
  }
}

/* Builds op over variables with the given ranges and checks it at every point of the box (if it has
 * at most `limit` points) or at its corners and `samples` random points. */
static void check_op_box(VsCtx *ctx, Op op, DType to, const DType *adt, const i128 *lo, const i128 *hi, int nargs,
                         TestRng *rng, uint64_t limit, int samples, bool want_exact) {
  Node *args[3];
  static const char *names[3] = {"x", "y", "z"};
  for (int i = 0; i < nargs; i++) {
    args[i] = vs_var(ctx, names[i], adt[i], lo[i], hi[i]);
    assert_non_null(args[i]);
  }
  Node *n = vs_make(ctx, op, to, args, nargs);
  if (!n) fail_msg("building %s: %s", op_name(op), vs_ctx_error(ctx));
  DType dt = (DType)n->dtype;
  i128 bl = vs_vmin(n), bh = vs_vmax(n);
  assert_true(bl <= bh);
  u128 points = 1;
  for (int i = 0; i < nargs; i++) points *= (u128)(hi[i] - lo[i]) + 1;
  bool enumerate = points <= limit;
  uint64_t total = enumerate ? (uint64_t)points : (uint64_t)samples + (1u << nargs);
  bool seen = false;
  i128 amin = 0, amax = 0;
  for (uint64_t p = 0; p < total; p++) {
    Value vals[3];
    i128 xs[3];
    uint64_t rest = p;
    for (int i = 0; i < nargs; i++) {
      if (enumerate) {
        u128 span = (u128)(hi[i] - lo[i]) + 1;
        xs[i] = lo[i] + (i128)(rest % span);
        rest = (uint64_t)(rest / span);
      } else if (p < (1u << nargs)) {
        xs[i] = (p >> i) & 1 ? hi[i] : lo[i];
      } else {
        xs[i] = pick_value(rng, lo[i], hi[i]);
      }
      vals[i] = (Value){im_from_value(adt[i], xs[i]), false, false};
    }
    Value v = eval_op(n, vals);
    if (v.ub) continue;
    i128 x = im_value(dt, v.bits);
    if (!seen || x < amin) amin = x;
    if (!seen || x > amax) amax = x;
    seen = true;
    if (x < bl || x > bh) {
      char b[6][48];
      print_message("%s %s: operands", op_name(op), dt_name(dt));
      for (int i = 0; i < nargs; i++)
        print_message(" %s in [%s, %s] = %s;", dt_name(adt[i]), fmt(lo[i], b[0]), fmt(hi[i], b[1]), fmt(xs[i], b[2]));
      print_message(" result %s outside [%s, %s]\n", fmt(x, b[3]), fmt(bl, b[4]), fmt(bh, b[5]));
      fail_msg("unsound bounds");
    }
  }
  BoundsIv full = bounds_full(dt);
  /* (a full range may come from a possible wrap, except for bool results, which never wrap) */
  bool skip = bl == full.lo && bh == full.hi && dt != DT_BOOL;
  if (want_exact && enumerate && seen && !skip && (amin != bl || amax != bh)) {
    char b[8][48];
    print_message("%s %s: operands", op_name(op), dt_name(dt));
    for (int i = 0; i < nargs; i++) print_message(" [%s, %s]", fmt(lo[i], b[0]), fmt(hi[i], b[1]));
    print_message(": bounds [%s, %s], attained [%s, %s]\n", fmt(bl, b[2]), fmt(bh, b[3]), fmt(amin, b[4]), fmt(amax, b[5]));
    fail_msg("imprecise bounds for an exact op");
  }
}

static const Op INT_BINOPS[] = {OP_ADD, OP_SUB, OP_MUL, OP_IDIV, OP_MOD, OP_TDIV, OP_TMOD, OP_AND, OP_OR,
                                OP_XOR, OP_SHL, OP_SHR, OP_MIN, OP_MAX, OP_POW, OP_EQ, OP_NE, OP_LT, OP_LE};
enum { N_INT_BINOPS = sizeof INT_BINOPS / sizeof INT_BINOPS[0] };

/* For the shift/pow right operand, intervals around [0, w) are the interesting ones. */
static void pick_operand_range(TestRng *rng, Op op, int i, DType dt, i128 *lo, i128 *hi) {
  if (i == 1 && (op == OP_SHL || op == OP_SHR || op == OP_POW) && test_rng_below(rng, 3)) {
    i128 a = clamp((i128)test_rng_below(rng, (uint64_t)dt_bits(dt) + 4) - 2, im_min(dt), im_max(dt));
    *lo = a;
    *hi = clamp(a + (i128)test_rng_below(rng, 6), im_min(dt), im_max(dt));
    return;
  }
  pick_small_range(rng, dt, lo, hi);
}

static void test_exhaustive_8bit_binops(void **state) {
  (void)state;
  TestRng rng = {0xb17e};
  const DType dts[] = {DT_I8, DT_U8};
  int pairs = 250 * scale();
  for (int d = 0; d < 2; d++) {
    for (int o = 0; o < N_INT_BINOPS; o++) {
      Op op = INT_BINOPS[o];
      VsCtx *ctx = vs_ctx_new();
      assert_non_null(ctx);
      for (int p = 0; p < pairs; p++) {
        DType adt[2] = {dts[d], dts[d]};
        i128 lo[2], hi[2];
        for (int i = 0; i < 2; i++) pick_operand_range(&rng, op, i, dts[d], &lo[i], &hi[i]);
        check_op_box(ctx, op, dts[d], adt, lo, hi, 2, &rng, 1u << 17, 0, op_is_exact(op));
      }
      vs_ctx_free(ctx);
    }
  }
}

static void test_exhaustive_8bit_other(void **state) {
  (void)state;
  TestRng rng = {0x07e4};
  const DType dts[] = {DT_I8, DT_U8};
  int boxes = 200 * scale();
  for (int d = 0; d < 2; d++) {
    DType dt = dts[d];
    VsCtx *ctx = vs_ctx_new();
    assert_non_null(ctx);
    for (int p = 0; p < boxes; p++) {
      i128 lo[3], hi[3];
      for (int i = 0; i < 3; i++) pick_small_range(&rng, dt, &lo[i], &hi[i]);
      DType adt[3] = {dt, dt, dt};
      check_op_box(ctx, OP_NEG, dt, adt, lo, hi, 1, &rng, 1u << 17, 0, true);
      check_op_box(ctx, OP_NOT, dt, adt, lo, hi, 1, &rng, 1u << 17, 0, true);
      check_op_box(ctx, OP_BITCAST, dt == DT_I8 ? DT_U8 : DT_I8, adt, lo, hi, 1, &rng, 1u << 17, 0, true);
      for (int t = 0; t < N_INT_DTS; t++) check_op_box(ctx, OP_CAST, INT_DTS[t], adt, lo, hi, 1, &rng, 1u << 17, 0, true);
      check_op_box(ctx, OP_CAST, DT_BOOL, adt, lo, hi, 1, &rng, 1u << 17, 0, true);
      if ((hi[0] - lo[0] + 1) * (hi[1] - lo[1] + 1) * (hi[2] - lo[2] + 1) <= (1 << 16))
        check_op_box(ctx, OP_MULACC, dt, adt, lo, hi, 3, &rng, 1u << 16, 0, true);
      /* select over a bool condition with a random range */
      DType sdt[3] = {DT_BOOL, dt, dt};
      i128 slo[3] = {lo[0] & 1, lo[1], lo[2]}, shi[3] = {(lo[0] & 1) | (hi[0] & 1), hi[1], hi[2]};
      check_op_box(ctx, OP_SELECT, dt, sdt, slo, shi, 3, &rng, 1u << 17, 0, true);
    }
    vs_ctx_free(ctx);
  }
}

static void test_exhaustive_bool(void **state) {
  (void)state;
  TestRng rng = {0xb001};
  VsCtx *ctx = vs_ctx_new();
  assert_non_null(ctx);
  const i128 rl[3] = {0, 1, 0}, rh[3] = {0, 1, 1};
  const Op ops[] = {OP_AND, OP_OR, OP_XOR, OP_EQ, OP_NE, OP_LT, OP_LE};
  DType b3[3] = {DT_BOOL, DT_BOOL, DT_BOOL};
  for (int i = 0; i < 3; i++) {
    for (int j = 0; j < 3; j++) {
      i128 lo[3] = {rl[i], rl[j], 0}, hi[3] = {rh[i], rh[j], 1};
      for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++)
        check_op_box(ctx, ops[o], DT_BOOL, b3, lo, hi, 2, &rng, 16, 0, true);
      for (int k = 0; k < 3; k++) {
        i128 l3[3] = {rl[i], rl[j], rl[k]}, h3[3] = {rh[i], rh[j], rh[k]};
        check_op_box(ctx, OP_SELECT, DT_BOOL, b3, l3, h3, 3, &rng, 64, 0, true);
      }
    }
    check_op_box(ctx, OP_NOT, DT_BOOL, b3, &rl[i], &rh[i], 1, &rng, 16, 0, true);
    for (int t = 0; t < N_INT_DTS; t++) check_op_box(ctx, OP_CAST, INT_DTS[t], b3, &rl[i], &rh[i], 1, &rng, 16, 0, true);
    check_op_box(ctx, OP_CAST, DT_BOOL, b3, &rl[i], &rh[i], 1, &rng, 16, 0, true);
  }
  vs_ctx_free(ctx);
}

/* Every dtype: enumerable boxes are enumerated, the others sampled at corners and random points. */
static void test_sampled_all_dtypes(void **state) {
  (void)state;
  TestRng rng = {0xa11d7};
  int boxes = 60 * scale();
  for (int d = 0; d < N_INT_DTS; d++) {
    DType dt = INT_DTS[d];
    VsCtx *ctx = vs_ctx_new();
    assert_non_null(ctx);
    for (int p = 0; p < boxes; p++) {
      DType adt[3] = {dt, dt, dt};
      i128 lo[3], hi[3];
      for (int o = 0; o < N_INT_BINOPS; o++) {
        Op op = INT_BINOPS[o];
        for (int i = 0; i < 2; i++) pick_operand_range(&rng, op, i, dt, &lo[i], &hi[i]);
        check_op_box(ctx, op, dt, adt, lo, hi, 2, &rng, 4096, 200, op_is_exact(op));
      }
      for (int i = 0; i < 3; i++) pick_small_range(&rng, dt, &lo[i], &hi[i]);
      check_op_box(ctx, OP_NEG, dt, adt, lo, hi, 1, &rng, 4096, 200, true);
      check_op_box(ctx, OP_NOT, dt, adt, lo, hi, 1, &rng, 4096, 200, true);
      check_op_box(ctx, OP_MULACC, dt, adt, lo, hi, 3, &rng, 4096, 200, true);
      check_op_box(ctx, OP_BITCAST, same_width_other(dt), adt, lo, hi, 1, &rng, 4096, 200, true);
      for (int t = 0; t < N_INT_DTS; t++) check_op_box(ctx, OP_CAST, INT_DTS[t], adt, lo, hi, 1, &rng, 4096, 200, true);
      check_op_box(ctx, OP_CAST, DT_BOOL, adt, lo, hi, 1, &rng, 4096, 200, true);
    }
    vs_ctx_free(ctx);
  }
}

/* ---- precision: hand-checked bounds ---- */

static void expect(const Node *n, i128 lo, i128 hi, const char *what) {
  assert_non_null(n);
  if (vs_vmin(n) != lo || vs_vmax(n) != hi) {
    char b[4][48];
    fail_msg("%s: bounds [%s, %s], expected [%s, %s]", what, fmt(vs_vmin(n), b[0]), fmt(vs_vmax(n), b[1]),
             fmt(lo, b[2]), fmt(hi, b[3]));
  }
}

static void test_precision(void **state) {
  (void)state;
  VsCtx *c = vs_ctx_new();
  assert_non_null(c);
  Node *x = vs_var(c, "x", DT_I32, 0, 1000), *y = vs_var(c, "y", DT_I32, 0, 3);
  Node *four = vs_const_int(c, DT_I32, 4), *eight = vs_const_int(c, DT_I32, 8);
  Node *x4y = vs_bin(c, OP_ADD, vs_bin(c, OP_MUL, x, four), y);
  expect(x4y, 0, 4003, "x*4+y");
  expect(vs_bin(c, OP_IDIV, x4y, four), 0, 1000, "(x*4+y)//4");
  expect(vs_bin(c, OP_MOD, x4y, four), 0, 3, "(x*4+y)%4");
  expect(vs_bin(c, OP_MOD, x, eight), 0, 7, "x%8");
  expect(vs_bin(c, OP_TMOD, x, eight), 0, 7, "tmod(x,8)");
  expect(vs_bin(c, OP_MOD, y, eight), 0, 3, "y%8 (identity)");
  expect(vs_bin(c, OP_SHR, x4y, vs_const_int(c, DT_I32, 2)), 0, 1000, "(x*4+y)>>2");
  expect(vs_bin(c, OP_SHL, x, vs_const_int(c, DT_I32, 2)), 0, 4000, "x<<2");
  expect(vs_bin(c, OP_AND, x, vs_const_int(c, DT_I32, 7)), 0, 7, "x&7");
  expect(vs_bin(c, OP_OR, y, vs_const_int(c, DT_I32, 4)), 4, 7, "y|4");
  expect(vs_bin(c, OP_XOR, x, y), 0, 1023, "x^y");
  expect(vs_bin(c, OP_SUB, x, y), -3, 1000, "x-y");
  expect(vs_un(c, OP_NEG, x), -1000, 0, "-x");
  expect(vs_un(c, OP_NOT, x), -1001, -1, "~x");
  expect(vs_bin(c, OP_MIN, x, y), 0, 3, "min(x,y)");
  expect(vs_bin(c, OP_MAX, x, y), 0, 1000, "max(x,y)");
  expect(vs_tern(c, OP_MULACC, x, y, four), 4, 3004, "mulacc(x,y,4)");
  /* pow's lemmas are proved at 8 bits; at i32 the case is used only once they are proved there too
   * (bounds_trust.h), and until then the node gets the full range. */
  Node *y8 = vs_var(c, "y8", DT_I8, 0, 3);
  assert_true(bounds_trusted(OP_POW, DT_I8));
  expect(vs_bin(c, OP_POW, y8, vs_const_int(c, DT_I8, 3)), 0, 27, "pow(y8,3)");
  if (bounds_trusted(OP_POW, DT_I32)) expect(vs_bin(c, OP_POW, y, vs_const_int(c, DT_I32, 3)), 0, 27, "pow(y,3)");
  else expect(vs_bin(c, OP_POW, y, vs_const_int(c, DT_I32, 3)), im_min(DT_I32), im_max(DT_I32), "pow(y,3) unproved");
  expect(vs_bin(c, OP_POW, y8, vs_const_int(c, DT_I8, 5)), -128, 127, "pow(y8,5): no lemma for exponent 5");
  expect(vs_bin(c, OP_POW, x, vs_const_int(c, DT_I32, 4)), im_min(DT_I32), im_max(DT_I32), "pow(x,4) wraps");

  /* wrap: full range */
  Node *b = vs_var(c, "b", DT_I8, 100, 127);
  expect(vs_bin(c, OP_ADD, b, vs_const_int(c, DT_I8, 1)), -128, 127, "i8 [100,127] + 1");
  expect(vs_bin(c, OP_SUB, b, vs_const_int(c, DT_I8, 1)), 99, 126, "i8 [100,127] - 1");
  Node *u = vs_var(c, "u", DT_U8, 0, 255);
  expect(vs_bin(c, OP_SUB, u, vs_const_int(c, DT_U8, 1)), 0, 255, "u8 x - 1");
  Node *u5 = vs_var(c, "u5", DT_U8, 5, 10);
  expect(vs_bin(c, OP_SUB, u5, vs_const_int(c, DT_U8, 1)), 4, 9, "u8 [5,10] - 1");
  expect(vs_un(c, OP_NEG, u5), 0, 255, "-u8 wraps");
  expect(vs_un(c, OP_NOT, u5), 245, 250, "~u8");
  Node *big = vs_var(c, "big", DT_U64, 0, im_max(DT_U64));
  expect(vs_bin(c, OP_MUL, big, big), 0, im_max(DT_U64), "u64 full * full (i128 overflow)");
  expect(vs_bin(c, OP_AND, big, vs_const_int(c, DT_U64, 255)), 0, 255, "u64 & 255");
  expect(vs_bin(c, OP_SHR, big, vs_const_int(c, DT_U64, 60)), 0, 15, "u64 >> 60");

  /* truncating division and remainder */
  Node *t = vs_var(c, "t", DT_I32, -20, 5);
  expect(vs_bin(c, OP_TMOD, t, eight), -7, 5, "tmod([-20,5], 8)");
  expect(vs_bin(c, OP_MOD, t, eight), 0, 7, "[-20,5] % 8");
  expect(vs_bin(c, OP_TDIV, t, eight), -2, 0, "tdiv([-20,5], 8)");
  expect(vs_bin(c, OP_IDIV, t, eight), -3, 0, "[-20,5] // 8");
  expect(vs_bin(c, OP_MOD, t, vs_const_int(c, DT_I32, -8)), -7, 0, "[-20,5] % -8");
  expect(vs_bin(c, OP_SHR, t, vs_const_int(c, DT_I32, 2)), -5, 1, "[-20,5] >> 2");

  /* a divisor range with 0 at an end or inside: 0 is excluded (UB) */
  Node *d08 = vs_var(c, "d08", DT_I32, 0, 8);
  expect(vs_bin(c, OP_IDIV, vs_const_int(c, DT_I32, 100), d08), 12, 100, "100 // [0,8]");
  expect(vs_bin(c, OP_MOD, x, d08), 0, 7, "x % [0,8]");
  Node *dm = vs_var(c, "dm", DT_I32, -4, 4);
  expect(vs_bin(c, OP_IDIV, vs_const_int(c, DT_I32, 100), dm), -100, 100, "100 // [-4,4]");
  expect(vs_bin(c, OP_TMOD, t, dm), -3, 3, "tmod([-20,5], [-4,4])");
  expect(vs_bin(c, OP_MOD, x, dm), -3, 3, "x % [-4,4]");

  /* MIN // -1 wraps to MIN */
  Node *m = vs_var(c, "m", DT_I8, -128, -100);
  Node *neg1 = vs_const_int(c, DT_I8, -1);
  expect(vs_bin(c, OP_IDIV, m, neg1), -128, 127, "[-128,-100] // -1");
  expect(vs_bin(c, OP_TDIV, m, neg1), -128, 127, "tdiv([-128,-100], -1)");
  expect(vs_bin(c, OP_MOD, m, neg1), 0, 0, "[-128,-100] % -1");
  expect(vs_bin(c, OP_TMOD, m, neg1), 0, 0, "tmod([-128,-100], -1)");
  expect(vs_bin(c, OP_IDIV, vs_var(c, "m2", DT_I8, -127, -100), neg1), 100, 127, "[-127,-100] // -1");

  /* bitwise on negatives */
  Node *n1 = vs_var(c, "n1", DT_I8, -16, -1), *n2 = vs_var(c, "n2", DT_I8, -4, -2);
  expect(vs_bin(c, OP_AND, n1, n2), -16, -2, "neg & neg");
  expect(vs_bin(c, OP_OR, n1, n2), -4, -1, "neg | neg");
  expect(vs_bin(c, OP_XOR, n1, n2), 0, 15, "neg ^ neg");
  expect(vs_bin(c, OP_AND, n1, vs_const_int(c, DT_I8, 12)), 0, 12, "neg & 12");

  /* shifts: amounts outside [0, w) are UB and do not count */
  Node *s = vs_var(c, "s", DT_I32, -5, 3);
  expect(vs_bin(c, OP_SHL, y, s), 0, 24, "y << [-5,3]");
  expect(vs_bin(c, OP_SHL, vs_const_int(c, DT_I32, 1), vs_var(c, "s2", DT_I32, 0, 40)), im_min(DT_I32), im_max(DT_I32), "1 << [0,40]");
  expect(vs_bin(c, OP_SHL, vs_const_int(c, DT_I32, 1), vs_var(c, "s3", DT_I32, 0, 30)), 1, 1 << 30, "1 << [0,30]");

  /* comparisons decided by ranges */
  Node *z = vs_var(c, "z", DT_I32, 2000, 3000);
  expect(vs_bin(c, OP_LT, x, z), 1, 1, "x < z");
  expect(vs_bin(c, OP_LE, z, x), 0, 0, "z <= x");
  expect(vs_bin(c, OP_EQ, x, z), 0, 0, "x == z");
  expect(vs_bin(c, OP_NE, x, z), 1, 1, "x != z");
  expect(vs_bin(c, OP_LT, x, y), 0, 1, "x < y");
  expect(vs_bin(c, OP_LE, y, vs_const_int(c, DT_I32, 3)), 1, 1, "y <= 3");
  expect(vs_bin(c, OP_LT, y, vs_const_int(c, DT_I32, 3)), 0, 1, "y < 3");
  expect(vs_bin(c, OP_EQ, four, four), 1, 1, "4 == 4");

  /* select and bool logic */
  Node *cond = vs_bin(c, OP_LT, x, z);
  expect(vs_tern(c, OP_SELECT, cond, y, z), 0, 3, "select(decided true)");
  Node *open = vs_bin(c, OP_LT, x, y);
  expect(vs_tern(c, OP_SELECT, open, y, z), 0, 3000, "select(open)");
  expect(vs_bin(c, OP_AND, open, cond), 0, 1, "open & true");
  expect(vs_bin(c, OP_OR, open, cond), 1, 1, "open | true");
  expect(vs_bin(c, OP_XOR, cond, cond), 0, 0, "true ^ true");
  expect(vs_un(c, OP_NOT, cond), 0, 0, "!true");

  /* casts */
  expect(vs_cast(c, DT_I8, y), 0, 3, "i8(y)");
  expect(vs_cast(c, DT_I8, x), -128, 127, "i8(x) truncates");
  expect(vs_cast(c, DT_U64, t), 0, im_max(DT_U64), "u64(negative) wraps");
  expect(vs_cast(c, DT_I64, t), -20, 5, "i64(t)");
  expect(vs_cast(c, DT_BOOL, z), 1, 1, "bool(z)");
  expect(vs_cast(c, DT_BOOL, t), 0, 1, "bool(t)");
  expect(vs_cast(c, DT_BOOL, vs_const_int(c, DT_I32, 0)), 0, 0, "bool(0)");
  expect(vs_cast(c, DT_I32, open), 0, 1, "i32(bool)");
  expect(vs_cast(c, DT_U8, cond), 1, 1, "u8(true)");
  expect(vs_cast(c, DT_I16, vs_cast(c, DT_F32, x)), -32768, 32767, "i16(float)");
  expect(vs_make(c, OP_BITCAST, DT_U32, &x, 1), 0, 1000, "bitcast_u32(x)");
  expect(vs_make(c, OP_BITCAST, DT_U32, &t, 1), 0, im_max(DT_U32), "bitcast_u32(t)");
  Node *f = vs_cast(c, DT_F32, x);
  expect(vs_make(c, OP_BITCAST, DT_I32, &f, 1), im_min(DT_I32), im_max(DT_I32), "bitcast_i32(float)");
  assert_true(f->lo == 0 && f->hi == 0);

  /* index is signed 64-bit */
  Node *ix = vs_var(c, "ix", DT_INDEX, 0, 1023);
  expect(vs_bin(c, OP_ADD, vs_bin(c, OP_MUL, ix, vs_const_int(c, DT_INDEX, 1024)), ix), 0, 1023 * 1025, "index");
  Node *imax = vs_var(c, "imax", DT_INDEX, im_max(DT_INDEX) - 1, im_max(DT_INDEX));
  expect(vs_bin(c, OP_ADD, imax, vs_const_int(c, DT_INDEX, 2)), im_min(DT_INDEX), im_max(DT_INDEX), "index wraps");
  vs_ctx_free(c);
}

/* The transfer functions on their own (the interface the lemma checker uses). */
static void test_transfer_api(void **state) {
  (void)state;
  DType adt[3] = {DT_I8, DT_I8, DT_I8};
  BoundsIv a[3] = {{-128, -128}, {-1, -1}, {0, 0}};
  BoundsIv r = bounds_transfer(OP_IDIV, DT_I8, adt, a, 2);
  assert_true(r.lo == -128 && r.hi == 127);
  a[1] = (BoundsIv){0, 0};
  r = bounds_transfer(OP_MOD, DT_I8, adt, a, 2); /* always UB: anything, but a valid interval */
  assert_true(r.lo <= r.hi && im_fits(DT_I8, r.lo) && im_fits(DT_I8, r.hi));
  r = bounds_transfer(OP_ADD, DT_F32, adt, a, 2);
  assert_true(r.lo == 0 && r.hi == 0);
  BoundsIv full = bounds_full(DT_BOOL);
  assert_true(full.lo == 0 && full.hi == 1);
}

/* bounds.c takes a short path for + - * min max and the comparisons on integers of at most 32 bits, in
 * 64-bit arithmetic (narrow_binary); every other node goes through bounds_transfer in i128. The two
 * must agree exactly, not only both be sound: a short path that drifts looser would lose folds without
 * any soundness check noticing. Random operand ranges (edges, narrow, wide, the full range) at each
 * such dtype, against bounds_transfer on the same intervals. */
static void test_narrow_path_matches_transfer(void **state) {
  (void)state;
  static const Op ops[] = {OP_ADD, OP_SUB, OP_MUL, OP_MIN, OP_MAX, OP_EQ, OP_NE, OP_LT, OP_LE};
  static const DType dts[] = {DT_I8, DT_I16, DT_I32, DT_U8, DT_U16, DT_U32};
  TestRng rng = {0x5e1f};
  int rounds = 400 * scale();
  size_t compared = 0;
  for (size_t d = 0; d < sizeof dts / sizeof dts[0]; d++) {
    DType dt = dts[d];
    VsCtx *ctx = vs_ctx_new();
    assert_non_null(ctx);
    for (int k = 0; k < rounds; k++) {
      i128 lo[2], hi[2];
      Node *v[2];
      for (int i = 0; i < 2; i++) {
        pick_range(&rng, dt, &lo[i], &hi[i]);
        char name[32];
        snprintf(name, sizeof name, "v%d_%d", k, i);
        assert_non_null(v[i] = vs_var(ctx, name, dt, lo[i], hi[i]));
      }
      for (size_t o = 0; o < sizeof ops / sizeof ops[0]; o++) {
        Op op = ops[o];
        if (!bounds_trusted(op, dt)) continue;
        Node *n = vs_bin(ctx, op, v[0], v[1]);
        assert_non_null(n);
        DType adt[2] = {dt, dt};
        BoundsIv a[2] = {{lo[0], hi[0]}, {lo[1], hi[1]}};
        BoundsIv want = bounds_transfer(op, (DType)n->dtype, adt, a, 2);
        if (vs_vmin(n) != want.lo || vs_vmax(n) != want.hi) {
          char b[8][48];
          fail_msg("%s %s [%s, %s], [%s, %s]: node [%s, %s], bounds_transfer [%s, %s]", dt_name(dt), op_name(op),
                   fmt(lo[0], b[0]), fmt(hi[0], b[1]), fmt(lo[1], b[2]), fmt(hi[1], b[3]), fmt(vs_vmin(n), b[4]),
                   fmt(vs_vmax(n), b[5]), fmt(want.lo, b[6]), fmt(want.hi, b[7]));
        }
        compared++;
      }
    }
    vs_ctx_free(ctx);
  }
  /* Every op is trusted at these dtypes in the shipped ledger: the comparison covered all of them. */
  assert_int_equal(compared, (size_t)rounds * 6 * 9);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_precision),
    cmocka_unit_test(test_transfer_api),
    cmocka_unit_test(test_narrow_path_matches_transfer),
    cmocka_unit_test(test_exhaustive_bool),
    cmocka_unit_test(test_exhaustive_8bit_binops),
    cmocka_unit_test(test_exhaustive_8bit_other),
    cmocka_unit_test(test_sampled_all_dtypes),
    cmocka_unit_test(test_random_expressions),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
