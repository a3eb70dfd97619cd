/* test_prog_analyzer.c: the analyzer's constraint stack (analysis/analyzer.h): bindings, facts,
 * congruences, the exact undo, and what it must never conclude. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "pass/analyzer.h"
#include "smt/smt.h"

typedef struct {
  VsCtx *ctx;
  Catalog *cat;
  Rewriter *rw;
  Analyzer *an;
} A;

static void setup(A *a, bool constant_only) {
  a->ctx = vs_ctx_new();
  a->cat = catalog_new();
  VsDiag d;
  assert_true(catalog_load_builtin(a->cat, &d));
  catalog_apply_builtin_ledger(a->cat);
  a->rw = constant_only ? NULL : rewriter_new(a->ctx, a->cat, NULL);
  AnalyzerOptions o = {.constant_only = constant_only, .premises = true};
  a->an = analyzer_new(a->ctx, a->rw, &o);
}

static void teardown(A *a) {
  assert_true(analyzer_ok(a->an));
  analyzer_free(a->an);
  rewriter_free(a->rw);
  catalog_free(a->cat);
  vs_ctx_free(a->ctx);
}

static Node *var(A *a, const char *name) { return vs_var(a->ctx, name, DT_INDEX, im_min(DT_INDEX), im_max(DT_INDEX)); }
static Node *k(A *a, long v) { return vs_const_int(a->ctx, DT_INDEX, v); }
static Node *bin(A *a, Op op, Node *x, Node *y) { return vs_bin(a->ctx, op, x, y); }
static bool prove(A *a, Node *c) { return analyzer_can_prove(a->an, c); }

/* The premises at this point imply cond (checked by Z3): the analyzer's conclusions are re-checkable. */
static void premises_imply(A *a, Node *cond) {
  SmtCtx *s = smt_new(NULL);
  SmtResult r = smt_refines(s, analyzer_premises(a->an), cond, vs_bool(a->ctx, true));
  assert_int_equal(r.verdict, SMT_VALID);
  smt_result_free(&r);
  smt_free(s);
}

static void test_nothing_from_dtypes(void **state) {
  (void)state;
  A a;
  setup(&a, false);
  Node *x = var(&a, "x");
  /* An unbound index is any index: not even non-negative. */
  assert_false(prove(&a, bin(&a, OP_LE, k(&a, 0), x)));
  assert_false(prove(&a, bin(&a, OP_LT, x, bin(&a, OP_ADD, x, k(&a, 1))))); /* x + 1 may wrap */
  /* A declared range is a bound. */
  Node *y = vs_var(a.ctx, "y", DT_INDEX, 0, 10);
  assert_true(prove(&a, bin(&a, OP_LT, y, bin(&a, OP_ADD, y, k(&a, 1)))));
  teardown(&a);
}

static void test_loop_binding_and_restore(void **state) {
  (void)state;
  A a;
  setup(&a, false);
  Node *i = var(&a, "i"), *n = var(&a, "n");
  AnMark m0 = analyzer_mark(a.an);
  analyzer_bind_loop(a.an, i, k(&a, 0), k(&a, 8), k(&a, 1));
  assert_true(prove(&a, bin(&a, OP_LT, i, k(&a, 16))));
  assert_true(prove(&a, bin(&a, OP_LE, k(&a, 0), i)));
  assert_false(prove(&a, bin(&a, OP_LT, i, k(&a, 4))));
  premises_imply(&a, bin(&a, OP_LT, i, k(&a, 16)));
  /* A nested, narrower binding, undone exactly to the outer one (not to "unbound"). */
  AnMark m1 = analyzer_mark(a.an);
  analyzer_assume(a.an, bin(&a, OP_LT, i, k(&a, 3)));
  assert_true(prove(&a, bin(&a, OP_LT, i, k(&a, 3))));
  analyzer_restore(a.an, m1);
  assert_false(prove(&a, bin(&a, OP_LT, i, k(&a, 3))));
  assert_true(prove(&a, bin(&a, OP_LT, i, k(&a, 8))));
  analyzer_restore(a.an, m0);
  assert_false(prove(&a, bin(&a, OP_LT, i, k(&a, 16))));
  /* A symbolic stop with a positive step: [start, +inf) and the fact i < n. */
  analyzer_bind_loop(a.an, i, k(&a, 2), n, k(&a, 1));
  assert_true(prove(&a, bin(&a, OP_LE, k(&a, 2), i)));
  assert_true(prove(&a, bin(&a, OP_LT, i, n)));
  analyzer_restore(a.an, m0);
  /* An unknown step sign: nothing. */
  analyzer_bind_loop(a.an, i, k(&a, 0), k(&a, 8), n);
  assert_false(prove(&a, bin(&a, OP_LT, i, k(&a, 8))));
  teardown(&a);
}

static void test_transitive_facts(void **state) {
  (void)state;
  A a;
  setup(&a, false);
  Node *i = var(&a, "i"), *n = var(&a, "n"), *m = var(&a, "m");
  analyzer_bind_loop(a.an, i, k(&a, 0), n, k(&a, 1));
  assert_false(prove(&a, bin(&a, OP_LT, i, k(&a, 64))));
  analyzer_assume(a.an, bin(&a, OP_LE, n, m));
  analyzer_assume(a.an, bin(&a, OP_LE, m, k(&a, 64)));
  assert_true(prove(&a, bin(&a, OP_LT, i, k(&a, 64))));   /* i < n <= m <= 64 */
  assert_true(prove(&a, bin(&a, OP_NE, i, k(&a, 64))));
  assert_false(prove(&a, bin(&a, OP_LT, i, k(&a, 63))));
  premises_imply(&a, bin(&a, OP_LT, i, k(&a, 64)));
  teardown(&a);
}

static void test_congruences(void **state) {
  (void)state;
  A a;
  setup(&a, false);
  Node *i = var(&a, "i");
  analyzer_bind_loop(a.an, i, k(&a, 0), k(&a, 64), k(&a, 4));
  Node *r = analyzer_simplify(a.an, bin(&a, OP_MOD, i, k(&a, 4)));
  assert_ptr_equal(r, k(&a, 0));
  r = analyzer_simplify(a.an, bin(&a, OP_MOD, bin(&a, OP_ADD, i, k(&a, 6)), k(&a, 2)));
  assert_ptr_equal(r, k(&a, 0));
  assert_int_not_equal(analyzer_simplify(a.an, bin(&a, OP_MOD, i, k(&a, 8)))->op, OP_CONST);
  premises_imply(&a, bin(&a, OP_EQ, bin(&a, OP_MOD, i, k(&a, 4)), k(&a, 0)));
  teardown(&a);
}

static void test_bindings(void **state) {
  (void)state;
  A a;
  setup(&a, false);
  Node *x = vs_var(a.ctx, "x", DT_INDEX, 0, 10), *c = var(&a, "c"), *y = var(&a, "y"), *b = var(&a, "b");
  AnMark m = analyzer_mark(a.an);
  analyzer_bind_value(a.an, c, k(&a, 5));
  assert_ptr_equal(analyzer_simplify(a.an, bin(&a, OP_ADD, c, k(&a, 1))), k(&a, 6));
  analyzer_restore(a.an, m);
  assert_int_not_equal(analyzer_simplify(a.an, bin(&a, OP_ADD, c, k(&a, 1)))->op, OP_CONST);
  /* A symbolic value: bounds and facts, never inlined. */
  analyzer_bind_value(a.an, y, bin(&a, OP_ADD, x, k(&a, 1)));
  assert_ptr_equal(analyzer_simplify(a.an, y), y);
  assert_true(prove(&a, bin(&a, OP_LE, y, k(&a, 11))));
  assert_true(prove(&a, bin(&a, OP_LT, x, y)));
  /* pos = base - 1 with base unbounded: it may wrap, so no fact relates them. */
  Node *base = var(&a, "base"), *pos = var(&a, "pos");
  analyzer_bind_value(a.an, pos, bin(&a, OP_SUB, base, k(&a, 1)));
  assert_false(prove(&a, bin(&a, OP_LT, pos, base)));
  assert_false(prove(&a, bin(&a, OP_LE, k(&a, 0), pos)));
  analyzer_assume(a.an, bin(&a, OP_LE, k(&a, 0), pos));
  assert_false(prove(&a, bin(&a, OP_LT, pos, k(&a, 8))));
  /* An unstable (reassigned) variable is never bound. */
  analyzer_set_unstable(a.an, b);
  analyzer_bind_value(a.an, b, k(&a, 3));
  assert_ptr_equal(analyzer_simplify(a.an, b), b);
  teardown(&a);
}

static void test_trip_counts(void **state) {
  (void)state;
  A a;
  setup(&a, false);
  Node *x = var(&a, "x"), *y = vs_var(a.ctx, "y", DT_INDEX, 0, 100);
  assert_int_equal(analyzer_trip_count(a.an, k(&a, 0), k(&a, 1), k(&a, 1)), 1);
  assert_int_equal(analyzer_trip_count(a.an, k(&a, 3), k(&a, 10), k(&a, 7)), 1);
  assert_int_equal(analyzer_trip_count(a.an, k(&a, 3), k(&a, 11), k(&a, 7)), -1);
  assert_int_equal(analyzer_trip_count(a.an, k(&a, 5), k(&a, 5), k(&a, 1)), 0);
  assert_int_equal(analyzer_trip_count(a.an, k(&a, 5), k(&a, 2), k(&a, 1)), 0);
  assert_int_equal(analyzer_trip_count(a.an, k(&a, 0), k(&a, 1), k(&a, -1)), -1); /* not a positive step */
  assert_int_equal(analyzer_trip_count(a.an, x, bin(&a, OP_ADD, x, k(&a, 1)), k(&a, 1)), -1); /* may wrap */
  assert_int_equal(analyzer_trip_count(a.an, y, bin(&a, OP_ADD, y, k(&a, 1)), k(&a, 1)), 1);
  assert_int_equal(analyzer_trip_count(a.an, x, x, k(&a, 1)), 0);
  teardown(&a);
}

static void test_constant_only(void **state) {
  (void)state;
  A a;
  setup(&a, true);
  Node *x = var(&a, "x"), *c = var(&a, "c");
  Node *xz = bin(&a, OP_ADD, x, k(&a, 0));
  assert_ptr_equal(analyzer_simplify(a.an, xz), xz); /* no algebra */
  analyzer_bind_value(a.an, c, k(&a, 2));
  assert_ptr_equal(analyzer_simplify(a.an, bin(&a, OP_MUL, c, k(&a, 3))), k(&a, 6));
  /* Float comparisons only where IEEE decides them exactly: NaN is unordered. */
  Node *f = vs_var(a.ctx, "f", DT_F32, 0, 0);
  Node *nan = vs_const(a.ctx, DT_F32, vs_nan_bits(DT_F32)), *one = vs_const(a.ctx, DT_F32, 0x3f800000);
  analyzer_bind_value(a.an, f, nan);
  assert_ptr_equal(analyzer_simplify(a.an, bin(&a, OP_LT, f, one)), vs_bool(a.ctx, false));
  assert_ptr_equal(analyzer_simplify(a.an, bin(&a, OP_NE, f, f)), vs_bool(a.ctx, true));
  teardown(&a);
}

int main(void) {
  const struct CMUnitTest tests[] = {
    cmocka_unit_test(test_nothing_from_dtypes),
    cmocka_unit_test(test_loop_binding_and_restore),
    cmocka_unit_test(test_transitive_facts),
    cmocka_unit_test(test_congruences),
    cmocka_unit_test(test_bindings),
    cmocka_unit_test(test_trip_counts),
    cmocka_unit_test(test_constant_only),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
