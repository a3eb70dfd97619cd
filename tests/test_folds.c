/* test_folds.c: the procedural folds (src/rewrite/folds_divmod.c, folds_terms.c) and the engine's
 * proof check for them.
 *
 * The folds are tested on a catalog holding only the lemma file, with the lemmas marked proved at
 * chosen dtypes through a synthesized ledger: what a fold does then depends on its C side conditions
 * alone, which is what these tests are about (whether the lemmas are true is the verifier's job; the
 * built-in ledger decides where they fire in vsimp itself). The randomized check simplifies
 * expressions built from the folds' shapes at every dtype and compares input and result with the
 * reference evaluator at random points of the declared ranges. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "analysis/lin.h"
#include "analysis/lin_shape.h"
#include "eval/eval.h"
#include "rewrite/engine.h"
#include "rewrite/dispatch.h"
#include "rules/catalog.h"
#include "text/text.h"
#include "support.h"

static VsCtx *ctx;

static int setup(void **state) {
  (void)state;
  ctx = vs_ctx_new();
  return ctx ? 0 : -1;
}

static int teardown(void **state) {
  (void)state;
  vs_ctx_free(ctx);
  ctx = NULL;
  return 0;
}

static Node *px(const char *decls, const char *expr) { return test_parse_expr(ctx, decls, expr); }

/* Marks every lemma of c proved at each dtype of `dts` (all free classes at that dtype). */
static void prove_lemmas_at(Catalog *c, const DType *dts, int ndts) {
  size_t cap = 1 << 16, len = 0;
  char *text = malloc(cap);
  assert_non_null(text);
  for (size_t i = 0; i < catalog_rule_count(c); i++) {
    Rule *r = catalog_rule(c, i);
    if (!r->is_lemma) continue;
    for (int k = 0; k < ndts; k++) {
      uint8_t cls[RULE_MAX_ALL_CLASSES];
      for (int j = 0; j < r->nclasses; j++) cls[j] = r->class_fixed[j];
      for (int j = 0; j < r->nfree; j++) cls[r->free_class[j]] = (uint8_t)dts[k];
      char inst[64];
      rule_instance_name(r, rule_instance_index(r, cls), inst, sizeof inst);
      if (len + 256 > cap) text = realloc(text, cap *= 2);
      assert_non_null(text);
      len += (size_t)snprintf(text + len, cap - len, "%016llx %s %s proved test 0\n",
                              (unsigned long long)r->text_hash, r->name, inst);
    }
  }
  catalog_apply_ledger(c, text, len);
  free(text);
}

static const DType int_dts[] = {DT_I8, DT_I16, DT_I32, DT_I64, DT_U8, DT_U16, DT_U32, DT_U64, DT_INDEX};

/* The lemma file alone (no rules: only the folds can fire), proved at the given dtypes. */
static Catalog *cat_lemmas(const DType *dts, int ndts) {
  Catalog *c = catalog_new();
  assert_non_null(c);
  VsDiag d;
  if (!catalog_load_file(c, VSIMP_SOURCE_DIR "/src/rules/lemmas_divmod.rules", &d))
    fail_msg("%s:%d:%d: %s", d.file, d.line, d.col, d.msg);
  prove_lemmas_at(c, dts, ndts);
  return c;
}

static Node *simp(Catalog *c, Node *n) {
  RewriteOptions o = {.budget = 100000};
  Rewriter *rw = rewriter_new(ctx, c, &o);
  assert_non_null(rw);
  Node *out = rewriter_simplify(rw, n);
  assert_non_null(out);
  assert_false(rewriter_stats(rw)->budget_exhausted);
  rewriter_free(rw);
  return out;
}

static void expect(Catalog *c, const char *decls, const char *in, const char *want) {
  Node *out = simp(c, px(decls, in)), *w = px(decls, want);
  if (out != w) {
    char *a = vs_print(out), *b = vs_print(w);
    fail_msg("%s\n%s\n  gave %s\n  want %s", decls, in, a, b);
  }
}

static void unchanged(Catalog *c, const char *decls, const char *in) { expect(c, decls, in, in); }

static const char *XY32 = "x: i32 in [0, 1000]\ny: i32 in [0, 3]";

static void test_cancel_divmod(void **state) {
  (void)state;
  Catalog *c = cat_lemmas(int_dts, 9);
  expect(c, XY32, "(x * 4 + y) // 4", "x");
  expect(c, XY32, "(x * 4 + y) % 4", "y");
  expect(c, XY32, "(y + x * 4 + 8) // 4", "x + 2");
  expect(c, XY32, "(y + x * 4 + 8) % 4", "y");
  expect(c, XY32, "(y + x * 4 + 9) // 4", "x + (y + 1) // 4 + 2"); /* y + 9 spans two windows */
  expect(c, "x: index in [0, 1000]\ny: index in [0, 3]", "(x * 4 + y) // 4", "x");
  expect(c, "x: i32 in [-10, 10]\ny: i32 in [0, 3]", "(x * 4 + y) // 4", "x");   /* floor: any sign of x */
  expect(c, "x: i32 in [0, 10]\ny: i32 in [0, 3]", "tdiv(x * 4 + y, 4)", "x");   /* trunc: nonnegative parts */
  expect(c, "x: i32 in [0, 10]\ny: i32 in [0, 3]", "tmod(x * 4 + y, 4)", "y");
  expect(c, "x: u8 in [0, 60]\ny: u8 in [0, 3]", "(x * 4 + y) // 4", "x");
  catalog_free(c);
}

static void test_cancel_must_not_fire(void **state) {
  (void)state;
  Catalog *c = cat_lemmas(int_dts, 9);
  /* truncation of a possibly negative x*4 + y is not floor */
  unchanged(c, "x: i32 in [-10, 10]\ny: i32 in [0, 3]", "tdiv(x * 4 + y, 4)");
  unchanged(c, "x: i32 in [-10, 10]\ny: i32 in [0, 3]", "tmod(x * 4 + y, 4)");
  /* x * 4 may wrap at i8 */
  unchanged(c, "x: i8 in [0, 100]\ny: i8 in [0, 3]", "(x * 4 + y) // 4");
  expect(c, "x: i8\ny: i8 in [0, 3]", "(x * 4 + y) % 4", "y"); /* modulo 2^k wrapping keeps the residue */
  unchanged(c, "x: i8\ny: i8 in [0, 2]", "(x * 3 + y) % 3");       /* modulo 3 it does not */
  /* y spans two windows; no multiple to pull out */
  unchanged(c, "x: i32 in [0, 1000]\ny: i32 in [0, 4]", "(x * 3 + y) // 4");
  /* a negative divisor: only exact multiples and the constant are factored, never a window */
  expect(c, XY32, "(x * 4 + y) // -4", "y // -4 - x");
  expect(c, XY32, "(x * 4 + y + 2) % -4", "(y + -2) % -4");
  catalog_free(c);
}

static void test_unproved_dtype(void **state) {
  (void)state;
  DType only_i8[] = {DT_I8};
  Catalog *c = cat_lemmas(only_i8, 1);
  unchanged(c, XY32, "(x * 4 + y) // 4");
  unchanged(c, XY32, "x + y + x");
  expect(c, "x: i8 in [0, 10]\ny: i8 in [0, 3]", "(x * 4 + y) // 4", "x");
  catalog_free(c);
  /* A catalog without the lemmas: nothing but constant folding fires. */
  c = catalog_new();
  catalog_trust_all_for_testing(c);
  unchanged(c, XY32, "(x * 4 + y) // 4");
  unchanged(c, XY32, "x + y + x");
  catalog_free(c);
}

static void test_gcd(void **state) {
  (void)state;
  Catalog *c = cat_lemmas(int_dts, 9);
  const char *d = "x: i32 in [0, 100]\ny: i32 in [0, 100]";
  expect(c, d, "(x * 6 + y * 4 + 2) // 2", "x * 3 + y * 2 + 1");
  expect(c, d, "(x * 6 + y * 4) // 8", "(x * 3 + y * 2) // 4");      /* divide_by_gcd */
  expect(c, d, "(x * 6 + y * 4) % 8", "(y * 2 - x) % 4 * 2");       /* then congruence: 3 ~ -1 */
  expect(c, d, "tdiv(x * 6 - y * 4, 8)", "tdiv(x * 3 + y * -2, 4)");   /* truncating, any sign */
  expect(c, d, "(x * 4 + 3) // 8", "x // 2");                         /* gcd_with_remainder */
  expect(c, d, "(x * 4 + 3) % 8", "x % 2 * 4 + 3");
  unchanged(c, d, "tdiv(x * 4 - 3, 8)");                              /* not for truncation */
  catalog_free(c);
}

static void test_nested_and_congruence(void **state) {
  (void)state;
  Catalog *c = cat_lemmas(int_dts, 9);
  expect(c, "x: i32", "(x % 8) % 4", "x % 4");
  expect(c, "x: i32", "tmod(x, 8) % 4", "x % 4");
  expect(c, "x: i32 in [-1000, 1000]\ny: i32 in [0, 100]", "(x % 12 * 2 + y) % 4", "(x * 2 + y) % 4");
  unchanged(c, "x: i32\ny: i32 in [0, 100]", "(x % 12 * 2 + y) % 4"); /* x * 2 may wrap */
  unchanged(c, "x: i32", "(x % 6) % 4");
  unchanged(c, "x: i32", "tmod(x % 8, 4)"); /* outer truncation: signs matter */
  const char *d = "x: i32 in [0, 100]\ny: i32 in [0, 100]";
  expect(c, d, "(x * 7 + y) % 8", "(y - x) % 8");
  /* factor_remainder (terms in node creation order: this y was made before this x) */
  unchanged(c, d, "(x * 5 + y) // 4"); /* x would appear in both parts of the quotient: no larger result */
  expect(c, d, "(x * 8 + y) // 4", "x * 2 + y // 4");
  expect(c, d, "(x * 5 + y) % 4", "(y + x) % 4");
  catalog_free(c);
}

static void test_binary_numerator(void **state) {
  (void)state;
  Catalog *c = cat_lemmas(int_dts, 9);
  expect(c, "x: i32 in [3, 4]", "x // 4", "x + -3");
  expect(c, "x: i32 in [-1, 0]", "tdiv(x, 2)", "0_i32");
  expect(c, "x: i32 in [7, 8]", "x % 4", "x * -3 + 24");
  catalog_free(c);
}

static void test_terms_and_comparisons(void **state) {
  (void)state;
  Catalog *c = cat_lemmas(int_dts, 9);
  expect(c, "x: i32\ny: i32", "x + y + x", "x * 2 + y");
  expect(c, "x: i32\ny: i32", "(x + 3) - (x - y) + 4", "y + 7");
  expect(c, "x: u8\ny: u8", "x - y + y * 2", "x + y");
  unchanged(c, "x: i32\ny: i32", "x * 2 + y");
  expect(c, "x: i32 in [0, 100]", "x + 3 < 10", "x < 7");
  expect(c, "x: i32 in [0, 100]\ny: i32 in [0, 100]", "x + y < y + 5", "x < 5");
  expect(c, "x: i32 in [0, 100]", "5 < x + 3", "2 < x");
  expect(c, "x: i32\ny: i32", "x + y + 1 == y + 5", "x == 4"); /* equality: ring arithmetic, no bounds */
  unchanged(c, "x: i8", "x + 3 < 10");                         /* x + 3 may wrap at i8 */
  catalog_free(c);
}

/* ---- randomized refinement ---- */

typedef struct {
  TestRng rng;
  DType dt;
  Node *vars[3];
} Gen;

static Node *kc(Gen *g, i128 v) { return vs_const_int(ctx, g->dt, v); }

static Node *gen_term(Gen *g, int depth);

static Node *gen_sum(Gen *g, int depth) {
  int n = 1 + (int)test_rng_below(&g->rng, 3);
  Node *acc = NULL;
  for (int i = 0; i < n; i++) {
    Node *t = gen_term(g, depth);
    uint64_t r = test_rng_below(&g->rng, 4);
    if (r == 0) t = vs_bin(ctx, OP_MUL, t, kc(g, (i128)test_rng_below(&g->rng, 17) - 4));
    acc = !acc ? t : vs_bin(ctx, test_rng_below(&g->rng, 4) ? OP_ADD : OP_SUB, acc, t);
  }
  if (test_rng_below(&g->rng, 2)) acc = vs_bin(ctx, OP_ADD, acc, kc(g, (i128)test_rng_below(&g->rng, 40) - 10));
  return acc;
}

static Node *gen_divmod(Gen *g, Node *num) {
  static const Op ops[] = {OP_IDIV, OP_MOD, OP_TDIV, OP_TMOD};
  i128 cs[] = {1, 2, 3, 4, 6, 8, 16, -4};
  return vs_bin(ctx, ops[test_rng_below(&g->rng, 4)], num, kc(g, cs[test_rng_below(&g->rng, 8)]));
}

static Node *gen_term(Gen *g, int depth) {
  uint64_t r = test_rng_below(&g->rng, depth > 0 ? 6 : 3);
  Node *v = g->vars[test_rng_below(&g->rng, 3)];
  switch (r) {
  case 0:
  case 1: return v;
  case 2: return vs_bin(ctx, OP_MUL, v, kc(g, (i128)test_rng_below(&g->rng, 13) - 2));
  default: return gen_divmod(g, gen_sum(g, depth - 1));
  }
}

static Node *gen_expr(Gen *g) {
  Node *s = gen_sum(g, 2);
  switch (test_rng_below(&g->rng, 4)) {
  case 0: return s;
  case 1: {
    static const Op cmps[] = {OP_LT, OP_LE, OP_EQ, OP_NE};
    return vs_bin(ctx, cmps[test_rng_below(&g->rng, 4)], s, gen_sum(g, 1));
  }
  default: return gen_divmod(g, s);
  }
}

static uint64_t pick(TestRng *rng, const Node *v) {
  i128 lo = vs_vmin(v), hi = vs_vmax(v), p;
  switch (test_rng_below(rng, 6)) {
  case 0: p = lo; break;
  case 1: p = hi; break;
  case 2: p = lo + 1 <= hi ? lo + 1 : lo; break;
  default: {
    u128 span = (u128)(hi - lo) + 1;
    u128 r = ((u128)test_rng_next(rng) << 64) | test_rng_next(rng);
    p = lo + (i128)(r % span);
  }
  }
  return im_from_value((DType)v->dtype, p);
}

static void run_random(Catalog *c, uint64_t seed, int count, int points) {
  Gen g = {.rng = {seed}};
  int changed = 0;
  for (int it = 0; it < count; it++) {
    g.dt = int_dts[test_rng_below(&g.rng, 9)];
    for (int i = 0; i < 3; i++) {
      char name[8];
      snprintf(name, sizeof name, "v%d", i);
      i128 lo, hi;
      switch (test_rng_below(&g.rng, 4)) {
      case 0: lo = im_min(g.dt), hi = im_max(g.dt); break;
      case 1: lo = 0, hi = (i128)test_rng_below(&g.rng, 6); break;
      case 2: lo = dt_is_signed(g.dt) ? -(i128)test_rng_below(&g.rng, 50) : 0, hi = (i128)test_rng_below(&g.rng, 100); break;
      default: lo = 0, hi = (i128)test_rng_below(&g.rng, 1000); break;
      }
      if (hi > im_max(g.dt)) hi = im_max(g.dt);
      g.vars[i] = vs_var(ctx, name, g.dt, lo, hi);
    }
    Node *in = gen_expr(&g);
    assert_non_null(in);
    Node *out = simp(c, in);
    if (out != in) changed++;
    const Node *vars[3] = {g.vars[0], g.vars[1], g.vars[2]};
    for (int p = 0; p < points; p++) {
      VarValue env[3];
      for (int i = 0; i < 3; i++) env[i] = var_value(vars[i], pick(&g.rng, vars[i]));
      Value a, b;
      assert_true(test_eval(in, env, 3, &a));
      if (a.ub) continue;
      assert_true(test_eval(out, env, 3, &b));
      if (!value_same(a, b)) {
        char *si = vs_print(in), *so = vs_print(out);
        for (int i = 0; i < 3; i++)
          printf("  v%d: %s in [%lld, %lld] = %llu\n", i, dt_name(g.dt), (long long)vs_vmin(vars[i]),
                 (long long)vs_vmax(vars[i]), (unsigned long long)env[i].lane[0]);
        fail_msg("not a refinement (seed %llu, case %d):\n  %s\n  %s\n  %llu vs %llu", (unsigned long long)seed, it, si,
                 so, (unsigned long long)a.bits, (unsigned long long)b.bits);
      }
    }
  }
  printf("  %d random expressions, %d simplified\n", count, changed);
}

static void test_random_folds_only(void **state) {
  (void)state;
  Catalog *c = cat_lemmas(int_dts, 9);
  run_random(c, getenv("SEED") ? strtoull(getenv("SEED"), 0, 10) : 4242, getenv("N") ? atoi(getenv("N")) : 3000, 40);
  catalog_free(c);
}

/* The built-in catalog with its ledger, plus every lemma taken as proved: folds and rules together. */
static void test_random_with_rules(void **state) {
  (void)state;
  Catalog *c = test_catalog_with_ledger();
  prove_lemmas_at(c, int_dts, 9);
  run_random(c, getenv("SEED") ? strtoull(getenv("SEED"), 0, 10) : 99, getenv("N") ? atoi(getenv("N")) : 2000, 40);
  catalog_free(c);
}

/* With the real ledger, a fold fires exactly where its lemmas are proved. */
static void test_builtin_ledger_gates_folds(void **state) {
  (void)state;
  Catalog *c = test_catalog_with_ledger();
  for (size_t i = 0; i < fold_count(); i++) {
    const Fold *f = fold_get(i);
    for (int k = 0; k < FOLD_MAX_LEMMAS && f->lemmas[k]; k++) {
      char name[96]; /* NAME@DTYPE pins the lemma's dtype */
      snprintf(name, sizeof name, "%s", f->lemmas[k]);
      char *at = strchr(name, '@');
      DType pinned;
      if (at) {
        *at = 0;
        if (!dt_from_name(at + 1, strlen(at + 1), &pinned)) fail_msg("fold %s: bad dtype in %s", f->name, f->lemmas[k]);
      }
      const Rule *r = catalog_find(c, name);
      if (!r) fail_msg("fold %s: lemma %s is not in the catalog", f->name, f->lemmas[k]); /* a rule's proof serves too */
    }
  }
  size_t n;
  const Action *acts = dispatch_actions(c, false, OP_IDIV, &n);
  for (size_t i = 0; i < n; i++) {
    if (!acts[i].fold || strcmp(acts[i].fold->name, "cancel_divmod_div")) continue;
    const Rule *r = catalog_find(c, "cancel_divmod_div");
    for (int dt = 0; dt < DT_COUNT; dt++) {
      uint8_t cls[RULE_MAX_ALL_CLASSES];
      for (int j = 0; j < r->nfree; j++) cls[r->free_class[j]] = (uint8_t)dt;
      bool proved = rule_instance_proved(r, rule_instance_index(r, cls));
      if (!proved) assert_false(acts[i].fold_dtypes >> dt & 1);
    }
  }
  catalog_free(c);
}

/* fold_ring_equal reads wrapping products distributed over their sums, and still demands that the
 * first side evaluate nothing the second does not. */
static void test_ring_equal_distributes(void **state) {
  (void)state;
  const char *d = "a: i32\nb: i32\nd: i32\ne: i32\nx: i32\ny: i32";
  struct {
    const char *l, *r;
    bool lr, rl; /* fold_ring_equal(l, r), fold_ring_equal(r, l) */
  } cases[] = {
    {"(a + b * 3) * d", "a * d + b * d * 3", true, true},
    {"d * (a + 1)", "a * d + d", true, true},
    {"(a + b) * (d - e)", "a * d - a * e + b * d - b * e", true, true},
    {"(a + b * 3) * d", "a * d + b * e * 3", false, false},
    {"(a + b) * d", "a * d + b * d + 1", false, false},
    /* Modulo 2^32: 2^31 * 2 is 0. */
    {"(a * 2147483647 + a) * d * 2 + e", "e + a * d * 0", true, true},
    /* A no-signed-overflow product is not distributed (its overflow is UB, the sum's need not be). */
    {"nsw((a + b) * d)", "a * d + b * d", false, false},
    /* x // y cancels on the left, but is still evaluated there: UB at y == 0 where the right is 0. */
    {"(x // y) * d - (x // y) * d + e", "e", false, true},
    {"(x // y + 1) * d", "(x // y) * d + d", true, true},
    /* Forms whose terms pair by identity (decided on the forms as read): order, signs and the constant
     * do not matter; a term read twice or cancelled, or a term left over that is not 0 modulo 2^32,
     * does. */
    {"x // y + e * 3 + 5", "5 + e * 3 + x // y", true, true},
    {"e * -1 + x // y", "x // y - e", true, true},
    {"x // y + x // y + e", "(x // y) * 2 + e", true, true},
    {"x // y - x // y + e", "e", false, true},
    {"(e * 2147483647 + e) * 2 + x // y", "x // y", false, true},
    {"x // y + e", "x // y + e + d", false, false},
  };
  for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
    Node *l = px(d, cases[i].l), *r = px(d, cases[i].r);
    if (fold_ring_equal(l, r) != cases[i].lr || fold_ring_equal(r, l) != cases[i].rl)
      fail_msg("%s vs %s: %d %d", cases[i].l, cases[i].r, fold_ring_equal(l, r), fold_ring_equal(r, l));
  }
}

/* Whether fold `name` is among the engine's candidates for n. */
static bool is_candidate(Catalog *c, const Node *n, const char *name) {
  size_t nc;
  const Candidate *cs = dispatch_candidates(c, false, n, &nc);
  assert_non_null(cs);
  for (size_t i = 0; i < nc; i++)
    if (cs[i].action->fold && !strcmp(cs[i].action->fold->name, name)) return true;
  return false;
}

/* FOLD_NEEDS_DIVMOD: a sum with no division or remainder below it never lists the folds that pair a
 * sum's // and % terms, and leaving them out loses nothing: on every node of the shapes below, a fold
 * the index leaves out does not choose. */
static void test_dispatch_needs_divmod(void **state) {
  (void)state;
  Catalog *c = test_catalog_with_ledger();
  const char *decls = "x: i32 in [0, 1000]\ny: i32 in [0, 1000]\nz: i32\n";
  Node *plain = px(decls, "x * 4 + y * 8 + z");
  Node *paired = px(decls, "x // 4 * 4 + x % 4");
  Node *deep = px(decls, "(y + x // 16 * 16) + (x % 16 + z)");
  assert_false(plain->flags & NF_HAS_DIVMOD);
  assert_true(paired->flags & NF_HAS_DIVMOD);
  assert_true(deep->flags & NF_HAS_DIVMOD && deep->args[0]->flags & NF_HAS_DIVMOD);
  assert_false(is_candidate(c, plain, "divmod_recombine"));
  assert_false(is_candidate(c, plain, "divmod_split_off"));
  assert_true(is_candidate(c, paired, "divmod_recombine"));
  assert_true(is_candidate(c, deep, "divmod_recombine_cong"));
  const char *exprs[] = {"x * 4 + y * 8 + z", "x // 4 * 4 + x % 4", "(y + x // 16 * 16) + (x % 16 + z)",
                         "x % 8 + (x // 8 % 4) * 8 + y", "(x // 4 + 1) % 8 * 4 + x % 4", "x - x // 4 * 4",
                         "x // 2 * 2 + tmod(x, 2) + y", "y * 3 + tdiv(x, 4) * 4 + tmod(x, 4)"};
  FoldAux aux = {.cat = c};
  for (size_t e = 0; e < sizeof exprs / sizeof *exprs; e++) {
    Node *n = px(decls, exprs[e]);
    for (size_t f = 0; f < fold_count(); f++) {
      const Fold *fd = fold_get(f);
      if (!(fd->needs & FOLD_NEEDS_DIVMOD) || !fd->choose || !(fd->ops >> n->op & 1)) continue;
      FoldStep st;
      fold_step_init(&st, &aux);
      if (!is_candidate(c, n, fd->name)) assert_false(fd->choose(ctx, n, &st));
      if (!(n->flags & NF_HAS_DIVMOD)) assert_false(is_candidate(c, n, fd->name));
    }
  }
  /* And the folds still fire through the engine where they apply. */
  Rewriter *rw = rewriter_new(ctx, c, NULL);
  assert_ptr_equal(rewriter_simplify(rw, paired), px(decls, "x"));
  rewriter_free(rw);
  catalog_free(c);
}

/* Whether term_collect's reading of n can shrink it: what lin_shape_may_collect must never deny. */
static bool collectable(const Node *n) {
  Lin L;
  return lin_of(n, &L) && lin_size_mod(&L) < L.atoms;
}

/* The test's own reading of a skeleton: each term occurrence's coefficient magnitude (false past 32
 * occurrences or beyond i128), and which kinds of division by a constant are among the terms. */
static bool occurrences(const Node *n, i128 m, i128 *mags, int *cnt, unsigned *divmod) {
  if (n->op == OP_CONST) return true;
  if (n->op == OP_ADD || n->op == OP_SUB)
    return occurrences(n->args[0], m, mags, cnt, divmod) &&
           occurrences(n->args[1], n->op == OP_SUB ? -m : m, mags, cnt, divmod);
  if (n->op == OP_NEG) return occurrences(n->args[0], -m, mags, cnt, divmod);
  if (n->op == OP_MUL)
    for (int i = 0; i < 2; i++)
      if (n->args[i]->op == OP_CONST) {
        i128 v;
        return im_mul_ok(m, vs_const_value(n->args[i]), &v) && occurrences(n->args[1 - i], v, mags, cnt, divmod);
      }
  if ((n->op == OP_IDIV || n->op == OP_TDIV) && n->args[1]->op == OP_CONST) *divmod |= 1;
  if ((n->op == OP_MOD || n->op == OP_TMOD) && n->args[1]->op == OP_CONST) *divmod |= 2;
  if (*cnt == 32) return false;
  mags[(*cnt)++] = m < 0 ? -m : m;
  return true;
}

/* Whether two occurrences share a magnitude of 2 or more (true when the reading gives up). */
static bool factor_pair(const Node *n, unsigned *divmod) {
  i128 mags[32];
  int cnt = 0;
  *divmod = 0;
  if (!occurrences(n, 1, mags, &cnt, divmod)) return true;
  for (int i = 0; i < cnt; i++)
    for (int j = i + 1; j < cnt; j++)
      if (mags[i] >= 2 && mags[i] == mags[j]) return true;
  return false;
}

static bool may_collect(const char *decls, const char *expr) {
  LinShapeCache c;
  lin_shape_init(&c);
  Node *n = px(decls, expr);
  assert_non_null(n);
  bool r = lin_shape_may_collect(&c, n);
  assert_true(r || !collectable(n));
  lin_shape_free(&c);
  return r;
}

static bool may_factor_of(const char *decls, const char *expr) {
  LinShapeCache c;
  lin_shape_init(&c);
  Node *n = px(decls, expr);
  assert_non_null(n);
  bool r = lin_shape_may_factor(&c, n);
  unsigned dm;
  assert_true(r || !factor_pair(n, &dm));
  lin_shape_free(&c);
  return r;
}

/* The skeleton summary that lets term_collect skip a sum: never "cannot collect" where the linear form
 * shrinks (like terms, two constants, a coefficient that is 0 modulo 2^w), and certain on the sums
 * whose terms are distinct. */
static void test_lin_shape(void **state) {
  (void)state;
  const char *d8 = "x: i8\ny: i8\nz: i8\n", *d32 = "x: i32\ny: i32\nz: i32\n";
  assert_false(may_collect(d32, "x + y"));
  assert_false(may_collect(d32, "x * 4 + y * 8 - z + 7"));
  assert_false(may_collect(d32, "-(x * 3) + (y - z * 2)"));
  assert_true(may_collect(d32, "x + y * 3 - x"));
  assert_true(may_collect(d32, "(x + 3) + (y + 5)"));
  assert_true(may_collect(d32, "x * 2 + (y + x * 5)"));
  assert_true(may_collect(d8, "(x * 64) * 4 + y"));   /* 256 is 0 at i8 */
  assert_true(may_collect(d8, "(x + 64) * 4"));       /* so is the constant 256 */
  assert_false(may_collect(d8, "(x * 64) * 3 + y"));  /* 192: not 0 */
  /* Random sums over three variables, a few constants and products by constants (even ones that reach
   * 2^w at i8), nested: every node checked against lin_of. */
  static const DType dts[] = {DT_I8, DT_U8, DT_I32, DT_INDEX};
  uint64_t seed = 77;
  int certain = 0, exact_no = 0, no_pair = 0, certain_pair = 0;
  for (int round = 0; round < 400; round++) {
    DType dt = dts[round % 4];
    Node *pool[64];
    int np = 0;
    const char *names[] = {"x", "y", "z"};
    for (int i = 0; i < 3; i++) pool[np++] = vs_var(ctx, names[i], dt, im_min(dt), im_max(dt));
    static const int consts[] = {0, 1, -1, 2, 3, 4, 64, 128, 5, -8};
    LinShapeCache c;
    lin_shape_init(&c);
    for (int step = 0; step < 40 && np < 64; step++) {
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      unsigned r = (unsigned)(seed >> 33);
      Node *a = pool[r % (unsigned)np], *b = pool[(r >> 8) % (unsigned)np], *k;
      i128 cv = consts[(r >> 16) % 10];
      if (dt_is_unsigned(dt) && cv < 0) cv = -cv;
      k = vs_const_int(ctx, dt, cv);
      Node *args[2];
      Node *n;
      switch ((r >> 24) % 7) {
      case 5: n = vs_bin(ctx, OP_IDIV, a, vs_const_int(ctx, dt, 4)); break;
      case 6: n = vs_bin(ctx, OP_MOD, a, vs_const_int(ctx, dt, 8)); break;
      case 0: n = vs_bin(ctx, OP_ADD, a, b); break;
      case 1: n = vs_bin(ctx, OP_SUB, a, b); break;
      case 2: n = vs_bin(ctx, OP_MUL, a, k); break;
      case 3: n = vs_bin(ctx, OP_ADD, a, k); break;
      default:
        args[0] = a;
        n = vs_make(ctx, OP_NEG, dt, args, 1);
        break;
      }
      assert_non_null(n);
      pool[np++] = n;
      bool may = lin_shape_may_collect(&c, n), exact = collectable(n);
      if (exact && !may) fail_msg("lin_shape denies a collectable sum at %s", dt_name(dt));
      if (!exact) exact_no++;
      if (!may) certain++;
      unsigned dm;
      bool pair = factor_pair(n, &dm), may_pair = lin_shape_may_factor(&c, n);
      if (pair && !may_pair) fail_msg("lin_shape denies a common factor at %s", dt_name(dt));
      if (!pair) no_pair++;
      if (!may_pair) certain_pair++;
      unsigned sd = lin_shape_divmod(&c, n);
      if (sd != 3 && sd != dm) fail_msg("lin_shape gives division kinds %u, not %u", sd, dm);
      if ((dm & ~sd) != 0) fail_msg("lin_shape misses a division kind");
    }
    lin_shape_free(&c);
  }
  /* Not vacuous: a good share of the sums that cannot shrink (or have no common factor) are
   * certified so. */
  assert_true(certain * 4 >= exact_no);
  assert_true(certain_pair * 4 >= no_pair);
  assert_false(may_factor_of(d32, "x * 4 + y * 8 + z"));
  assert_true(may_factor_of(d32, "x * 4 + y * 4 + z"));
  assert_true(may_factor_of(d32, "(x + y) * 4 + z"));
  assert_true(may_factor_of(d32, "(x * 2 + y) * 3 - z * 6"));
}

/* The engine skips a sum fold whose skeleton-summary needs (FOLD_NEEDS_SHAPE) the node's summary does
 * not meet (fold_shape_admits): that must happen only where the fold's choose declines anyway, reading
 * the same summary. Random sums of quotients, remainders and products by constants, every node of them
 * asked of every such fold; lin_shape_answers must agree with the questions one by one. */
static void test_shape_needs(void **state) {
  (void)state;
  Catalog *cat = test_catalog_with_ledger();
  static const DType dts[] = {DT_I8, DT_I32, DT_INDEX};
  uint64_t seed = 5;
  int skipped = 0, chosen = 0, lifted = 0;
  for (int round = 0; round < 150; round++) {
    DType dt = dts[round % 3];
    Node *pool[48];
    int np = 0;
    const char *names[] = {"x", "y", "z"};
    for (int i = 0; i < 3; i++) pool[np++] = vs_var(ctx, names[i], dt, 0, 100);
    LinShapeCache shapes;
    lin_shape_init(&shapes);
    FoldAux aux = {.cat = cat, .shapes = &shapes};
    for (int step = 0; step < 30 && np < 48; step++) {
      seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
      unsigned r = (unsigned)(seed >> 33);
      Node *a = pool[r % (unsigned)np], *b = pool[(r >> 8) % (unsigned)np];
      static const int divisors[] = {2, 4, 8, 16};
      Node *k = vs_const_int(ctx, dt, divisors[(r >> 16) % 4]);
      Node *n;
      switch ((r >> 24) % 7) {
      case 0: n = vs_bin(ctx, OP_IDIV, a, k); break;
      case 1: n = vs_bin(ctx, OP_MOD, a, k); break;
      case 2: n = vs_bin(ctx, OP_MUL, a, k); break;
      case 3: n = vs_bin(ctx, OP_SUB, a, b); break;
      case 4: n = vs_tern(ctx, OP_SELECT, vs_bin(ctx, OP_LT, pool[0], pool[1]), a, b); break; /* one condition */
      default: n = vs_bin(ctx, OP_ADD, a, b); break;
      }
      assert_non_null(n);
      pool[np++] = n;
      unsigned ans = lin_shape_answers(&shapes, n);
      assert_int_equal(!!(ans & LIN_SHAPE_MAY_COLLECT), lin_shape_may_collect(&shapes, n));
      assert_int_equal(!!(ans & LIN_SHAPE_MAY_FACTOR), lin_shape_may_factor(&shapes, n));
      assert_int_equal((ans / LIN_SHAPE_QUOT) & 3u, lin_shape_divmod(&shapes, n));
      assert_int_equal(!!(ans & LIN_SHAPE_MAY_PAIR_REM), lin_shape_may_pair_rem(&shapes, n));
      assert_int_equal(!!(ans & LIN_SHAPE_MAY_PAIR_QUOT), lin_shape_may_pair_quot(&shapes, n));
      assert_int_equal(!!(ans & LIN_SHAPE_MAY_PAIR_SELECT), lin_shape_may_pair_select(&shapes, n));
      for (size_t f = 0; f < fold_count(); f++) {
        const Fold *fd = fold_get(f);
        if (!(fd->needs & FOLD_NEEDS_SHAPE) || !(fd->ops >> n->op & 1) || !fd->applies(n)) continue;
        FoldStep st;
        fold_step_init(&st, &aux);
        bool chose = fd->choose(ctx, n, &st);
        if (fold_shape_admits(fd->needs, ans)) {
          chosen += chose;
          lifted += chose && !strcmp(fd->name, "select_lift_terms");
          continue;
        }
        if (chose) fail_msg("%s chose where its shape needs are not met", fd->name);
        skipped++;
      }
    }
    lin_shape_free(&shapes);
  }
  /* Not vacuous: many calls skipped, and the folds do choose where admitted. */
  assert_true(skipped > 100 && chosen > 10 && lifted > 0);
  catalog_free(cat);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown(test_lin_shape, setup, teardown),
    cmocka_unit_test_setup_teardown(test_cancel_divmod, setup, teardown),
    cmocka_unit_test_setup_teardown(test_cancel_must_not_fire, setup, teardown),
    cmocka_unit_test_setup_teardown(test_unproved_dtype, setup, teardown),
    cmocka_unit_test_setup_teardown(test_gcd, setup, teardown),
    cmocka_unit_test_setup_teardown(test_nested_and_congruence, setup, teardown),
    cmocka_unit_test_setup_teardown(test_binary_numerator, setup, teardown),
    cmocka_unit_test_setup_teardown(test_terms_and_comparisons, setup, teardown),
    cmocka_unit_test_setup_teardown(test_random_folds_only, setup, teardown),
    cmocka_unit_test_setup_teardown(test_random_with_rules, setup, teardown),
    cmocka_unit_test_setup_teardown(test_builtin_ledger_gates_folds, setup, teardown),
    cmocka_unit_test_setup_teardown(test_dispatch_needs_divmod, setup, teardown),
    cmocka_unit_test_setup_teardown(test_ring_equal_distributes, setup, teardown),
    cmocka_unit_test_setup_teardown(test_shape_needs, setup, teardown),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
