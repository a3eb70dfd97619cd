/* test_align.c: the alignment analysis (analysis/align.h) and the guard term vtz(x) (docs/rules.md).
 * The analysis's answer on hand-built nodes at i8, i32, u64 and index; its soundness against the
 * evaluator on random expressions (the low vs_known_tz bits of the value are zero at random points
 * within the declared ranges, every integer dtype); the rules that read vtz firing where the guard
 * allows and not elsewhere (i8 wraparound included); and the verifier refuting a wrong vtz lemma and
 * proving a right one. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analysis/align.h"
#include "ir/intmath.h"
#include "rewrite/engine.h"
#include "rules/catalog.h"
#include "rules/rule.h"
#include "support.h"
#include "text/text.h"
#include "verify/rule_verify.h"

/* ---- the analysis on hand-built nodes ---- */

static void expect_tz(VsCtx *ctx, const char *decls, const char *expr, int want) {
  int got = vs_known_tz(test_parse_expr(ctx, decls, expr));
  if (got != want) fail_msg("vs_known_tz(%s) over {%s}: %d, wanted %d", expr, decls, got, want);
}

static void test_transfer_cases(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  assert_non_null(ctx);
  const char *d32 = "x: i32\ny: i32\nb: bool";
  expect_tz(ctx, d32, "x", 0);
  expect_tz(ctx, d32, "x * 8", 3);
  expect_tz(ctx, d32, "x * 8 + y * 16", 3);
  expect_tz(ctx, d32, "x * 8 - y * 2", 1);
  expect_tz(ctx, d32, "-(x * 4)", 2);
  expect_tz(ctx, d32, "(x * 4) * (y * 8)", 5);
  expect_tz(ctx, d32, "x * 12", 2);
  expect_tz(ctx, d32, "x << 3", 3);
  expect_tz(ctx, d32, "(x * 2) << 5", 6);
  expect_tz(ctx, d32, "x << y", 0); /* a variable amount: no case */
  expect_tz(ctx, d32, "min(x * 8, y * 4)", 2);
  expect_tz(ctx, d32, "max(min(x * 8, 32), y * 16)", 3);
  expect_tz(ctx, d32, "max(32, x * 4)", 2);
  expect_tz(ctx, d32, "select(b, x * 8, 16)", 3);
  expect_tz(ctx, d32, "select(b, x * 8, y)", 0);
  expect_tz(ctx, d32, "(x * 8) & y", 3);
  expect_tz(ctx, d32, "(x * 8) | (y * 2)", 1);
  expect_tz(ctx, d32, "(x * 8) ^ (y * 32)", 3);
  expect_tz(ctx, d32, "x // 8", 0);
  /* constants: their bit pattern's trailing zeros, the width for 0 */
  expect_tz(ctx, d32, "0_i32", 32);
  expect_tz(ctx, d32, "12_i32", 2);
  expect_tz(ctx, d32, "-2147483648_i32", 31);
  /* a variable whose declared range is one value */
  expect_tz(ctx, "x: i32 in [24, 24]", "x", 3);
  /* i8: the answer is capped at the width; 2^8 divides every multiple of 2^8, so x * 16 * y * 16 is 0 */
  const char *d8 = "x: i8\ny: i8";
  expect_tz(ctx, d8, "x * 64", 6);
  expect_tz(ctx, d8, "(x * 16) * (y * 16)", 8);
  expect_tz(ctx, d8, "(x * 32) << 7", 8);
  expect_tz(ctx, d8, "-8_i8", 3);
  expect_tz(ctx, d8, "0_i8", 8);
  /* casts between integers: widening keeps, narrowing caps at the new width */
  expect_tz(ctx, "x: i32", "i8(x * 1024)", 8);
  expect_tz(ctx, "x: i8", "i64(x * 4)", 2);
  expect_tz(ctx, "x: i8", "u64(x * 4)", 2);
  expect_tz(ctx, "x: f32", "i32(x)", 0);
  /* u64, index */
  expect_tz(ctx, "x: u64\ny: u64", "x * 1024 + (y << 12)", 10);
  expect_tz(ctx, "x: u64", "0_u64", 64);
  expect_tz(ctx, "i: index\nj: index", "i * 4 + j * 8", 2);
  expect_tz(ctx, "i: index", "min(i * 16, 64)", 4);
  /* not integers */
  expect_tz(ctx, "x: f32", "x * 8.0", 0);
  expect_tz(ctx, "b: bool", "b", 0);
  vs_ctx_free(ctx);
}

/* ---- soundness against the evaluator ---- */

typedef struct {
  VsCtx *ctx;
  TestRng *rng;
  Node *vars[32];
  int nvars;
} Gen;

static const DType k_ints[] = {DT_I8, DT_I16, DT_I32, DT_I64, DT_U8, DT_U16, DT_U32, DT_U64, DT_INDEX};

static i128 pick_in(TestRng *rng, i128 lo, i128 hi) {
  u128 span = (u128)(hi - lo);
  if (span >= UINT64_MAX) return lo + (i128)test_rng_next(rng);
  return lo + (i128)test_rng_below(rng, (uint64_t)span + 1);
}

static Node *gen_var(Gen *g, DType dt) {
  char name[16];
  snprintf(name, sizeof name, "v%d", g->nvars);
  i128 lo = im_min(dt), hi = im_max(dt);
  if (test_rng_below(g->rng, 2)) { /* a narrower declared range, sometimes one value */
    i128 a = pick_in(g->rng, lo, hi), b = test_rng_below(g->rng, 4) ? pick_in(g->rng, lo, hi) : a;
    lo = a < b ? a : b;
    hi = a < b ? b : a;
  }
  Node *v = vs_var(g->ctx, name, dt, lo, hi);
  assert_non_null(v);
  if (g->nvars < 32) g->vars[g->nvars++] = v;
  return v;
}

static Node *gen_pow2(Gen *g, DType dt) {
  return vs_const_int(g->ctx, dt, (i128)1 << test_rng_below(g->rng, (uint64_t)dt_bits(dt)));
}

static Node *gen(Gen *g, DType dt, int depth);

static Node *bin(Gen *g, Op op, Node *a, Node *b) {
  Node *n = vs_bin(g->ctx, op, a, b);
  if (!n) fail_msg("building %s: %s", op_name(op), vs_ctx_error(g->ctx));
  return n;
}

static Node *gen_leaf(Gen *g, DType dt) {
  switch (test_rng_below(g->rng, 4)) {
  case 0: return gen_var(g, dt);
  case 1: { /* a constant with some trailing zeros */
    uint64_t bits = test_rng_next(g->rng) << test_rng_below(g->rng, (uint64_t)dt_bits(dt));
    return vs_const(g->ctx, dt, vs_canon_bits(dt, bits));
  }
  default: return bin(g, OP_MUL, g->nvars < 32 ? gen_var(g, dt) : g->vars[0], gen_pow2(g, dt));
  }
}

static Node *gen(Gen *g, DType dt, int depth) {
  if (depth <= 0 || g->nvars >= 30 || test_rng_below(g->rng, 5) == 0) return gen_leaf(g, dt);
  static const Op bins[] = {OP_ADD, OP_SUB, OP_MUL, OP_MIN, OP_MAX, OP_AND, OP_OR, OP_XOR};
  switch (test_rng_below(g->rng, 6)) {
  case 0: return vs_un(g->ctx, OP_NEG, gen(g, dt, depth - 1));
  case 1: {
    Node *s = vs_const_int(g->ctx, dt, (i128)test_rng_below(g->rng, (uint64_t)dt_bits(dt)));
    return bin(g, OP_SHL, gen(g, dt, depth - 1), s);
  }
  case 2: {
    Node *c = bin(g, OP_LT, gen(g, dt, depth - 2), gen(g, dt, depth - 2));
    Node *n = vs_tern(g->ctx, OP_SELECT, c, gen(g, dt, depth - 1), gen(g, dt, depth - 1));
    assert_non_null(n);
    return n;
  }
  case 3: {
    DType from = k_ints[test_rng_below(g->rng, sizeof k_ints / sizeof k_ints[0])];
    Node *a = gen(g, from, depth - 1);
    Node *n = vs_make(g->ctx, OP_CAST, dt, &a, 1);
    if (!n) fail_msg("cast: %s", vs_ctx_error(g->ctx));
    return n;
  }
  default: {
    Op op = bins[test_rng_below(g->rng, sizeof bins / sizeof bins[0])];
    return bin(g, op, gen(g, dt, depth - 1), gen(g, dt, depth - 1));
  }
  }
}

static void test_sound_on_random_expressions(void **state) {
  (void)state;
  TestRng rng = {UINT64_C(0x616c69676e)};
  size_t checked = 0, nonzero = 0;
  for (int e = 0; e < 3000; e++) {
    VsCtx *ctx = vs_ctx_new();
    assert_non_null(ctx);
    Gen g = {.ctx = ctx, .rng = &rng};
    DType dt = k_ints[test_rng_below(&rng, sizeof k_ints / sizeof k_ints[0])];
    Node *root = gen(&g, dt, 1 + (int)test_rng_below(&rng, 5));
    int t = vs_known_tz(root), w = dt_bits(dt);
    assert_true(t >= 0 && t <= w);
    nonzero += t > 0;
    uint64_t mask = t >= 64 ? UINT64_MAX : (UINT64_C(1) << t) - 1;
    for (int p = 0; p < 16; p++) {
      VarValue env[32];
      for (int k = 0; k < g.nvars; k++) {
        const Node *v = g.vars[k];
        env[k] = var_value(v, im_from_value((DType)v->dtype, pick_in(&rng, vs_vmin(v), vs_vmax(v))));
      }
      Value val;
      assert_true(test_eval(root, env, (size_t)g.nvars, &val));
      if (val.ub || val.inv) continue;
      checked++;
      if (val.bits & mask) {
        char *s = vs_print(root);
        fail_msg("vs_known_tz says %d zero bits of %s at %s, but the value is 0x%llx", t, s, dt_name(dt),
                 (unsigned long long)val.bits);
      }
    }
    vs_ctx_free(ctx);
  }
  /* the generator reaches the interesting part: many expressions with a nonzero answer, evaluated */
  assert_true(nonzero > 500);
  assert_true(checked > 10000);
}

/* ---- the rules that read vtz ---- */

static Node *simp(VsCtx *ctx, Catalog *c, Node *n) {
  Rewriter *rw = rewriter_new(ctx, c, NULL);
  assert_non_null(rw);
  Node *out = rewriter_simplify(rw, n);
  rewriter_free(rw);
  assert_non_null(out);
  return out;
}

/* Simplifying IN must give WANT (want NULL: anything but a constant). */
static void expect_simp(VsCtx *ctx, Catalog *c, const char *decls, const char *in, const char *want) {
  Node *n = test_parse_expr(ctx, decls, in), *got = simp(ctx, c, n);
  Node *w = want ? test_parse_expr(ctx, decls, want) : NULL;
  if (w ? got == w : got->op != OP_CONST) return;
  char *a = vs_print(got);
  fail_msg("simplify %s over {%s}: got %s, wanted %s", in, decls, a, want ? want : "no constant");
}

static void test_rules_fire(void **state) {
  (void)state;
  VsCtx *ctx = vs_ctx_new();
  Catalog *c = test_catalog_with_ledger();
  const char *d32 = "x: i32\ny: i32";
  /* Halide's peer cases (corpus/peers/halide/algebra_L0570.vs, algebra_L0572.vs) */
  expect_simp(ctx, c, d32, "max(min(x * 8, 32), y * 16) % 4 == 0", "true");
  expect_simp(ctx, c, d32, "max(32, x * 4) % 16 < 13", "true");
  expect_simp(ctx, c, d32, "max(32, x * 4) % 16 <= 12", "true");
  expect_simp(ctx, c, d32, "max(32, x * 4) % 16 < 12", NULL); /* 12 is reached: x = 11 */
  expect_simp(ctx, c, d32, "max(x * 8, y * 16) % 8", "0_i32");
  expect_simp(ctx, c, d32, "max(x * 8, y * 16) % 16", NULL);
  expect_simp(ctx, c, d32, "(x * 6) % 4", NULL);
  expect_simp(ctx, c, d32, "tmod(x * 16 - y * 32, 8)", "0_i32");
  expect_simp(ctx, c, d32, "(x * 8 + y * 24) & 7", "0_i32");
  expect_simp(ctx, c, d32, "(x * 8 + y * 24) & 15", NULL);
  /* i8 wraparound: x * 16 + y * 32 wraps, and stays a multiple of 16 */
  const char *d8 = "x: i8\ny: i8";
  expect_simp(ctx, c, d8, "(x * 16 + y * 32) % 16", "0_i8");
  expect_simp(ctx, c, d8, "(x * 16) % 32", NULL);
  expect_simp(ctx, c, d8, "(x * 32) & 31", "0_i8");
  expect_simp(ctx, c, d8, "(x * 64) % 64", "0_i8");
  /* u64, index, casts */
  expect_simp(ctx, c, "x: u64", "(x << 5) % 32", "0_u64");
  expect_simp(ctx, c, "i: index\nj: index", "(i * 4 + j * 8) % 4", "0_index");
  expect_simp(ctx, c, "x: i32", "i64(x * 16) % 16", "0_i64");
  expect_simp(ctx, c, "x: i32", "i8(x * 1024) % 64", "0_i8");
  /* A quotient times a divisor that divides x is x (div_mul_aligned, tdiv_mul_aligned): the remainder
   * of E // 2 * 2 + E % 2 folds to 0 first, and the sum still comes back to E (a bench expression). */
  const char *dq = "s: i32\nyo: i32\nyi: i32";
  expect_simp(ctx, c, dq, "((yo * 32 + yi) * s + yi * s) // 2 * 2 + ((yo * 32 + yi) * s + yi * s) % 2",
              "s * (yo * 32 + yi * 2)");
  expect_simp(ctx, c, d32, "(x * 8 + y * 16) // 8 * 8", "x * 8 + y * 16");
  expect_simp(ctx, c, d32, "tdiv(x * 8, 4) * 4", "x * 8");
  /* y * 4 is a multiple of 4 only: the quotient stays (x = 0, y = 1 gives 0, not 4) */
  Node *q = simp(ctx, c, test_parse_expr(ctx, d32, "(x * 8 + y * 4) // 8 * 8"));
  assert_ptr_not_equal(q, simp(ctx, c, test_parse_expr(ctx, d32, "x * 8 + y * 4")));
  expect_simp(ctx, c, d8, "(x * 32) // 16 * 16", "x * 32");
  catalog_free(c);
  vs_ctx_free(ctx);
}

/* ---- the verifier on vtz ---- */

static const char *const k_lemmas =
  "family lemma\n"
  "lemma add_ok : ((x + y) << c) == 0 => true\n"
  "  where int(x) && 0 <= c && c < bits(x) && bits(x) - c <= vtz(x) && bits(x) - c <= vtz(y)\n"
  /* wrong: one bit more than x is known to have */
  "lemma add_wrong : ((x + y) << c) == 0 => true\n"
  "  where int(x) && 0 <= c && c < bits(x) && bits(x) - c <= vtz(x) + 1 && bits(x) - c <= vtz(y)\n"
  "family division\n"
  "rule mod_wrong : x % c => 0 where int(x) && c > 0 && is_pow2(c) && c <= pow2(vtz(x) + 1)\n"
  "rule mod_ok : x % c => 0 where int(x) && c > 0 && is_pow2(c) && c <= pow2(vtz(x))\n";

static unsigned instance_at(const Rule *r, DType dt) {
  uint8_t cls[RULE_MAX_ALL_CLASSES];
  for (int k = 0; k < r->nclasses; k++) cls[k] = r->class_fixed[k];
  for (int i = 0; i < r->nfree; i++) cls[r->free_class[i]] = (uint8_t)dt;
  return rule_instance_index(r, cls);
}

static ProofStatus prove(const Catalog *c, const char *name, DType dt) {
  const Rule *r = catalog_find(c, name);
  if (!r) fail_msg("no rule %s", name);
  SmtOptions so = test_smt_options(0);
  SmtCtx *s = smt_new(&so);
  assert_non_null(s);
  ProofResult p = verify_rule_instance(s, r, instance_at(r, dt));
  ProofStatus st = p.status;
  proof_result_free(&p);
  smt_free(s);
  return st;
}

static void test_verifier(void **state) {
  (void)state;
  Catalog *c = catalog_new();
  VsDiag d;
  if (!catalog_load_text(c, "align.rules", k_lemmas, strlen(k_lemmas), &d))
    fail_msg("%d:%d: %s", d.line, d.col, d.msg);
  static const DType dts[] = {DT_I8, DT_U16, DT_I32};
  for (size_t i = 0; i < sizeof dts / sizeof dts[0]; i++) {
    assert_int_equal(prove(c, "add_ok", dts[i]), PROOF_PROVED);
    assert_int_equal(prove(c, "add_wrong", dts[i]), PROOF_REFUTED);
    assert_int_equal(prove(c, "mod_ok", dts[i]), PROOF_PROVED);
    assert_int_equal(prove(c, "mod_wrong", dts[i]), PROOF_REFUTED);
  }
  catalog_free(c);
}

/* vtz takes a pattern variable, and is a number of the guard. */
static void test_parse(void **state) {
  (void)state;
  Catalog *c = catalog_new();
  VsDiag d;
  const char *bad = "family division\nrule r : x % c => 0 where vtz(z) > 3\n";
  assert_false(catalog_load_text(c, "bad.rules", bad, strlen(bad), &d));
  assert_non_null(strstr(d.msg, "not a variable"));
  catalog_free(c);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_transfer_cases),
    cmocka_unit_test(test_sound_on_random_expressions),
    cmocka_unit_test(test_rules_fire),
    cmocka_unit_test(test_verifier),
    cmocka_unit_test(test_parse),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
